// @ts-check
// One Pulumi stack of a program, in a temporary folder: a project linked to a template that has
// the packed package installed, a local file backend and a private PULUMI_HOME, driven through
// real `pulumi` operations by the automation driver. Shared by the engine tests and the bench.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProjectFromTemplate, DriverSession, offlineEnvironment } from "./program-project.mjs";

/** @typedef {import("./program-project.mjs").DriverResult} DriverResult */

/**
 * A stack setting: its value, and whether it is a secret.
 * @typedef {{ value: string, secret?: boolean }} ConfigValue
 */

/**
 * @typedef {object} PulumiInstallation
 * @property {string} binDir Folder of the `pulumi` binary the Automation API runs.
 * @property {string} pluginDir Folder holding the dynamic-provider plugin script; put on PATH.
 * @property {string} templateDir A project folder with the packed package installed
 *   (prepareProjectTemplate).
 */

/**
 * @typedef {object} RunOptions
 * @property {boolean} [expectNoChanges]
 * @property {boolean} [refresh] preview and up: refresh first (`--refresh`).
 * @property {boolean} [diff] preview and up: show each changed property (`--diff`).
 * @property {boolean} [clearPendingCreates] refresh only: drop the pending creates a killed
 *   operation left (`--clear-pending-creates`).
 * @property {string[]} [replace] up only: resources to replace whatever their diff says
 *   (`--replace URN`).
 * @property {boolean} [previewFirst] up only: preview first and stop if the preview fails, as
 *   `pulumi up` does (the Automation API's up passes `--skip-preview`).
 * @property {string[]} [policyPacks] preview and up: policy pack folders the engine runs
 *   (`--policy-pack`).
 * @property {string[]} [policyPackConfigs] their configuration files (`--policy-pack-config`).
 * @property {boolean} [allowFailure] Resolve with the failure instead of throwing.
 * @property {(text: string) => void} [onOutput] The engine's output as it comes.
 * @property {(killAll: () => void, killEngine: () => void) => void} [onStart] Receives functions
 *   that SIGKILL the operation's processes: all of them, or the CLI alone.
 */

/**
 * A resource of the stack's checkpoint.
 * @typedef {object} StateResource
 * @property {string} urn
 * @property {string} type
 * @property {string} [id]
 * @property {Record<string, unknown>} [inputs]
 * @property {Record<string, unknown>} [outputs]
 * @property {string[]} [initErrors]
 */

/**
 * @typedef {object} ProgramStackOptions
 * @property {PulumiInstallation} pulumi
 * @property {string} [program] Source of a CommonJS module whose export is the program function.
 * @property {string} [yaml] Or the body of a Pulumi YAML program: Pulumi.yaml without its name
 *   and runtime.
 * @property {Record<string, ConfigValue>} [config]
 * @property {Record<string, string>} [env] Extra environment for the CLI and the provider process.
 * @property {number} [timeoutMs]
 * @property {string} [tmpPrefix]
 * @property {string} [nodeModules] A node_modules folder to link instead of the template's (which
 *   has the packed package).
 * @property {string} [pluginHome] A PULUMI_HOME whose installed plugins the stack gets, and then
 *   only those (ambient plugins are ignored).
 * @property {string} [projectName] The Pulumi project's name (default webstats-e2e).
 * @property {string} [stackName] The stack's name (default test).
 */

const defaultProjectName = "webstats-e2e";
const defaultStackName = "test";

export class ProgramStack {
  /** Everything the engine printed so far, across operations. */
  output = "";
  /** @type {Record<string, ConfigValue>} */
  #config;
  /** The config as the last successful operation set it: unchanged config is not set again. */
  #configApplied = "";
  /** @type {Record<string, string>} */
  #env;
  /** @type {PulumiInstallation} */
  #pulumi;
  /** @type {number} */
  #timeoutMs;
  #sequence = 0;
  #yaml = false;
  /** The stack's automation driver, kept running between operations. */
  #driver = new DriverSession();
  /**
   * The Pulumi project's and the stack's names (`projectName`, `stackName` options).
   * @readonly
   * @type {string}
   */
  projectName;
  /**
   * @readonly
   * @type {string}
   */
  stackName;
  /**
   * The stack's temporary folder.
   * @readonly
   * @type {string}
   */
  dir;
  /**
   * The project folder.
   * @readonly
   * @type {string}
   */
  workDir;

