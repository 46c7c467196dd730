#!/usr/bin/env node
// @ts-check
// Makes the Python virtual environment the Python engine test runs its programs in available,
// and returns where it is. It holds exactly tools/machine/python/requirements.txt (the `pulumi`
// package at the floor of the @pulumi/pulumi peer range and the generated SDK's dependencies), installed
// from PyPI with `pip install --require-hashes`, so every file that runs is one whose hash is
// committed.
//
// It is made once per machine, into ~/.cache/pulumi-webstats/python-venv/v<key> (override the
// base folder with WEBSTATS_PYTHON_CACHE), where the key is a hash of the requirements file and
// of the interpreter (a virtual environment belongs to the Python that made it): a changed
// requirements file or another Python gets a new environment, an unchanged one is reused. The
// environment is built in a staging folder and renamed into place complete (cachedBuild,
// machine-cache.mjs), so a killed install never leaves a half-filled environment that looks finished; only
// `bin/python -m ...` is used from it, which does not depend on the folder it was made in.
//
// The generated SDK is not part of it: each clone has its own language-sdks/python, so the test
// builds its wheel as a release does and installs that into a fresh environment of its own
// (test/e2e/release-artifacts.ts), which sees this one's packages. It also holds `build`, with
// which `npm run release` makes the wheel and the sdist (tools/release/python-package.mjs).
//
// `node tools/machine/ensure-python.mjs` makes the environment and prints where it is;
// `node tools/machine/ensure-python.mjs --lock` compiles requirements.txt again from requirements.in
// (pip-tools, with the hashes of every file of each pinned version on PyPI), the `pulumi` line
// set to the floor of the @pulumi/pulumi peer range first (the oldest Pulumi the package claims:
// PyPI's `pulumi` releases trail npm's, so the locked @pulumi/pulumi may have none there).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lastLines, peerPulumiFloor, step } from "./ensure-pulumi.mjs";
import { cachedBuild } from "./machine-cache.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/**
 * A Python 3 found on PATH.
 * @typedef {object} FoundPython
 * @property {string} command The command found on PATH (`python3` or `python`).
 * @property {string} executable The interpreter's own path (`sys.executable`).
 * @property {string} version Its full version (`sys.version`).
 */

const toolsDir = dirname(fileURLToPath(import.meta.url));
export const pythonToolsDir = join(toolsDir, "python");
export const requirementsFile = join(pythonToolsDir, "requirements.txt");
const requirementsInput = join(pythonToolsDir, "requirements.in");
/** The pip-tools release that compiles requirements.txt (used only by --lock). */
const PIP_TOOLS_VERSION = "7.6.2";

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
}

/**
 * Runs a command and throws with its last lines of output when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {string} what
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 * @returns {string} its standard output
 */
