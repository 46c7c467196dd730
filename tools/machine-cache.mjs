// Where the repository's tools keep what they build or download: outside any clone, shared by
// every clone on the machine, one folder per version. `overrideVariable` names an environment
// variable that replaces the base folder.
import { homedir } from "node:os";
import { join } from "node:path";

export function machineCacheDir(kind, overrideVariable, version) {
  const base =
    process.env[overrideVariable] ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-webstats", kind);
  return join(base, `v${version}`);
}
