#!/usr/bin/env node
// Makes the provider plugin into executables that need no Node.js on the machine that runs
// them: Node.js single-executable applications. The plugin bundle
// (dist/plugin/pulumi-resource-webstats.js) becomes a preparation blob, which postject writes
// into a copy of each platform's official Node.js binary from the npm registry
// (tools/machine/ensure-node.mjs). All five are made on one machine: a blob made with V8's code cache and
// startup snapshot turned off holds the script's text only, which any platform's binary of the
// same Node.js version can run (the cache and the snapshot are specific to the machine that
// makes them). macOS refuses a binary whose contents no longer match its signature, and arm64
// refuses unsigned code, so the macOS executables are signed again, ad hoc
// (tools/machine/ensure-macho-sign.mjs). The Windows executable keeps Node.js's Authenticode signature,
// which the injection invalidates: Windows does not require one to run a program (SmartScreen
// may warn about a downloaded one), and nothing here can sign for the project.
//
// Usage: node tools/release/plugin-executables.mjs [--out <folder>] [<os>-<arch> ...]
//   (default: release/executables, every platform; e.g. linux-amd64 windows-amd64)
// Importable: buildPluginExecutables({ outDir, platforms }) returns what it wrote.
import { execFile } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureMachoSign } from "../machine/ensure-macho-sign.mjs";
import { ensureNode, ensureNodeBinary } from "../machine/ensure-node.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const pluginBundle = join(root, "dist", "plugin", "pulumi-resource-webstats.js");

/**
 * The Node.js inside every executable. The blob must come from the same version as the binary it
 * goes into, and every platform must have its build on the registry: 26.10.0 is the newest
 * release published there for all five (24.21.0 has no macOS package), and the compatibility
 * lane runs the plugin on it.
 */
export const SEA_NODE_VERSION = "26.10.0";

/** The executable's name, as the engine looks for it in an installed plugin's folder. */
const pluginExecutable = "pulumi-resource-webstats";

/** postject writes the blob as this resource; Node.js looks it up by this name at start. */
const blobResource = "NODE_SEA_BLOB";
/**
 * The marker Node.js's binary carries so that it knows whether a blob was injected: postject
 * flips the `:0` after it to `:1`. The name is fixed by Node.js.
 */
export const seaFuse = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** Where Node.js looks for the blob in a Mach-O binary: a segment of this name. */
const machoSegment = "NODE_SEA";

/**
 * A platform by the engine's (Go's) names and by Node.js's, which the registry's packages carry.
 * @typedef {{ os: "linux" | "darwin" | "windows", arch: "amd64" | "arm64", nodePlatform: "linux" | "darwin" | "win32", nodeArch: "x64" | "arm64" }} ExecutablePlatform
 */

/**
 * The platforms served with an executable, by the engine's names (Go's GOOS and GOARCH, which the
 * release archives carry) and by Node.js's (which name the registry's packages).
 * @type {ExecutablePlatform[]}
 */
const executablePlatforms = [
  { os: "linux", arch: "amd64", nodePlatform: "linux", nodeArch: "x64" },
  { os: "linux", arch: "arm64", nodePlatform: "linux", nodeArch: "arm64" },
  { os: "darwin", arch: "amd64", nodePlatform: "darwin", nodeArch: "x64" },
  { os: "darwin", arch: "arm64", nodePlatform: "darwin", nodeArch: "arm64" },
  { os: "windows", arch: "amd64", nodePlatform: "win32", nodeArch: "x64" },
];

/**
 * The executable's file name on an operating system (the engine's name for it).
 * @param {string} os
 * @returns {string}
 */
export function executableFileName(os) {
  return os === "windows" ? `${pluginExecutable}.exe` : pluginExecutable;
}

/**
 * The entry of `executablePlatforms` for `<os>-<arch>`, e.g. `linux-amd64`; throws otherwise.
 * @param {string} name
 * @returns {ExecutablePlatform}
 */
function executablePlatform(name) {
  const found = executablePlatforms.find((p) => `${p.os}-${p.arch}` === name);
  if (!found) {
    const known = executablePlatforms.map((p) => `${p.os}-${p.arch}`).join(", ");
    throw new Error(`no executable for ${name}: the platforms are ${known}`);
  }
  return found;
}

/**
 * This machine's platform in the engine's names, e.g. `linux-amd64`.
 * @returns {string}
 */
export function hostPlatformName() {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return `${os}-${arch}`;
}

function postjectCli() {
  const manifest = createRequire(import.meta.url).resolve("postject/package.json");
  return join(dirname(manifest), "dist", "cli.js");
}

