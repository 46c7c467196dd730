// The files drift writes (drift/model/output-files.ts): a file that cannot be written is an
// OutputError saying so, with the writer's error as its cause; a path that is a folder is
// refused before the run starts.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileWriteError } from "../../core/atomic-file";
import { checkWritable, writeAtomically } from "../../drift/model/output-files";

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
});
