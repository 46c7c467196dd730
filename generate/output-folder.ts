// Writing a generated project: into a new or empty folder, or over one with --force.
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../core/atomic-file";
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

/**
 * Writes each file whole or not at all (core/atomic-file.ts): a file replaced with --force is
 * either the old one or the new one, never a mix; a failure names the file and the files written
 * before it.
 */
export async function writeProject(folder: string, files: ProjectFiles): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    try {
      // A file of the project linked from elsewhere is replaced where it is, as editors do.
      await writeFileAtomically(join(folder, name), content, { links: "follow" });
    } catch (error) {
      if (written.length === 0) throw error;
      throw new Error(`${(error as Error).message} Written before it: ${written.join(", ")}.`, {
        cause: error,
      });
    }
    written.push(join(folder, name));
  }
}
