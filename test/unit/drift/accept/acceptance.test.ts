// drift's acceptance files (drift/accept/acceptance.ts): the first-seen dates a new baseline keeps
// from --baseline and from the file --write-baseline replaces, a file to write that cannot be
// written or read refused, naming the baseline, before anything is.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAcceptance, writeNewBaseline } from "../../../../drift/accept/acceptance";
import { baselineOf, formatBaseline, parseBaseline } from "../../../../drift/accept/baseline";
import type { DriftEntry } from "../../../../drift/model/entries";
import { entry } from "../../../support/drift-entries";

const folder = () => mkdtempSync(join(tmpdir(), "drift-acceptance-"));

/** Writes a baseline of `entries` first seen on `firstSeen` at `path`. */
const writeBaseline = (path: string, entries: DriftEntry[], firstSeen: string): string => {
  writeFileSync(path, formatBaseline(baselineOf(entries, firstSeen)));
  return path;
};

/** The domain and first-seen date of each entry of the baseline at `path`, read as a run reads it. */
const datesIn = (path: string): string[][] =>
  parseBaseline(readFileSync(path, "utf8"), path).entries.map((e) => [e.domain, e.firstSeen]);

const now = new Date("2025-06-01T12:00:00Z");

describe("drift: the baseline a run writes", () => {
  it("keeps the earliest first-seen date of --baseline and of the file it replaces", async () => {
    const dir = folder();
    const today = [entry("a.example.com", "unmanaged"), entry("b.example.com", "unmanaged")];
    const baseline = writeBaseline(join(dir, "accepted.yaml"), today, "2024-01-01");
    const replaced = writeBaseline(
      join(dir, "new.yaml"),
      [entry("b.example.com", "unmanaged"), entry("c.example.com", "unmanaged")],
      "2023-05-05",
    );
    const acceptance = await loadAcceptance({ baseline, writeBaseline: replaced }, dir);
    expect(await writeNewBaseline(today, acceptance, now)).toBe(2);
    expect(datesIn(replaced)).toEqual([
      ["a.example.com", "2024-01-01"],
      ["b.example.com", "2023-05-05"],
    ]);
  });

  it("keeps the dates of the file it replaces without --baseline, and of --baseline when it is that file", async () => {
    const dir = folder();
    const today = [entry("a.example.com", "unmanaged"), entry("n.example.com", "gone")];
    const file = writeBaseline(
      join(dir, "baseline.yaml"),
      [entry("a.example.com", "unmanaged")],
      "2024-01-01",
    );
    await writeNewBaseline(today, await loadAcceptance({ writeBaseline: file }, dir), now);
    expect(datesIn(file)).toEqual([
      ["a.example.com", "2024-01-01"],
      ["n.example.com", "2025-06-01"],
    ]);
    writeBaseline(file, [entry("a.example.com", "unmanaged")], "2024-01-01");
    await writeNewBaseline(today, await loadAcceptance({ baseline: file, writeBaseline: file }, dir), now);
    expect(datesIn(file)).toEqual([
      ["a.example.com", "2024-01-01"],
      ["n.example.com", "2025-06-01"],
    ]);
  });

  it("without --write-baseline, names no file and writes none", async () => {
    const dir = folder();
    const acceptance = await loadAcceptance({}, dir);
    expect(acceptance).toStrictEqual({ previous: [] });
    expect(await writeNewBaseline([entry("a.example.com", "unmanaged")], acceptance, now)).toBeUndefined();
  });

  it("refuses a file to write in a folder that does not exist, naming the baseline", async () => {
    const dir = folder();
    const path = join(dir, "missing", "baseline.yaml");
    await expect(loadAcceptance({ writeBaseline: path }, dir)).rejects.toThrow(
      `The baseline ${path} cannot be written: the folder ${join(dir, "missing")} does not exist. Create it first.`,
    );
  });

  it("refuses a baseline to write that is there but no regular file, naming it, before reading it", async () => {
    const dir = folder();
    // A socket: it exists, is no folder, and reading it would fail.
    const path = join(dir, "baseline.yaml");
    const server = createServer();
    await new Promise<void>((done) => server.listen(path, done));
    try {
      await expect(loadAcceptance({ writeBaseline: path }, dir)).rejects.toThrow(
        `The baseline ${path} is a socket, not a regular file: drift writes only regular files.`,
      );
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
