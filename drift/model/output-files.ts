// The files drift writes (reports, baselines): each written whole or not at all by the one
// atomic writer (core/atomic-file.ts), and each file's folder checked before the run starts.
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { FileWriteError, writeFileAtomically } from "../../core/atomic-file";

/** A report or baseline that cannot be written. */
class OutputError extends Error {
  override name = "OutputError";
}

/** Writes `text` to `path` whole or not at all; a failure leaves the old file and says so. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomically(path, text);
  } catch (error) {
    if (!(error instanceof FileWriteError)) throw error;
    throw new OutputError(error.message, { cause: error });
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
