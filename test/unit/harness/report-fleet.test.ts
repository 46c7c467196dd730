// The bench fleet's nights (fleetNight in test/harness/report-fleet.mjs), which section 11 of the
// bench builds a year of drift history from: the same night gives the same report, and a month
// of nights, each compared with the one before as drift compares runs, gives findings of every
// status, so that the history measured is one that moves.
import { describe, expect, it } from "vitest";
import { historyDiff } from "../../../drift/history/history-diff";
import type { HistoryRun } from "../../../drift/history/history-line";
import { fleetNight, fleetReport } from "../../harness/report-fleet.mjs";

const base = fleetReport({ websites: 200, projects: 2, stacksPerProject: 2, accounts: 2 });
const DAY_MS = 86_400_000;

describe("fleetNight: the bench fleet's drift night by night", () => {
  it("gives the same report for the same night, another for another night, and leaves the base as it was", () => {
    const before = JSON.stringify(base);
    expect(JSON.stringify(fleetNight(base, 12))).toBe(JSON.stringify(fleetNight(base, 12)));
    expect(JSON.stringify(fleetNight(base, 12))).not.toBe(JSON.stringify(fleetNight(base, 40)));
    expect(JSON.stringify(base)).toBe(before);
  });

  it("keeps every website and stack, each in-sync website recorded by one stack, and the policy's findings on the night's websites", () => {
    const night = fleetNight(base, 7);
    expect(night.websites.map((e) => e.id)).toEqual(base.websites.map((e) => e.id));
    expect(night.stacks).toEqual(base.stacks);
    for (const e of night.websites.filter((w) => w.status === "in-sync")) {
      expect(e.stacks).toHaveLength(1);
      expect(base.stacks).toContain(e.stacks[0]);
    }
    const privacy = night.websites.filter((e) => e.changes?.some((c) => c.field === "privacy"));
    expect(night.policy?.findings.map((f) => f.entry)).toEqual(privacy);
  });

  it("over a month of nights, has findings come, stay open, get fixed and be accepted", () => {
    const seen = { new: 0, open: 0, accepted: 0, fixed: 0 };
    let last: HistoryRun | undefined;
    for (let n = 0; n < 30; n++) {
      const diff = historyDiff(fleetNight(base, n), last, new Date(Date.UTC(2026, 0, 1) + n * DAY_MS));
      for (const status of Object.keys(seen) as (keyof typeof seen)[]) seen[status] += diff.counts[status];
      last = diff.line;
    }
    expect(seen.new).toBeGreaterThan(0);
    expect(seen.fixed).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.open).toBeGreaterThan(seen.new);
  });
});
