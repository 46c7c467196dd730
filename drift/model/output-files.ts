// The files drift writes (reports, baselines): each through a temporary file renamed into place,
// so a failed run leaves no half-written file, and each file's folder checked before the run starts.
import { existsSync, statSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** A report or baseline that cannot be written. */
export class OutputError extends Error {
  override name = "OutputError";
}

/** Writes `text` to `path` through a temporary file in the same folder. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, "utf8");
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new OutputError(`${path} could not be written (${code ?? (error as Error).message}).`, {
      cause: error,
    });
  }
}

/** Refuses a file to write whose folder is missing, or that is a folder itself. */
export function checkWritable(path: string, what: string): void {
  const folder = dirname(resolve(path));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new OutputError(
      `${what} ${path} cannot be written: the folder ${folder} does not exist. Create it first.`,
    );
  }
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new OutputError(`${what} ${path} is a folder: give a file name.`);
  }
}
