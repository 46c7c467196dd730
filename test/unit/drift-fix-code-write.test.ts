// How `drift --fix code` writes the files it fixed (drift/fix/fix-code.ts writeFixedFiles), on
// real files: every new text made ready and every file checked before any is replaced, so a
// full disk or a file changed since it was read writes nothing; a failure while replacing them
// stops there, and the message says exactly which files were written and which were not. The
// command's own run of it is in test/integration/drift-fix-code.test.ts.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { FixRefused, writeFixedFiles } from "../../drift/fix/fix-code";
import type { WriterFileSystem } from "../../core/atomic-file";

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
});
