// What --history adds to each report format (report/formats/): the text and Markdown reports'
// headline first, the file's warning, the findings new and fixed since the last run before the
// table, and each website's age; the JSON report's `history`, which its schema describes; SARIF's
// baselineState from the history (over --baseline's) and the history's counts in the run's
// properties, with no result for a fixed finding; JUnit as without a history. The history's
// first run lists nothing as new or fixed. (Neutralising hostile names: output-neutral.test.ts.)
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { DriftReport } from "../../../../drift/model/report";
import { formatRow, reportFormats } from "../../../../drift/report/formats";
import type { ReportFormat } from "../../../../drift/report/formats";
import { reportView } from "../../../../drift/report/view/report-view";
import type { ReportView } from "../../../../drift/report/view/report-view";
import { account, prodEntry } from "../../../support/drift-entries";
import { driftJsonReport } from "../../../support/drift-json-report";
import { viewWithHistory } from "../../../support/drift-history";

const t0 = new Date("2026-11-01T02:00:00Z");
const now = new Date("2026-12-11T03:00:00Z");
const since = "2026-11-01 02:00 UTC";

const changedA = (...fields: string[]) =>
  prodEntry("a.example.com", 1, "changed", {
    changes: fields.map((field) => ({ field, recorded: 1, live: 2 })),
    silent: true,
  });
const accepted = prodEntry("d.example.com", 4, "gone", { accepted: { firstSeen: "2026-10-01", line: 9 } });
const stillGone = prodEntry("f.example.com", 6, "gone");

/** A report with a baseline, and a policy finding about the stack when `policy`. */
const reportOf = (websites: DriftEntry[], policy = false): DriftReport => ({
  stacks: ["web/prod"],
  websites,
  accounts: [{ ...account, websites: websites.length, plan: null }],
  baseline: { file: "drift-baseline.yaml", stale: [] },
  ...(policy
    ? {
        policy: {
          file: "policy.yaml",
          rules: [{ name: "no-bots", description: "Bots.", level: "advisory" as const }],
          failOn: false,
          findings: [
            { rule: "no-bots", level: "advisory" as const, message: "bots counted", stack: "web/prod" },
          ],
        },
      }
    : {}),
});

// The last run: a (changed: excludeIps, and silent), b gone, d gone and accepted, f gone. This
// run: a gains excludeBots (new), b is fixed, c is new and unmanaged, d and f stay, e is in sync,
// and the policy finds something about the stack (new).
const earlier = reportOf([
  changedA("excludeIps"),
  prodEntry("b.example.com", 2, "gone"),
  accepted,
  stillGone,
]);
const current = reportOf(
  [
    changedA("excludeIps", "excludeBots"),
    prodEntry("c.example.com", 3, "unmanaged"),
    accepted,
    stillGone,
    prodEntry("e.example.com", 5, "in-sync"),
  ],
  true,
);
const headline = `3 new, 1 fixed since ${since}; 3 open, the oldest for 40 days; 1 accepted.`;

// Built in each test: a mutation run credits a mutant only to the tests that ran it.
const withHistory = (): ReportView => viewWithHistory(current, [{ report: earlier, at: t0 }], now);
const firstRun = (): ReportView => viewWithHistory(current, [], now);
const unusable = (): ReportView =>
  viewWithHistory(
    current,
    [],
    now,
    {},
    { problem: "drift-history.jsonl line 2 is blank: every line is one run" },
  );
const render = (format: ReportFormat, view: ReportView): string => formatRow(format).render(view);
/** A run whose one finding is new and accepted (an ignore rule covers it). */
const acceptedNew = (): ReportView => {
  const ignored = prodEntry("g.example.com", 7, "unmanaged", {
    ignored: [{ rule: ".webstats-drift.yaml:2", reason: "x" }],
  });
  return viewWithHistory(reportOf([ignored]), [{ report: reportOf([]), at: t0 }], now);
};

