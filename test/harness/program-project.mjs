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
  const templateDir = join(root, "template");
  mkdirSync(templateDir, { recursive: true });
  writeFileSync(
    join(templateDir, "package.json"),
    JSON.stringify({ name: "webstats-program", private: true, version: "0.0.0" }, null, 2),
  );
  npm(
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--ignore-scripts",
      tarball,
      nodejsSdk,
      ...policyPackTarball,
      `@pulumi/pulumi@${pulumiVersionUnderTest()}`,
    ],
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
    // The driver and the CLI alone (their process group), as when a pipeline step is killed:
    // the plugins the CLI started are left to notice by themselves.
    const killEngine = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
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
      /** @type {{ ok: boolean, error?: string, [key: string]: unknown }} */
      let result;
      try {
        result = JSON.parse(readFileSync(resultFile, "utf8"));
      } catch {
        result = { ok: false, error: "the driver wrote no result" };
      }
      resolvePromise({ ...result, output });
    });
  });
}
