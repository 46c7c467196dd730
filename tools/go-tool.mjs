// A Go program of this repository (tools/<name>: main.go, go.mod, go.sum) that a script needs
// built: built once per machine into a cache folder named after a hash of those sources, so a
// change to any of them builds it again and an unchanged one is never rebuilt. The SDK generator,
// the Java language host (a tool of the generator's module) and the macOS signer are made this way.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { findGo, goBuild, moveIntoPlace, stagingFor, step } from "./ensure-pulumi.mjs";
import { machineCacheDir } from "./machine-cache.mjs";

/** A short hash of a Go program's sources: its cache folder's name. */
export function goToolSourceHash(moduleDir) {
  const hash = createHash("sha256");
  for (const file of ["main.go", "go.mod", "go.sum"]) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(moduleDir, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Returns { binary, source: "cache" | "build" }, building with Go when no build is cached.
 * `binary`: the executable's name; `cacheName` and `cacheEnv`: its machine-cache folder and the
 * variable that moves it; `prefix`: the log lines' prefix; `buildNote`: how long a build takes;
 * `withoutGo` and `afterGo`: what the error adds when there is no Go to build with; `goPackage` and
 * `ldflags`: what to build, when not the module's own main package. A build is always
 * announced with its time, on `progress` (standard output unless a caller's standard output is
 * its result); `quiet` only drops the "using cached" line.
 */
export function ensureGoTool({
  binary,
  moduleDir,
  cacheName,
  cacheEnv,
  prefix,
  buildNote,
  withoutGo = "",
  afterGo = "",
  goPackage = ".",
  ldflags = "",
  quiet = false,
  progress = process.stdout,
}) {
  const binDir = join(machineCacheDir(cacheName, cacheEnv, goToolSourceHash(moduleDir)), "bin");
  const path = join(binDir, binary);
  // The folder is only ever renamed into place complete, so a binary there is a finished build.
  if (existsSync(path)) {
    if (!quiet) progress.write(`${prefix}: using cached ${binary} in ${binDir}\n`);
    return { binary: path, source: "cache" };
  }
  const go = findGo();
  if (!go) {
    throw new Error(
      `No ${binary} in ${binDir} and no Go toolchain to build it${withoutGo}. Install Go 1.25+ ` +
        `(https://go.dev/dl, or into /usr/local/go)${afterGo}.`,
    );
  }
  const staging = stagingFor(binDir);
  try {
    step(
      `building ${binary} with ${go} (${buildNote})`,
      () => goBuild(go, { moduleDir, goPackage, ldflags, output: join(staging, binary) }),
      prefix,
      progress,
    );
    moveIntoPlace(staging, binDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { binary: path, source: "build" };
}