/** Runs a tool; its output (LIEF's warnings about sections it does not know) shows only on failure. */
function runQuietly(command, args, label, options = {}) {
  return new Promise((resolveRun, reject) => {
    execFile(command, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, ...options }, (error, stdout, stderr) => {
      if (!error) return resolveRun(undefined);
      const output = `${stdout ?? ""}${stderr ?? ""}${error.message ?? ""}`.trim();
      reject(new Error(`${label} failed (exit ${error.code}):\n${output.split("\n").slice(-30).join("\n")}`));
    });
  });
}

/**
 * The preparation blob of the bundle, made by the host's Node.js of SEA_NODE_VERSION (fetched
 * into the machine cache when needed) into `workDir`; returns its path.
 */
async function prepareBlob(bundle, workDir) {
  const node = ensureNode(SEA_NODE_VERSION).node;
  const blob = join(workDir, "sea-prep.blob");
  const config = join(workDir, "sea-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      // Relative to the working directory below: the blob records the name as given, and a
      // stack trace on a user's machine should not show the folders of the one that built it.
      main: basename(bundle),
      output: blob,
      // Made on one machine for every platform: see the top of this file.
      useCodeCache: false,
      useSnapshot: false,
      // The engine copies a plugin's standard error into its own log: no warning on every start.
      disableExperimentalSEAWarning: true,
    }),
  );
  await runQuietly(
    node,
    ["--experimental-sea-config", config],
    `node v${SEA_NODE_VERSION} --experimental-sea-config`,
    { cwd: dirname(bundle) },
  );
  return blob;
}

/**
 * How many platforms are built at once: postject and gzip each keep one core busy on a file of
 * about 150 MiB, so as many as there are cores.
 */
const platformConcurrency = Math.max(2, availableParallelism());

/**
 * Writes the executable of each platform (names as `executablePlatform` takes them; default
 * all) to `<outDir>/<os>-<arch>/<executableFileName(os)>`, platforms side by side; `then`, when
 * given, runs on each executable as soon as it is written (the release archives it). Resolves to
 * [{ platform, os, arch, path, bytes, then }] in the platforms' order. `bundle` defaults to the
 * built plugin bundle.
 * @template [R=undefined]
 * @param {{ outDir: string, platforms?: string[], bundle?: string, log?: (line: string) => void, then?: (executable: PluginExecutable) => Promise<R> }} options
 * @returns {Promise<(PluginExecutable & { then: R | undefined })[]>}
 */
export async function buildPluginExecutables({
  outDir,
  platforms = executablePlatforms.map((p) => `${p.os}-${p.arch}`),
  bundle = pluginBundle,
  log = () => {},
  then,
}) {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first.`);
  const targets = platforms.map(executablePlatform);
  const workDir = mkdtempSync(join(tmpdir(), "webstats-sea-"));
  try {
    const blob = await prepareBlob(bundle, workDir);
    const signer = targets.some((t) => t.os === "darwin")
      ? ensureMachoSign({ quiet: true }).binary
      : undefined;
    // Node.js binaries are fetched one after another: the cache is written whole, once per file.
    const bases = targets.map(
      (target) => ensureNodeBinary(SEA_NODE_VERSION, target.nodePlatform, target.nodeArch).path,
    );
    // The bound every command shares (core/bounded-pool.ts), from the build this script needs anyway.
    const { mapBounded } = await import("../../dist/core/bounded-pool.js");
    return await mapBounded(
      targets.map((target, index) => ({ target, base: /** @type {string} */ (bases[index]) })),
      platformConcurrency,
      async ({ target, base }) => {
        const platform = `${target.os}-${target.arch}`;
        const path = join(outDir, platform, executableFileName(target.os));
        mkdirSync(dirname(path), { recursive: true });
        rmSync(path, { force: true });
        copyFileSync(base, path);
        chmodSync(path, 0o755);
        const args = [postjectCli(), path, blobResource, blob, "--sentinel-fuse", seaFuse];
        if (target.os === "darwin") args.push("--macho-segment-name", machoSegment);
        await runQuietly(process.execPath, args, `postject ${platform}`);
        // The identifier is what macOS shows for the code; the file name, as codesign would take it.
        if (target.os === "darwin")
          await runQuietly(/** @type {string} */ (signer), [pluginExecutable, path], `macho-sign ${platform}`);
        const bytes = statSync(path).size;
        log(`${path} (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
        const executable = { platform, os: target.os, arch: target.arch, path, bytes };
        return { ...executable, then: then ? await then(executable) : undefined };
      },
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** @typedef {{ platform: string, os: string, arch: string, path: string, bytes: number }} PluginExecutable */

if (invokedDirectly(import.meta.url)) {
  const args = process.argv.slice(2);
  let outDir = join(root, "release", "executables");
  const outFlag = args.indexOf("--out");
  if (outFlag !== -1) {
    outDir = resolve(args[outFlag + 1] ?? "");
    args.splice(outFlag, 2);
  }
  const platforms = args.length > 0 ? args : undefined;
  await buildPluginExecutables({ outDir, platforms, log: (line) => process.stdout.write(`${line}\n`) });
}
