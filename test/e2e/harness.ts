// The engine-test harness: a temporary Pulumi project that uses the packed package from
// its own node_modules, a local file backend, a private PULUMI_HOME, and the offline
// settings, driven through real `pulumi` operations (test/harness/program-stack.mjs, which the
// bench shares).
import { delimiter, join } from "node:path";
import { describe, inject } from "vitest";
import { ProgramStack } from "../harness/program-stack.mjs";
import type { ConfigValue, StateResource } from "../harness/program-stack.mjs";
import { forPlugin } from "./programs";
import type { Host } from "./programs";

export type { ConfigValue, StateResource };
export { uniqueDomain } from "../support/unique-domain";

const programFor = (host: Host, source: string): string => (host === "plugin" ? forPlugin(source) : source);

export const e2e = inject("e2e");

/** `describe` for engine tests: skipped only when the CLI is missing outside CI. */
export const describeEngine = e2e.available ? describe : describe.skip;

/**
 * The environment the pulumi CLI (and drift) runs with over a self-managed backend of a test's
 * own: the CLI on PATH, a HOME and PULUMI_HOME under `root`, the stacks' passphrase, `backend`
 * as PULUMI_BACKEND_URL, and `more` on top.
 */
export function backendEnv(
  root: string,
  passphrase: string,
  backend: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: [e2e.binDir, process.env.PATH ?? ""].join(delimiter),
    HOME: root,
    PULUMI_HOME: join(root, "home"),
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_BACKEND_URL: backend,
    // The CLI's PostgreSQL backend pools GOMAXPROCS x 2 connections, and `pulumi stack ls` holds one
    // while it loads stacks in parallel: on 2 cores, 4 stacks or more wait on each other for ever.
    GOMAXPROCS: "8",
    ...more,
  };
}

export interface StackOptions {
  /** Source of a CommonJS module whose export is the Pulumi program function. */
  program?: string;
  /** Or a Pulumi YAML program: the body of Pulumi.yaml after its name and runtime. */
  yaml?: string;
  /** A PULUMI_HOME whose installed plugins (the webstats plugin) the stack uses, and only those. */
  pluginHome?: string;
  /** Which host serves the program's Websites; "plugin" needs pluginHome. Default "dynamic". */
  host?: Host;
  /** Stack configuration, e.g. `{ "webstats:apiKey": { value, secret: true } }`. */
  config?: Record<string, ConfigValue>;
  /** Extra environment for the CLI and the provider process. */
  env?: Record<string, string>;
  /** A node_modules folder to link instead of the template's (which has the packed package). */
  nodeModules?: string;
  /** The Pulumi project's name (default webstats-e2e). */
  projectName?: string;
  /** The stack's name (default test). */
  stackName?: string;
}

export interface OperationOptions {
  expectNoChanges?: boolean;
  /** preview and up: refresh first (`--refresh`). */
  refresh?: boolean;
  /** preview and up: show each changed property (`--diff`). */
  diff?: boolean;
  /** When true, a failing operation resolves with its error instead of throwing. */
  allowFailure?: boolean;
  /** refresh only: drop the pending creates a killed operation left (`--clear-pending-creates`). */
  clearPendingCreates?: boolean;
  /** up only: resources to replace whatever their diff says (`--replace URN`). */
  replace?: string[];
  /**
   * up only: preview first and stop if the preview fails, as `pulumi up` does; without it the
   * Automation API's up passes `--skip-preview`.
   */
  previewFirst?: boolean;
  /** preview and up: policy pack folders the engine runs (`--policy-pack`). */
  policyPacks?: string[];
  /** Their configuration files (`--policy-pack-config`). */
  policyPackConfigs?: string[];
  /** Receives functions that SIGKILL the operation's processes: all of them, or the CLI alone. */
  onStart?: (killAll: () => void, killEngine: () => void) => void;
}

