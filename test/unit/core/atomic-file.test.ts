// The one atomic writer (core/atomic-file.ts), on real files in a folder of its own: a write
// that fails at any step (the disk full part-way, the flush, the rename; injected through the
// writer's file-system seam, since a read-only folder stops nothing for root) leaves the old
// file byte for byte and no temporary file; the temporary file is only ever created, never
// opened where something already is (a symbolic link planted at its very name is not followed);
// the target's mode is kept; a target that is a link stays one; and the text read must still be
// there (compare-and-swap), or nothing is replaced. Then what may be at the target, under each
// choice of `links`: only a regular file is replaced, a link followed or refused as the caller
// chose, checked again just before the rename; and, as root, the owner of the file replaced kept
// (those tests run only as root, as they can only there).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { lstat, open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { layers } from "../../support/layers";
import { FileWriteError, prepareAtomicWrite, writeFileAtomically } from "../../../core/atomic-file";
import type { WriterFileSystem } from "../../../core/atomic-file";

const folder = () => mkdtempSync(join(tmpdir(), "atomic-file-"));
/** How a fleet file or program is written: a link at its path is followed. */
const follow = { links: "follow" } as const;
/** An old file worth keeping: 64 KiB of bytes that are not text. */
const oldBytes = randomBytes(64 * 1024);

function withOld(mode = 0o644): { dir: string; file: string } {
  const dir = folder();
  const file = join(dir, "websites.yaml");
  writeFileSync(file, oldBytes);
  chmodSync(file, mode);
  return { dir, file };
}