  /**
   * `pulumi`: { binDir, pluginDir, templateDir }; `program`: source of a CommonJS module whose
   * export is the program function, or `yaml`: the body of a Pulumi YAML program (Pulumi.yaml
   * without its name and runtime); `config`: { key: { value, secret? } }; `env`: extra
   * environment for the CLI and the provider process; `pluginHome`: a PULUMI_HOME whose
   * installed plugins the stack gets, and then only those (ambient plugins are ignored);
   * `projectName`, `stackName`: default webstats-e2e and test.
   * @param {ProgramStackOptions} options
   */
  constructor({
    pulumi,
    program,
    yaml,
    config = {},
    env = {},
    timeoutMs = 300_000,
    tmpPrefix = "webstats-stack-",
    nodeModules,
    pluginHome,
    projectName = defaultProjectName,
    stackName = defaultStackName,
  }) {
    this.projectName = projectName;
    this.stackName = stackName;
    this.dir = mkdtempSync(join(tmpdir(), tmpPrefix));
    this.workDir = join(this.dir, "project");
    createProjectFromTemplate(pulumi.templateDir, this.workDir, nodeModules);
    mkdirSync(join(this.dir, "backend"));
    mkdirSync(join(this.dir, "home"));
    this.#pulumi = pulumi;
    this.#config = { ...config };
    this.#env = { ...env };
    this.#timeoutMs = timeoutMs;
    if (pluginHome) {
      cpSync(join(pluginHome, "plugins"), join(this.dir, "home", "plugins"), { recursive: true });
      this.#env.PULUMI_IGNORE_AMBIENT_PLUGINS = "true";
    }
    if (yaml !== undefined) this.setYamlProgram(yaml);
    else this.setProgram(program ?? "");
  }

  /**
   * Makes the project a Pulumi YAML project with this program (resources, variables, outputs...).
   * @param {string} body
   */
  setYamlProgram(body) {
    this.#yaml = true;
    rmSync(join(this.workDir, "program.cjs"), { force: true });
    writeFileSync(join(this.workDir, "Pulumi.yaml"), `name: ${this.projectName}\nruntime: yaml\n${body}`);
  }

  /**
   * `pulumi import` with these arguments (type, name and id, or --file FILE) in the project folder.
   * @param {string[]} importArgs
   * @param {RunOptions} [options]
   * @returns {Promise<DriverResult>}
   */
  import(importArgs, options = {}) {
    return this.run("import", { ...options, importArgs });
  }

  /**
   * Replaces the program with this CommonJS module.
   * @param {string} source
   */
  setProgram(source) {
    writeFileSync(join(this.workDir, "program.cjs"), source);
  }

  /**
   * Writes a file beside the program, e.g. a fleet file the program reads.
   * @param {string} name
   * @param {string} content
   */
  writeFile(name, content) {
    writeFileSync(join(this.workDir, name), content);
  }

  /**
   * @param {string} key
   * @param {ConfigValue} value
   */
  setConfig(key, value) {
    this.#config[key] = value;
  }

  /**
   * Sets (or, with undefined, removes) an environment variable of later operations.
   * @param {string} key
   * @param {string | undefined} value
   */
  setEnv(key, value) {
    if (value === undefined) delete this.#env[key];
    else this.#env[key] = value;
  }

