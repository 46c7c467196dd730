// The difference a run makes to its history (drift/history/history-diff.ts): each finding's status
// against the last run, first-seen times kept and restarted, the fixed findings, findings of
// stacks a run did not read carried, and the line it adds, which the schema reads back.
import { describe, expect, it } from "vitest";
import { historyDiff } from "../../../../drift/history/history-diff";
import { findingKey, historyLineSchema } from "../../../../drift/history/history-line";
import type { DriftReport } from "../../../../drift/model/report";
import type { DriftEntry } from "../../../../drift/model/entries";
import { account, changed as changedEntry, prodEntry } from "../../../support/drift-entries";
import { historyRuns } from "../../../support/drift-history";

const night = (day: number): Date => new Date(Date.UTC(2026, 10, day, 2));
/** A website web/prod records, changed in these fields. */
const changed = (domain: string, ...fields: string[]): DriftEntry => ({
  ...changedEntry(domain, ...fields),
  stacks: ["web/prod"],
});
const report = (websites: DriftEntry[], more: Partial<DriftReport> = {}): DriftReport => ({
  stacks: ["web/prod"],
  websites,
  accounts: [],
  ...more,
});
/** Each finding of a difference as "subject status firstSeen-day". */
const summary = (diff: ReturnType<typeof historyDiff>): string[] =>
  diff.findings.map(
    (f) =>
      `${f.domain ?? f.stack} ${f.finding}${f.field ? `:${f.field}` : ""} ${f.status} ${f.firstSeen.slice(8, 10)}`,
  );

