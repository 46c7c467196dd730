// The history's part of a report's view (drift/report/view/history-view.ts), which every format
// shows: the headline on the first run, after runs with new, open, accepted and fixed findings,
// and when the file could not be used; each finding's age and subject; the order new, open,
// accepted; each website row's mark (new, and its oldest finding's age and time); the trend.
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { DriftReport, PolicyFinding } from "../../../../drift/model/report";
import { ageText, historySubject, timeText } from "../../../../drift/report/view/history-view";
import type { HistoryView } from "../../../../drift/report/view/history-view";
import type { HistoryFinding } from "../../../../drift/history/history-line";
import { account, prodEntry } from "../../../support/drift-entries";
import { viewWithHistory } from "../../../support/drift-history";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t0 = new Date("2026-11-01T02:00:00Z");
const after = (ms: number) => new Date(t0.getTime() + ms);

const changedEntry = (domain: string, id: number, fields: string[], more: Partial<DriftEntry> = {}) =>
  prodEntry(domain, id, "changed", {
    changes: fields.map((field) => ({ field, recorded: 1, live: 2 })),
    ...more,
  });

const reportOf = (websites: DriftEntry[], policy: PolicyFinding[] = []): DriftReport => ({
  stacks: ["web/prod"],
  websites,
  accounts: [{ ...account, websites: websites.length, plan: null }],
  ...(policy.length > 0
    ? {
        policy: {
          file: "policy.yaml",
          rules: [{ name: "no-bots", description: "Bots excluded.", level: "advisory" as const }],
          failOn: false,
          findings: policy,
        },
      }
    : {}),
});

const historyOf = (...args: Parameters<typeof viewWithHistory>): HistoryView => {
  const history = viewWithHistory(...args).history;
  if (!history) throw new Error("the view has no history");
  return history;
};

/** Each finding of the view: its subject, status, whether new, its age. */
const listed = (history: HistoryView) =>
  history.findings.map((f) => [f.subject, f.finding.status, f.new, f.age]);

describe("the history's view: its headline", () => {
  it("on the history's first run, counts the findings and compares with nothing", () => {
    const report = reportOf([
      changedEntry("a.example.com", 1, ["excludeIps"]),
      prodEntry("b.example.com", 2, "gone"),
    ]);
    const history = historyOf(report, [], t0);
    expect(history.headline).toBe(
      "The history starts with this run: 2 findings; the next run tells what is new and what was fixed.",
    );
    expect(history.since).toBeUndefined();
    expect(history.sinceText).toBeUndefined();
    expect(history.warning).toBeUndefined();
    expect(history.at).toBe(t0.toISOString());
    // Nothing is new on the first run: every finding is open.
    expect(listed(history)).toEqual([
      ["a.example.com (1) changed: excludeIps", "open", false, "under a day"],
      ["b.example.com (2) gone", "open", false, "under a day"],
    ]);
    expect(history.fixed).toEqual([]);
    expect(history.counts).toEqual({ new: 0, open: 2, accepted: 0, fixed: 0 });
    expect(historyOf(reportOf([]), [], t0).headline).toBe(
      "The history starts with this run: 0 findings; the next run tells what is new and what was fixed.",
    );
  });

  it("after a run: new and fixed since it, open with the oldest's age, accepted", () => {
    const earlier = reportOf([
      changedEntry("a.example.com", 1, ["excludeIps"]),
      prodEntry("b.example.com", 2, "gone"),
      prodEntry("d.example.com", 4, "unmanaged", {
        ignored: [{ rule: ".webstats-drift.yaml:3", reason: "x" }],
      }),
    ]);
    const now = reportOf([
      changedEntry("a.example.com", 1, ["excludeIps", "excludeBots"]),
      prodEntry("c.example.com", 3, "unmanaged"),
      prodEntry("d.example.com", 4, "unmanaged", {
        ignored: [{ rule: ".webstats-drift.yaml:3", reason: "x" }],
      }),
    ]);
    const history = historyOf(now, [{ report: earlier, at: t0 }], after(40 * DAY + HOUR));
    expect(history.headline).toBe(
      "2 new, 1 fixed since 2026-11-01 02:00 UTC; 1 open, the oldest for 40 days; 1 accepted.",
    );
    expect(history.since).toBe(t0.toISOString());
    expect(history.sinceText).toBe("2026-11-01 02:00 UTC");
    expect(history.at).toBe(after(40 * DAY + HOUR).toISOString());
    expect(history.counts).toEqual({ new: 2, open: 1, accepted: 1, fixed: 1 });
  });

  it("with nothing open, gives no oldest", () => {
    const earlier = reportOf([prodEntry("b.example.com", 2, "gone")]);
    const history = historyOf(reportOf([]), [{ report: earlier, at: t0 }], after(DAY));
    expect(history.headline).toBe("0 new, 1 fixed since 2026-11-01 02:00 UTC; 0 open; 0 accepted.");
  });

  it("when the file could not be used, says so and why, in the headline and a warning", () => {
    const problem = "drift-history.jsonl line 3 is not a JSON line (a damaged or truncated file)";
    const report = reportOf([prodEntry("b.example.com", 2, "gone")]);
    const history = historyOf(report, [], t0, {}, { problem });
    expect(history.headline).toBe(`History not compared: ${problem}.`);
    expect(history.warning).toBe(`${problem}; this run goes on without the difference.`);
    expect(history.since).toBeUndefined();
    expect(history.findings.map((f) => f.new)).toEqual([false]);
  });
});

