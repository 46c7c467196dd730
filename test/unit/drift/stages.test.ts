// drift as a pipeline of values (drift/index.ts): each stage makes a new value from the value
// before it and changes nothing it is given. Every input here is frozen, deeply, and compared
// with a copy taken before the stage ran: a stage that sets a field on what it was given throws
// (frozen objects refuse writes in strict mode) or leaves it different from its copy.
import { describe, expect, it } from "vitest";
import type { Website } from "../../../sdk";
import { withTrackingReads } from "../../../drift/compare/observed";
import { liveKey } from "../../../drift/model/entries";
import { pageKey, withPages } from "../../../drift/compare/page-run";
import { acceptStage } from "../../../drift/accept/acceptance";
import type { Acceptance } from "../../../drift/accept/acceptance";
import { parseIgnoreFile } from "../../../drift/accept/ignore-file";
import { baselineOf, formatBaseline, parseBaseline } from "../../../drift/accept/baseline";
import { exitCodeOf, reportStage } from "../../../drift/report/report-run";
import { runFix } from "../../../drift/fix/fix-run";
import { runCloudFix } from "../../../drift/fix/fix-cloud";
import type { DriftEntry } from "../../../drift/model/entries";
import type { DriftReport } from "../../../drift/model/report";
import { changed, entry } from "../../support/drift-entries";
import { historyRuns } from "../../support/drift-history";
import { historyDiff } from "../../../drift/history/history-diff";

/** Freezes a value and everything it holds (Maps and Sets are left as they are, frozen themselves). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** Runs a stage on a frozen input, then checks that the input is still what it was. */
async function unchanged<T, R>(input: T, stage: (frozen: T) => R | Promise<R>): Promise<R> {
  const before = structuredClone(input);
  const result = await stage(deepFreeze(input));
  expect(input).toEqual(before);
  return result;
}

const ignore = parseIgnoreFile(
  "ignore:\n  - domain: quiet.example.com\n    status: silent\n    reason: a landing page nobody visits\n",
  ".webstats-drift.yaml",
);

const silent = (e: DriftEntry): DriftEntry => ({ ...e, silent: true });

const discard = { out: () => {}, err: () => {} };

describe("drift's stages: new values, inputs left as they are", () => {
  it("compare: tracking reads make new entries, silent and with pageviews", async () => {
    const entries = [entry("a.example.com", "in-sync"), entry("bb.example.com", "unmanaged")];
    const account = entries[0]!.account;
    const reads = new Map([
      [liveKey(account, "a.example.com".length), { silent: true, daily: [0, 0] }],
      [liveKey(account, "bb.example.com".length), { silent: false, daily: [1, 3] }],
    ]);
    const tracked = await unchanged({ entries, reads }, (i) => withTrackingReads(i.entries, i.reads));
    expect(tracked.map((e) => [e.domain, e.silent, e.pageviews])).toEqual([
      ["a.example.com", true, [0, 0]],
      ["bb.example.com", false, [1, 3]],
    ]);
    expect(entries.map((e) => e.silent)).toEqual([undefined, undefined]);
  });

  it("compare: page checks make new entries, with the likely cause once silence is known", async () => {
    const entries = [silent(entry("a.example.com", "in-sync")), entry("bb.example.com", "in-sync")];
    const pages = new Map([
      [pageKey("https://stats.example.com", "a.example.com".length), { status: "missing" as const }],
      [pageKey("https://stats.example.com", "bb.example.com".length), { status: "present" as const }],
    ]);
    const checked = await unchanged(entries, (frozen) => withPages(frozen, pages));
    expect(checked.map((e) => e.page?.status)).toEqual(["missing", "present"]);
    expect(checked[0]!.page?.cause).toMatch(/^silent because the home page lacks/);
    expect(checked[1]!.page?.cause).toBeUndefined();
    expect(entries.map((e) => e.page)).toEqual([undefined, undefined]);
  });

  it("accept: the accepted report is a new value; the compared report keeps no excuse", async () => {
    const baseline = parseBaseline(
      formatBaseline(baselineOf([changed("shop.example.com", "privacy")], "2025-01-01")),
      "b.yaml",
    );
    const report: DriftReport = {
      stacks: ["p/prod"],
      websites: [
        changed("shop.example.com", "privacy"),
        silent(entry("quiet.example.com", "in-sync")),
        entry("new.example.com", "unmanaged"),
      ],
      accounts: [],
    };
    const acceptance: Acceptance = { baseline, ignore, previous: [] };
    const accepted = await unchanged({ report, acceptance }, (i) => acceptStage(i.report, i.acceptance));
    expect(accepted.websites.map((e) => [e.domain, e.accepted?.firstSeen, e.ignored?.[0]?.rule])).toEqual([
      ["shop.example.com", "2025-01-01", undefined],
      ["quiet.example.com", undefined, ".webstats-drift.yaml:2"],
      ["new.example.com", undefined, undefined],
    ]);
    expect(accepted.baseline).toEqual({ file: "b.yaml", stale: [] });
    expect(accepted.ignore).toEqual({ file: ".webstats-drift.yaml", stale: [] });
    expect(report.websites.some((e) => e.accepted || e.ignored || e.excusedParts)).toBe(false);
    expect(report.baseline).toBeUndefined();
  });

  it("report: prints from the accepted report and decides the exit code, changing none of it", async () => {
    const report: DriftReport = {
      stacks: ["p/prod"],
      websites: [changed("shop.example.com", "privacy"), entry("new.example.com", "unmanaged")],
      accounts: [],
    };
    const printed: string[] = [];
    const code = await unchanged(report, (frozen) =>
      reportStage(frozen, [], { format: "json", failOn: ["changed"] }, false, {
        out: (t) => printed.push(t),
        err: () => {},
      }),
    );
    expect(code).toBe(2);
    expect(printed.join("")).toContain('"shop.example.com"');
  });

  it("history: the difference from the last run is a new value; the report and the last run stay", async () => {
    const report: DriftReport = {
      stacks: ["p/prod"],
      websites: [
        changed("shop.example.com", "privacy", "excludeBots"),
        entry("new.example.com", "unmanaged"),
      ],
      accounts: [],
    };
    const [last] = historyRuns([
      { report: { ...report, websites: [changed("shop.example.com", "privacy")] }, at: new Date(0) },
    ]);
    const diff = await unchanged({ report, last: last! }, ({ report: r, last: l }) =>
      historyDiff(r, l, new Date(1)),
    );
    expect(diff.counts).toEqual({ new: 2, open: 1, accepted: 0, fixed: 0 });
  });

  it("fix code: works from the accepted entries without changing them", async () => {
    const input = {
      stacks: [],
      entries: [silent(changed("shop.example.com", "privacy")), entry("new.example.com", "unmanaged")],
      live: new Map<string, Website>(),
      failOn: ["changed", "unmanaged"] as const,
    };
    const code = await unchanged(input, (frozen) =>
      runFix({ target: "code", summary: "json", adoptUnmanaged: false, force: false }, frozen, discard),
    );
    expect(code).toBe(2);
  });

  it("fix cloud: works from the accepted entries without changing them", async () => {
    const input = {
      stacks: [],
      entries: [entry("new.example.com", "unmanaged"), silent(entry("quiet.example.com", "in-sync"))],
      failOn: ["unmanaged", "silent"] as const,
      parallel: 1,
    };
    const code = await unchanged(input, (frozen) =>
      runCloudFix({ yes: true, summary: "json" }, frozen, {}, discard),
    );
    expect(code).toBe(2);
  });
});

