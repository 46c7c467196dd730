// How `drift --fix code` writes the files it fixed (drift/fix/fix-code.ts writeFixedFiles), on
// real files: every new text made ready and every file checked before any is replaced, so a
// full disk or a file changed since it was read writes nothing; a failure while replacing them
// stops there, and the message says exactly which files were written and which were not. The
// command's own run of it is in test/integration/drift/fix/fix-code.test.ts.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { FixRefused, writeFixedFiles } from "../../../../drift/fix/fix-code";
import type { WriterFileSystem } from "../../../../core/atomic-file";

function project(): { dir: string; files: string[]; read: Map<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "fix-code-write-"));
  const files = ["a.yaml", "b.yaml", "c.yaml"].map((name) => join(dir, name));
  const read = new Map(files.map((file) => [file, `websites: [] # ${basename(file)} as read\n`]));
  for (const [file, text] of read) writeFileSync(file, text);
  return { dir, files, read };
}

const fixedTexts = (files: string[]) =>
  new Map(files.map((file) => [file, `websites: [] # ${basename(file)} fixed\n`]));
const failure = (code: string) => Object.assign(new Error(code), { code });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("drift --fix code: writing the fixed files", () => {
  it("writes every file when nothing goes wrong, and leaves nothing beside them", async () => {
    const { dir, files, read } = project();
    await writeFixedFiles(fixedTexts(files), (file) => read.get(file));
    for (const file of files)
      expect(readFileSync(file, "utf8")).toBe(`websites: [] # ${basename(file)} fixed\n`);
    expect(readdirSync(dir).sort()).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
  });

  it("a file changed since it was read: nothing is written, and the message names that file", async () => {
    const { dir, files, read } = project();
    writeFileSync(files[1]!, "websites: [] # someone's edit\n");
    const error = await refusal(writeFixedFiles(fixedTexts(files), (file) => read.get(file)));
    expect(error).toBeInstanceOf(FixRefused);
    expect((error as Error).message).toBe(
      `drift --fix code wrote nothing:\n  ${files[1]} changed since it was read, so it was not written: run again.`,
    );
    expect(readFileSync(files[0]!, "utf8")).toBe(read.get(files[0]!));
    expect(readFileSync(files[1]!, "utf8")).toBe("websites: [] # someone's edit\n");
    expect(readFileSync(files[2]!, "utf8")).toBe(read.get(files[2]!));
    expect(readdirSync(dir).sort()).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
  });

  it("a full disk while the new texts are made ready: nothing is written", async () => {
    const { dir, files, read } = project();
    const fileSystem: Partial<WriterFileSystem> = {
      open: async (path, flags, mode) => {
        const handle = await open(path, flags, mode);
        if (!basename(path).startsWith(".c.yaml.")) return handle;
        return new Proxy(handle, {
          get: (target, key) => {
            if (key === "writeFile") return () => Promise.reject(failure("ENOSPC"));
            const value = Reflect.get(target, key) as unknown;
            return typeof value === "function" ? (value as () => unknown).bind(target) : value;
          },
        });
      },
    };
    const error = await refusal(writeFixedFiles(fixedTexts(files), (file) => read.get(file), fileSystem));
    expect((error as Error).message).toBe(
      `drift --fix code wrote nothing:\n  ${files[2]} could not be written (ENOSPC): the old file is unchanged.`,
    );
    for (const file of files) expect(readFileSync(file, "utf8")).toBe(read.get(file));
    expect(readdirSync(dir).sort()).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
  });

  it("a failure while replacing them stops there, and says which files were written and which were not", async () => {
    const { dir, files, read } = project();
    const fileSystem: Partial<WriterFileSystem> = {
      rename: (from, to) => (basename(to) === "b.yaml" ? Promise.reject(failure("EIO")) : rename(from, to)),
    };
    const error = await refusal(writeFixedFiles(fixedTexts(files), (file) => read.get(file), fileSystem));
    expect((error as Error).message).toBe(
      [
        "drift --fix code stopped after writing 1 of 3 files:",
        `  ${files[1]} could not be written (EIO): the old file is unchanged.`,
        `  written: ${files[0]}`,
        `  not written, each as it was: ${files[1]}, ${files[2]}`,
      ].join("\n"),
    );
    expect(readFileSync(files[0]!, "utf8")).toBe("websites: [] # a.yaml fixed\n");
    expect(readFileSync(files[1]!, "utf8")).toBe(read.get(files[1]!));
    expect(readFileSync(files[2]!, "utf8")).toBe(read.get(files[2]!));
    expect(readdirSync(dir).sort()).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
  });

  it("a failure replacing the first file: nothing was written, said as such", async () => {
    const { files, read } = project();
    const fileSystem: Partial<WriterFileSystem> = {
      rename: (from, to) => (basename(to) === "a.yaml" ? Promise.reject(failure("EIO")) : rename(from, to)),
    };
    const error = await refusal(writeFixedFiles(fixedTexts(files), (file) => read.get(file), fileSystem));
    expect((error as Error).message).toBe(
      `drift --fix code wrote nothing:\n  ${files[0]} could not be written (EIO): the old file is unchanged.`,
    );
    for (const file of files) expect(readFileSync(file, "utf8")).toBe(read.get(file));
  });

  it("a file in place whose folder could not be flushed counts as written, the rest not", async () => {
    const { dir, files, read } = project();
    let folderOpens = 0;
    const folderFailing = (failing: number): Partial<WriterFileSystem> => ({
      open: (path, flags, mode) =>
        path === dir && ++folderOpens === failing ? Promise.reject(failure("EIO")) : open(path, flags, mode),
    });
    const second = await refusal(
      writeFixedFiles(fixedTexts(files), (file) => read.get(file), folderFailing(2)),
    );
    expect((second as Error).message).toBe(
      [
        "drift --fix code stopped after writing 2 of 3 files:",
        `  ${files[1]} was written, but its folder could not be flushed to the disk (EIO): a crash now could still bring the old file back.`,
        `  written: ${files[0]}, ${files[1]}`,
        `  not written, each as it was: ${files[2]}`,
      ].join("\n"),
    );
    expect(readFileSync(files[1]!, "utf8")).toBe("websites: [] # b.yaml fixed\n");
    expect(readFileSync(files[2]!, "utf8")).toBe(read.get(files[2]!));

    // The last file: every file is written, and no line lists files not written.
    const again = project();
    folderOpens = 0;
    const last = await refusal(
      writeFixedFiles(fixedTexts(again.files), (file) => again.read.get(file), {
        open: (path, flags, mode) =>
          path === again.dir && ++folderOpens === 3
            ? Promise.reject(failure("EIO"))
            : open(path, flags, mode),
      }),
    );
    expect((last as Error).message).toBe(
      [
        "drift --fix code stopped after writing 3 of 3 files:",
        `  ${again.files[2]} was written, but its folder could not be flushed to the disk (EIO): a crash now could still bring the old file back.`,
        `  written: ${again.files.join(", ")}`,
      ].join("\n"),
    );
  });

  it("an unexpected error while the texts are made ready is passed on, and nothing is left beside the files", async () => {
    const { dir, files, read } = project();
    const bug = new TypeError("not a file error");
    const readText = (file: string): string | undefined => {
      if (file === files[1]) throw bug;
      return read.get(file);
    };
    const error = await refusal(writeFixedFiles(fixedTexts(files), readText));
    expect(error).toBe(bug);
    for (const file of files) expect(readFileSync(file, "utf8")).toBe(read.get(file));
    expect(readdirSync(dir).sort()).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
  });
});
