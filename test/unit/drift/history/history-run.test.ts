// The history stage's ends (drift/history/history-run.ts): the file checked before any stack,
// a finding carried for a stack no kept run read dropped, and a history that cannot be written,
// or is held by another run, a warning after the reports, never the run's failure.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { historyOfRun, prepareHistory, recordHistory } from "../../../../drift/history/history-run";
import { changed, prodEntry } from "../../../support/drift-entries";
import { scratchFolder } from "../../../support/scratch-folder";

const folder = scratchFolder("history-run-");
const now = new Date(Date.UTC(2026, 11, 1, 2));
const report = { stacks: ["web/prod"], websites: [changed("a.example", "excludeBots")], accounts: [] };

describe("the history stage", () => {
  it("refuses, before any stack is read, a history whose folder is missing", async () => {
    await expect(
      prepareHistory({ file: join(folder, "missing", "h.jsonl"), keep: { runs: 10 } }),
    ).rejects.toThrow(
      /^The history .*h\.jsonl cannot be written: the folder .*missing does not exist\. Create it first\.$/,
    );
  });

  it("carries a stack's findings while a run it keeps read the stack, and drops them after", async () => {
    const options = { file: join(folder, "carried.jsonl"), keep: { runs: 2 } };
    const staging = prodEntry("s.example", 9, "gone", { stacks: ["web/staging"] });
    const runs = [
      { ...report, stacks: ["web/prod", "web/staging"], websites: [...report.websites, staging] },
      report,
      report,
    ];
    const carried: string[][] = [];
    for (const [night, each] of runs.entries()) {
      const at = new Date(now.getTime() + night * 86_400_000);
      const run = historyOfRun(await prepareHistory(options), each, options, at);
      carried.push(run.diff.line.findings.map((f) => f.domain!));
      expect(await recordHistory(run, options, at)).toEqual([]);
    }
    // The second run keeps the first, which read web/staging; the third keeps only the second.
    expect(carried).toEqual([["a.example", "s.example"], ["a.example", "s.example"], ["a.example"]]);
  });

  it("warns, and writes nothing, when the history cannot be written after the reports", async () => {
    const dir = join(folder, "gone");
    mkdirSync(dir);
    const options = { file: join(dir, "h.jsonl"), keep: { runs: 10 } };
    const run = historyOfRun(await prepareHistory(options), report, options, now);
    rmSync(dir, { recursive: true });
    const [warning, ...more] = await recordHistory(run, options, now);
    expect(more).toEqual([]);
    expect(warning).toMatch(
      new RegExp(`^the history ${options.file} was not written, and this run is not in it: .*ENOENT`),
    );
  });

  it("waits for another run's lock as long as it is told", async () => {
    const options = { file: join(folder, "held.jsonl"), keep: { runs: 10 }, lockWaitMs: 200 };
    writeFileSync(`${options.file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: "x" }));
    const run = historyOfRun(await prepareHistory(options), report, options, now);
    const [warning] = await recordHistory(run, options, now);
    expect(warning).toMatch(/is being written by another run/);
  }, 5_000);
});
