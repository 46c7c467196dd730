// `drift --fix code` refuses a file it cannot write even when its mode says it may be written
// (drift/fix/fix-code.ts `unwritable`): a read-only file system, or a file gone since it was read,
// answer the access check with an error, whose code names the refusal. Node's file system
// cannot be made to answer so on a writable folder, so `access` is mocked for the one file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as FsPromises from "node:fs/promises";
import { FixRefused, fixCode } from "../../../../drift/fix/fix-code";
import { emailOn, fixOfA, fleetText, nodeProject, options } from "../../../support/fix-code-fixture";

const refused = vi.hoisted(() => ({ file: "", error: undefined as Error | undefined }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    access: async (path: Parameters<typeof actual.access>[0], mode?: number) => {
      if (path === refused.file && refused.error) throw refused.error;
      return actual.access(path, mode);
    },
  };
});

beforeEach(() => {
  refused.file = "";
  refused.error = undefined;
});

describe("drift --fix code: a file the access check refuses", () => {
  it("is named with the error's code, and nothing is written", async () => {
    const dir = nodeProject({ "a.yaml": fleetText });
    refused.file = join(dir, "a.yaml");
    refused.error = Object.assign(new Error("EROFS: read-only file system, access"), { code: "EROFS" });
    const error = await fixCode(fixOfA(dir, "a.yaml", emailOn, []), options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixRefused);
    expect((error as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  ${join(dir, "a.yaml")}: it cannot be written (EROFS): make it writable (chmod u+w) or change it by hand.`,
    );
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe(fleetText);
  });

  it("is named with the error's message when it has no code", async () => {
    const dir = nodeProject({ "a.yaml": fleetText });
    refused.file = join(dir, "a.yaml");
    refused.error = new Error("the disk is gone");
    const error = await fixCode(fixOfA(dir, "a.yaml", emailOn, []), options).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "drift --fix code wrote nothing:\n" +
        `  ${join(dir, "a.yaml")}: it cannot be written (the disk is gone): make it writable (chmod u+w) or change it by hand.`,
    );
    expect(readFileSync(join(dir, "a.yaml"), "utf8")).toBe(fleetText);
  });
});
