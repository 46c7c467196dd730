// The files drift writes (drift/model/output-files.ts): a file that cannot be written is an
// OutputError saying so, with the writer's error as its cause; a path that is a folder, a
// symbolic link, a pipe or a device is refused before the run starts, naming it and saying why;
// and a link planted once the run has started is refused when the file is written.
import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileWriteError } from "../../../../core/atomic-file";
import {
  checkWritable,
  REPORT_ON_STANDARD_OUTPUT,
  writeAtomically,
} from "../../../../drift/model/output-files";

describe("drift's output files", () => {
  it("reports a file it cannot write as an OutputError, the writer's error its cause", async () => {
    const folder = mkdtempSync(join(tmpdir(), "drift-output-"));
    const path = join(folder, "missing", "report.json");
    const error: unknown = await writeAtomically(path, "{}").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("OutputError");
    expect((error as Error).message).toBe(`${path} could not be written (ENOENT): no file was created.`);
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(FileWriteError);
    expect((cause as Error).message).toBe((error as Error).message);
  });

  it("refuses a path that is a folder", () => {
    const folder = mkdtempSync(join(tmpdir(), "drift-output-"));
    const path = join(folder, "report.html");
    mkdirSync(path);
    expect(() => checkWritable(path, "The report")).toThrow(
      expect.objectContaining({
        name: "OutputError",
        message: `The report ${path} is a folder: give a file name.`,
      }),
    );
    expect(() => checkWritable(join(folder, "new.html"), "The report")).not.toThrow();
  });

  const isRoot = process.getuid?.() === 0;
  const linkSaid =
    "is a symbolic link: drift does not write its files through links (the file it points to may be " +
    "someone else's); remove the link or choose another path.";
  it.each([
    {
      what: "a link to another user's file",
      make: (path: string, elsewhere: string) => {
        writeFileSync(join(elsewhere, "theirs"), "keep me\n");
        symlinkSync(join(elsewhere, "theirs"), path);
      },
      said: linkSaid,
    },
    {
      what: "a link to nothing",
      make: (path: string, elsewhere: string) => symlinkSync(join(elsewhere, "gone"), path),
      said: linkSaid,
    },
    {
      what: "a link to standard output (as /dev/stdout is)",
      make: (path: string) => symlinkSync("/proc/self/fd/1", path),
      said: linkSaid,
    },
    {
      what: "a named pipe",
      make: (path: string) => execFileSync("mkfifo", [path]),
      said: "is a named pipe, not a regular file: drift writes only regular files.",
    },
    {
      what: "a character device",
      rootOnly: true,
      make: (path: string) => execFileSync("mknod", [path, "c", "1", "3"]),
      said: "is a character device, not a regular file: drift writes only regular files.",
    },
  ])("refuses a path that is $what before the run starts, naming it", ({ make, said, rootOnly }) => {
    if (rootOnly && !isRoot) return; // mknod needs root.
    const folder = mkdtempSync(join(tmpdir(), "drift-output-"));
    const elsewhere = mkdtempSync(join(tmpdir(), "drift-output-elsewhere-"));
    const path = join(folder, "drift.json");
    make(path, elsewhere);
    expect(() => checkWritable(path, "The baseline")).toThrow(
      expect.objectContaining({ name: "OutputError", message: `The baseline ${path} ${said}` }),
    );
    // A report says where it can go instead.
    expect(() => checkWritable(path, "The report", REPORT_ON_STANDARD_OUTPUT)).toThrow(
      `The report ${path} ${said} A --format without --output writes its report to standard output.`,
    );
  });

  it("takes a folder that is a link (only the file itself must not be one)", () => {
    const folder = mkdtempSync(join(tmpdir(), "drift-output-"));
    const linked = join(mkdtempSync(join(tmpdir(), "drift-output-")), "reports");
    symlinkSync(folder, linked);
    expect(() => checkWritable(join(linked, "drift.json"), "The report")).not.toThrow();
  });

  it("refuses, when it writes, a link planted after the run started: nothing written through it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "drift-output-"));
    const elsewhere = mkdtempSync(join(tmpdir(), "drift-output-elsewhere-"));
    const path = join(folder, "drift.json");
    const theirs = join(elsewhere, "theirs");
    writeFileSync(theirs, "keep me\n");
    checkWritable(path, "The report");
    symlinkSync(theirs, path);
    await expect(writeAtomically(path, "{}")).rejects.toThrow(
      expect.objectContaining({
        name: "OutputError",
        message: expect.stringMatching(
          /is a symbolic link, and this file is not written through links/,
        ) as unknown,
      }),
    );
    expect(readFileSync(theirs, "utf8")).toBe("keep me\n");
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(readdirSync(folder)).toEqual(["drift.json"]);
  });
});