function mustRun(command, args, what, options = {}) {
  const result = run(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
  if (result.status !== 0) {
    const tail = lastLines(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error?.message ?? ""}`);
    throw new Error(`${what} failed (exit ${result.status}):\n${tail}`);
  }
  return String(result.stdout);
}

/**
 * The Python 3 on PATH (`python3`, else `python`): the interpreter's own path and full version
 * name its virtual environments. Undefined when there is none, or only a Python 2 or a Python
 * older than the SDK's 3.10 (the floor of the `pulumi` it needs).
 * @returns {FoundPython | undefined}
 */
export function findPython() {
  const probe =
    "import json, sys; print(json.dumps([sys.executable, sys.version, list(sys.version_info[:2])]))";
  for (const command of ["python3", "python"]) {
    const result = run(command, ["-c", probe]);
    if (result.status !== 0) continue;
    /** @type {[string, string, [number, number]]} */
    const [executable, version, [major, minor]] = JSON.parse(String(result.stdout));
    if (major === 3 && minor >= 10) return { command, executable, version };
  }
  return undefined;
}

/**
 * The cache key of the environment: a hash of the requirements file and the interpreter.
 * @param {FoundPython} python
 * @param {string | Buffer} [requirements]
 * @returns {string}
 */
export function pythonEnvKey(python, requirements = readFileSync(requirementsFile)) {
  return createHash("sha256")
    .update(requirements)
    .update("\0")
    .update(python.executable)
    .update("\0")
    .update(python.version)
    .digest("hex")
    .slice(0, 16);
}

/**
 * The virtual environment, built when no finished one is cached; `python` is its interpreter.
 * Throws when there is no Python 3.10+ or the install fails (pip's last lines in the message).
 * @param {{ quiet?: boolean }} [options]
 * @returns {{ python: string, dir: string, source: "cache" | "build" }}
 */
export function ensurePythonEnv({ quiet = false } = {}) {
  const log = (/** @type {string} */ line) => quiet || process.stdout.write(`python:ensure: ${line}\n`);
  const base = findPython();
  if (!base) {
    throw new Error("No Python 3.10+ on PATH (python3 or python) with the venv module; install one.");
  }
  /** @type {(label: string, action: () => unknown) => unknown} */
  const say = (label, action) => (quiet ? action() : step(label, action, "python:ensure"));
  const { dir, source } = cachedBuild({
    kind: "python-venv",
    overrideVariable: "WEBSTATS_PYTHON_CACHE",
    version: pythonEnvKey(base),
    // The folder is only ever renamed into place complete, so an interpreter there is a finished one.
    isComplete: (dir) => existsSync(join(dir, "bin", "python")),
    build: (staging) => {
      say(`creating a virtual environment with ${base.executable}`, () =>
        mustRun(base.executable, ["-m", "venv", staging], "python -m venv"),
      );
      say("installing tools/machine/python/requirements.txt (hash-checked)", () =>
        mustRun(
          join(staging, "bin", "python"),
          ["-m", "pip", "install", "--require-hashes", "--no-deps", "--quiet", "-r", requirementsFile],
          "pip install --require-hashes",
        ),
      );
      // Checked before it is moved into place: a broken environment must not look finished.
      mustRun(
        join(staging, "bin", "python"),
        ["-c", "import pulumi.automation"],
        "importing pulumi.automation in the new environment",
      );
    },
  });
  if (source === "cache") log(`using the virtual environment in ${dir}`);
  return { python: join(dir, "bin", "python"), dir, source };
}

/** Compiles requirements.txt again from requirements.in, with pip-tools in a throwaway environment. */
function lock() {
  const base = findPython();
  if (!base) throw new Error("No Python 3.10+ on PATH (python3 or python); install one.");
  const input = readFileSync(requirementsInput, "utf8");
  const pinned = input.replace(/^pulumi==.*$/m, `pulumi==${peerPulumiFloor()}`);
  if (pinned !== input) writeFileSync(requirementsInput, pinned);
  const scratch = mkdtempSync(join(tmpdir(), "webstats-pip-tools-"));
  try {
    const venv = join(scratch, "venv");
    mustRun(base.command, ["-m", "venv", venv], "python -m venv");
    const python = join(venv, "bin", "python");
    mustRun(
      python,
      ["-m", "pip", "install", "--quiet", `pip-tools==${PIP_TOOLS_VERSION}`],
      "pip install pip-tools",
    );
    mustRun(
      python,
      [
        "-m",
        "piptools",
        "compile",
        "--quiet",
        "--generate-hashes",
        // setuptools is a package pip-tools calls unsafe to pin; it is pinned here on purpose.
        "--allow-unsafe",
        "--strip-extras",
        "--no-emit-index-url",
        "--no-emit-find-links",
        "--output-file",
        "requirements.txt",
        "requirements.in",
      ],
      "pip-compile",
      // The command the file's header names, so that it says how to compile it again.
      {
        cwd: pythonToolsDir,
        env: { ...process.env, CUSTOM_COMPILE_COMMAND: "node tools/machine/ensure-python.mjs --lock" },
      },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(`python:lock: wrote ${requirementsFile}; commit it with requirements.in\n`);
}

if (invokedDirectly(import.meta.url)) {
  try {
    if (process.argv.includes("--lock")) lock();
    else process.stdout.write(`${ensurePythonEnv().python}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
