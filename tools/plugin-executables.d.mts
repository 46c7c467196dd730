// Types for tools/plugin-executables.mjs, used by the tests.

/** The Node.js release inside every executable. */
export const SEA_NODE_VERSION: string;
/** The executable's name without `.exe`. */
export const pluginExecutable: "pulumi-resource-webstats";
/** The marker postject flips from `:0` to `:1` when it injects the blob. */
export const seaFuse: string;
/** The Mach-O segment that holds the blob. */
export const machoSegment: string;
export const pluginBundle: string;

export interface ExecutablePlatform {
  /** The engine's (Go's) names. */
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
  /** Node.js's names, which the registry's packages carry. */
  nodePlatform: "linux" | "darwin" | "win32";
  nodeArch: "x64" | "arm64";
}
export const executablePlatforms: ExecutablePlatform[];
export function executableFileName(os: string): string;
export function executablePlatform(name: string): ExecutablePlatform;
/** This machine's platform in the engine's names, e.g. `linux-amd64`. */
export function hostPlatformName(): string;

export interface BuiltExecutable {
  platform: string;
  os: string;
  arch: string;
  path: string;
  bytes: number;
}
export function buildPluginExecutables(options: {
  outDir: string;
  platforms?: string[];
  bundle?: string;
  log?: (line: string) => void;
}): BuiltExecutable[];
