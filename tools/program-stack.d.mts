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
  refresh?: boolean;
  allowFailure?: boolean;
  onOutput?: (text: string) => void;
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
    program: string;
    config?: Record<string, ConfigValue>;
    env?: Record<string, string>;
    timeoutMs?: number;
    tmpPrefix?: string;
  });
  readonly dir: string;
  readonly workDir: string;
  output: string;
  setProgram(source: string): void;
  setConfig(key: string, value: ConfigValue): void;
  run(op: "up" | "preview" | "refresh" | "destroy", options?: RunOptions): Promise<DriverResult>;
  exportState(): { raw: string; resources: StateResource[] };
  cleanup(): void;
}
