// Types for tools/ensure-pulumi.mjs, which the engine-test set-up imports.
export interface EnsuredPulumi {
  binDir: string;
  pluginDir: string;
  pulumi: string;
  version: string;
  source: "path" | "cache" | "build";
}
export function ensurePulumi(options?: { quiet?: boolean }): EnsuredPulumi;
export function lockedPulumiVersion(): string;
export function pulumiVersionUnderTest(): string;
export function wrapperModuleDir(version: string): string;
export function cacheDir(version: string): string;
export function isCompatible(found: string, wanted: string): boolean;
