// @ts-check
// Pulumi project folders that use this package the way a user's project does: the
// package is packed with `npm pack` and installed from the tarball into node_modules.
// Shared by the engine tests and the demo.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { pulumiVersionUnderTest } from "../../tools/machine/ensure-pulumi.mjs";
import { packNodejsSdk, packPolicyPack } from "../../tools/release/npm-packages.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * What the automation driver answers: whether the operation succeeded, its error, what the
 * engine printed, and what the operation returned (outputs, a summary, generated code).
 * @typedef {{ ok: boolean, error?: string, output: string, [key: string]: unknown }} DriverResult
 */

/**
 * @typedef {object} RunDriverOptions
 * @property {string} workDir The project folder (createProjectFromTemplate).
 * @property {Record<string, unknown>} request What the driver does: `op` and its options.
 * @property {string} requestFile
 * @property {string} resultFile
 * @property {Record<string, string>} env
 * @property {number} timeoutMs
 * @property {(text: string) => void} [onOutput]
 * @property {(killAll: () => void, killEngine: () => void) => void} [onStart] Receives a function
 *   that SIGKILLs the driver, the CLI and the provider together, and one for the first two only.
 */

/**
 * Runs npm in `cwd`; returns its standard output.
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string}
 */
function npm(args, cwd) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * `npm pack` of this package into `packDir`; returns the tarball's path. With `build`, the
 * prepack script cleans and builds dist/ first, as a release does; without it, dist/ is packed as
 * it stands, for callers that run right after `npm run build`.
 * @param {string} packDir
 * @param {{ build?: boolean }} [options]
 * @returns {string}
 */
export function packPackage(packDir, { build = false } = {}) {
  mkdirSync(packDir, { recursive: true });
  const args = ["pack", "--silent", "--pack-destination", packDir];
  if (!build) args.push("--ignore-scripts");
  const tarball = npm(args, repoRoot).trim().split("\n").pop();
  if (!tarball) throw new Error(`npm pack in ${repoRoot} named no tarball`);
  return join(packDir, tarball);
}

/**
 * Packs the package (its prepack script builds dist/) and the generated Node.js SDK of the
 * provider plugin (@pulumi-webstats/webstats), and installs both tarballs and the
 * @pulumi/pulumi under test (the locked one, or WEBSTATS_PULUMI_VERSION) into
 * `<root>/template`, with the automation driver beside them. With `policyPack`, the policy
 * pack (pulumi-webstats-policy) too: the engine tests run it, the demo does not.
 * @param {string} root
 * @param {{ policyPack?: boolean }} [options]
 * @returns {string} the template's folder
 */
export function prepareProjectTemplate(root, { policyPack = false } = {}) {
  const packDir = join(root, "pack");
  const tarball = packPackage(packDir, { build: true });
  // The Node.js SDK generated from the schema, for programs that use the provider plugin.
  const nodejsSdk = packNodejsSdk(packDir);
  // The policy pack, installed as users install it: its folder in node_modules is the pack.
  const policyPackTarball = policyPack ? [packPolicyPack(packDir)] : [];
  return installTemplate(join(root, "template"), "webstats-program", [
    tarball,
    nodejsSdk,
    ...policyPackTarball,
    `@pulumi/pulumi@${pulumiVersionUnderTest()}`,
  ]);
}

/**
 * A project template in `templateDir`, named `name`: `packages` (tarballs, and
 * `@pulumi/pulumi@<version>`) installed without their install scripts, from npm's cache where it
 * has them, and the automation driver beside them. Shared by the engine tests, the demo and the
 * engine recorder.
 * @param {string} templateDir
 * @param {string} name
 * @param {string[]} packages
 * @returns {string} the template's folder
 */
export function installTemplate(templateDir, name, packages) {
  mkdirSync(templateDir, { recursive: true });
  writeFileSync(
    join(templateDir, "package.json"),
    JSON.stringify({ name, private: true, version: "0.0.0" }, null, 2),
  );
  npm(
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", ...packages],
    templateDir,
  );
  copyFileSync(join(repoRoot, "test", "harness", "automation-driver.cjs"), join(templateDir, "driver.cjs"));
  return templateDir;
}

/**
 * A project folder that uses the template's installation: node_modules is linked (its
 * packages are still files inside a node_modules folder, as Pulumi's serializer needs).
 * `nodeModules` links another installation instead (e.g. this repository's own).
 * @param {string} templateDir
 * @param {string} workDir
 * @param {string} [nodeModules]
 */
