// Makes the SDK generator (tools/pulumi-sdkgen: a Go program over the code generators of
// github.com/pulumi/pulumi/pkg/v3) available and returns its path: built once per machine
// (tools/go-tool.mjs).
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool, goToolSourceHash } from "./go-tool.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const sdkgenModuleDir = join(repoRoot, "tools", "pulumi-sdkgen");

/** A short hash of the generator's sources: its cache folder's name. */
export const sdkgenSourceHash = () => goToolSourceHash(sdkgenModuleDir);

/** Returns { binary, source: "cache" | "build" }; builds with Go when no build is cached. */
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