describe("--fix code and the report count silent websites alike", () => {
  // A website unmanaged and silent, whose silence an ignore rule covers: drift left for
  // --fail-on unmanaged, none for --fail-on silent, in the report and after --fix code alike.
  const accepted = acceptStage(
    {
      stacks: ["p/prod"],
      websites: [silent(entry("quiet.example.com", "unmanaged"))],
      accounts: [],
    },
    { ignore, previous: [] },
  );

  it.each([
    [["silent"] as const, 0],
    [["unmanaged"] as const, 2],
    [["unmanaged", "silent"] as const, 2],
  ])("--fail-on %j: exit code %i from both", async (failOn, expected) => {
    expect(exitCodeOf(accepted, failOn, false)).toBe(expected);
    const fixed = await runFix(
      { target: "code", summary: "json", adoptUnmanaged: false, force: false },
      { stacks: [], entries: accepted.websites, live: new Map(), failOn },
      discard,
    );
    expect(fixed).toBe(expected);
  });

  // --fix cloud puts changed and gone websites back; what it leaves is what the report counts.
  it.each([
    [["silent"] as const, 0],
    [["unmanaged"] as const, 2],
    [["unmanaged", "silent"] as const, 2],
  ])("--fix cloud, --fail-on %j: exit code %i, as the report", async (failOn, expected) => {
    const out: string[] = [];
    const code = await runCloudFix(
      { yes: true, summary: "json" },
      { stacks: [], entries: accepted.websites, failOn, parallel: 1 },
      {},
      { out: (text) => out.push(text), err: () => {} },
    );
    expect(code).toBe(exitCodeOf(accepted, failOn, false));
    expect(code).toBe(expected);
    const { notFixed } = JSON.parse(out.join("")) as { notFixed: { status: string }[] };
    // Its excused silence is never what is left: only the unmanaged website, when named.
    const named: readonly string[] = failOn;
    expect(notFixed.map((n) => n.status)).toEqual(named.includes("unmanaged") ? ["unmanaged"] : []);
  });

  it("--fix cloud leaves an excused silence of a changed website out of what is left", async () => {
    const quiet = acceptStage(
      { stacks: ["p/prod"], websites: [silent(changed("quiet.example.com"))], accounts: [] },
      { ignore, previous: [] },
    ).websites;
    const out: string[] = [];
    // The change is what the fix puts back (no stack is read here, so no plan is made); the
    // silence the ignore rule covers is not left over.
    const code = await runCloudFix(
      { yes: true, summary: "json" },
      { stacks: [], entries: quiet, failOn: ["changed", "silent"], parallel: 1 },
      {},
      { out: (text) => out.push(text), err: () => {} },
    );
    expect((JSON.parse(out.join("")) as { notFixed: unknown[] }).notFixed).toEqual([]);
    expect(code).toBe(0);
  });

  it("a silence no rule covers is drift left in both", async () => {
    const plain = acceptStage(
      { stacks: [], websites: [silent(entry("loud.example.com", "unmanaged"))], accounts: [] },
      { ignore, previous: [] },
    );
    expect(exitCodeOf(plain, ["silent"], false)).toBe(2);
    const fixed = await runFix(
      { target: "code", summary: "json", adoptUnmanaged: false, force: false },
      { stacks: [], entries: plain.websites, live: new Map(), failOn: ["silent"] },
      discard,
    );
    expect(fixed).toBe(2);
  });
});