export function createProjectFromTemplate(
  templateDir,
  workDir,
  nodeModules = join(templateDir, "node_modules"),
) {
  mkdirSync(workDir, { recursive: true });
  symlinkSync(nodeModules, join(workDir, "node_modules"), "dir");
  for (const file of ["package.json", "driver.cjs"])
    copyFileSync(join(templateDir, file), join(workDir, file));
}

/**
 * Compiles a TypeScript program to CommonJS, as `pulumi up` does for a TypeScript project.
 * @param {string} source
 * @returns {string}
 */
export function compileProgram(source) {
  return ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  }).outputText;
}

/**
 * The environment for a Pulumi operation that must never reach the network.
 * @param {{ binDir: string, pluginDir: string, pulumiHome: string }} dirs
 * @returns {Record<string, string>}
 */
export function offlineEnvironment({ binDir, pluginDir, pulumiHome }) {
  return {
    PATH: [pluginDir, binDir, process.env.PATH ?? ""].join(delimiter),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "local-passphrase",
    PULUMI_HOME: pulumiHome,
  };
}

/**
 * Processes started for one stack: the CLI's plugins (the dynamic provider among them) run in
 * process groups of their own, so only their environment, which names the stack's PULUMI_HOME,
 * tells them apart. Linux only (/proc); elsewhere none are found.
 * @param {string} pulumiHome
 * @returns {number[]}
 */
export function processesOfStack(pulumiHome) {
  const marker = `PULUMI_HOME=${pulumiHome}\0`;
  /** @type {number[]} */
  const found = [];
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const pid of entries) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker)) found.push(Number(pid));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** The driver's end of an operation's output in --serve mode (automation-driver.cjs). */
const OPERATION_DONE = "\u0000operation-done\u0000";

/**
 * The SIGKILL functions `onStart` receives for a driver: all of a stack's processes (the driver's
 * process group, and the plugins, which lead groups of their own and are found by the stack's
 * PULUMI_HOME in their environment), or the driver and the CLI alone, as when a pipeline step is
 * killed and the plugins the CLI started are left to notice by themselves.
 * @param {import("node:child_process").ChildProcess} child
 * @param {Record<string, string>} env
 */