describe("the history's view: its findings", () => {
  it("lists new, then open (oldest first), then accepted", () => {
    const ignored = { ignored: [{ rule: ".webstats-drift.yaml:3", reason: "x" }] };
    const first = reportOf([prodEntry("old.example.com", 1, "gone")]);
    const second = reportOf([
      prodEntry("old.example.com", 1, "gone"),
      prodEntry("mid.example.com", 2, "gone"),
    ]);
    const now = reportOf([
      prodEntry("acc.example.com", 5, "unmanaged", ignored),
      prodEntry("mid.example.com", 2, "gone"),
      prodEntry("new.example.com", 3, "unmanaged"),
      prodEntry("old.example.com", 1, "gone"),
    ]);
    const history = historyOf(
      now,
      [
        { report: first, at: t0 },
        { report: second, at: after(2 * DAY) },
      ],
      after(3 * DAY),
    );
    expect(listed(history)).toEqual([
      ["new.example.com (3) unmanaged", "new", true, "under a day"],
      ["old.example.com (1) gone", "open", false, "3 days"],
      ["mid.example.com (2) gone", "open", false, "1 day"],
      // Accepted and first seen in this run: new too, though it neither counts as new nor fails.
      ["acc.example.com (5) unmanaged", "accepted", true, "under a day"],
    ]);
    expect(history.counts.new).toBe(1);
  });

  it("ages each finding in whole days from when it was first seen; a fixed one up to this run", () => {
    const earlier = reportOf([prodEntry("a.example.com", 1, "gone"), prodEntry("b.example.com", 2, "gone")]);
    const now = reportOf([prodEntry("a.example.com", 1, "gone")]);
    const history = historyOf(now, [{ report: earlier, at: t0 }], after(DAY - 1));
    expect(history.findings.map((f) => [f.ageDays, f.age])).toEqual([[0, "under a day"]]);
    expect(history.fixed.map((f) => [f.subject, f.ageDays, f.age, f.new])).toEqual([
      ["b.example.com (2) gone", 0, "under a day", false],
    ]);
    const later = historyOf(now, [{ report: earlier, at: t0 }], after(DAY));
    expect(later.findings.map((f) => [f.ageDays, f.age])).toEqual([[1, "1 day"]]);
    expect(later.fixed.map((f) => f.age)).toEqual(["1 day"]);
  });

  it("keeps a finding's first time across runs; one fixed and back is new again", () => {
    const with_ = reportOf([prodEntry("a.example.com", 1, "gone")]);
    const without = reportOf([]);
    const runs = [
      { report: with_, at: t0 },
      { report: with_, at: after(DAY) },
    ];
    expect(historyOf(with_, runs, after(2 * DAY)).findings[0]!.finding.firstSeen).toBe(t0.toISOString());
    const back = historyOf(with_, [...runs, { report: without, at: after(2 * DAY) }], after(3 * DAY));
    expect(back.findings.map((f) => [f.finding.status, f.new, f.ageDays])).toEqual([["new", true, 0]]);
  });

  it("says what each finding is about: a website's status or field, a policy rule's website, stack or run", () => {
    const a = changedEntry("a.example.com", 1, ["excludeIps"], { silent: true });
    const report = reportOf(
      [a, prodEntry("b.example.com", 2, "duplicate")],
      [
        { rule: "no-bots", level: "advisory", message: "m", entry: a },
        { rule: "no-bots", level: "advisory", message: "m", stack: "web/prod" },
      ],
    );
    expect(historyOf(report, [], t0).findings.map((f) => f.subject)).toEqual([
      "a.example.com (1) changed: excludeIps",
      "a.example.com (1) silent",
      "b.example.com (2) duplicate",
      "policy rule no-bots on a.example.com (1)",
      "policy rule no-bots on stack web/prod",
    ]);
    const policyOfRun: HistoryFinding = {
      finding: "policy",
      rule: "no-bots",
      stacks: [],
      status: "open",
      firstSeen: t0.toISOString(),
    };
    expect(historySubject(policyOfRun)).toBe("policy rule no-bots on the run");
  });

  it("writes times and ages as every format shows them", () => {
    expect(timeText("2026-12-01T02:05:59.999Z")).toBe("2026-12-01 02:05 UTC");
    expect([0, 1, 2, 40].map(ageText)).toEqual(["under a day", "1 day", "2 days", "40 days"]);
  });
});

