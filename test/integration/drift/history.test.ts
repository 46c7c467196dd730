// drift --history through the real command in-process (runCli) against the emulator: a first run
// starts the history; a website changed out of band is new in the next run's reports, and fixed
// in the one after; a damaged file is a warning, kept beside the new one, and the run's exit code
// is the one it has without a history; two runs writing one file at once both keep their line.
// What each format prints of the history is test/unit/drift/report's; the file's cases one by one
// are test/unit/drift/history's.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { runCaptured } from "../../support/run-cli";
import { scratchFolder } from "../../support/scratch-folder";
import { writeStackExport } from "../../support/stack-exports";

const root = scratchFolder("drift-history-");
const at = (name: string) => join(root, name);

/** The runs in a history file, as written. */
const runsOf = (file: string) =>
  readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          at: string;
          counts: Record<string, number>;
          findings: { domain: string; status: string; firstSeen: string }[];
        },
    );

describe("pulumi-webstats drift --history", () => {
  let emulator: Emulator;
  let kept: Website;
  let state: string;

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const account = emulator.createAccount({ name: "History" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    kept = await client.websites.create({ domain: "kept.history.example" });
    await client.websites.create({ domain: "stray.history.example" });
    state = at("prod.json");
    writeStackExport(state, { project: "web", url: emulator.url, apiKey: account.apiKey, websites: [kept] });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  const drift = (history: string, ...more: string[]) =>
    runCaptured([
      "drift",
      "--state",
      state,
      "--history",
      history,
      "--format",
      "json",
      "--output",
      at("drift.json"),
      ...more,
    ]);
  const jsonHistory = () =>
    (
      JSON.parse(readFileSync(at("drift.json"), "utf8")) as {
        history: { counts: Record<string, number>; findings: { domain: string; new: boolean }[] };
      }
    ).history;

  it("starts the history, then tells what is new, then what was fixed", async () => {
    const file = at("runs.jsonl");
    const first = await drift(file);
    expect(first.code).toBe(2);
    expect(first.out).toMatch(
      /^The history starts with this run: 1 finding; the next run tells what is new and what was fixed\.$/m,
    );

    emulator.updateWebsite(kept.id, { email: 1 });
    const second = await drift(file);
    const since = runsOf(file)[0]!.at;
    const sinceText = `${since.slice(0, 10)} ${since.slice(11, 16)} UTC`;
    expect(second.out).toContain(
      `1 new, 0 fixed since ${sinceText}; 1 open, the oldest for under a day; 0 accepted.`,
    );
    expect(jsonHistory().counts).toEqual({ new: 1, open: 1, accepted: 0, fixed: 0 });
    expect(jsonHistory().findings.map((f) => [f.domain, f.new])).toEqual([
      ["kept.history.example", true],
      ["stray.history.example", false],
    ]);

    emulator.updateWebsite(kept.id, { email: 0 });
    const third = await drift(file);
    expect(third.out).toMatch(/^0 new, 1 fixed since .*; 1 open, the oldest for under a day; 0 accepted\.$/m);

    const runs = runsOf(file);
    expect(runs.map((r) => r.counts)).toEqual([
      { new: 0, open: 1, accepted: 0, fixed: 0 },
      { new: 1, open: 1, accepted: 0, fixed: 0 },
      { new: 0, open: 1, accepted: 0, fixed: 1 },
    ]);
    // The unmanaged website has been open since the first run.
    expect(runs[2]!.findings).toEqual([
      expect.objectContaining({ domain: "stray.history.example", firstSeen: runs[0]!.at }),
    ]);
    expect(readdirSync(root).filter((f) => f.startsWith("runs.jsonl"))).toEqual(["runs.jsonl"]);
  });

  it("keeps only the runs --history-keep keeps", async () => {
    const file = at("kept.jsonl");
    for (let run = 0; run < 3; run += 1) expect((await drift(file, "--history-keep", "2")).code).toBe(2);
    expect(runsOf(file)).toHaveLength(2);
  });

  it("warns of a damaged history, keeps it beside the new one, and exits as without a history", async () => {
    const file = at("damaged.jsonl");
    writeFileSync(file, '{"kind":"pulumi-webstats drift history","version":1,"at":"2026-');
    const run = await drift(file);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `Warning: ${file}:1 is not a JSON line (a damaged or truncated file); this run goes on without the difference.\n`,
    );
    expect(run.err).toMatch(
      new RegExp(
        `Warning: the history ${file} could not be used, so it is kept as ${file}\\.damaged-[0-9T-]+\\.\\d{3}Z and a new one starts with this run\\.\n`,
      ),
    );
    const aside = readdirSync(root).filter((f) => f.startsWith("damaged.jsonl.damaged-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(at(aside[0]!), "utf8")).toBe(
      '{"kind":"pulumi-webstats drift history","version":1,"at":"2026-',
    );
    expect(runsOf(file)).toHaveLength(1);
    expect(jsonHistory().counts.new).toBe(0);
  });

  it("keeps the lines of two runs writing one history at once", async () => {
    const file = at("shared.jsonl");
    expect((await drift(file)).code).toBe(2);
    const [a, b] = await Promise.all([drift(file), drift(file)]);
    expect([a.code, b.code]).toEqual([2, 2]);
    expect(runsOf(file)).toHaveLength(3);
    expect(readdirSync(root).filter((f) => f.startsWith("shared.jsonl"))).toEqual(["shared.jsonl"]);
  });
});
