// The engine-test harness: a temporary Pulumi project that uses the packed package from
// its own node_modules, a local file backend, a private PULUMI_HOME, and the offline
// settings, driven through real `pulumi` operations.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, inject } from "vitest";
import { createProjectFromTemplate, offlineEnvironment, runDriver } from "../../tools/program-project.mjs";

export const e2e = inject("e2e");

/** `describe` for engine tests: skipped only when the CLI is missing outside CI. */
export const describeEngine = e2e.available ? describe : describe.skip;

export interface ConfigValue {
  value: string;
  secret?: boolean;
}

export interface StackOptions {
  /** Source of a CommonJS module whose export is the Pulumi program function. */
  program: string;
  /** Stack configuration, e.g. `{ "webstats:apiKey": { value, secret: true } }`. */
  config?: Record<string, ConfigValue>;
  /** Extra environment for the CLI and the provider process. */
  env?: Record<string, string>;
  /** A node_modules folder to link instead of the template's (which has the packed package). */
  nodeModules?: string;
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
  /** Receives a function that kills the operation's processes with SIGKILL. */
  onStart?: (killAll: () => void) => void;
}

export interface OperationResult {
  ok: boolean;
  error?: string;
  /** What the engine printed during this operation. */
  output: string;
  summary?: { result: string; resourceChanges?: Record<string, number> };
  changeSummary?: Record<string, number>;
  outputs?: Record<string, { value: unknown; secret: boolean }>;
}

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  initErrors?: string[];
}

const operationTimeoutMs = 300_000;

export class TestStack {
  /** Everything the engine printed so far, across operations. */
  output = "";
  private config: Record<string, ConfigValue>;
  private sequence = 0;

  private constructor(
    readonly dir: string,
    /** The Pulumi project folder: program.cjs, and node_modules linked to the template's. */
    readonly workDir: string,
    private readonly env: Record<string, string>,
    config: Record<string, ConfigValue>,
  ) {
    this.config = config;
  }

  static create(options: StackOptions): TestStack {
    if (!e2e.available) throw new Error(`engine tests unavailable: ${e2e.skipReason}`);
    const dir = mkdtempSync(join(tmpdir(), "webstats-stack-"));
    const workDir = join(dir, "project");
    createProjectFromTemplate(e2e.templateDir, workDir, options.nodeModules);
    mkdirSync(join(dir, "backend"));
    mkdirSync(join(dir, "home"));
    const stack = new TestStack(dir, workDir, options.env ?? {}, options.config ?? {});
    stack.setProgram(options.program);
    return stack;
  }

  setProgram(source: string): void {
    writeFileSync(join(this.workDir, "program.cjs"), source);
  }

  /** Writes a file beside the program, e.g. a fleet file the program reads. */
  writeFile(name: string, content: string): void {
    writeFileSync(join(this.workDir, name), content);
  }

  setConfig(key: string, value: ConfigValue): void {
    this.config[key] = value;
  }

  /** Sets (or, with undefined, removes) an environment variable of later operations. */
  setEnv(key: string, value: string | undefined): void {
    if (value === undefined) delete this.env[key];
    else this.env[key] = value;
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

  /**
   * The stack's state as the backend stores it: the checkpoint file itself, secrets still
   * encrypted (the Automation API's export decrypts them).
   */
  exportState(): Promise<{ raw: string; resources: StateResource[] }> {
    const file = join(this.dir, "backend", ".pulumi", "stacks", "webstats-e2e", "test.json");
    const raw = readFileSync(file, "utf8");
    const checkpoint = JSON.parse(raw) as { checkpoint?: { latest?: { resources?: StateResource[] } } };
    return Promise.resolve({ raw, resources: checkpoint.checkpoint?.latest?.resources ?? [] });
  }

  /** State entries of one resource type. */
  async resourcesOfType(type: string): Promise<StateResource[]> {
    return (await this.exportState()).resources.filter((r) => r.type === type);
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async run(op: string, options: OperationOptions): Promise<OperationResult> {
    const id = `${++this.sequence}-${op}`;
    const pulumiHome = join(this.dir, "home");
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...offlineEnvironment({ binDir: e2e.binDir, pluginDir: e2e.pluginDir, pulumiHome }),
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    };
    // Credentials reach the provider only the way a test asks for them.
    delete env.WEBSTATS_API_KEY;
    delete env.WEBSTATS_BASE_URL;
    Object.assign(env, this.env);
    const result = (await runDriver({
      workDir: this.workDir,
      requestFile: join(this.dir, `${id}.request.json`),
      resultFile: join(this.dir, `${id}.result.json`),
      env,
      timeoutMs: operationTimeoutMs,
      onStart: options.onStart,
      request: {
        op,
        stackName: "test",
        projectName: "webstats-e2e",
        workDir: this.workDir,
        programFile: "program.cjs",
        binDir: e2e.binDir,
        pulumiHome,
        backendUrl: `file://${join(this.dir, "backend")}`,
        config: this.config,
        expectNoChanges: options.expectNoChanges,
        refresh: options.refresh,
        clearPendingCreates: options.clearPendingCreates,
        diff: options.diff,
      },
    })) as OperationResult;
    this.output += result.output;
    if (!result.ok && !options.allowFailure) {
      throw new Error(`pulumi ${op} failed: ${result.error}\n--- engine output ---\n${result.output}`);
    }
    return result;
  }
}

/** A random domain unique to one test, so tests never collide in a shared emulator. */
export function uniqueDomain(prefix = "site"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}.example.com`;
}
