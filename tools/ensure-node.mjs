#!/usr/bin/env node
// Makes a given Node.js release available outside the repository, for the compatibility
// lane, and prints where its `node` is. The binary comes from the npm registry: the
// `node-<platform>-<arch>` packages ship the official build in `bin/node`. `npm pack`
// fetches the tarball and checks it against the registry's integrity hash; only
// `bin/node` is kept, in a per-version cache shared by every clone on the machine.
//
// Importable: `ensureNode(version)` returns { binDir, node, version, source } or throws.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { machineCacheDir } from "./machine-cache.mjs";

/** Where Node.js releases are cached: one folder per version, outside any clone. */
export function nodeCacheDir(version) {
  return machineCacheDir("node", "WEBSTATS_NODE_CACHE", version);
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

export function ensureNode(version) {
  const binDir = join(nodeCacheDir(version), "bin");
  const node = join(binDir, "node");
  if (existsSync(node) && reportedVersion(node) === version) {
    return { binDir, node, version, source: "cache" };
  }
  const packageName = `node-${process.platform}-${process.arch}`;
  // Unpack beside the cache folder so the final rename never crosses file systems.
  mkdirSync(dirname(binDir), { recursive: true });
  const scratch = mkdtempSync(join(dirname(dirname(binDir)), ".download-"));
  try {
    // npm prints the tarball's name on its last line; --json would also give the integrity,
    // which npm has already checked against the registry's.
    const tarball = run("npm", ["pack", "--silent", `${packageName}@${version}`], { cwd: scratch })
      .trim()
      .split("\n")
      .pop();
    run("tar", ["-xzf", tarball, "package/bin/node"], { cwd: scratch });
    const staging = join(scratch, "package", "bin");
    if (reportedVersion(join(staging, "node")) !== version) {
      throw new Error(`${packageName}@${version} does not hold Node.js v${version}`);
    }
    rmSync(binDir, { recursive: true, force: true });
    renameSync(staging, binDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { binDir, node, version, source: "download" };
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