describe("the history's view: each website row's mark", () => {
  it("marks a row new when one of its findings is, aged by its oldest; a row without findings has none", () => {
    const earlier = reportOf([
      changedEntry("a.example.com", 1, ["excludeIps"]),
      prodEntry("b.example.com", 2, "gone"),
    ]);
    const now = reportOf(
      [
        changedEntry("a.example.com", 1, ["excludeIps", "excludeBots"]),
        prodEntry("b.example.com", 2, "gone"),
        prodEntry("c.example.com", 3, "unmanaged"),
        prodEntry("e.example.com", 5, "in-sync"),
      ],
      [{ rule: "no-bots", level: "advisory", message: "m", entry: prodEntry("b.example.com", 2, "gone") }],
    );
    const view = viewWithHistory(now, [{ report: earlier, at: t0 }], after(3 * DAY));
    const t0Text = t0.toISOString();
    const nowText = after(3 * DAY).toISOString();
    expect(view.rows.map((r) => r.history)).toEqual([
      { new: true, ageDays: 3, age: "3 days", firstSeen: t0Text },
      // Its policy finding is new, but a row's mark is its own drift's.
      { new: false, ageDays: 3, age: "3 days", firstSeen: t0Text },
      { new: true, ageDays: 0, age: "under a day", firstSeen: nowText },
      undefined,
    ]);
  });

  it("gives a row the time of its oldest finding, also of two first seen the same day", () => {
    const earlier = reportOf([changedEntry("a.example.com", 1, ["excludeIps"])]);
    const now = reportOf([changedEntry("a.example.com", 1, ["excludeIps", "excludeBots"])]);
    const view = viewWithHistory(now, [{ report: earlier, at: t0 }], after(5 * HOUR));
    // The new field is listed first, the open one after it: the older time wins all the same.
    expect(view.history!.findings.map((f) => f.finding.field)).toEqual(["excludeBots", "excludeIps"]);
    expect(view.rows[0]!.history).toEqual({
      new: true,
      ageDays: 0,
      age: "under a day",
      firstSeen: t0.toISOString(),
    });
  });
  it("marks a row new for a new part the ignore file accepts, listed after its open part", () => {
    const earlier = reportOf([changedEntry("a.example.com", 1, ["excludeIps"])]);
    const excused = {
      finding: "changed" as const,
      field: "excludeBots",
      by: "ignore" as const,
      rule: "r:1",
      reason: "r",
    };
    const now = reportOf([
      { ...changedEntry("a.example.com", 1, ["excludeIps", "excludeBots"]), excusedParts: [excused] },
    ]);
    const view = viewWithHistory(now, [{ report: earlier, at: t0 }], after(2 * DAY));
    expect(view.history!.findings.map((f) => f.finding.status)).toEqual(["open", "accepted"]);
    expect(view.rows[0]!.history).toMatchObject({ new: true, ageDays: 2 });
  });
});

describe("the history's view: the trend", () => {
  it("holds the kept runs and this one, oldest first, each with its counts", () => {
    const one = reportOf([prodEntry("a.example.com", 1, "gone")]);
    const two = reportOf([prodEntry("a.example.com", 1, "gone"), prodEntry("b.example.com", 2, "gone")]);
    const runs = [
      { report: one, at: t0 },
      { report: two, at: after(DAY) },
    ];
    const history = historyOf(one, runs, after(2 * DAY), {}, { keep: { runs: 2 } });
    expect(history.trend).toEqual([
      { at: after(DAY).toISOString(), counts: { new: 1, open: 1, accepted: 0, fixed: 0 } },
      { at: after(2 * DAY).toISOString(), counts: { new: 0, open: 1, accepted: 0, fixed: 1 } },
    ]);
    expect(history.file).toBe("drift-history.jsonl");
    expect(historyOf(one, runs, after(2 * DAY), {}, { file: "h.jsonl" }).trend).toHaveLength(3);
  });
});
