// @ts-check
// Makes the SDK generator (tools/machine/pulumi-sdkgen: a Go program over the code generators of
// github.com/pulumi/pulumi/pkg/v3) available and returns its path: built once per machine
// (go-tool.mjs).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool, goToolSourceHash } from "./go-tool.mjs";

export const sdkgenModuleDir = join(dirname(fileURLToPath(import.meta.url)), "pulumi-sdkgen");

/** A short hash of the generator's sources: its cache folder's name. */
export const sdkgenSourceHash = () => goToolSourceHash(sdkgenModuleDir);

/**
 * The generator, built with Go when no build is cached.
 * @param {{ quiet?: boolean }} [options]
 * @returns {{ binary: string, source: "cache" | "build" }}
 */
export function ensureSdkGenerator({ quiet = false } = {}) {
  return ensureGoTool({
    binary: "pulumi-sdkgen",
    moduleDir: sdkgenModuleDir,
    cacheName: "pulumi-sdkgen",
    cacheEnv: "WEBSTATS_SDKGEN_CACHE",
    prefix: "sdkgen",
    buildNote: "a first build takes a few minutes",
    afterGo: ", then rerun npm run sdks",
    quiet,
  });
}
