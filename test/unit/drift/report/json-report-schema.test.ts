// The JSON report's schema: the copy the docs link and the file the package exports are the
// code's (drift/report/json-report-schema.ts), a report with every part validates, and the schema
// refuses what the report never holds (another key anywhere, another version, a missing count),
// so a field the renderer adds without its schema fails every test that reads a JSON report
// (test/support/drift-json-report.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { DriftReport } from "../../../../drift/model/report";
import {
  DRIFT_REPORT_SCHEMA_VERSION,
  driftReportJsonSchema,
} from "../../../../drift/report/json-report-schema";
import { formatReport } from "../../../../drift/report/formats";
import { driftJsonProblems, driftJsonReport } from "../../../support/drift-json-report";
import { account, prodEntry, staleAcceptances } from "../../../support/drift-entries";
import { viewWithHistory } from "../../../support/drift-history";
import { jsonReport } from "../../../../drift/report/formats/json";

const require = createRequire(import.meta.url);

/** The history of a parsed report, to break it. */
interface HistoryToBreak {
  since?: string;
  findings: Record<string, unknown>[];
  fixed: Record<string, unknown>[];
  trend: { counts: Record<string, unknown> }[];
}
const history = (report: Record<string, unknown>) => report.history as HistoryToBreak;

/** A report with every part the JSON report can hold, each at least once. */
function everyPart(): DriftReport {
  const silentChanged = prodEntry("a.example.com", 1, "changed", {
    changes: [
      { field: "privacy", recorded: "private", live: "public" },
      { field: "excludeIps", recorded: ["10.0.0.1"], live: null },
    ],
    silent: true,
    pageviews: [0, 0, 0],
    page: { status: "unreachable", url: "https://a.example.com/", reason: "refused", cause: "unreachable" },
    excusedParts: [
      { finding: "changed", field: "privacy", by: "ignore", rule: ".webstats-drift.yaml:3", reason: "UI" },
      { finding: "silent", by: "baseline", line: 4, firstSeen: "2026-10-01" },
    ],
  });
  return {
    stacks: ["web/prod"],
    read: [{ stack: "web/prod", via: "file backend" }],
    websites: [
      silentChanged,
      prodEntry("b.example.com", 2, "gone", { accepted: { firstSeen: "2026-10-01", line: 9 } }),
      prodEntry("c.example.com", 3, "unmanaged", {
        ignored: [{ rule: ".webstats-drift.yaml:5", reason: "old" }],
      }),
      prodEntry("d.example.com", 4, "duplicate", { silent: false, page: { status: "present" } }),
    ],
    accounts: [
      { ...account, websites: 4, plan: { name: "Team", websites: -1 } },
      { url: "https://other.example.net", id: 3, email: "ops@example.net", websites: 0, plan: null },
    ],
    tracking: { days: 7, from: "2026-11-21", to: "2026-11-27", requests: 3 },
    pages: { read: 2 },
    policy: {
      file: "policy.json",
      rules: [{ name: "bots-excluded", description: "Bots.", level: "mandatory" }],
      findings: [
        { rule: "bots-excluded", level: "mandatory", message: "bots counted", entry: silentChanged },
        { rule: "websites-per-stack", level: "advisory", message: "too many", stack: "web/prod" },
      ],
      failOn: true,
    },
    ...staleAcceptances(),
  };
}

const body = (report: DriftReport): Record<string, unknown> =>
  JSON.parse(formatReport(report, "json")) as Record<string, unknown>;

/**
 * The report with every part and a history (--history): the run before it had a website this one
 * no longer has (a fixed finding), and not yet one of the changed fields (a new one), so each of
 * the history's lists holds something.
 */
function everyPartWithHistory(): string {
  const report = everyPart();
  const [changed, ...others] = report.websites;
  const before = {
    ...report,
    websites: [
      { ...changed!, changes: changed!.changes!.slice(0, 1) },
      ...others,
      prodEntry("e.example.com", 5, "gone"),
    ],
  };
  const at = new Date("2026-11-01T02:00:00Z");
  return jsonReport(viewWithHistory(report, [{ report: before, at }], new Date("2026-11-28T02:00:00Z")));
}

