// Makes the SDK generator (tools/pulumi-sdkgen: a Go program over the code generators of
// github.com/pulumi/pulumi/pkg/v3) available and returns its path. It is built once per machine
// into a cache folder named after a hash of its sources (main.go, go.mod, go.sum), so a change
// to any of them builds it again and an unchanged one is never rebuilt.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findGo, goBuild, moveIntoPlace, stagingFor, step } from "./ensure-pulumi.mjs";
import { machineCacheDir } from "./machine-cache.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const sdkgenModuleDir = join(repoRoot, "tools", "pulumi-sdkgen");
const binary = "pulumi-sdkgen";

/** A short hash of the generator's sources: its cache folder's name. */
export function sdkgenSourceHash() {
  const hash = createHash("sha256");
  for (const file of ["main.go", "go.mod", "go.sum"]) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(sdkgenModuleDir, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Returns { binary, source: "cache" | "build" }; builds with Go when no build is cached. */
export function ensureSdkGenerator({ quiet = false } = {}) {
  const log = (line) => quiet || process.stdout.write(`sdkgen: ${line}\n`);
  const binDir = join(machineCacheDir("pulumi-sdkgen", "WEBSTATS_SDKGEN_CACHE", sdkgenSourceHash()), "bin");
  const path = join(binDir, binary);
  // The folder is only ever renamed into place complete, so a binary there is a finished build.
  if (existsSync(path)) {
    log(`using cached ${binary} in ${binDir}`);
    return { binary: path, source: "cache" };
  }
  const go = findGo();
  if (!go) {
    throw new Error(
      `No ${binary} in ${binDir} and no Go toolchain to build it. Install Go 1.25+ ` +
        "(https://go.dev/dl, or into /usr/local/go), then rerun npm run sdks.",
    );
  }
  const staging = stagingFor(binDir);
  try {
    step(
      `building ${binary} with ${go} (a first build takes a few minutes)`,
      () =>
        goBuild(go, {
          moduleDir: sdkgenModuleDir,
          goPackage: ".",
          ldflags: "",
          output: join(staging, binary),
        }),
      "sdkgen",
    );
    moveIntoPlace(staging, binDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { binary: path, source: "build" };
}
