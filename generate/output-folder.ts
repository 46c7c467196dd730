// Writing a generated project: into a new or empty folder, or over one with --force.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./cli-options";
import type { ProjectFiles } from "./project";

/** --out must name a folder (new or existing), not a file. */
function refuseFile(folder: string): void {
  if (!statSync(folder).isDirectory()) throw new UsageError(`--out ${folder} is a file, not a folder.`);
}

/** Refuses a folder that holds anything, unless forced: a project must not overwrite someone's work. */
export function checkOutputFolder(folder: string, force: boolean): void {
  if (!existsSync(folder)) return;
  refuseFile(folder);
  if (!force && readdirSync(folder).length > 0) {
    throw new UsageError(
      `--out ${folder} is not empty: choose a new folder, or add --force to write the project's files over it.`,
    );
  }
}

/** Refuses to replace an existing file of that name in the folder, unless forced. */
export function checkImportFile(folder: string, name: string, force: boolean): void {
  if (existsSync(folder)) refuseFile(folder);
  if (!force && existsSync(join(folder, name))) {
    throw new UsageError(`${join(folder, name)} exists: remove it, or add --force to replace it.`);
  }
}

export function writeProject(folder: string, files: ProjectFiles): void {
  mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
}
