// Makes the ad-hoc signer of the plugin's macOS executables (tools/macho-sign: a Go program over
// github.com/anchore/quill) available and returns its path. Nothing that signs Mach-O files runs
// on Linux otherwise: Apple's codesign is macOS only. Built once per machine (tools/go-tool.mjs).
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool } from "./go-tool.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const machoSignModuleDir = join(repoRoot, "tools", "macho-sign");

/**
 * Returns { binary, source: "cache" | "build" }; builds with Go when no build is cached. A build
 * is announced on standard error: the release script's standard output lists its archives.
 */
export function ensureMachoSign({ quiet = false } = {}) {
  return ensureGoTool({
    binary: "macho-sign",
    moduleDir: machoSignModuleDir,
    cacheName: "macho-sign",
    cacheEnv: "WEBSTATS_MACHO_SIGN_CACHE",
    prefix: "macho-sign",
    buildNote: "about a minute the first time",
    withoutGo: ": the macOS executables cannot be signed",
    quiet,
    progress: process.stderr,
  });
}
