// Types for tools/program-stack.mjs, used by the engine tests.
import type { DriverResult } from "./program-project.mjs";

export interface ConfigValue {
  value: string;
  secret?: boolean;
}

export interface PulumiInstallation {
  /** Folder of the `pulumi` binary the Automation API runs. */
  binDir: string;
  /** Folder holding the dynamic-provider plugin script; put on PATH. */
  pluginDir: string;
  /** A project folder with the packed package installed (prepareProjectTemplate). */
  templateDir: string;
}

export interface RunOptions {
  expectNoChanges?: boolean;
  /** preview and up: refresh first (`--refresh`). */
  refresh?: boolean;
  /** preview and up: show each changed property (`--diff`). */
  diff?: boolean;
  /** refresh only: drop the pending creates a killed operation left (`--clear-pending-creates`). */
  clearPendingCreates?: boolean;
  /** up only: resources to replace whatever their diff says (`--replace URN`). */
  replace?: string[];
  /**
   * up only: preview first and stop if the preview fails, as `pulumi up` does (the Automation
   * API's up passes `--skip-preview`).
   */
  previewFirst?: boolean;
  allowFailure?: boolean;
  onOutput?: (text: string) => void;
  /** Receives functions that SIGKILL the operation's processes: all of them, or the CLI alone. */
  onStart?: (killAll: () => void, killEngine: () => void) => void;
}

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  initErrors?: string[];
}

export class ProgramStack {
  constructor(options: {
    pulumi: PulumiInstallation;
    /** Source of a CommonJS module whose export is the program function. */
    program?: string;
    /** Or the body of a Pulumi YAML program: Pulumi.yaml without its name and runtime. */
    yaml?: string;
    /** A PULUMI_HOME whose installed plugins the stack gets, and only those. */
    pluginHome?: string;
    config?: Record<string, ConfigValue>;
    env?: Record<string, string>;
    timeoutMs?: number;
    tmpPrefix?: string;
    /** A node_modules folder to link instead of the template's (which has the packed package). */
    nodeModules?: string;
    /** The Pulumi project's name (default webstats-e2e). */
    projectName?: string;
    /** The stack's name (default test). */
    stackName?: string;
  });
  readonly dir: string;
  readonly projectName: string;
  readonly stackName: string;
  readonly workDir: string;
  output: string;
  setProgram(source: string): void;
  setYamlProgram(body: string): void;
  import(importArgs: string[], options?: RunOptions): Promise<DriverResult>;
  writeFile(name: string, content: string): void;
  setConfig(key: string, value: ConfigValue): void;
  setEnv(key: string, value: string | undefined): void;
  run(
    op: "up" | "preview" | "refresh" | "destroy" | "cancel" | "import",
    options?: RunOptions,
  ): Promise<DriverResult>;
  /** The environment for the user's own `pulumi` commands on this stack, from its project folder. */
  shellEnvironment(): Record<string, string>;
  exportState(): { raw: string; resources: StateResource[] };
  /** Removes the backend's empty checkpoint metadata files (README); returns their names. */
  removeTornBackendMetadata(): string[];
  /** Empties the stack's checkpoint metadata file, as a kill at the wrong moment does. */
  tearBackendMetadata(): void;
  cleanup(): void;
}