describe("the JSON report's schema", () => {
  it("is the copy the docs link: write it with npm run build && node tools/build/drift-report-schema.mjs --docs", () => {
    const docs = JSON.parse(readFileSync("docs/drift-report.schema.json", "utf8")) as unknown;
    expect(docs).toEqual(driftReportJsonSchema());
  });

  it("is the file the package exports as pulumi-webstats/drift-report.schema.json (after npm run build)", () => {
    const file = require.resolve("pulumi-webstats/drift-report.schema.json");
    expect(file.replaceAll("\\", "/")).toMatch(/\/dist\/drift-report\.schema\.json$/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(driftReportJsonSchema());
  });

  it("accepts a report with every part, which starts with its version", () => {
    const text = formatReport(everyPart(), "json");
    const report = driftJsonReport(text);
    expect(Object.keys(report)[0]).toBe("schemaVersion");
    expect(report.schemaVersion).toBe(DRIFT_REPORT_SCHEMA_VERSION);
    expect(Object.keys(report.summary)).toEqual([
      ...["in-sync", "changed", "gone", "unmanaged", "duplicate", "silent", "accepted", "ignored", "policy"],
      ...["pagesPresent", "pagesMissing", "pagesWrong", "pagesUnreachable"],
    ]);
  });

  it("accepts a report with a history, each of its lists holding findings", () => {
    const { history } = driftJsonReport(everyPartWithHistory());
    expect(Object.keys(history ?? {})).toEqual([
      ...["file", "since", "at", "headline", "counts", "findings", "fixed", "trend"],
    ]);
    expect(new Set(history!.findings.map((f) => f.status))).toEqual(new Set(["new", "open", "accepted"]));
    expect(history!.findings.some((f) => f.field !== undefined && f.new)).toBe(true);
    expect(history!.findings.some((f) => f.rule !== undefined && f.stack !== undefined)).toBe(true);
    expect(history!.fixed.map((f) => [f.domain, f.status])).toEqual([["e.example.com", "fixed"]]);
    expect(history!.trend).toHaveLength(2);
  });

  it("accepts the smallest report: no stack, no website", () => {
    expect(driftJsonProblems(body({ stacks: [], websites: [], accounts: [] }))).toEqual([]);
  });

  // Each a report the renderer never writes: the schema must say what is wrong, and where.
  const broken: [string, (report: Record<string, unknown>) => void, string][] = [
    ["a key of its own at the top", (r) => (r.extra = 1), "(the report) must NOT have additional properties"],
    [
      "a key of its own in a website",
      (r) => ((r.websites as Record<string, unknown>[])[0]!.secret = "x"),
      "/websites/0 must NOT have additional properties",
    ],
    [
      "a key of its own in an account",
      (r) => ((r.accounts as Record<string, unknown>[])[0]!.apiKey = "x"),
      "/accounts/0 must NOT have additional properties",
    ],
    ["another version", (r) => (r.schemaVersion = "2.0"), "/schemaVersion must be equal to constant"],
    ["no version", (r) => delete r.schemaVersion, "(the report) must have required property 'schemaVersion'"],
    [
      "a status count missing",
      (r) => delete (r.summary as Record<string, unknown>)["in-sync"],
      "/summary must have required property 'in-sync'",
    ],
    [
      "a status of its own",
      (r) => ((r.websites as Record<string, unknown>[])[1]!.status = "lost"),
      "/websites/1/status must be equal to one of the allowed values",
    ],
    [
      "a change without its live value",
      (r) => delete (r.websites as { changes: Record<string, unknown>[] }[])[0]!.changes[0]!.live,
      "/websites/0/changes/0 must have required property 'live'",
    ],
    [
      "a date that is none",
      (r) => ((r.tracking as Record<string, unknown>).from = "yesterday"),
      '/tracking/from must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
    ],
    ["a negative count", (r) => ((r.pages as Record<string, unknown>).read = -1), "/pages/read must be >= 0"],
    [
      "a key of its own in a history finding",
      (r) => (history(r).findings[0]!.subject = "x"),
      "/history/findings/0 must NOT have additional properties",
    ],
    [
      "a fixed finding among the history's findings",
      (r) => (history(r).findings[0]!.status = "fixed"),
      "/history/findings/0/status must be equal to one of the allowed values",
    ],
    [
      "an open finding among the fixed ones",
      (r) => (history(r).fixed[0]!.status = "open"),
      "/history/fixed/0/status must be equal to constant",
    ],
    [
      "a history time that is none",
      (r) => (history(r).since = "2026-11-01"),
      "/history/since must match pattern",
    ],
    [
      "a history count missing",
      (r) => delete history(r).trend[0]!.counts.fixed,
      "/history/trend/0/counts must have required property 'fixed'",
    ],
  ];

  it.each(broken)("refuses %s", (_, breakIt, problem) => {
    const report = JSON.parse(everyPartWithHistory()) as Record<string, unknown>;
    expect(driftJsonProblems(report)).toEqual([]);
    breakIt(report);
    expect(driftJsonProblems(report).join("\n")).toContain(problem);
    expect(() => driftJsonReport(JSON.stringify(report))).toThrow(
      "The drift JSON report does not match its schema",
    );
  });
});
