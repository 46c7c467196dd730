// The files drift writes (reports, baselines, shard files): each written whole or not at all by
// the one atomic writer (core/atomic-file.ts), and each path checked before the run starts. Only
// a regular file is written: a symbolic link at the path is refused, never followed (in a shared
// folder it may be another user's, pointing at a file of whoever runs drift), and so is a
// device, a pipe or a folder (`--output /dev/stdout` would replace the device with a file). The
// writer checks again when it writes: a link planted during the run is refused then.
import { lstatSync, statSync } from "node:fs";
import type { Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { FileWriteError, otherKind, writeFileAtomically } from "../../core/atomic-file";

/** Where a report refused for its path's kind (`--output /dev/stdout`, say) goes instead. */
export const REPORT_ON_STANDARD_OUTPUT = "A --format without --output writes its report to standard output.";

/** A report or baseline that cannot be written. */
class OutputError extends Error {
  override name = "OutputError";
}

/** Writes `text` to `path` whole or not at all, never through a link; a failure leaves the old file and says so. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomically(path, text, { links: "refuse" });
  } catch (error) {
    if (!(error instanceof FileWriteError)) throw error;
    throw new OutputError(error.message, { cause: error });
  }
}

/** The facts of `path` itself (a link is a link), or of what it points to; none when nothing is there. */
export function factsOf(path: string, links: "follow" | "own"): Stats | undefined {
  try {
    return links === "own" ? lstatSync(path) : statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a file to write whose folder is missing, or that is anything but a regular file (a
 * folder, a symbolic link, a device, a pipe). `instead` ends the message of a path refused for
 * its kind: where the output can go instead (standard output, for a report).
 */
export function checkWritable(path: string, what: string, instead?: string): void {
  const folder = dirname(resolve(path));
  // The folder may be a link (a home folder elsewhere, say): only the file itself must not be one.
  if (!factsOf(folder, "follow")?.isDirectory()) {
    throw new OutputError(
      `${what} ${path} cannot be written: the folder ${folder} does not exist. Create it first.`,
    );
  }
  const facts = factsOf(path, "own");
  if (facts === undefined) return;
  const end = instead === undefined ? "" : ` ${instead}`;
  if (facts.isDirectory()) throw new OutputError(`${what} ${path} is a folder: give a file name.${end}`);
  if (facts.isSymbolicLink()) {
    throw new OutputError(
      `${what} ${path} is a symbolic link: drift does not write its files through links (the file ` +
        `it points to may be someone else's); remove the link or choose another path.${end}`,
    );
  }
  const kind = otherKind(facts);
  if (kind !== undefined) {
    throw new OutputError(
      `${what} ${path} is ${kind}, not a regular file: drift writes only regular files.${end}`,
    );
  }
}
