// The drift report as JUnit XML (report/formats/junit.ts), read as CI systems read it: the whole
// document of a report with every kind of website, stale baseline entries and ignore rules, and
// policy findings, so that each attribute (the counts of every suite and of the whole) and each
// case's failure, skip or output is the one the format means.
import { describe, expect, it } from "vitest";
import { account, prodEntry, staleAcceptances } from "../../../support/drift-entries";
import type { FailOnName } from "../../../../drift/model/entries";
import type { DriftReport } from "../../../../drift/model/report";
import { formatReport } from "../../../../drift/report/formats";
import type { ReportContext } from "../../../../drift/report/report-context";

const junitReport = (report: DriftReport, context: ReportContext): string =>
  formatReport(report, "junit", context);

const other = { url: "http://other.example.net:8080", id: 9, email: "ops@example.net" };

const report: DriftReport = {
  stacks: ["web/prod", "web/dev"],
  websites: [
    prodEntry("a.example.com", 1, "in-sync"),
    prodEntry("b.example.com", 2, "changed", {
      changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [] }],
      silent: true,
      page: { status: "missing" },
      stacks: ["web/prod", "web/dev"],
      resources: ["web/prod:b", "web/dev:b"],
    }),
    prodEntry("c.example.com", 3, "unmanaged"),
    prodEntry("d.example.com", 4, "gone", { accepted: { firstSeen: "2025-01-02", line: 4 } }),
    prodEntry("e.example.com", 5, "in-sync", { silent: false }),
    { ...prodEntry("f.example.net", 6, "unmanaged"), account: other },
  ],
  accounts: [
    { ...account, websites: 4, plan: null },
    { ...other, websites: 1, plan: null },
  ],
};

const withFiles: DriftReport = {
  stacks: ["web/prod"],
  websites: [
    prodEntry("g.example.com", 8, "changed", {
      changes: [{ field: "excludeBots", recorded: true, live: false }],
      excusedParts: [
        {
          finding: "changed",
          field: "excludeBots",
          by: "ignore",
          rule: ".webstats-drift.yaml:2",
          reason: "bots",
        },
      ],
    }),
  ],
  accounts: [{ ...account, websites: 1, plan: null }],
  ...staleAcceptances(),
  policy: {
    file: "webstats-policy.yaml",
    rules: [],
    failOn: true,
    findings: [
      {
        rule: "require-exclude-bots",
        level: "mandatory",
        message: "bots counted",
        entry: prodEntry("g.example.com", 8, "changed"),
      },
      { rule: "stack-tag", level: "advisory", message: "no tag", stack: "web/prod" },
    ],
  },
};

/** withFiles' account suite and the stale entries' suite, in both of its documents. */
const files = [
  '  <testsuite name="team@example.com (7) at https://stats.example.com" tests="1" failures="0" errors="0" skipped="0">',
  '    <testcase classname="drift.stats.example.com.7" name="g.example.com (8)">',
  "      <system-out>partly excused: excludeBots ignored: bots (.webstats-drift.yaml:2)",
  "status: changed",
  "account: team@example.com (7) at https://stats.example.com",
  "stacks: web/prod",
  "resources: web/prod:g.example.com",
  "excludeBots: true recorded, false live</system-out>",
  "    </testcase>",
  "  </testsuite>",
  '  <testsuite name="stale baseline entries and ignore rules" tests="2" failures="0" errors="0" skipped="2">',
  '    <testcase classname="drift.files" name="drift-baseline.yaml:12">',
  '      <skipped message="stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, or write the baseline again." />',
  "    </testcase>",
  '    <testcase classname="drift.files" name=".webstats-drift.yaml:7">',
  '      <skipped message="stale ignore rule .webstats-drift.yaml:7: domain &quot;*.gone.example&quot; matches no website of the report; remove the rule, or correct its domain." />',
  "    </testcase>",
  "  </testsuite>",
];

