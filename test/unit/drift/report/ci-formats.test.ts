// The drift report as SARIF 2.1.0 (checked against the SARIF 2.1.0 JSON schema that
// @microsoft/jest-sarif ships, with a JSON-schema validator) and as JUnit XML (read back with an
// XML parser): one rule per kind of finding, one result per finding, located where the website
// is declared or at the project file, accepted and ignored findings suppressed with their reasons,
// stale baseline entries and ignore rules as warnings at their lines; with --history too.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { account, prodEntry, staleAcceptances } from "../../../support/drift-entries";
import type { DriftEntry } from "../../../../drift/model/entries";
import { formatReport, formatRow } from "../../../../drift/report/formats";
import { viewWithHistory } from "../../../support/drift-history";
import type { DriftReport } from "../../../../drift/model/report";
import type { ReportContext } from "../../../../drift/report/report-context";

const require = createRequire(import.meta.url);
const schemaPath = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
// unicodeRegExp off: the schema's pattern for `language` has a stray "]" that a Unicode regular
// expression refuses; JSON Schema draft-04 patterns are plain ECMA-262 ones.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")) as object);

const websites: DriftEntry[] = [
  prodEntry("a.example.com", 1, "in-sync"),
  prodEntry("b.example.com", 2, "changed", {
    changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [] }],
    silent: true,
  }),
  prodEntry("c.example.com", 3, "unmanaged", {
    ignored: [{ rule: ".webstats-drift.yaml:3", reason: "the <client> & co" }],
  }),
  prodEntry("d.example.com", 4, "gone", { accepted: { firstSeen: "2025-01-02", line: 4 } }),
];
const report: DriftReport = {
  stacks: ["web/prod"],
  websites,
  accounts: [{ ...account, websites: 3, plan: null }],
  ...staleAcceptances(),
};
const context: ReportContext = {
  failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"],
  locate: (e) => (e.domain === "b.example.com" ? { file: "fleet/web sites.yaml", line: 14 } : undefined),
};

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: { physicalLocation?: unknown; logicalLocations?: { name: string }[] }[];
  suppressions?: { kind: string; status?: string; justification: string }[];
  baselineState?: string;
}

describe("drift: the SARIF report", () => {
  // Built in each test, not once for the block: a mutation run credits a mutant only to the tests
  // that ran it.
  const sarifLog = () =>
    JSON.parse(formatReport(report, "sarif", context)) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: SarifResult[];
        invocations: {
          toolExecutionNotifications: { level: string; message: { text: string }; locations: unknown[] }[];
        }[];
      }[];
    };
  const sarifRun = () => sarifLog().runs[0]!;

  it("is valid SARIF 2.1.0 by the schema", () => {
    const sarif = sarifLog();
    const valid = validateSarif(sarif);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The schema is strict: a result without a message is refused, so the check can fail.
    const broken = structuredClone(sarif) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    delete broken.runs[0]!.results[0]!.message;
    expect(validateSarif(broken)).toBe(false);
  });

  it("has one rule per kind of finding and one result per finding", () => {
    const run = sarifRun();
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual([
      "changed",
      "gone",
      "unmanaged",
      "duplicate",
      "silent",
    ]);
    expect(run.results.map((r) => [r.ruleId, r.level, r.baselineState])).toEqual([
      ["changed", "error", "new"],
      ["silent", "error", "new"],
      ["unmanaged", "note", "new"],
      ["gone", "note", "unchanged"],
    ]);
    expect(run.results[0]!.message.text).toContain("excludeIps: [10.0.0.1] recorded, [] live");
  });

  it("locates a declared website at its file and line; the others at the file a reviewer acts on", () => {
    const run = sarifRun();
    expect(run.results[0]!.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: "fleet/web%20sites.yaml" },
          region: { startLine: 14 },
        },
        logicalLocations: [
          {
            name: "b.example.com",
            fullyQualifiedName: "https://stats.example.com/accounts/7/websites/b.example.com",
            kind: "resource",
          },
        ],
      },
    ]);
    // Where each website is declared is in review-sites.ts (test/unit/drift/report/sarif-github.test.ts).
    expect(run.results[2]!.locations[0]!.logicalLocations?.[0]?.name).toBe("c.example.com");
    expect(run.results[2]!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: "Pulumi.yaml" },
      region: { startLine: 1 },
    });
  });

  it("suppresses accepted and ignored findings, saying why", () => {
    const run = sarifRun();
    expect(run.results[2]!.suppressions).toEqual([
      { kind: "external", justification: "ignored: the <client> & co (.webstats-drift.yaml:3)" },
    ]);
    expect(run.results[3]!.suppressions).toEqual([
      {
        kind: "external",
        status: "accepted",
        justification: "accepted by the baseline (drift-baseline.yaml:4), first seen 2025-01-02",
      },
    ]);
  });

  it("warns of stale baseline entries and ignore rules at their lines", () => {
    const warnings = sarifRun().invocations[0]!.toolExecutionNotifications;
    expect(warnings.map((w) => [w.level, w.message.text.split(":")[0]])).toEqual([
      ["warning", "stale baseline entry drift-baseline.yaml"],
      ["warning", "stale ignore rule .webstats-drift.yaml"],
    ]);
    expect(warnings[1]!.locations).toEqual([
      { physicalLocation: { artifactLocation: { uri: ".webstats-drift.yaml" }, region: { startLine: 7 } } },
    ]);
  });

  it("an empty report is valid too", () => {
    const empty = JSON.parse(formatReport({ stacks: [], websites: [], accounts: [] }, "sarif")) as object;
    expect(validateSarif(empty)).toBe(true);
  });

  it("with --history (each result's baselineState, the run's counts) is valid too", () => {
    const before: DriftReport = { ...report, websites: websites.slice(0, 2) };
    const view = viewWithHistory(
      report,
      [{ report: before, at: new Date("2026-11-01T02:00:00Z") }],
      new Date(),
    );
    const sarif = JSON.parse(formatRow("sarif").render(view)) as { runs: { results: SarifResult[] }[] };
    expect(validateSarif(sarif)).toBe(true);
    expect(sarif.runs[0]!.results.map((r) => r.baselineState)).toEqual([
      "unchanged",
      "unchanged",
      "new",
      "new",
    ]);
  });
});

