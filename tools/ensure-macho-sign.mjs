// Makes the ad-hoc signer of the plugin's macOS executables (tools/macho-sign: a Go program over
// github.com/anchore/quill) available and returns its path. Nothing that signs Mach-O files runs
// on Linux otherwise: Apple's codesign is macOS only. Built once per machine into a cache folder
// named after a hash of its sources (main.go, go.mod, go.sum), like the SDK generator.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findGo, goBuild, moveIntoPlace, stagingFor, step } from "./ensure-pulumi.mjs";
import { machineCacheDir } from "./machine-cache.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const machoSignModuleDir = join(repoRoot, "tools", "macho-sign");
const binary = "macho-sign";

/** A short hash of the signer's sources: its cache folder's name. */
function sourceHash() {
  const hash = createHash("sha256");
  for (const file of ["main.go", "go.mod", "go.sum"]) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(machoSignModuleDir, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Returns { binary, source: "cache" | "build" }; builds with Go when no build is cached. */
export function ensureMachoSign({ quiet = false } = {}) {
  const log = (line) => quiet || process.stdout.write(`macho-sign: ${line}\n`);
  const binDir = join(machineCacheDir("macho-sign", "WEBSTATS_MACHO_SIGN_CACHE", sourceHash()), "bin");
  const path = join(binDir, binary);
  // The folder is only ever renamed into place complete, so a binary there is a finished build.
  if (existsSync(path)) {
    log(`using cached ${binary} in ${binDir}`);
    return { binary: path, source: "cache" };
  }
  const go = findGo();
  if (!go) {
    throw new Error(
      `No ${binary} in ${binDir} and no Go toolchain to build it: the macOS executables cannot be ` +
        "signed. Install Go 1.25+ (https://go.dev/dl, or into /usr/local/go).",
    );
  }
  const staging = stagingFor(binDir);
  try {
    const build = () =>
      goBuild(go, {
        moduleDir: machoSignModuleDir,
        goPackage: ".",
        ldflags: "",
        output: join(staging, binary),
      });
    if (quiet) build();
    else step(`building ${binary} with ${go} (about a minute the first time)`, build, "macho-sign");
    moveIntoPlace(staging, binDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { binary: path, source: "build" };
}
