// The history file (drift/history/history-file.ts): read strictly line by line, every kind of bad
// file named with its line and never thrown; written under its lock, a bad file kept beside the
// new one, another run's line kept when it wrote in between, a lock held too long leaving this
// run's line in a file of its own, a killed run's lock taken over.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { truncate } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAX_HISTORY_BYTES,
  parseHistory,
  readHistory,
  writeHistory,
} from "../../../../drift/history/history-file";
import type { HistoryRun, RunWithFindings } from "../../../../drift/history/history-line";
import { changed } from "../../../support/drift-entries";
import { historyRuns } from "../../../support/drift-history";
import { scratchFolder } from "../../../support/scratch-folder";

const folder = scratchFolder("history-file-");
let files = 0;
/** A new history path in the scratch folder, with `text` in it when given. */
const historyFile = (text?: string): string => {
  const file = join(folder, `h${++files}`, "history.jsonl");
  mkdirSync(join(folder, `h${files}`));
  if (text !== undefined) writeFileSync(file, text);
  return file;
};
const night = (day: number): Date => new Date(Date.UTC(2026, 10, day, 2));
const runs = historyRuns(
  [1, 2, 3].map((day) => ({
    report: { stacks: ["web/prod"], websites: [changed(`d${day}.example`, "excludeBots")], accounts: [] },
    at: night(day),
  })),
);
const jsonl = (lines: readonly unknown[]): string => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
const [one, two, three] = runs as [RunWithFindings, RunWithFindings, RunWithFindings];
/** A run as the lines before the newest keep it: without its findings. */
const bare = ({ findings: _findings, ...run }: HistoryRun): HistoryRun => run;