describe("drift: the JUnit report", () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => ["testsuite", "testcase"].includes(name),
  });
  const junit = (failOn?: ReportContext["failOn"]) =>
    parser.parse(formatReport(report, "junit", failOn ? { failOn } : context)) as {
      testsuites: {
        tests: string;
        failures: string;
        skipped: string;
        testsuite: {
          name: string;
          tests: string;
          failures: string;
          testcase: {
            name: string;
            failure?: { type: string; message: string; "#text": string };
            "system-out"?: string;
            skipped?: { message: string };
          }[];
        }[];
      };
    };
  const suites = () => junit().testsuites.testsuite;

  it("has one test case per website, a failure for each whose drift fails the run", () => {
    const parsed = junit();
    const suites = parsed.testsuites.testsuite;
    expect(parsed.testsuites).toMatchObject({ tests: "6", failures: "1", skipped: "2" });
    const cases = suites[0]!.testcase;
    expect(suites[0]!.name).toBe("team@example.com (7) at https://stats.example.com");
    expect(cases.map((c) => [c.name, c.failure?.type])).toEqual([
      ["a.example.com (1)", undefined],
      ["b.example.com (2)", "changed,silent"],
      ["c.example.com (3)", undefined],
      ["d.example.com (4)", undefined],
    ]);
    expect(cases[1]!.failure!["#text"]).toContain("excludeIps: [10.0.0.1] recorded, [] live");
  });

  it("says why accepted and ignored websites pass, escaping markup", () => {
    const cases = suites()[0]!.testcase;
    expect(cases[2]!["system-out"]).toContain("ignored: the <client> & co (.webstats-drift.yaml:3)");
    expect(cases[3]!["system-out"]).toContain(
      "accepted by the baseline (drift-baseline.yaml:4), first seen 2025-01-02",
    );
  });

  it("lists stale baseline entries and ignore rules as skipped cases", () => {
    expect(suites()[1]!.testcase.map((c) => [c.name, c.skipped?.message.slice(0, 16)])).toEqual([
      ["drift-baseline.yaml:12", "stale baseline e"],
      [".webstats-drift.yaml:7", "stale ignore rul"],
    ]);
  });

  it("with --fail-on gone only, a changed website passes, saying it is not failing", () => {
    const only = junit(["gone"]);
    expect(only.testsuites.failures).toBe("0");
    expect(only.testsuites.testsuite[0]!.testcase[1]!["system-out"]).toContain(
      "not failing: changed, silent",
    );
  });
});
