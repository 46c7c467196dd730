// @ts-check
// Makes the ad-hoc signer of the plugin's macOS executables (tools/machine/macho-sign: a Go program
// over github.com/anchore/quill) available and returns its path. Nothing that signs Mach-O files
// runs on Linux otherwise: Apple's codesign is macOS only. Built once per machine (go-tool.mjs).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool } from "./go-tool.mjs";

const machoSignModuleDir = join(dirname(fileURLToPath(import.meta.url)), "macho-sign");

/**
 * The signer, built with Go when no build is cached. A build is announced on standard error: the
 * release script's standard output lists its archives.
 * @param {{ quiet?: boolean }} [options]
 * @returns {{ binary: string, source: "cache" | "build" }}
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
