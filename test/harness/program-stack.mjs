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
import { createProjectFromTemplate, offlineEnvironment, runDriver } from "./program-project.mjs";

const defaultProjectName = "webstats-e2e";
const defaultStackName = "test";

export class ProgramStack {
  /** Everything the engine printed so far, across operations. */
  output = "";
  #config;
  /** The config as the last successful operation set it: unchanged config is not set again. */
  #configApplied = "";
  #env;
  #pulumi;
  #timeoutMs;
  #sequence = 0;
  #yaml = false;
  /** The Pulumi project's and the stack's names (`projectName`, `stackName` options). */
  projectName;
  stackName;

  /**
   * `pulumi`: { binDir, pluginDir, templateDir }; `program`: source of a CommonJS module whose
   * export is the program function, or `yaml`: the body of a Pulumi YAML program (Pulumi.yaml
   * without its name and runtime); `config`: { key: { value, secret? } }; `env`: extra
   * environment for the CLI and the provider process; `pluginHome`: a PULUMI_HOME whose
   * installed plugins the stack gets, and then only those (ambient plugins are ignored);
   * `projectName`, `stackName`: default webstats-e2e and test.
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
    else this.setProgram(program);
  }

  /** Makes the project a Pulumi YAML project with this program (resources, variables, outputs...). */
  setYamlProgram(body) {
    this.#yaml = true;
    rmSync(join(this.workDir, "program.cjs"), { force: true });
    writeFileSync(join(this.workDir, "Pulumi.yaml"), `name: ${this.projectName}\nruntime: yaml\n${body}`);
  }

  /** `pulumi import` with these arguments (type, name and id, or --file FILE) in the project folder. */
  import(importArgs, options = {}) {
    return this.run("import", { ...options, importArgs });
  }

  setProgram(source) {
    writeFileSync(join(this.workDir, "program.cjs"), source);
  }

  /** Writes a file beside the program, e.g. a fleet file the program reads. */
  writeFile(name, content) {
    writeFileSync(join(this.workDir, name), content);
  }

  setConfig(key, value) {
    this.#config[key] = value;
  }

  /** Sets (or, with undefined, removes) an environment variable of later operations. */
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
   */
  async run(op, options = {}) {
    const id = `${++this.#sequence}-${op}`;
    const pulumiHome = join(this.dir, "home");
    const env = { ...process.env, ...this.shellEnvironment() };
    // Credentials reach the provider only the way the caller asks for them.
    delete env.WEBSTATS_API_KEY;
    delete env.WEBSTATS_BASE_URL;
    Object.assign(env, this.#env);
    // Setting config is a CLI run of its own (about a quarter of a second each time); the stack
    // keeps what was set, so only a change is sent.
    const configText = JSON.stringify(this.#config);
    const config = configText === this.#configApplied ? undefined : this.#config;
    const result = await runDriver({
      workDir: this.workDir,
      requestFile: join(this.dir, `${id}.request.json`),
      resultFile: join(this.dir, `${id}.result.json`),
      env,
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
   */
  shellEnvironment() {
    const pulumiHome = join(this.dir, "home");
    const env = {
      ...offlineEnvironment({ binDir: this.#pulumi.binDir, pluginDir: this.#pulumi.pluginDir, pulumiHome }),
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    };
    if (this.#yaml) env.PULUMI_BACKEND_URL = `file://${join(this.dir, "backend")}`;
    return env;
  }

  /** The checkpoint file as the backend stores it (secrets still encrypted) and its resources. */
  exportState() {
    const file = join(this.#stacksFolder(), `${this.stackName}.json`);
    const raw = readFileSync(file, "utf8");
    const checkpoint = JSON.parse(raw);
    return { raw, resources: checkpoint.checkpoint?.latest?.resources ?? [] };
  }

  /**
   * The README's step for a local backend torn by a kill: the file backend writes each
   * checkpoint's metadata file (`<stack>.json.attrs`) by truncating it first, so a SIGKILL at
   * that moment leaves it empty and every later command fails with "failed to load checkpoint:
   * EOF". The checkpoint itself is replaced atomically and intact; the backend reads fine without
   * the metadata file. Removes each empty one and returns the names removed.
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
    rmSync(this.dir, { recursive: true, force: true });
  }
}