describe("--history in the text report", () => {
  it("puts the headline first, the new and fixed findings before the table, and an AGE column", () => {
    const lines = render("text", withHistory()).split("\n");
    expect(lines.slice(0, 13)).toEqual([
      headline,
      "5 websites in 1 account of 1 stack (web/prod): 1 in-sync, 1 changed, 2 gone, 1 unmanaged, 0 duplicate.",
      "Not failing: 1 accepted by the baseline drift-baseline.yaml (0 of its entries stale).",
      "Account team@example.com (7) at https://stats.example.com: 5 websites (no plan reported).",
      "",
      `New since ${since}:`,
      "  a.example.com (1) changed: excludeBots",
      "  c.example.com (3) unmanaged",
      "  policy rule no-bots on stack web/prod",
      `Fixed since ${since}:`,
      "  b.example.com (2) gone, open for 40 days",
      "",
      expect.stringMatching(/^STATUS\s+DOMAIN\s+ID\s+ACCOUNT\s+STACKS\s+NOTE\s+AGE$/),
    ]);
    // The table's columns, cut where the header's names start.
    const header = lines[12]!;
    const cellsOf = (line: string, ...names: string[]) =>
      names.map((name) => {
        const start = header.indexOf(name);
        const next = header.slice(start + name.length).search(/\S/);
        return line.slice(start, next < 0 ? undefined : start + name.length + next).trim();
      });
    expect(lines.slice(13, 18).map((l) => cellsOf(l, "DOMAIN", "NOTE", "AGE"))).toEqual([
      ["a.example.com", "", "40 days, new"],
      ["c.example.com", "", "under a day, new"],
      ["d.example.com", "accepted", "40 days"],
      ["f.example.com", "", "40 days"],
      ["e.example.com", "", ""],
    ]);
  });

  it("marks a new finding that is accepted as such", () => {
    const text = render("text", acceptedNew());
    expect(text).toContain(`New since ${since}:\n  g.example.com (7) unmanaged, accepted\n\n`);
    expect(text.split("\n")[0]).toBe(`0 new, 0 fixed since ${since}; 0 open; 1 accepted.`);
  });

  it("on the history's first run: the headline, nothing new or fixed", () => {
    const text = render("text", firstRun());
    expect(text.split("\n").slice(0, 2)).toEqual([
      "The history starts with this run: 7 findings; the next run tells what is new and what was fixed.",
      "5 websites in 1 account of 1 stack (web/prod): 1 in-sync, 1 changed, 2 gone, 1 unmanaged, 0 duplicate.",
    ]);
    expect(text).not.toMatch(/New since|Fixed since/);
    expect(text).toMatch(/\n\nSTATUS .* AGE\n/);
  });

  it("with a file it could not use: the headline, then the warning", () => {
    expect(render("text", unusable()).split("\n").slice(0, 3)).toEqual([
      "History not compared: drift-history.jsonl line 2 is blank: every line is one run.",
      "Warning: drift-history.jsonl line 2 is blank: every line is one run; this run goes on without the difference.",
      "5 websites in 1 account of 1 stack (web/prod): 1 in-sync, 1 changed, 2 gone, 1 unmanaged, 0 duplicate.",
    ]);
  });
});

describe("--history in the Markdown report", () => {
  it("puts the headline under the heading, the new and fixed findings after the sentences, and an Age column", () => {
    const markdown = render("markdown", withHistory());
    expect(markdown).toMatch(
      new RegExp(`^## Website drift\n\n${headline.replace(/[.()]/g, "\\$&")}\n\n5 websites `),
    );
    expect(markdown).toContain(
      [
        "(0 of its entries stale).",
        "",
        `**New since ${since}**`,
        "",
        "- a.example.com (1) changed: excludeBots",
        "- c.example.com (3) unmanaged",
        "- policy rule no-bots on stack web/prod",
        "",
        `**Fixed since ${since}**`,
        "",
        "- b.example.com (2) gone, open for 40 days",
        "",
        "| Status | Count |",
      ].join("\n"),
    );
    expect(markdown).toContain(
      [
        "| Status | Domain | ID | Account | Stacks | Age | Details |",
        "| --- | --- | ---: | --- | --- | --- | --- |",
        "| changed | a.example.com | 1 | team@example.com (7) at https://stats.example.com | web/prod | 40 days, new | excludeIps: 1 recorded, 2 live; excludeBots: 1 recorded, 2 live |",
        "| unmanaged | c.example.com | 3 | team@example.com (7) at https://stats.example.com | - | under a day, new |  |",
      ].join("\n"),
    );
  });

  it("on the history's first run lists nothing; an unusable file is a warning under the headline", () => {
    const first = render("markdown", firstRun());
    expect(first).toMatch(
      /^## Website drift\n\nThe history starts with this run: 7 findings; .*\n\n5 websites /,
    );
    expect(first).not.toMatch(/New since|Fixed since/);
    expect(render("markdown", unusable())).toMatch(
      /^## Website drift\n\nHistory not compared: .*\.\n\n> Warning: drift-history\.jsonl line 2 is blank: every line is one run; this run goes on without the difference\.\n\n5 websites /,
    );
  });
});

