// The one way the commands write a user's file (reports, baselines, fleet files, programs,
// generated projects): whole or not at all. The text goes into a new file beside the target,
// under a random name opened with `wx` (it fails if anything, a planted symbolic link included,
// is at that name, so nothing is written through a link), is flushed to the disk (fsync), takes
// the target's owner (when root writes) and permission bits, and is renamed over the target; on
// POSIX the folder is flushed too, so the rename survives a crash. A write cut short (a full disk,
// a quota, a kill) leaves the old file as it was and at most a stray `.NAME.RANDOM.tmp` beside
// it, never a shorter file.
//
// Only a regular file is replaced: a folder, a named pipe or a device (`/dev/stdout`, `/dev/null`)
// at the target is refused, never turned into a file. A target that is a symbolic link is the
// caller's choice (`links`): a fleet file or program linked from elsewhere is followed, as
// editors do; a report or baseline is refused, since in a shared folder the link may be another
// user's, pointing at a file of the user who runs the command. The target is checked (lstat)
// when the write is prepared and again just before the rename. What remains is the instant
// between that last check and the rename: a link or pipe put there then is replaced by the new
// file (rename never follows a link at its destination), so still nothing is written through it.
// Links in the folders above the target are followed (a home folder that is a link, say).
//
// With `expected` (the text the caller read and edited), the target must still hold it just
// before the rename, or nothing is replaced ("changed since it was read"). A small window
// remains between that last read and the rename: an edit saved within it is replaced. Nothing
// closes it short of a lock every editor takes, which files do not have.
import { randomBytes } from "node:crypto";
import * as fsp from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import type { Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** What the writer reads of a file: its kind, its permission bits and its owner. */
export type FileFacts = Pick<
  Stats,
  | "mode"
  | "uid"
  | "gid"
  | "isFile"
  | "isDirectory"
  | "isSymbolicLink"
  | "isFIFO"
  | "isCharacterDevice"
  | "isBlockDevice"
  | "isSocket"
>;

/** The file operations the writer uses; tests replace one to make a step fail (ENOSPC, say). */
export interface WriterFileSystem {
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  rename(from: string, to: string): Promise<void>;
  /** Of the file a link points to. */
  stat(path: string): Promise<FileFacts>;
  /** Of the name itself: a link is a link. */
  lstat(path: string): Promise<FileFacts>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<Buffer>;
  unlink(path: string): Promise<void>;
}

const nodeFileSystem: WriterFileSystem = {
  open: (path, flags, mode) => fsp.open(path, flags, mode),
  rename: (from, to) => fsp.rename(from, to),
  stat: (path) => fsp.stat(path),
  lstat: (path) => fsp.lstat(path),
  realpath: (path) => fsp.realpath(path),
  readFile: (path) => fsp.readFile(path),
  unlink: (path) => fsp.unlink(path),
};

export interface AtomicWriteOptions {
  /**
   * A target that is a symbolic link: `follow` replaces the file it points to, beside itself,
   * and the link stays (a fleet file or a program, as editors do); `refuse` writes nothing and
   * says why (a report, a baseline: files a run makes, where a planted link is an attack).
   */
  links: "follow" | "refuse";
  /**
   * The text (or bytes) the caller read from the target and based its new text on: the target
   * is replaced only if it still holds exactly that (a target that is gone does not).
   */
  expected?: string | Uint8Array;
  /** Only for tests: file operations to use instead of Node's. */
  fileSystem?: Partial<WriterFileSystem>;
}

/** A file that could not be written; its old content, if it had one, is as it was unless `replaced`. */
export class FileWriteError extends Error {
  override name = "FileWriteError";
  constructor(
    message: string,
    /** The file as the caller named it. */
    readonly file: string,
    /** The target held something else than `expected`: nothing was written, run again. */
    readonly changed: boolean,
    /** The new text is in place (only the folder's flush failed). */
    readonly replaced: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const codeOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));

/** Folder flushes some file systems do not support: nothing to flush there. */
const unsupportedFolderSync = new Set([
  "EINVAL",
  "ENOTSUP",
  "EOPNOTSUPP",
  "EISDIR",
  "EPERM",
  "EACCES",
  "EBADF",
]);

/**
 * A write made ready beside its target: the new text is in a temporary file, flushed. `commit`
 * renames it over the target (checking `expected` first); `discard` removes it. Preparing every
 * file before committing any lets a caller writing several files stop before it replaces one.
 */
export interface PreparedWrite {
  /** The file as the caller named it. */
  readonly file: string;
  /** Throws FileWriteError (changed) when the target no longer holds the text read. */
  check(): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Writes the temporary file beside `file`; throws FileWriteError, leaving nothing behind. */
export async function prepareAtomicWrite(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions,
): Promise<PreparedWrite> {
  const fs: WriterFileSystem = { ...nodeFileSystem, ...options.fileSystem };
  const { target, existing } = await targetOf(file, options.links, fs);
  const exists = existing !== undefined;
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString("hex")}.tmp`);
  let created = false;
  const removeTemporary = async (): Promise<void> => {
    if (!created) return;
    created = false;
    await fs.unlink(temporary).catch(() => undefined);
  };

  try {
    // `wx`: created here and now, or the open fails; a name already taken is never written.
    const handle = await fs.open(temporary, "wx", existing ? existing.mode & 0o7777 : 0o666);
    created = true;
    try {
      if (existing) await keepOwnerAndMode(handle, existing, file);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await removeTemporary();
    throw error instanceof FileWriteError ? error : failure(file, error, exists);
  }

  const check = async (): Promise<void> => {
    if (options.expected === undefined) return;
    let current: Buffer | undefined;
    try {
      current = await fs.readFile(target);
    } catch (error) {
      if (codeOf(error) !== "ENOENT") throw failure(file, error, true);
    }
    // Compared as the caller read it: text decoded, bytes as they are.
    const same =
      current !== undefined &&
      (typeof options.expected === "string"
        ? current.toString("utf8") === options.expected
        : current.equals(options.expected));
    if (!same) {
      throw new FileWriteError(
        `${file} changed since it was read${current === undefined ? " (it is gone)" : ""}, so it was not written: run again.`,
        file,
        true,
        false,
      );
    }
  };

  return {
    file,
    check: async () => {
      try {
        await check();
      } catch (error) {
        await removeTemporary();
        throw error;
      }
    },
    discard: removeTemporary,
    commit: async () => {
      try {
        await check();
        // Once more just before the rename: a link, a pipe or a folder put there since is refused.
        await checkStillRegular(file, target, fs);
        await fs.rename(temporary, target);
        created = false;
      } catch (error) {
        await removeTemporary();
        throw error instanceof FileWriteError ? error : failure(file, error, exists);
      }
      if (process.platform === "win32") return;
      try {
        const folder = await fs.open(dirname(target), "r");
        try {
          await folder.sync();
        } finally {
          await folder.close();
        }
      } catch (error) {
        if (unsupportedFolderSync.has(codeOf(error))) return;
        throw new FileWriteError(
          `${file} was written, but its folder could not be flushed to the disk (${codeOf(error)}): ` +
            "a crash now could still bring the old file back.",
          file,
          false,
          true,
          { cause: error },
        );
      }
    },
  };
}

/** A target that is not written, said as such: nothing was written. */
const refusal = (file: string, why: string): FileWriteError =>
  new FileWriteError(`${file} ${why}. Nothing was written.`, file, false, false);

/** What a file that is not a regular file is, in words ("a named pipe"); undefined for a regular file. */
export function otherKind(facts: FileFacts): string | undefined {
  if (facts.isFile()) return undefined;
  if (facts.isDirectory()) return "a folder";
  if (facts.isSymbolicLink()) return "a symbolic link";
  if (facts.isFIFO()) return "a named pipe";
  if (facts.isCharacterDevice()) return "a character device";
  if (facts.isBlockDevice()) return "a block device";
  if (facts.isSocket()) return "a socket";
  return "not a regular file";
}

const notRegular = (kind: string): string =>
  `${kind}, not a regular file: only a regular file is replaced, never a device, pipe or folder`;

/**
 * The file to replace (the target, or with `follow` the file its link points to) and its facts
 * (none when there is no file yet); throws FileWriteError when it is refused.
 */
async function targetOf(
  file: string,
  links: AtomicWriteOptions["links"],
  fs: WriterFileSystem,
): Promise<{ target: string; existing?: FileFacts }> {
  const absolute = resolve(file);
  let facts: FileFacts;
  try {
    facts = await fs.lstat(absolute);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return { target: absolute };
    throw failure(file, error, undefined);
  }
  if (!facts.isSymbolicLink()) {
    const kind = otherKind(facts);
    if (kind !== undefined) throw refusal(file, `is ${notRegular(kind)}`);
    return { target: absolute, existing: facts };
  }
  if (links === "refuse") {
    throw refusal(
      file,
      "is a symbolic link, and this file is not written through links (the file it points to " +
        "may be someone else's): remove the link or choose another path",
    );
  }
  let target: string;
  try {
    target = await fs.realpath(absolute);
    facts = await fs.stat(target);
  } catch (error) {
    // A link to nothing is not followed to create a file wherever it points.
    if (codeOf(error) === "ENOENT") {
      throw refusal(
        file,
        "is a symbolic link to a file that does not exist: remove the link or create the file",
      );
    }
    throw failure(file, error, undefined);
  }
  const kind = otherKind(facts);
  if (kind !== undefined) throw refusal(file, `is a symbolic link to ${target}, ${notRegular(kind)}`);
  return { target, existing: facts };
}

/** Just before the rename: the file to replace is still a regular file, or still none. */
async function checkStillRegular(file: string, target: string, fs: WriterFileSystem): Promise<void> {
  let facts: FileFacts;
  try {
    facts = await fs.lstat(target);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return;
    throw failure(file, error, true);
  }
  const kind = otherKind(facts);
  if (kind !== undefined) {
    throw refusal(file, `became ${kind} while the write was made ready: only a regular file is replaced`);
  }
}

/**
 * Gives the new file the target's permission bits, whatever the umask, and, when root writes
 * someone's file, its owner and group (others cannot give a file away, and their files are
 * theirs already). The owner first: a change of owner clears the set-user-ID and set-group-ID
 * bits, which the mode then puts back. A file system that does not keep the owner (NFS squashing
 * root, a container without the right to change owners) fails the write, the old file unchanged:
 * a user's report silently become root's is not the file the user had.
 */
async function keepOwnerAndMode(handle: FileHandle, existing: FileFacts, file: string): Promise<void> {
  const root = process.getuid?.() === 0;
  const owner = `${existing.uid}:${existing.gid}`;
  const ownerLost = (reason: string, cause?: unknown): FileWriteError =>
    new FileWriteError(
      `${file} could not be written: its owner and group (${owner}) could not be given to the new ` +
        `file (${reason}); the old file is unchanged.`,
      file,
      false,
      false,
      cause === undefined ? undefined : { cause },
    );
  if (root) {
    try {
      await handle.chown(existing.uid, existing.gid);
    } catch (error) {
      throw ownerLost(codeOf(error), error);
    }
  }
  await handle.chmod(existing.mode & 0o7777);
  if (root) {
    const made = await handle.stat();
    if (made.uid !== existing.uid || made.gid !== existing.gid) {
      throw ownerLost(`the file system made it ${made.uid}:${made.gid}`);
    }
  }
}

/**
 * Writes `data` to `file` whole or not at all (see the top of this file). Throws FileWriteError
 * naming the file and saying the old file is unchanged (or that none was created).
 */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions,
): Promise<void> {
  const prepared = await prepareAtomicWrite(file, data, options);
  await prepared.commit();
}

function failure(file: string, error: unknown, existed: boolean | undefined): FileWriteError {
  const after =
    existed === undefined
      ? "nothing was written"
      : existed
        ? "the old file is unchanged"
        : "no file was created";
  return new FileWriteError(
    `${file} could not be written (${codeOf(error)}): ${after}.`,
    file,
    false,
    false,
    {
      cause: error,
    },
  );
}