describe("drift: the JUnit report", () => {
  it.each<[string, DriftReport, FailOnName[], string[]]>([
    [
      "is one suite per account, a case per website: failing ones with their details, passing ones bare",
      report,
      ["changed", "silent", "unmanaged"],
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="pulumi-webstats drift" tests="6" failures="3" errors="0" skipped="0">',
        '  <testsuite name="team@example.com (7) at https://stats.example.com" tests="5" failures="2" errors="0" skipped="0">',
        '    <testcase classname="drift.stats.example.com.7" name="a.example.com (1)" />',
        '    <testcase classname="drift.stats.example.com.7" name="b.example.com (2)">',
        '      <failure type="changed,silent" message="b.example.com: changed, silent">status: changed, silent, page missing',
        "account: team@example.com (7) at https://stats.example.com",
        "stacks: web/prod, web/dev",
        "resources: web/prod:b, web/dev:b",
        "excludeIps: [10.0.0.1] recorded, [] live</failure>",
        "    </testcase>",
        '    <testcase classname="drift.stats.example.com.7" name="c.example.com (3)">',
        '      <failure type="unmanaged" message="c.example.com: unmanaged">status: unmanaged',
        "account: team@example.com (7) at https://stats.example.com",
        "stacks: none</failure>",
        "    </testcase>",
        '    <testcase classname="drift.stats.example.com.7" name="d.example.com (4)">',
        "      <system-out>accepted by the baseline, first seen 2025-01-02",
        "status: gone",
        "account: team@example.com (7) at https://stats.example.com",
        "stacks: web/prod",
        "resources: web/prod:d.example.com</system-out>",
        "    </testcase>",
        '    <testcase classname="drift.stats.example.com.7" name="e.example.com (5)" />',
        "  </testsuite>",
        '  <testsuite name="ops@example.net (9) at http://other.example.net:8080" tests="1" failures="1" errors="0" skipped="0">',
        '    <testcase classname="drift.other.example.net:8080.9" name="f.example.net (6)">',
        '      <failure type="unmanaged" message="f.example.net: unmanaged">status: unmanaged',
        "account: ops@example.net (9) at http://other.example.net:8080",
        "stacks: none</failure>",
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ],
    ],
    [
      "says why a website passes; stale entries and rules are skipped cases, policy findings a suite of their own",
      withFiles,
      ["changed"],
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="pulumi-webstats drift" tests="5" failures="1" errors="0" skipped="2">',
        ...files,
        '  <testsuite name="policy (webstats-policy.yaml)" tests="2" failures="1" errors="0" skipped="0">',
        '    <testcase classname="drift.policy" name="require-exclude-bots: g.example.com (8)">',
        '      <failure type="require-exclude-bots" message="mandatory: bots counted">g.example.com (8) on the account team@example.com (7) at https://stats.example.com</failure>',
        "    </testcase>",
        '    <testcase classname="drift.policy" name="stack-tag: web/prod">',
        "      <system-out>not failing (advisory): no tag (stack web/prod)</system-out>",
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ],
    ],
    [
      "adds no suite for a policy check that found nothing",
      { ...withFiles, policy: { ...withFiles.policy!, findings: [] } },
      ["changed"],
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="pulumi-webstats drift" tests="3" failures="0" errors="0" skipped="2">',
        ...files,
        "</testsuites>",
        "",
      ],
    ],
  ])("%s", (_what, given, failOn, lines) => {
    expect(junitReport(given, { failOn })).toBe(lines.join("\n"));
  });

  it("names a website not failing the run by its findings, and ignored ones by their rules", () => {
    const xml = junitReport(
      {
        ...report,
        websites: [
          prodEntry("h.example.com", 10, "gone"),
          prodEntry("i.example.com", 11, "unmanaged", {
            ignored: [{ rule: ".webstats-drift.yaml:3", reason: "<ours>" }],
          }),
        ],
      },
      { failOn: ["changed"] },
    );
    expect(xml).toContain(
      '<testcase classname="drift.stats.example.com.7" name="h.example.com (10)">\n      <system-out>not failing: gone\nstatus: gone\n',
    );
    expect(xml).toContain("<system-out>ignored: &lt;ours&gt; (.webstats-drift.yaml:3)\nstatus: unmanaged\n");
    expect(xml).toContain('tests="2" failures="0" errors="0" skipped="0">');
  });

  it("puts each website in the suite of its own account, told apart by installation and id", () => {
    const sameUrl = { ...account, id: 8, email: "other@example.com" };
    const sameId = { ...account, url: "https://stats.example.org" };
    const xml = junitReport(
      {
        stacks: ["web/prod"],
        websites: [
          prodEntry("a.example.com", 1, "in-sync"),
          { ...prodEntry("b.example.com", 2, "in-sync"), account: sameUrl },
          { ...prodEntry("c.example.com", 3, "in-sync"), account: sameId },
        ],
        accounts: [account, sameUrl, sameId].map((a) => ({ ...a, websites: 1, plan: null })),
      },
      {},
    );
    const suites = xml.split("  <testsuite ").slice(1);
    expect(suites.map((s) => [...s.matchAll(/name="([a-z]\.example\.com) /g)].map((m) => m[1]))).toEqual([
      ["a.example.com"],
      ["b.example.com"],
      ["c.example.com"],
    ]);
  });
});