describe("--history in the JSON report", () => {
  const website = (domain: string, id: number) => ({
    installation: account.url,
    account: account.id,
    website: id,
    domain,
    stacks: ["web/prod"],
  });
  const t0Iso = t0.toISOString();
  const nowIso = now.toISOString();

  it("adds `history`: the file, the times, the counts, each finding with its status and age, the fixed ones, the trend", () => {
    const body = driftJsonReport(render("json", withHistory()));
    expect(body.schemaVersion).toBe("1.1");
    expect(body.history).toEqual({
      file: "drift-history.jsonl",
      since: t0Iso,
      at: nowIso,
      headline,
      counts: { new: 3, open: 3, accepted: 1, fixed: 1 },
      findings: [
        {
          finding: "changed",
          ...website("a.example.com", 1),
          field: "excludeBots",
          status: "new",
          firstSeen: nowIso,
          ageDays: 0,
          new: true,
        },
        {
          finding: "unmanaged",
          ...website("c.example.com", 3),
          // No stack records an unmanaged website: the stacks of its account hold its findings.
          stacks: ["web/prod"],
          status: "new",
          firstSeen: nowIso,
          ageDays: 0,
          new: true,
        },
        {
          finding: "policy",
          rule: "no-bots",
          stack: "web/prod",
          stacks: ["web/prod"],
          status: "new",
          firstSeen: nowIso,
          ageDays: 0,
          new: true,
        },
        {
          finding: "changed",
          ...website("a.example.com", 1),
          field: "excludeIps",
          status: "open",
          firstSeen: t0Iso,
          ageDays: 40,
          new: false,
        },
        {
          finding: "silent",
          ...website("a.example.com", 1),
          status: "open",
          firstSeen: t0Iso,
          ageDays: 40,
          new: false,
        },
        {
          finding: "gone",
          ...website("f.example.com", 6),
          status: "open",
          firstSeen: t0Iso,
          ageDays: 40,
          new: false,
        },
        {
          finding: "gone",
          ...website("d.example.com", 4),
          status: "accepted",
          firstSeen: t0Iso,
          ageDays: 40,
          new: false,
        },
      ],
      fixed: [
        {
          finding: "gone",
          ...website("b.example.com", 2),
          status: "fixed",
          firstSeen: t0Iso,
          ageDays: 40,
          new: false,
        },
      ],
      trend: [
        { at: t0Iso, counts: { new: 0, open: 4, accepted: 1, fixed: 0 } },
        { at: nowIso, counts: { new: 3, open: 3, accepted: 1, fixed: 1 } },
      ],
    });
  });

  it("on the history's first run has no `since`; an unusable file's warning is there too", () => {
    const first = driftJsonReport(render("json", firstRun())).history!;
    expect(first.since).toBeUndefined();
    expect(first.findings.every((f) => !f.new && f.status !== "new")).toBe(true);
    expect(first.fixed).toEqual([]);
    expect(first.trend).toEqual([{ at: nowIso, counts: { new: 0, open: 6, accepted: 1, fixed: 0 } }]);
    const broken = driftJsonReport(render("json", unusable())).history!;
    expect(broken.warning).toBe(
      "drift-history.jsonl line 2 is blank: every line is one run; this run goes on without the difference.",
    );
  });

  it("says of an accepted finding first seen in this run that it is new", () => {
    const { findings } = driftJsonReport(render("json", acceptedNew())).history!;
    expect(findings.map((f) => [f.domain, f.status, f.new])).toEqual([["g.example.com", "accepted", true]]);
  });

  it("has no `history` without one", () => {
    expect(Object.keys(driftJsonReport(render("json", reportView(current, {}, now))))).not.toContain(
      "history",
    );
  });
});