function killers(child, env) {
  const killAll = () => {
    const victims = env.PULUMI_HOME ? processesOfStack(env.PULUMI_HOME) : [];
    for (const target of [-(child.pid ?? 0), ...victims]) {
      if (target === 0) continue;
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  const killEngine = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  return { killAll, killEngine };
}

/**
 * @param {string} resultFile
 * @returns {{ ok: boolean, error?: string, [key: string]: unknown }}
 */
function readResult(resultFile) {
  try {
    return JSON.parse(readFileSync(resultFile, "utf8"));
  } catch {
    return { ok: false, error: "the driver wrote no result" };
  }
}

/**
 * One automation driver kept running for a stack's operations (`node driver.cjs --serve`): each
 * request is a line on its standard input, answered when the driver writes the end mark after
 * the operation's output. Operations after the first skip the driver's start-up, about a second
 * each. A driver that ends (killed, timed out, crashed) answers its pending operation with the
 * result file as it stands, one that cannot start fails it, and the next `run` starts another.
 */
export class DriverSession {
  /** @type {import("node:child_process").ChildProcessWithoutNullStreams | undefined} */
  #child;
  /** The start-up key (environment and the request's stack) of the running driver. */
  #key = "";
  /** @type {(() => void) | undefined} */
  #answer;
  /** @type {((error: Error) => void) | undefined} */
  #fail;
  #pending = "";

  /**
   * Runs one request; starts a driver first when none runs or `key` differs from its own.
   * @param {RunDriverOptions & { key: string }} options
   * @returns {Promise<DriverResult>}
   */
  run({ workDir, request, requestFile, resultFile, env, timeoutMs, onOutput, onStart, key }) {
    if (this.#child && this.#key !== key) this.stop();
    const child = this.#child ?? this.#start(workDir, env, key);
    writeFileSync(requestFile, JSON.stringify(request));
    return new Promise((resolvePromise, reject) => {
      const { killAll, killEngine } = killers(child, env);
      onStart?.(killAll, killEngine);
      let output = "";
      /** @param {string} text */
      const collect = (text) => {
        output += text;
        onOutput?.(text);
      };
      // Until the answer, the output goes to this operation; the timer keeps the test's process
      // waiting (the driver's pipes do not).
      const timer = setTimeout(() => {
        killAll();
        reject(new Error(`pulumi ${request.op} timed out after ${timeoutMs} ms\n${output}`));
      }, timeoutMs);
      this.#onText = collect;
      const settled = () => {
        clearTimeout(timer);
        this.#onText = undefined;
        this.#answer = undefined;
        this.#fail = undefined;
      };
      this.#answer = () => {
        settled();
        resolvePromise({ ...readResult(resultFile), output });
      };
      this.#fail = (/** @type {Error} */ error) => {
        settled();
        reject(new Error(`pulumi ${request.op}: ${error.message}`));
      };
      child.stdin.write(`${JSON.stringify({ requestFile, resultFile })}\n`);
    });
  }

  /** Ends the driver (it exits when its standard input closes). */
  stop() {
    const child = this.#child;
    this.#child = undefined;
    child?.stdin.end();
  }

  /** @type {((text: string) => void) | undefined} */
  #onText;

  /**
   * @param {string} workDir
   * @param {Record<string, string>} env
   * @param {string} key
   */
  #start(workDir, env, key) {
    const child = spawn(process.execPath, ["driver.cjs", "--serve"], {
      cwd: workDir,
      env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    this.#child = child;
    this.#key = key;
    this.#pending = "";
    // An idle driver keeps no test waiting; one left running exits with its standard input.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      /** @type {{ unref?: () => void }} */ (/** @type {unknown} */ (stream)).unref?.();
    }
    child.stdin.on("error", () => {
      // The driver ended; "close" answers the pending operation.
    });
    // A driver this session stopped says nothing more to it (it answers no operation).
    const current = () => this.#child === child;
    // The driver did not start (no such folder, no such node): no result file can say why, so
    // the pending operation fails with the reason, and the "close" that follows answers nothing.
    child.on("error", (error) => {
      if (!current()) return;
      this.#child = undefined;
      this.#fail?.(new Error(`the automation driver could not start in ${workDir}: ${error.message}`));
    });
    // As text, a character split between two chunks whole again.
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (/** @type {string} */ text) => {
      if (current()) this.#onText?.(text);
    });
    child.stdout.on("data", (/** @type {string} */ text) => {
      if (!current()) return;
      this.#pending += text;
      let end;
      while ((end = this.#pending.indexOf(OPERATION_DONE)) !== -1) {
        this.#onText?.(this.#pending.slice(0, end));
        this.#pending = this.#pending.slice(end + OPERATION_DONE.length);
        this.#answer?.();
      }
      // Keep a possible start of the end mark back until the next chunk completes it (and only
      // that: text after a NUL of the operation's own output goes on at once).
      const start = this.#pending.lastIndexOf("\u0000");
      const partial = start !== -1 && OPERATION_DONE.startsWith(this.#pending.slice(start));
      const ready = partial ? this.#pending.slice(0, start) : this.#pending;
      if (ready) this.#onText?.(ready);
      this.#pending = this.#pending.slice(ready.length);
    });
    child.on("close", () => {
      if (!current()) return;
      this.#child = undefined;
      if (this.#pending) this.#onText?.(this.#pending);
      this.#pending = "";
      this.#answer?.();
    });
    return child;
  }
}

/**
 * Runs the automation driver of a project folder for one request; resolves with what the
 * engine printed and the driver's result object. `onStart` receives a function that kills the
 * driver, the CLI and every plugin it started at once, as a crash or an operator's `kill -9`
 * would, and one that kills only the driver and the CLI (the driver leads a process group; plugins, which lead their own, are found by the
 * stack's PULUMI_HOME in their environment).
 * @param {RunDriverOptions} options
 * @returns {Promise<DriverResult>}
 */
export function runDriver({ workDir, request, requestFile, resultFile, env, timeoutMs, onOutput, onStart }) {
  writeFileSync(requestFile, JSON.stringify(request));
  return new Promise((/** @type {(result: DriverResult) => void} */ resolvePromise, reject) => {
    const child = spawn(process.execPath, ["driver.cjs", requestFile, resultFile], {
      cwd: workDir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const { killAll, killEngine } = killers(child, env);
    onStart?.(killAll, killEngine);
    let output = "";
    const collect = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      output += text;
      onOutput?.(text);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => {
      killAll();
      reject(new Error(`pulumi ${request.op} timed out after ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolvePromise({ ...readResult(resultFile), output });
    });
  });
}