describe("reading a history", () => {
  it("reads every run, and takes a missing file as an empty history", async () => {
    expect((await readHistory(historyFile(jsonl(runs)))).runs).toEqual(runs);
    expect(await readHistory(join(folder, "none.jsonl"))).toEqual({
      file: join(folder, "none.jsonl"),
      runs: [],
    });
  });

  it.each([
    [
      "a truncated last line",
      jsonl([one]) + JSON.stringify(two).slice(0, 40),
      /:2 is not a JSON line \(a damaged or truncated file\)$/,
    ],
    [
      "a blank line inside",
      `${JSON.stringify(one)}\n\n${JSON.stringify(two)}\n`,
      /:2 is blank: every line is one run$/,
    ],
    ["a key it does not name", jsonl([{ ...one, note: "x" }]), /:1 is not a drift history line: .*note/],
    [
      "a key that would colour a terminal",
      jsonl([{ ...one, "\u001b[31m\n::error::x": 1 }]),
      /:1 is not a drift history line: .*\\u001b\[31m\\n::error::x"$/,
    ],
    [
      "a wrong type",
      jsonl([{ ...one, counts: { ...one.counts, new: "3" } }]),
      /:1 is not a drift history line at counts\.new: /,
    ],
    [
      "a finding edited by hand",
      jsonl([one, { ...two, findings: [{ ...two.findings[0], status: "muted" }] }]),
      /:2 is not a drift history line at findings\.0\.status: /,
    ],
    [
      "another file's lines",
      jsonl([{ kind: "something else", version: 1 }]),
      /:1 is not a drift history line at kind: /,
    ],
    ["runs out of order", jsonl([bare(two), one]), /:2 is older than the line before it/],
    ["a line of null", "null\n", /:1 is not a drift history line: /],
    [
      "a newer version written as text",
      jsonl([{ ...one, version: "9" }]),
      /:1 is not a drift history line at version: /,
    ],
    [
      "another kind's newer version",
      jsonl([{ ...one, kind: "other", version: 2 }]),
      /:1 is not a drift history line at kind: /,
    ],
    ["a newest line without its findings", jsonl([one, bare(two)]), /:2, the newest run, has no findings: /],
    [
      "a newer release's line",
      jsonl([one, { ...two, version: 2, shape: "new" }]),
      /:2 was written by a newer pulumi-webstats \(history version 2; this one reads 1\): upgrade it to keep this history$/,
    ],
  ])("names the first problem of %s, and reads no run", async (_case, text, problem) => {
    const read = await readHistory(historyFile(text));
    expect(read.runs).toEqual([]);
    expect(read.problem).toMatch(problem);
    expect(read.text).toBe(text);
  });

  it("allows blank lines at the end only, and two runs of one time", () => {
    expect(parseHistory(`${JSON.stringify(one)}\n \n\t\n`, "f")).toEqual({ runs: [one] });
    expect(parseHistory(`${jsonl([bare(one), bare(two)])}  \n`, "f")).toEqual({
      problem: "f:2, the newest run, has no findings: the next run compares with them",
    });
    expect(parseHistory(jsonl([bare(one), { ...one, stacks: ["other/prod"] }]), "f")).toEqual({
      runs: [bare(one), { ...one, stacks: ["other/prod"] }],
    });
  });

  it.each([
    ["a folder", (file: string) => Promise.resolve(mkdirSync(file)), /cannot be read \(EISDIR\)$/],
    [
      "a file of exactly the largest size read, holding no run",
      async (file: string) => {
        writeFileSync(file, "");
        await truncate(file, MAX_HISTORY_BYTES);
      },
      /:1 is not a JSON line/,
    ],
  ])("names %s it cannot use, reading no run", async (_case, make, problem) => {
    const file = historyFile();
    await make(file);
    const read = await readHistory(file);
    expect(read.runs).toEqual([]);
    expect(read.problem).toMatch(problem);
  });
});

describe("writing a history", () => {
  const options = { keep: { runs: 3 }, now: night(4), lockWaitMs: 300 };
  const lines = (file: string): HistoryRun[] =>
    readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as HistoryRun);

  it("adds the run's line and keeps what --history-keep keeps, leaving no lock", async () => {
    const file = historyFile(jsonl(runs));
    const line = { ...three, at: night(4).toISOString() };
    expect(await writeHistory(await readHistory(file), line, options)).toEqual([]);
    // Only the newest line keeps its findings: the next run compares with it alone.
    expect(lines(file)).toEqual([bare(two), bare(three), line]);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("keeps a file too large to read beside the new one, never writing over it", async () => {
    // A file of holes: its size without writing it.
    const file = historyFile("");
    await truncate(file, MAX_HISTORY_BYTES + 1);
    const read = await readHistory(file);
    expect(read.problem).toBe(`${file} is 64 MiB, more than a history holds (64 MiB)`);
    expect(read.runs).toEqual([]);
    const warnings = await writeHistory(read, three, options);
    expect(warnings).toHaveLength(1);
    expect(statSync(`${file}.damaged-2026-11-04T02-00-00.000Z`).size).toBe(MAX_HISTORY_BYTES + 1);
    expect(lines(file)).toEqual([three]);
  });

  it("keeps a file it could not use beside the new one, which starts with this run", async () => {
    const damaged = jsonl([one]) + "{trunc";
    const file = historyFile(damaged);
    const warnings = await writeHistory(await readHistory(file), three, options);
    const aside = `${file}.damaged-2026-11-04T02-00-00.000Z`;
    expect(warnings).toEqual([
      `the history ${file} could not be used, so it is kept as ${aside} and a new one starts with this run.`,
    ]);
    expect(readFileSync(aside, "utf8")).toBe(damaged);
    expect(lines(file)).toEqual([three]);
  });

  it("never overwrites what a run of the same time kept aside", async () => {
    const file = historyFile("{torn");
    await writeHistory(await readHistory(file), two, options);
    writeFileSync(file, "{torn again");
    const warnings = await writeHistory(await readHistory(file), three, options);
    const stamp = "2026-11-04T02-00-00.000Z";
    expect(warnings).toEqual([
      `the history ${file} could not be used, so it is kept as ${file}.damaged-${stamp}-2 and a new one starts with this run.`,
    ]);
    expect(readFileSync(`${file}.damaged-${stamp}`, "utf8")).toBe("{torn");
    expect(readFileSync(`${file}.damaged-${stamp}-2`, "utf8")).toBe("{torn again");
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: "x" }));
    for (const line of [one, two]) await writeHistory(await readHistory(file), line, options);
    expect(lines(`${file}.run-${stamp}`)).toEqual([one]);
    expect(lines(`${file}.run-${stamp}-2`)).toEqual([two]);
  });

  it("keeps the line another run wrote since this run read the file, and adds this one after it", async () => {
    const file = historyFile(jsonl([one]));
    const read = await readHistory(file);
    writeFileSync(file, jsonl([one, two]));
    const line = { ...three, at: night(4).toISOString() };
    const warnings = await writeHistory(read, line, options);
    expect(warnings).toEqual([
      `another run wrote the history ${file} during this run: its line is kept, and this run's follows it.`,
    ]);
    expect(lines(file)).toEqual([bare(one), bare(two), line]);
  });

  it("writes back the lines it keeps as they were, without their padding", async () => {
    const file = historyFile(`${JSON.stringify(bare(one))}   \n${JSON.stringify(two)}\n`);
    await writeHistory(await readHistory(file), three, options);
    expect(readFileSync(file, "utf8")).toBe(jsonl([bare(one), bare(two), three]));
  });

  it("keeps aside a file another run damaged during this run, and starts a new one", async () => {
    const file = historyFile(jsonl([one]));
    const read = await readHistory(file);
    writeFileSync(file, "{torn");
    const warnings = await writeHistory(read, two, options);
    expect(warnings).toEqual([
      `the history ${file} could not be used, so it is kept as ${file}.damaged-2026-11-04T02-00-00.000Z and a new one starts with this run.`,
    ]);
    expect(lines(file)).toEqual([two]);
  });

  it.each([
    ["another machine's", { pid: 4_194_305, host: "another-machine", at: "x" }],
    ["a torn", "{"],
  ])("waits out %s lock, never taking it over", async (_case, holder) => {
    const file = historyFile(jsonl([one]));
    writeFileSync(`${file}.lock`, typeof holder === "string" ? holder : JSON.stringify(holder));
    const warnings = await writeHistory(await readHistory(file), two, options);
    expect(warnings[0]).toMatch(/is being written by another run/);
    expect(lines(file)).toEqual([one]);
  });

  it("fails, rather than waiting, when the lock cannot be made at all", async () => {
    const file = join(folder, "no-folder", "history.jsonl");
    // The lock's own error, at once: not a wait, then this run's line refused beside it.
    await expect(writeHistory({ file, runs: [] }, two, options)).rejects.toThrow(
      /^ENOENT: no such file or directory, open '.*history\.jsonl\.lock'$/,
    );
  });

  it("leaves this run's line in a file of its own while another run holds the lock", async () => {
    const file = historyFile(jsonl([one]));
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: "x" }));
    const warnings = await writeHistory(await readHistory(file), two, options);
    const aside = `${file}.run-2026-11-04T02-00-00.000Z`;
    expect(warnings).toEqual([
      `the history ${file} is being written by another run (${file}.lock); this run's line is in ${aside}: add it to the history, or remove ${file}.lock if no run holds it.`,
    ]);
    expect(lines(aside)).toEqual([two]);
    expect(lines(file)).toEqual([one]);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it("takes over the lock of a run on this machine whose process is gone", async () => {
    const file = historyFile(jsonl([one]));
    // A process id no process has: above the kernel's largest.
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 4_194_305, host: hostname(), at: "x" }));
    expect(await writeHistory(await readHistory(file), two, options)).toEqual([]);
    expect(lines(file)).toEqual([bare(one), two]);
    expect(readdirSync(join(file, "..")).sort()).toEqual(["history.jsonl"]);
  });
});