export interface OperationResult {
  ok: boolean;
  error?: string;
  /** What the engine printed during this operation. */
  output: string;
  summary?: { result: string; resourceChanges?: Record<string, number> };
  changeSummary?: Record<string, number>;
  outputs?: Record<string, { value: unknown; secret: boolean }>;
  /** import only: the program code the CLI wrote for what it imported. */
  generatedCode?: string;
}

export class TestStack {
  private constructor(
    private readonly stack: ProgramStack,
    /** The host that serves this stack's Websites. */
    readonly host: Host = "dynamic",
  ) {}

  static create(options: StackOptions): TestStack {
    if (!e2e.available) throw new Error(`engine tests unavailable: ${e2e.skipReason}`);
    const host = options.host ?? "dynamic";
    const program = options.program === undefined ? undefined : programFor(host, options.program);
    return new TestStack(new ProgramStack({ pulumi: e2e, ...options, program }), host);
  }

  /** Everything the engine printed so far, across operations. */
  get output(): string {
    return this.stack.output;
  }

  get dir(): string {
    return this.stack.dir;
  }

  /** The Pulumi project folder: program.cjs, and node_modules linked to the template's. */
  get workDir(): string {
    return this.stack.workDir;
  }

  setProgram(source: string): void {
    this.stack.setProgram(programFor(this.host, source));
  }

  /** Replaces the YAML program (the body of Pulumi.yaml after its name and runtime). */
  setYamlProgram(body: string): void {
    this.stack.setYamlProgram(body);
  }

  /** `pulumi import` with these arguments: `TYPE NAME ID`, or `--file FILE`. */
  async import(args: string[], options: OperationOptions = {}): Promise<OperationResult> {
    return await this.stack.import(args, options);
  }

  /** Writes a file beside the program, e.g. a fleet file the program reads. */
  writeFile(name: string, content: string): void {
    this.stack.writeFile(name, content);
  }

  setConfig(key: string, value: ConfigValue): void {
    this.stack.setConfig(key, value);
  }

  /** Sets (or, with undefined, removes) an environment variable of later operations. */
  setEnv(key: string, value: string | undefined): void {
    this.stack.setEnv(key, value);
  }

  up(options: OperationOptions = {}): Promise<OperationResult> {
    return this.run("up", options);
  }

  preview(options: OperationOptions = {}): Promise<OperationResult> {
    return this.run("preview", options);
  }

  refresh(options: OperationOptions = {}): Promise<OperationResult> {
    return this.run("refresh", options);
  }

  destroy(options: OperationOptions = {}): Promise<OperationResult> {
    return this.run("destroy", options);
  }

  /** `pulumi cancel`: releases the lock of an operation that was killed. */
  cancel(options: OperationOptions = {}): Promise<OperationResult> {
    return this.run("cancel", options);
  }

  /** The environment for the user's own `pulumi` commands on this stack, run in workDir. */
  shellEnvironment(): Record<string, string> {
    return this.stack.shellEnvironment();
  }

  /**
   * The stack's state as the backend stores it: the checkpoint file itself, secrets still
   * encrypted (the Automation API's export decrypts them).
   */
  exportState(): Promise<{ raw: string; resources: StateResource[] }> {
    return Promise.resolve(this.stack.exportState());
  }

  /** State entries of one resource type. */
  async resourcesOfType(type: string): Promise<StateResource[]> {
    return (await this.exportState()).resources.filter((r) => r.type === type);
  }

  /** The documented repair (docs/website.md) of a local backend torn by a kill; returns the files removed. */
  removeTornBackendMetadata(): string[] {
    return this.stack.removeTornBackendMetadata();
  }

  /** Empties the stack's checkpoint metadata file, as a kill at the wrong moment does. */
  tearBackendMetadata(): void {
    this.stack.tearBackendMetadata();
  }

  cleanup(): void {
    this.stack.cleanup();
  }

  private async run(
    op: "up" | "preview" | "refresh" | "destroy" | "cancel",
    options: OperationOptions,
  ): Promise<OperationResult> {
    return await this.stack.run(op, options);
  }
}
