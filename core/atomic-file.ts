// The one way the commands write a user's file (reports, baselines, fleet files, programs,
// generated projects): whole or not at all. The text goes into a new file beside the target,
// under a random name opened with `wx` (it fails if anything, a planted symbolic link included,
// is at that name, so nothing is written through a link), is flushed to the disk (fsync), takes
// the target's permission bits, and is renamed over the target; on POSIX the folder is flushed
// too, so the rename survives a crash. A write cut short (a full disk, a quota, a kill) leaves
// the old file as it was and at most a stray `.NAME.RANDOM.tmp` beside it, never a shorter file.
//
// With `expected` (the text the caller read and edited), the target must still hold it just
// before the rename, or nothing is replaced ("changed since it was read"). A small window
// remains between that last read and the rename: an edit saved within it is replaced. Nothing
// closes it short of a lock every editor takes, which files do not have.
import { randomBytes } from "node:crypto";
import * as fsp from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** The file operations the writer uses; tests replace one to make a step fail (ENOSPC, say). */
export interface WriterFileSystem {
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  rename(from: string, to: string): Promise<void>;
  stat(path: string): Promise<{ mode: number; uid: number; gid: number }>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<Buffer>;
  unlink(path: string): Promise<void>;
}

const nodeFileSystem: WriterFileSystem = {
  open: (path, flags, mode) => fsp.open(path, flags, mode),
  rename: (from, to) => fsp.rename(from, to),
  stat: (path) => fsp.stat(path),
  realpath: (path) => fsp.realpath(path),
  readFile: (path) => fsp.readFile(path),
  unlink: (path) => fsp.unlink(path),
};

export interface AtomicWriteOptions {
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
  options: AtomicWriteOptions = {},
): Promise<PreparedWrite> {
  const fs: WriterFileSystem = { ...nodeFileSystem, ...options.fileSystem };
  const absolute = resolve(file);
  // A target that is a symbolic link (a fleet file linked from elsewhere, say) keeps being one:
  // the file it points to is replaced, beside itself.
  let target = absolute;
  let existing: { mode: number; uid: number; gid: number } | undefined;
  try {
    target = await fs.realpath(absolute);
    existing = await fs.stat(target);
  } catch (error) {
    if (codeOf(error) !== "ENOENT") throw failure(file, error, undefined);
  }
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
      if (existing) {
        // Exactly the target's bits, whatever the umask; and, for root writing someone's file,
        // its owner (others cannot give a file away, and their files are theirs already).
        await handle.chmod(existing.mode & 0o7777);
        // Best effort: a file system that refuses (NFS squashing root, say) leaves it root's.
        if (process.getuid?.() === 0) await handle.chown(existing.uid, existing.gid).catch(() => undefined);
      }
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await removeTemporary();
    throw failure(file, error, exists);
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

/**
 * Writes `data` to `file` whole or not at all (see the top of this file). Throws FileWriteError
 * naming the file and saying the old file is unchanged (or that none was created).
 */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
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
