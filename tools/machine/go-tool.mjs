// @ts-check
// A Go program of this repository (tools/machine/<name>: main.go, go.mod, go.sum) that a script
// needs built: built once per machine into a cache folder named after a hash of those sources, so
// a change to any of them builds it again and an unchanged one is never rebuilt. The SDK
// generator, the Java language host (a tool of the generator's module) and the macOS signer are
// made this way.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { findGo, goBuild, step } from "./ensure-pulumi.mjs";
import { cacheEntryDir, cachedBuild } from "./machine-cache.mjs";

/**
 * A short hash of a Go program's sources: its cache folder's name.
 * @param {string} moduleDir
 * @returns {string}
 */
function goToolSourceHash(moduleDir) {
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
 * @typedef {object} GoToolOptions
 * @property {string} binary The executable's name.
 * @property {string} moduleDir The Go module it is built in.
 * @property {string} cacheName Its machine-cache folder's name.
 * @property {string} cacheEnv The environment variable that moves that folder.
 * @property {string} prefix The log lines' prefix.
 * @property {string} buildNote How long a build takes.
 * @property {string} [withoutGo] What the error adds, after the binary's name, when there is no Go.
 * @property {string} [afterGo] What the error adds, after how to install Go.
 * @property {string} [goPackage] What to build, when not the module's own main package.
 * @property {string} [ldflags]
 * @property {boolean} [quiet] Drops the "using cached" line; a build is always announced.
 * @property {NodeJS.WritableStream} [progress] Where a build is announced with its time: standard
 *   output unless a caller's standard output is its result.
 */

/**
 * The executable `binary`, built with Go when no build is cached.
 * @param {GoToolOptions} options
 * @returns {{ binary: string, source: "cache" | "build" }}
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
  const cache = {
    kind: cacheName,
    overrideVariable: cacheEnv,
    version: goToolSourceHash(moduleDir),
    part: "bin",
  };
  const binDir = cacheEntryDir(cache);
  const path = join(binDir, binary);
  const { source } = cachedBuild({
    ...cache,
    // The folder is only ever renamed into place complete, so a binary there is a finished build.
    isComplete: (dir) => existsSync(join(dir, binary)),
    build: (staging) => {
      const go = findGo();
      if (!go) {
        throw new Error(
          `No ${binary} in ${binDir} and no Go toolchain to build it${withoutGo}. Install Go 1.25+ ` +
            `(https://go.dev/dl, or into /usr/local/go)${afterGo}.`,
        );
      }
      step(
        `building ${binary} with ${go} (${buildNote})`,
        () => goBuild(go, { moduleDir, goPackage, ldflags, output: join(staging, binary) }),
        prefix,
        progress,
      );
    },
  });
  if (source === "cache" && !quiet) progress.write(`${prefix}: using cached ${binary} in ${dirname(path)}\n`);
  return { binary: path, source };
}