describe("--history in the SARIF report", () => {
  interface Log {
    runs: {
      results: {
        ruleId: string;
        baselineState?: string;
        suppressions?: unknown[];
        properties: { domain?: string };
      }[];
      properties: Record<string, unknown>;
    }[];
  }
  const sarif = (view: ReportView) => JSON.parse(render("sarif", view)) as Log;
  const states = (view: ReportView) =>
    sarif(view).runs[0]!.results.map((r) => [r.ruleId, r.properties.domain, r.baselineState]);

  it("gives each result the history's state: new when a finding of it is, over what the baseline says", () => {
    expect(states(withHistory())).toEqual([
      // One of its fields is new: the result is.
      ["changed", "a.example.com", "new"],
      ["silent", "a.example.com", "unchanged"],
      ["unmanaged", "c.example.com", "new"],
      ["gone", "d.example.com", "unchanged"],
      // Not accepted by the baseline (which would make it new), but open since the last run.
      ["gone", "f.example.com", "unchanged"],
      ["policy/no-bots", undefined, "new"],
    ]);
    // Without a history the baseline decides, as always.
    expect(states(reportView(current, {}, now))).toEqual([
      ["changed", "a.example.com", "new"],
      ["silent", "a.example.com", "new"],
      ["unmanaged", "c.example.com", "new"],
      ["gone", "d.example.com", "unchanged"],
      ["gone", "f.example.com", "new"],
      ["policy/no-bots", undefined, undefined],
    ]);
  });

  it("makes an accepted finding first seen in this run new, and suppressed", () => {
    const [result] = sarif(acceptedNew()).runs[0]!.results;
    expect(result!.baselineState).toBe("new");
    expect(result!.suppressions).toHaveLength(1);
  });

  it("on the history's first run, has every result unchanged", () => {
    expect(new Set(states(firstRun()).map(([, , state]) => state))).toEqual(new Set(["unchanged"]));
  });

  it("gives a website the report lists twice the state of its first row", () => {
    const c = prodEntry("c.example.com", 3, "unmanaged");
    const view = viewWithHistory(reportOf([c, c]), [{ report: reportOf([]), at: t0 }], now);
    expect(states(view)).toEqual([
      ["unmanaged", "c.example.com", "new"],
      ["unmanaged", "c.example.com", "new"],
    ]);
  });

  it("adds no result for a fixed finding, and the history's since and counts to the run's properties", () => {
    const log = sarif(withHistory());
    const without = sarif(reportView(current, {}, now));
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toEqual(without.runs[0]!.results.map((r) => r.ruleId));
    expect(log.runs[0]!.results.map((r) => r.properties.domain)).not.toContain("b.example.com");
    expect(log.runs[0]!.properties).toEqual({
      stacks: ["web/prod"],
      history: { since: t0.toISOString(), counts: { new: 3, open: 3, accepted: 1, fixed: 1 } },
    });
    expect(without.runs[0]!.properties).toEqual({ stacks: ["web/prod"] });
    expect(sarif(firstRun()).runs[0]!.properties.history).toEqual({
      counts: { new: 0, open: 6, accepted: 1, fixed: 0 },
    });
  });
});

describe("--history in the JUnit report", () => {
  it("changes nothing: the same test cases as without it", () => {
    const without = render("junit", reportView(current, {}, now));
    expect(render("junit", withHistory())).toBe(without);
    expect(render("junit", firstRun())).toBe(without);
  });
});

describe("--history: every format", () => {
  // The formats that show the headline, as they show text (JSON: neutralised, so as it is here).
  const headlined = reportFormats.filter((f) => f === "text" || f === "markdown" || f === "json");

  it.each(headlined)("%s: shows the headline, and nothing of the history without it", (format) => {
    expect(render(format, withHistory())).toContain(headline);
    expect(render(format, reportView(current, {}, now))).not.toMatch(
      / new, .* fixed since|AGE|\| Age \||"history"/,
    );
  });
});