const failure = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: injected`), { code });

/** A handle whose writes stop part-way with `code`, as a full disk or a quota stops them. */
function shortWrites(handle: FileHandle, code: string): FileHandle {
  return new Proxy(handle, {
    get(target, key, receiver) {
      if (key === "writeFile") {
        return async (data: string | Uint8Array) => {
          await target.writeFile(data.slice(0, 100));
          throw failure(code);
        };
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The same handle with `sync` failing. */
function failingSync(handle: FileHandle): FileHandle {
  return new Proxy(handle, {
    get(target, key, receiver) {
      if (key === "sync") return () => Promise.reject(failure("EIO"));
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const onlyTarget = (dir: string) => expect(readdirSync(dir)).toEqual(["websites.yaml"]);

describe("writeFileAtomically", () => {
  it("writes a new file with the default mode, and leaves nothing beside it", async () => {
    const dir = folder();
    const file = join(dir, "websites.yaml");
    await writeFileAtomically(file, "websites: []\n", follow);
    expect(readFileSync(file, "utf8")).toBe("websites: []\n");
    const umask = process.umask();
    expect(statSync(file).mode & 0o777).toBe(0o666 & ~umask);
    onlyTarget(dir);
  });

  it("keeps the target's mode: 0o640 stays 0o640, 0o755 stays 0o755", async () => {
    for (const mode of [0o640, 0o755, 0o600, 0o666]) {
      const { dir, file } = withOld(mode);
      await writeFileAtomically(file, "new\n", follow);
      expect(readFileSync(file, "utf8")).toBe("new\n");
      expect(statSync(file).mode & 0o7777).toBe(mode);
      onlyTarget(dir);
    }
  });

  it.each([
    ["the disk full part-way through the write (ENOSPC)", "ENOSPC"],
    ["a quota reached part-way through the write (EDQUOT)", "EDQUOT"],
  ])(
    "%s: the old file stays byte for byte, no temporary file is left, and the error says so",
    async (_, code) => {
      const { dir, file } = withOld();
      const fileSystem: Partial<WriterFileSystem> = {
        open: async (path, flags, mode) => shortWrites(await open(path, flags, mode), code),
      };
      const error = await writeFileAtomically(file, "x".repeat(100_000), { ...follow, fileSystem }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileWriteError);
      expect((error as Error).message).toBe(
        `${file} could not be written (${code}): the old file is unchanged.`,
      );
      expect(readFileSync(file).equals(oldBytes)).toBe(true);
      onlyTarget(dir);
    },
  );

  it("a write cut short for real (a file size limit, as a quota stops it): the old file stays", () => {
    const { dir, file } = withOld();
    // The writer bundled as it is, run by Node.js in a shell whose files may not exceed 4 KiB.
    const script = join(folder(), "write.mjs");
    buildSync({
      stdin: {
        contents:
          `import { writeFileAtomically } from "./core/atomic-file";\n` +
          `await writeFileAtomically(process.argv[2], "x".repeat(100_000), { links: "refuse" }).catch((e) => console.log(e.message));`,
        resolveDir: join(__dirname, "..", "..", ".."),
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: script,
      logLevel: "silent",
    });
    const said = execFileSync(
      "sh",
      ["-c", 'ulimit -f 8 && exec "$0" "$1" "$2"', process.execPath, script, file],
      {
        encoding: "utf8",
      },
    );
    expect(said.trim()).toBe(`${file} could not be written (EFBIG): the old file is unchanged.`);
    expect(readFileSync(file).equals(oldBytes)).toBe(true);
    onlyTarget(dir);
  });

  it("a flush that fails, or a rename that fails, leaves the old file as it was", async () => {
    const { dir, file } = withOld();
    const flush: Partial<WriterFileSystem> = {
      open: async (path, flags, mode) => failingSync(await open(path, flags, mode)),
    };
    await expect(writeFileAtomically(file, "new\n", { ...follow, fileSystem: flush })).rejects.toThrow(
      `${file} could not be written (EIO): the old file is unchanged.`,
    );
    const rename: Partial<WriterFileSystem> = { rename: () => Promise.reject(failure("EXDEV")) };
    await expect(writeFileAtomically(file, "new\n", { ...follow, fileSystem: rename })).rejects.toThrow(
      `${file} could not be written (EXDEV): the old file is unchanged.`,
    );
    expect(readFileSync(file).equals(oldBytes)).toBe(true);
    onlyTarget(dir);
  });

  it("a new file that cannot be written is not created, and the message says so", async () => {
    const dir = folder();
    const file = join(dir, "report.json");
    const fileSystem: Partial<WriterFileSystem> = {
      open: async (path, flags, mode) => shortWrites(await open(path, flags, mode), "ENOSPC"),
    };
    await expect(writeFileAtomically(file, "{}", { ...follow, fileSystem })).rejects.toThrow(
      `${file} could not be written (ENOSPC): no file was created.`,
    );
    expect(readdirSync(dir)).toEqual([]);
    // A folder that is not there: named, nothing made.
    await expect(writeFileAtomically(join(dir, "gone", "report.json"), "{}", follow)).rejects.toThrow(
      /gone\/report\.json could not be written \(ENOENT\)/,
    );
  });

  it("opens its temporary file only to create it: a link planted at that very name is not followed", async () => {
    const { dir, file } = withOld();
    const victim = join(folder(), "victim");
    writeFileSync(victim, "keep me\n");
    const opened: { path: string; flags: string }[] = [];
    // An attacker who guessed the random name: a link is there before the writer opens it.
    const fileSystem: Partial<WriterFileSystem> = {
      open: (path, flags, mode) => {
        opened.push({ path, flags });
        if (dirname(path) === dir) symlinkSync(victim, path);
        return open(path, flags, mode);
      },
    };
    await expect(writeFileAtomically(file, "new\n", { ...follow, fileSystem })).rejects.toThrow(
      `${file} could not be written (EEXIST): the old file is unchanged.`,
    );
    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(readFileSync(file).equals(oldBytes)).toBe(true);
    expect(opened).toEqual([
      { path: expect.stringMatching(/\/\.websites\.yaml\.[0-9a-f]{16}\.tmp$/) as unknown, flags: "wx" },
    ]);
    // The planted link is the attacker's: left where it is, still pointing where it pointed.
    expect(readlinkSync(opened[0]!.path)).toBe(victim);
  });

  it("never writes through links planted at guessable names beside the target", async () => {
    const { dir, file } = withOld();
    const victim = join(folder(), "victim");
    writeFileSync(victim, "keep me\n");
    // The old writer's name, and a few other guesses.
    const guesses = [
      `.websites.yaml.${process.pid}.tmp`,
      ".websites.yaml.tmp",
      "websites.yaml.tmp",
      "websites.yaml~",
    ];
    for (const guess of guesses) symlinkSync(victim, join(dir, guess));
    for (let i = 0; i < 20; i++) await writeFileAtomically(file, `round ${i}\n`, follow);
    expect(readFileSync(file, "utf8")).toBe("round 19\n");
    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(readdirSync(dir).sort()).toEqual([...guesses, "websites.yaml"].sort());
  });

  it("replaces the file a target link points to, and the link stays a link", async () => {
    const { dir, file } = withOld(0o640);
    const link = join(folder(), "linked.yaml");
    symlinkSync(file, link);
    await writeFileAtomically(link, "new\n", follow);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(statSync(file).mode & 0o7777).toBe(0o640);
    onlyTarget(dir);
  });

  it("replaces the file only if it still holds the text read; otherwise it names the file and writes nothing", async () => {
    const dir = folder();
    const file = join(dir, "websites.yaml");
    writeFileSync(file, "read\n");
    await writeFileAtomically(file, "fixed\n", { ...follow, expected: "read\n" });
    expect(readFileSync(file, "utf8")).toBe("fixed\n");

    // Someone saved the file after it was read.
    writeFileSync(file, "someone's edit\n");
    const error = await writeFileAtomically(file, "fixed again\n", { ...follow, expected: "fixed\n" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileWriteError);
    expect((error as FileWriteError).changed).toBe(true);
    expect((error as Error).message).toBe(
      `${file} changed since it was read, so it was not written: run again.`,
    );
    expect(readFileSync(file, "utf8")).toBe("someone's edit\n");
    onlyTarget(dir);

    // An edit made after the new text is ready, just before the rename, is caught too.
    const prepared = await prepareAtomicWrite(file, "late\n", { ...follow, expected: "someone's edit\n" });
    writeFileSync(file, "a later edit\n");
    await expect(prepared.commit()).rejects.toThrow("changed since it was read");
    expect(readFileSync(file, "utf8")).toBe("a later edit\n");
    onlyTarget(dir);
  });

  it("refuses a file read that is gone by the time of the write", async () => {
    const dir = folder();
    const file = join(dir, "websites.yaml");
    await expect(writeFileAtomically(file, "x\n", { ...follow, expected: "read\n" })).rejects.toThrow(
      `${file} changed since it was read (it is gone), so it was not written: run again.`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a prepared write that is discarded leaves the old file and nothing beside it", async () => {
    const { dir, file } = withOld();
    const prepared = await prepareAtomicWrite(file, "new\n", follow);
    expect(readdirSync(dir)).toHaveLength(2);
    await prepared.discard();
    expect(readFileSync(file).equals(oldBytes)).toBe(true);
    onlyTarget(dir);
  });

  it("is the only way the commands write a file", () => {
    const root = join(__dirname, "..", "..", "..");
    // The Action writes the runner's own files, the emulator is no command, the pack writes none.
    const writers = layers
      .filter((layer) => !["action", "emulator", "policy-pack"].includes(layer))
      .flatMap((layer) =>
        readdirSync(join(root, layer), { recursive: true, encoding: "utf8" })
          .filter((name) => name.endsWith(".ts"))
          .map((name) => join(root, layer, name)),
      )
      .filter((file) =>
        /\b(writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream)\(/.test(
          readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, ""),
        ),
      )
      .map((file) => relative(root, file));
    // drift's history lock is made exclusively (O_EXCL) and holds only who holds it: a torn one is
    // waited out like any other lock, never read as data.
    expect(writers).toEqual(["core/atomic-file.ts", "drift/history/history-lock.ts"]);
  });
});

const isRoot = process.getuid?.() === 0;

/** What is at a path, in words: what the writer must leave as it was when it refuses. */
function kindAt(path: string): string {
  const facts = lstatSync(path, { throwIfNoEntry: false });
  if (facts === undefined) return "nothing";
  if (facts.isSymbolicLink()) return `link to ${readlinkSync(path)}`;
  if (facts.isFile()) return `file: ${readFileSync(path, "utf8")}`;
  if (facts.isDirectory()) return "folder";
  if (facts.isFIFO()) return "named pipe";
  if (facts.isCharacterDevice()) return "character device";
  return "other";
}

/**
 * A target of each kind, made in a folder of its own beside the file a link may point to
 * (`elsewhere/victim`, "keep me\n"). The character device is made with mknod (root only: a
 * device of the test's own, never /dev's, so a writer that replaces it harms nothing).
 */
const targetKinds: {
  kind: string;
  rootOnly?: boolean;
  make: (target: string, victim: string) => void;
}[] = [
  { kind: "a regular file", make: (target) => writeFileSync(target, "old\n") },
  { kind: "a link to a file", make: (target, victim) => symlinkSync(victim, target) },
  { kind: "a dangling link", make: (target, victim) => symlinkSync(`${victim}.gone`, target) },
  { kind: "a named pipe", make: (target) => execFileSync("mkfifo", [target]) },
  {
    kind: "a character device (/dev/null's numbers)",
    rootOnly: true,
    make: (target) => execFileSync("mknod", [target, "c", "1", "3"]),
  },
  {
    kind: "a link to a character device (as /dev/stdout is)",
    rootOnly: true,
    make: (target, victim) => {
      rmSync(victim);
      execFileSync("mknod", [victim, "c", "1", "3"]);
      symlinkSync(victim, target);
    },
  },
  { kind: "a folder", make: (target) => mkdirSync(target) },
];

/** What each kind of target comes to under each choice of `links`: written, or refused saying why. */
const outcomes: Record<string, Record<"follow" | "refuse", "target" | "victim" | RegExp>> = {
  "a regular file": { follow: "target", refuse: "target" },
  "a link to a file": {
    follow: "victim",
    refuse:
      /^T is a symbolic link, and this file is not written through links \(the file it points to may be someone else's\): remove the link or choose another path\. Nothing was written\.$/,
  },
  "a dangling link": {
    follow:
      /^T is a symbolic link to a file that does not exist: remove the link or create the file\. Nothing was written\.$/,
    refuse: /^T is a symbolic link, and this file is not written through links/,
  },
  "a named pipe": {
    follow:
      /^T is a named pipe, not a regular file: only a regular file is replaced, never a device, pipe or folder\. Nothing was written\.$/,
    refuse: /^T is a named pipe, not a regular file/,
  },
  "a character device (/dev/null's numbers)": {
    follow: /^T is a character device, not a regular file/,
    refuse: /^T is a character device, not a regular file/,
  },
  "a link to a character device (as /dev/stdout is)": {
    follow: /^T is a symbolic link to V, a character device, not a regular file/,
    refuse: /^T is a symbolic link, and this file is not written through links/,
  },
  "a folder": {
    follow: /^T is a folder, not a regular file/,
    refuse: /^T is a folder, not a regular file/,
  },
};

describe("writeFileAtomically: what is at the target", () => {
  const cases = targetKinds.flatMap((target) =>
    (["follow", "refuse"] as const).map((links) => ({ ...target, links })),
  );
  it.each(cases)("$kind, links $links", async ({ kind, rootOnly, make, links }) => {
    if (rootOnly && !isRoot) return; // mknod needs root; the other rows prove the rest.
    const dir = folder();
    const elsewhere = folder();
    const target = join(dir, "drift.json");
    const victim = join(elsewhere, "victim");
    writeFileSync(victim, "keep me\n");
    make(target, victim);
    const before = { target: kindAt(target), victim: kindAt(victim) };
    const outcome = outcomes[kind]![links];

    const error = await writeFileAtomically(target, "new\n", { links }).catch((e: unknown) => e);

    if (outcome instanceof RegExp) {
      expect(error).toBeInstanceOf(FileWriteError);
      const said = (error as Error).message.replaceAll(target, "T").replaceAll(victim, "V");
      expect(said).toMatch(outcome);
      expect({ target: kindAt(target), victim: kindAt(victim) }).toEqual(before);
    } else {
      expect(error).toBeUndefined();
      // Written where it should be; the other left as it was (a link stays a link).
      expect(kindAt(outcome === "target" ? target : victim)).toBe("file: new\n");
      if (outcome === "victim") expect(kindAt(target)).toBe(before.target);
    }
    // Nothing left beside the target, nor beside the file its link points to.
    expect(readdirSync(dir)).toEqual(["drift.json"]);
    expect(readdirSync(elsewhere)).toEqual(["victim"]);
  });

  it.each([
    {
      links: "refuse" as const,
      swap: "a link planted at the target",
      plant: (target: string, victim: string) => {
        rmSync(target);
        symlinkSync(victim, target);
      },
      said: "T became a symbolic link while the write was made ready: only a regular file is replaced. Nothing was written.",
    },
    {
      links: "follow" as const,
      swap: "the file a link points to swapped for a named pipe",
      plant: (_: string, victim: string) => {
        rmSync(victim);
        execFileSync("mkfifo", [victim]);
      },
      said: "T became a named pipe while the write was made ready: only a regular file is replaced. Nothing was written.",
    },
  ])(
    "checks the target again just before the rename ($swap, links $links)",
    async ({ links, plant, said }) => {
      const dir = folder();
      const elsewhere = folder();
      const victim = join(elsewhere, "victim");
      writeFileSync(victim, "keep me\n");
      const target = join(dir, "drift.json");
      if (links === "refuse") writeFileSync(target, "old\n");
      else symlinkSync(victim, target);
      const prepared = await prepareAtomicWrite(target, "new\n", { links });
      plant(target, victim);
      const before = { target: kindAt(target), victim: kindAt(victim) };
      const error = await prepared.commit().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileWriteError);
      expect((error as Error).message.replaceAll(target, "T")).toBe(said);
      expect({ target: kindAt(target), victim: kindAt(victim) }).toEqual(before);
      expect(readdirSync(dir)).toEqual(["drift.json"]);
      expect(readdirSync(elsewhere)).toEqual(["victim"]);
    },
  );
});

describe("writeFileAtomically: a file that cannot be looked at is never taken for none", () => {
  it.each([
    {
      what: "the target",
      links: "refuse" as const,
      fileSystem: (): Partial<WriterFileSystem> => ({ lstat: () => Promise.reject(failure("EACCES")) }),
      said: "T could not be written (EACCES): nothing was written.",
    },
    {
      what: "the file a followed link points to",
      links: "follow" as const,
      fileSystem: (): Partial<WriterFileSystem> => ({ stat: () => Promise.reject(failure("EACCES")) }),
      said: "T could not be written (EACCES): nothing was written.",
    },
    {
      what: "the target, looked at again just before the rename",
      links: "refuse" as const,
      fileSystem: (): Partial<WriterFileSystem> => {
        let calls = 0;
        return { lstat: (path) => (++calls === 1 ? lstat(path) : Promise.reject(failure("EIO"))) };
      },
      said: "T could not be written (EIO): the old file is unchanged.",
    },
  ])("$what: the write fails, the old file unchanged", async ({ links, fileSystem, said }) => {
    const { dir, file } = withOld();
    const path = links === "follow" ? join(folder(), "linked.yaml") : file;
    if (path !== file) symlinkSync(file, path);
    const error = await writeFileAtomically(path, "new\n", { links, fileSystem: fileSystem() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileWriteError);
    expect((error as Error).message.replaceAll(path, "T")).toBe(said);
    expect(readFileSync(file).equals(oldBytes)).toBe(true);
    onlyTarget(dir);
  });
});

describe.runIf(isRoot)("writeFileAtomically as root: the owner of the file replaced", () => {
  it.each([
    { links: "refuse" as const, mode: 0o640, bits: "0640", via: "the file" },
    { links: "follow" as const, mode: 0o640, bits: "0640", via: "a link to it" },
    // A change of owner clears the set-ID bits: they are given back after it.
    { links: "refuse" as const, mode: 0o6755, bits: "6755", via: "the file" },
  ])("a file of 1000:1000 written by $via stays 1000:1000, mode $bits kept", async ({ links, mode, via }) => {
    const { dir, file } = withOld(mode);
    chownSync(file, 1000, 1000);
    chmodSync(file, mode);
    const path = via === "the file" ? file : join(folder(), "linked.yaml");
    if (path !== file) symlinkSync(file, path);
    await writeFileAtomically(path, "new\n", { links });
    const now = statSync(file);
    expect({ uid: now.uid, gid: now.gid, mode: now.mode & 0o7777 }).toEqual({ uid: 1000, gid: 1000, mode });
    expect(readFileSync(file, "utf8")).toBe("new\n");
    onlyTarget(dir);
  });

  /** The handle with `chown` replaced (given the real handle and what it was asked). */
  type Chown = (real: FileHandle, uid: number, gid: number) => Promise<void>;
  const withChown = (handle: FileHandle, chown: Chown): FileHandle =>
    new Proxy(handle, {
      get(target, key, receiver) {
        if (key === "chown") return (uid: number, gid: number) => chown(target, uid, gid);
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });

  it.each([
    {
      what: "a file system that refuses the owner (EPERM)",
      chown: () => Promise.reject(failure("EPERM")),
      why: "EPERM",
    },
    {
      what: "a file system that says yes and keeps root as the owner",
      chown: () => Promise.resolve(),
      why: "the file system made it 0:0",
    },
    {
      what: "a file system that gives the owner but keeps root's group",
      chown: (real: FileHandle, uid: number) => real.chown(uid, 0),
      why: "the file system made it 1000:0",
    },
    {
      what: "a file system that gives the group but keeps root as the owner",
      chown: (real: FileHandle, _uid: number, gid: number) => real.chown(0, gid),
      why: "the file system made it 0:1000",
    },
  ] satisfies { what: string; chown: Chown; why: string }[])(
    "$what: the write fails, the old file unchanged and still 1000:1000",
    async ({ chown, why }) => {
      const { dir, file } = withOld(0o640);
      chownSync(file, 1000, 1000);
      const fileSystem: Partial<WriterFileSystem> = {
        open: async (path, flags, mode) => withChown(await open(path, flags, mode), chown),
      };
      const error = await writeFileAtomically(file, "new\n", { links: "refuse", fileSystem }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileWriteError);
      expect((error as Error).message).toBe(
        `${file} could not be written: its owner and group (1000:1000) could not be given to the new file (${why}); the old file is unchanged.`,
      );
      expect(readFileSync(file).equals(oldBytes)).toBe(true);
      expect(statSync(file).uid).toBe(1000);
      onlyTarget(dir);
    },
  );
});
