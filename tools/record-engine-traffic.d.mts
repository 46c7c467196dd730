// Types for tools/record-engine-traffic.mjs, used by the provider tier's replay and its check.
import type { Emulator, EmulatorAccount } from "../emulator";
import type { WebstatsClient } from "../sdk";

/** Where the recordings live, one JSON-lines file per scenario. */
export const recordingsDir: string;
/** SHA-256 of the package schema made by `packageSchema`, its version fixed. */
export function schemaDigest(packageSchema: (version?: string) => unknown): string;
/** SHA-256 of the recording script. */
export function recorderDigest(): string;
/** What the recordings must say made them, as of now. */
export function expectedProvenance(packageSchema: (version?: string) => unknown): {
  pulumiVersion: string;
  yamlHostVersion: string;
  schemaSha256: string;
  recorderSha256: string;
};
/** A change made to the emulator between two operations (a recording's `outOfBand` line). */
export interface OutOfBandChange {
  updateWebsite?: { id: number; patch: Record<string, unknown> };
  createWebsite?: { account?: number; id?: number; input: Record<string, unknown> };
}
/** Applies one out-of-band change to the emulator. */
export function applyOutOfBand(
  change: OutOfBandChange,
  context: { emulator: Emulator; accounts: EmulatorAccount[]; Client: typeof WebstatsClient },
): Promise<void>;
/** The accounts every recording's emulator gets, in this order. */
export const recordedAccounts: { name: string; email: string }[];
/**
 * A Website argument in a recorded program: a plain value, `{ secret }` (a secret value), or
 * `{ websiteIdOf, prefix }` (text made of another Website's id, unknown in a preview).
 */
export type ProgramValue =
  string | number | boolean | { secret: string } | { websiteIdOf: string; prefix: string } | ProgramValue[];
/** One engine operation of a scenario. */
export interface ScenarioStep {
  command: "up" | "preview" | "refresh" | "destroy" | "import";
  summary: string;
  /** The program's Websites by name, in order (up, preview). */
  websites?: Record<string, Record<string, ProgramValue>>;
  /** Stack settings (`webstats:NAME`) changed before the operation; `{{baseUrl}}`, `{{apiKey:N}}` inside. */
  settings?: Record<string, string>;
  /** The arguments of an explicit provider resource serving the Websites. */
  explicit?: Record<string, string>;
  /** A function the program calls (plugin). */
  invoke?: { function: string; arguments: Record<string, unknown> };
  /** `pulumi import webstats:index:Website NAME ID`. */
  import?: { name: string; id: string };
  outOfBand?: OutOfBandChange[];
  allowFailure?: boolean;
  /** The Websites are the program the previous import printed (the recorder checks it). */
  importedProgram?: boolean;
}
/** The scenarios: each a stack of one host and its steps in order. */
export const scenarios: {
  name: string;
  host: "dynamic" | "plugin";
  accounts: number;
  steps: ScenarioStep[];
}[];
/** The dynamic host's program (TypeScript) of a step. */
export function typescriptProgram(step: ScenarioStep): string;
/** The plugin's program (Pulumi YAML) of a step; `fill` resolves the placeholders. */
export function yamlProgram(step: ScenarioStep, fill?: (value: string) => string): string;
