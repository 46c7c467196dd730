// Types for tools/release-plugin.mjs, used by the tests.

/** The engine's asset name of the plugin's archive for a platform (Go's names). */
export function releaseArchiveName(version: string, os: string, arch: string): string;

/** Writes the archives of `platforms` (`<os>-<arch>`; default all) and returns their paths. */
export function releasePlugin(options?: {
  releaseDir?: string;
  platforms?: string[];
  log?: (line: string) => void;
}): string[];