  /**
   * Runs `op` (up, preview, refresh, destroy, cancel). Options: expectNoChanges, refresh (preview
   * and up), diff, replace (up: URNs to replace, `--replace`), previewFirst (up: preview first, as
   * `pulumi up` without `--skip-preview` does), clearPendingCreates (refresh), allowFailure (resolve with the failure instead
   * of throwing), onOutput (engine output as it comes), onStart (receives a function that
   * SIGKILLs the operation's processes).
   * @param {"up" | "preview" | "refresh" | "destroy" | "cancel" | "import"} op
   * @param {RunOptions & { importArgs?: string[] }} [options]
   * @returns {Promise<DriverResult>}
   */
  async run(op, options = {}) {
    const id = `${++this.#sequence}-${op}`;
    const pulumiHome = join(this.dir, "home");
    /** @type {Record<string, string | undefined>} */
    const env = { ...process.env, ...this.shellEnvironment() };
    // Credentials reach the provider only the way the caller asks for them.
    delete env.WEBSTATS_API_KEY;
    delete env.WEBSTATS_BASE_URL;
    Object.assign(env, this.#env);
    // Setting config is a CLI run of its own (about a quarter of a second each time); the stack
    // keeps what was set, so only a change is sent.
    const configText = JSON.stringify(this.#config);
    const config = configText === this.#configApplied ? undefined : this.#config;
    const result = await this.#driver.run({
      // Another environment or kind of program starts another driver.
      key: JSON.stringify([env, this.#yaml]),
      workDir: this.workDir,
      requestFile: join(this.dir, `${id}.request.json`),
      resultFile: join(this.dir, `${id}.result.json`),
      env: /** @type {Record<string, string>} */ (env),
      timeoutMs: this.#timeoutMs,
      onOutput: options.onOutput,
      onStart: options.onStart,
      request: {
        op,
        stackName: this.stackName,
        projectName: this.projectName,
        workDir: this.workDir,
        programFile: this.#yaml ? undefined : "program.cjs",
        binDir: this.#pulumi.binDir,
        pulumiHome,
        backendUrl: `file://${join(this.dir, "backend")}`,
        config,
        expectNoChanges: options.expectNoChanges,
        refresh: options.refresh,
        diff: options.diff,
        clearPendingCreates: options.clearPendingCreates,
        replace: options.replace,
        previewFirst: options.previewFirst,
        importArgs: options.importArgs,
        policyPacks: options.policyPacks,
        policyPackConfigs: options.policyPackConfigs,
      },
    });
    this.output += result.output;
    if (result.ok) this.#configApplied = configText;
    if (!result.ok && !options.allowFailure) {
      throw new Error(`pulumi ${op} failed: ${result.error}\n--- engine output ---\n${result.output}`);
    }
    return result;
  }

  /**
   * What a shell needs for the user's own `pulumi` commands (stack export, config) to reach this
   * stack from its project folder: the CLI on PATH, the stack's PULUMI_HOME and passphrase, and
   * for a YAML project the backend (an inline program's Pulumi.yaml names its own).
   * @returns {Record<string, string>}
   */
  shellEnvironment() {
    const pulumiHome = join(this.dir, "home");
    /** @type {Record<string, string>} */
    const env = {
      ...offlineEnvironment({ binDir: this.#pulumi.binDir, pluginDir: this.#pulumi.pluginDir, pulumiHome }),
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    };
    if (this.#yaml) env.PULUMI_BACKEND_URL = `file://${join(this.dir, "backend")}`;
    return env;
  }

  /**
   * The checkpoint file as the backend stores it (secrets still encrypted) and its resources.
   * @returns {{ raw: string, resources: StateResource[] }}
   */
  exportState() {
    const file = join(this.#stacksFolder(), `${this.stackName}.json`);
    const raw = readFileSync(file, "utf8");
    /** @type {{ checkpoint?: { latest?: { resources?: StateResource[] } } }} */
    const checkpoint = JSON.parse(raw);
    return { raw, resources: checkpoint.checkpoint?.latest?.resources ?? [] };
  }

  /**
   * The documented step (docs/website.md) for a local backend torn by a kill: the file backend writes each
   * checkpoint's metadata file (`<stack>.json.attrs`) by truncating it first, so a SIGKILL at
   * that moment leaves it empty and every later command fails with "failed to load checkpoint:
   * EOF". The checkpoint itself is replaced atomically and intact; the backend reads fine without
   * the metadata file. Removes each empty one and returns the names removed.
   * @returns {string[]}
   */
  removeTornBackendMetadata() {
    const folder = this.#stacksFolder();
    const torn = readdirSync(folder).filter(
      (name) => name.endsWith(".attrs") && statSync(join(folder, name)).size === 0,
    );
    for (const name of torn) rmSync(join(folder, name));
    return torn;
  }

  /** Empties the stack's checkpoint metadata file, as a kill at the wrong moment does. */
  tearBackendMetadata() {
    const file = join(this.#stacksFolder(), `${this.stackName}.json.attrs`);
    statSync(file);
    writeFileSync(file, "");
  }

  /** Where the local backend keeps this project's checkpoints (and their metadata files). */
  #stacksFolder() {
    return join(this.dir, "backend", ".pulumi", "stacks", this.projectName);
  }

  cleanup() {
    this.#driver.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
