// Writing a generated project: into a new or empty folder, or over one with --force.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectFiles } from "./project";

/** --out must name a folder (new or existing), not a file. */
function fileProblem(folder: string): string | undefined {
  return statSync(folder).isDirectory() ? undefined : `--out ${folder} is a file, not a folder.`;
}

/**
 * Why a project may not be written into the folder, if it may not: a project must not
 * overwrite someone's work, so a folder that holds anything is refused unless forced.
 */
export function outputFolderProblem(folder: string, force: boolean): string | undefined {
  if (!existsSync(folder)) return undefined;
  const notFolder = fileProblem(folder);
  if (notFolder) return notFolder;
  if (!force && readdirSync(folder).length > 0) {
    return `--out ${folder} is not empty: choose a new folder, or add --force to write the project's files over it.`;
  }
  return undefined;
}

/** Why the import file may not be written, if it may not: an existing one is kept unless forced. */
export function importFileProblem(folder: string, name: string, force: boolean): string | undefined {
  const notFolder = existsSync(folder) ? fileProblem(folder) : undefined;
  if (notFolder) return notFolder;
  if (!force && existsSync(join(folder, name))) {
    return `${join(folder, name)} exists: remove it, or add --force to replace it.`;
  }
  return undefined;
}

export function writeProject(folder: string, files: ProjectFiles): void {
  mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
}