describe("a run's difference from the last run", () => {
  const first = report([changed("a.example", "excludeBots"), prodEntry("b.example", 2, "gone")]);
  const [line1] = historyRuns([{ report: first, at: night(1) }]);

  it("has nothing new on the first run: every finding is open, first seen now", () => {
    const diff = historyDiff(first, undefined, night(1));
    expect(diff.since).toBeUndefined();
    expect(summary(diff)).toEqual(["a.example changed:excludeBots open 01", "b.example gone open 01"]);
    expect(diff.counts).toEqual({ new: 0, open: 2, accepted: 0, fixed: 0 });
  });

  it("tells new, open and fixed findings apart, and keeps each open finding's first-seen time", () => {
    const next = report([
      changed("a.example", "excludeBots", "excludeIps"),
      prodEntry("c.example", 3, "unmanaged"),
    ]);
    const diff = historyDiff(next, line1, night(2));
    expect(diff.since).toBe(night(1).toISOString());
    // New first, then open; oldest first within each.
    expect(summary(diff)).toEqual([
      "a.example changed:excludeIps new 02",
      "c.example unmanaged new 02",
      "a.example changed:excludeBots open 01",
    ]);
    expect(diff.fixed.map((f) => `${f.domain} ${f.finding}`)).toEqual(["b.example gone"]);
    expect(diff.counts).toEqual({ new: 2, open: 1, accepted: 0, fixed: 1 });
    expect(diff.line.counts).toEqual(diff.counts);
  });

  it("makes a finding that was fixed and came back new again, its age started over", () => {
    const [, , third] = historyRuns([
      { report: first, at: night(1) },
      { report: report([]), at: night(2) },
      { report: first, at: night(3) },
    ]);
    expect(third!.findings.map((f) => `${f.status} ${f.firstSeen.slice(8, 10)}`)).toEqual([
      "new 03",
      "new 03",
    ]);
  });

  it("gives accepted findings a status of their own, new or not, and never counts them new", () => {
    const accepted = { firstSeen: "2026-10-01", line: 3 };
    const excusedPart = {
      finding: "changed" as const,
      field: "excludeIps",
      by: "ignore" as const,
      rule: "x:1",
      reason: "r",
    };
    const next = report([
      changed("a.example", "excludeBots", "excludeIps"),
      { ...prodEntry("b.example", 2, "gone"), accepted },
      { ...changed("d.example", "excludeBots", "excludeIps"), excusedParts: [excusedPart] },
    ]);
    const statuses = historyDiff(next, line1, night(2)).findings.map(
      (f) => `${f.domain} ${f.field ?? f.finding} ${f.status}${f.new ? " (first seen)" : ""}`,
    );
    expect(statuses.sort()).toEqual([
      "a.example excludeBots open",
      "a.example excludeIps new (first seen)",
      "b.example gone accepted",
      "d.example excludeBots new (first seen)",
      "d.example excludeIps accepted (first seen)",
    ]);
  });

  it("tells what is new by the last run's findings, not by times: runs of one millisecond", () => {
    const next = report([changed("a.example", "excludeBots"), prodEntry("c.example", 3, "unmanaged")]);
    const diff = historyDiff(next, line1, night(1));
    expect(diff.findings.map((f) => `${f.domain} ${f.status} ${f.new}`)).toEqual([
      "c.example new true",
      "a.example open false",
    ]);
    expect(historyDiff(first, undefined, night(1)).findings.map((f) => f.new)).toEqual([false, false]);
  });

  it("carries the findings of stacks this run did not read, and calls none of them fixed", () => {
    const two = report(
      [
        changed("a.example", "excludeBots"),
        prodEntry("s.example", 9, "gone", { stacks: ["web/qa", "web/staging"] }),
      ],
      {
        stacks: ["web/prod", "web/qa", "web/staging"],
      },
    );
    const [line] = historyRuns([{ report: two, at: night(1) }]);
    const diff = historyDiff(report([]), line, night(2));
    expect(diff.fixed.map((f) => f.domain)).toEqual(["a.example"]);
    expect(diff.line.findings.map((f) => `${f.domain} ${f.firstSeen.slice(8, 10)}`)).toEqual([
      "s.example 01",
    ]);
    expect(diff.counts.open).toBe(0);
    // Carried while a run the history keeps read one of its stacks; dropped once none did.
    const carried = (remembered: string[]) =>
      historyDiff(report([]), line, night(2), new Set(remembered)).line.findings.map((f) => f.domain);
    expect(carried(["web/prod", "web/staging"])).toEqual(["s.example"]);
    expect(carried(["web/prod"])).toEqual([]);
  });

  it("carries an unmanaged website's findings while no stack of its account is read, then calls them fixed", () => {
    const team = { ...account, id: 8 };
    const unmanaged = prodEntry("u.example", 5, "unmanaged", { silent: true });
    const both = report(
      [
        changed("a.example", "excludeBots"),
        unmanaged,
        prodEntry("t.example", 6, "in-sync", { account: team, stacks: ["team/prod"] }),
        prodEntry("v.example", 7, "unmanaged", { account: team }),
      ],
      {
        stacks: ["web/prod", "team/prod"],
        policy: {
          file: "policy.json",
          rules: [],
          failOn: true,
          findings: [{ rule: "bots-excluded", level: "mandatory", message: "m", entry: unmanaged }],
        },
      },
    );
    const [line] = historyRuns([{ report: both, at: night(1) }]);
    expect(line!.findings.map((f) => `${f.domain} ${f.finding} ${f.stacks.join(",")}`)).toEqual([
      "a.example changed web/prod",
      "u.example unmanaged web/prod",
      "u.example silent web/prod",
      "v.example unmanaged team/prod",
      "u.example policy web/prod",
    ]);
    const teamOnly = historyDiff(
      report([prodEntry("t.example", 6, "in-sync", { account: team, stacks: ["team/prod"] })], {
        stacks: ["team/prod"],
      }),
      line,
      night(2),
    );
    expect(teamOnly.fixed.map((f) => `${f.domain} ${f.finding}`)).toEqual(["v.example unmanaged"]);
    expect(teamOnly.line.findings.map((f) => `${f.domain} ${f.finding}`)).toEqual([
      "a.example changed",
      "u.example unmanaged",
      "u.example silent",
      "u.example policy",
    ]);
    const webOnly = historyDiff(report([], { stacks: ["web/prod"] }), teamOnly.line, night(3));
    expect(webOnly.fixed.map((f) => `${f.domain} ${f.finding}`)).toEqual([
      "a.example changed",
      "u.example unmanaged",
      "u.example silent",
      "u.example policy",
    ]);
  });

  it("knows a policy finding by its rule and its website or stack, and a website by its installation, account and id", () => {
    const site = prodEntry("p.example", 4, "in-sync");
    const policy = (stack?: string) => ({
      file: "policy.json",
      rules: [],
      failOn: true,
      findings: [
        { rule: "bots-excluded", level: "mandatory" as const, message: "m", entry: site },
        ...(stack ? [{ rule: "stack-rule", level: "advisory" as const, message: "m", stack }] : []),
      ],
    });
    const [line] = historyRuns([{ report: report([site], { policy: policy() }), at: night(1) }]);
    const diff = historyDiff(report([site], { policy: policy("web/prod") }), line, night(2));
    expect(summary(diff)).toEqual(["web/prod policy new 02", "p.example policy open 01"]);
    expect(diff.findings.map((f) => [f.row, f.policy])).toEqual([
      [undefined, 1],
      [0, 0],
    ]);
    // The same domain and id on another account is another website.
    const elsewhere = { ...site, account: { ...account, id: 8 } };
    const moved = historyDiff(
      report([elsewhere], {
        policy: { ...policy(), findings: [{ ...policy().findings[0]!, entry: elsewhere }] },
      }),
      line,
      night(2),
    );
    expect(moved.findings.map((f) => f.status)).toEqual(["new"]);
  });

  it("calls fixed what one of the stacks read recorded, and carries a stack rule's finding of a stack not read", () => {
    const both = prodEntry("d.example", 5, "duplicate", { stacks: ["web/prod", "web/staging"] });
    const staging = prodEntry("s.example", 6, "in-sync", { stacks: ["web/staging"] });
    const policy = {
      file: "p.json",
      rules: [],
      failOn: true,
      findings: [
        { rule: "r", level: "advisory" as const, message: "m", stack: "web/staging" },
        { rule: "r", level: "advisory" as const, message: "m", stack: "web/prod" },
        { rule: "w", level: "advisory" as const, message: "m", entry: staging },
      ],
    };
    const [line] = historyRuns([
      { report: report([both, staging], { stacks: ["web/prod", "web/staging"], policy }), at: night(1) },
    ]);
    expect(line!.findings.map((f) => [f.stack ?? f.domain, f.stacks])).toEqual([
      ["d.example", ["web/prod", "web/staging"]],
      ["web/staging", ["web/staging"]],
      ["web/prod", ["web/prod"]],
      ["s.example", ["web/staging"]],
    ]);
    const diff = historyDiff(report([]), line, night(2));
    expect(diff.fixed.map((f) => f.stack ?? f.domain)).toEqual(["d.example", "web/prod"]);
    expect(diff.line.findings.map((f) => f.stack ?? f.domain)).toEqual(["web/staging", "s.example"]);
  });

  it("keeps a website's history when another stack records it", () => {
    const movedStack = report(
      [changed("a.example", "excludeBots")].map((e) => ({ ...e, stacks: ["web/other"] })),
      {
        stacks: ["web/prod", "web/other"],
      },
    );
    expect(summary(historyDiff(movedStack, line1, night(2)))).toEqual([
      "a.example changed:excludeBots open 01",
    ]);
  });

  it("counts a finding the report names twice once", () => {
    const twice = report([prodEntry("a.example", 1, "duplicate"), prodEntry("a.example", 1, "duplicate")]);
    expect(historyDiff(twice, undefined, night(1)).findings).toHaveLength(1);
  });

  it("writes a line the history's schema reads back, each finding's key from its identity alone", () => {
    const { line } = historyDiff(first, line1, night(2));
    expect(historyLineSchema.parse(JSON.parse(JSON.stringify(line)))).toEqual(line);
    const keys = line.findings.map(findingKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      findingKey({ ...line.findings[0]!, stacks: ["x/y"], status: "new", firstSeen: "x" } as never),
    ).toBe(keys[0]);
  });
});
