// Types for tools/ensure-pulumi.mjs, which the engine-test set-up imports.
export interface EnsuredPulumi {
  binDir: string;
  pluginDir: string;
  pulumi: string;
  version: string;
  source: "path" | "cache" | "build";
  /** Folder holding `pulumi-language-yaml`: `binDir` for a cached or built CLI, else a folder to put on PATH. */
  yamlHostDir: string;
}
export interface EnsuredYamlHost {
  binDir: string;
  binary: string;
  version: string;
  source: "cache" | "build";
}
export function ensurePulumi(options?: { quiet?: boolean }): EnsuredPulumi;
export function ensureYamlHost(options?: { quiet?: boolean; version?: string }): EnsuredYamlHost;
export const YAML_HOST_VERSION: string;
export function lockedPulumiVersion(): string;
export function pulumiVersionUnderTest(): string;
export function wrapperModuleDir(version: string): string;
export function cacheDir(version: string): string;
export function yamlHostModuleDir(version?: string): string;
export function yamlHostCacheDir(version?: string): string;
export function yamlHostFolderFor(
  cliSource: EnsuredPulumi["source"],
  cliBinDir: string,
  yamlHostBinDir: string,
): string;
export function lastLines(text: string, count?: number): string;
/** `go` on PATH, else /usr/local/go/bin/go, else undefined. */
export function findGo(): string | undefined;
/** The environment of every Go command on the repository's modules (go.sum committed and fixed). */
export function goEnvironment(): NodeJS.ProcessEnv;
export function isCompatible(found: string, wanted: string): boolean;
