// @ts-check
// Makes the API reference generator (tools/machine/pulumi-docsgen: a Go program over
// pkg/codegen/docs of github.com/pulumi/pulumi/pkg/v3) available and returns its path: built once
// per machine (go-tool.mjs).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool } from "./go-tool.mjs";

const docsgenModuleDir = join(dirname(fileURLToPath(import.meta.url)), "pulumi-docsgen");

/**
 * The generator, built with Go when no build is cached.
 * @param {{ quiet?: boolean, progress?: NodeJS.WritableStream }} [options]
 * @returns {{ binary: string, source: "cache" | "build" }}
 */
export function ensureDocsGenerator({ quiet = false, progress = process.stdout } = {}) {
  return ensureGoTool({
    binary: "pulumi-docsgen",
    moduleDir: docsgenModuleDir,
    cacheName: "pulumi-docsgen",
    cacheEnv: "WEBSTATS_DOCSGEN_CACHE",
    prefix: "docsgen",
    buildNote: "a first build takes several minutes",
    afterGo: ", then rerun npm run reference",
    quiet,
    progress,
  });
}
