// The drift report as SARIF 2.1.0 (report/formats/sarif.ts), field by field where a code-scanning service
// reads it: each finding's message names the website, its account and the resources that record
// it; a finding that neither fails the run nor is excused is a warning; a run without stacks,
// warnings or a baseline says so by leaving those fields out or naming no stack.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../../../sdk/version";
import { repository } from "../../../../core/package-schema";
import { account, prodEntry, staleAcceptances } from "../../../support/drift-entries";
import type { DriftReport } from "../../../../drift/model/report";
import { formatReport } from "../../../../drift/report/formats";
import { automationId } from "../../../../drift/report/formats/sarif";
import type { ReportContext } from "../../../../drift/report/report-context";

interface Result {
  ruleId: string;
  level: string;
  message: { text: string };
}
interface Log {
  runs: {
    results: Result[];
    automationDetails: { id: string };
    invocations: Record<string, unknown>[];
  }[];
}
const sarifOf = (report: DriftReport, context: ReportContext = {}) =>
  JSON.parse(formatReport(report, "sarif", context)) as Log;
// Declared at a known line: no "Shown at" is added to the messages.
const declared: ReportContext = { locate: () => ({ file: "Pulumi.yaml", line: 3 }) };

describe("drift: the SARIF report", () => {
  it("says of each finding what it is, on which website and account, recorded by which resources", () => {
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [
        prodEntry("a.example.com", 1, "changed", {
          changes: [
            { field: "excludeIps", recorded: ["10.0.0.1"], live: [] },
            { field: "excludeBots", recorded: true, live: false },
          ],
          silent: true,
          resources: ["web/prod:a", "web/dev:a"],
        }),
        prodEntry("b.example.com", 2, "gone"),
        prodEntry("c.example.com", 3, "unmanaged"),
        prodEntry("d.example.com", 4, "duplicate", { resources: ["web/prod:d", "web/prod:d2"] }),
        prodEntry("e.example.com", 5, "gone", { resources: [] }),
      ],
      accounts: [{ ...account, websites: 4, plan: null }],
    };
    const on = "on the account team@example.com (7) at https://stats.example.com";
    expect(sarifOf(report, declared).runs[0]!.results.map((r) => [r.ruleId, r.message.text])).toEqual([
      [
        "changed",
        `a.example.com (1) ${on} changed: excludeIps: [10.0.0.1] recorded, [] live; excludeBots: true recorded, false live. Recorded by web/prod:a, web/dev:a.`,
      ],
      [
        "silent",
        `a.example.com (1) ${on} had no pageview in the window checked. Recorded by web/prod:a, web/dev:a.`,
      ],
      ["gone", `b.example.com (2) ${on} is gone from the server. Recorded by web/prod:b.example.com.`],
      ["unmanaged", `c.example.com (3) ${on} is in none of the stacks read.`],
      [
        "duplicate",
        `d.example.com (4) ${on} is recorded more than once. Recorded by web/prod:d, web/prod:d2.`,
      ],
      ["gone", `e.example.com (5) ${on} is gone from the server.`],
    ]);
  });

  it("makes a finding that neither fails the run nor is excused a warning", () => {
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [prodEntry("b.example.com", 2, "gone"), prodEntry("c.example.com", 3, "unmanaged")],
      accounts: [{ ...account, websites: 1, plan: null }],
    };
    const results = sarifOf(report, { ...declared, failOn: ["unmanaged"] }).runs[0]!.results;
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ["gone", "warning"],
      ["unmanaged", "error"],
    ]);
  });

  it("names a run of no stack by that", () => {
    expect(automationId([])).toBe("pulumi-webstats-drift/no-stacks/");
    expect(sarifOf({ stacks: [], websites: [], accounts: [] }).runs[0]!.automationDetails.id).toBe(
      "pulumi-webstats-drift/no-stacks/",
    );
  });

  it("locates a stack's policy finding at the first website of that stack", () => {
    const report: DriftReport = {
      stacks: ["web/dev", "web/prod"],
      websites: [
        prodEntry("a.example.com", 1, "in-sync", { stacks: ["web/dev"] }),
        prodEntry("b.example.com", 2, "in-sync"),
        prodEntry("c.example.com", 3, "in-sync"),
      ],
      accounts: [{ ...account, websites: 3, plan: null }],
      policy: {
        file: "webstats-policy.yaml",
        rules: [{ name: "stack-tag", description: "Stacks are tagged.", level: "advisory" }],
        failOn: true,
        findings: [
          { rule: "stack-tag", level: "advisory", message: "no tag", stack: "web/prod" },
          { rule: "stack-tag", level: "advisory", message: "no tag", stack: "web/empty" },
        ],
      },
    };
    const lines: Record<string, number> = { "a.example.com": 5, "b.example.com": 9, "c.example.com": 12 };
    const [result, empty] = sarifOf(report, {
      locate: (e) => ({ file: "Pulumi.yaml", line: lines[e.domain]! }),
    }).runs[0]!.results as unknown as {
      locations: { physicalLocation: unknown; logicalLocations: { name: string }[] }[];
    }[];
    expect(result!.locations).toEqual([
      {
        physicalLocation: { artifactLocation: { uri: "Pulumi.yaml" }, region: { startLine: 9 } },
        logicalLocations: [
          {
            name: "b.example.com",
            fullyQualifiedName: "https://stats.example.com/accounts/7/websites/b.example.com",
            kind: "resource",
          },
        ],
      },
    ]);
    // A stack without websites: at the project's file, saying so.
    expect(empty!.locations).toEqual([
      {
        physicalLocation: { artifactLocation: { uri: "Pulumi.yaml" }, region: { startLine: 1 } },
        message: { text: "Shown here as the project of the stack web/empty, which has no website." },
        logicalLocations: [{ name: "web/empty", fullyQualifiedName: "web/empty", kind: "module" }],
      },
    ]);
  });

  it("gives each result its rule, level, locations, fingerprint, baseline state, suppression and properties", () => {
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [
        prodEntry("a.example.com", 1, "gone", {
          resources: ["web/prod:a"],
          accepted: { firstSeen: "2025-01-02", line: 0 },
        }),
        prodEntry("b.example.com", 2, "unmanaged"),
      ],
      accounts: [{ ...account, websites: 1, plan: null }],
      baseline: { file: "drift-baseline.yaml", stale: [] },
    };
    const log = JSON.parse(
      formatReport(report, "sarif", {
        failOn: ["unmanaged"],
        // An absolute file, at a line before the first; a Windows path relative to the project.
        locate: (e) =>
          e.domain === "a.example.com"
            ? { file: "/srv/fleet/web sites.yaml", line: 0 }
            : { file: "infra\\web sites\\Pulumi.yaml", line: 4, fallback: "the project of its stack" },
      }),
    ) as {
      runs: {
        tool: {
          driver: {
            name: string;
            version: string;
            informationUri: string;
            rules: { id: string; name: string; defaultConfiguration: object }[];
          };
        };
        invocations: object[];
        results: object[];
        properties: object;
      }[];
    };
    const [run] = log.runs;
    const { rules, ...driver } = run!.tool.driver;
    expect(driver).toEqual({
      name: "pulumi-webstats drift",
      version: SDK_VERSION,
      informationUri: repository,
    });
    expect(rules.map((r) => [r.id, r.name, r.defaultConfiguration])).toEqual([
      ["changed", "WebsiteChanged", { level: "error" }],
      ["gone", "WebsiteGone", { level: "error" }],
      ["unmanaged", "WebsiteUnmanaged", { level: "error" }],
      ["duplicate", "WebsiteDuplicate", { level: "error" }],
      ["silent", "WebsiteSilent", { level: "error" }],
    ]);
    // No stale entry or rule: the invocation has no notifications at all.
    expect(run!.invocations).toEqual([{ executionSuccessful: true }]);
    expect(run!.properties).toEqual({ stacks: ["web/prod"] });
    const print = (domain: string, finding: string) =>
      createHash("sha256")
        .update(JSON.stringify(["https://stats.example.com", 7, domain, finding]))
        .digest("hex");
    const on = "on the account team@example.com (7) at https://stats.example.com";
    const logical = (domain: string) => [
      {
        name: domain,
        fullyQualifiedName: `https://stats.example.com/accounts/7/websites/${domain}`,
        kind: "resource",
      },
    ];
    expect(run!.results).toEqual([
      {
        ruleId: "gone",
        ruleIndex: 1,
        level: "note",
        message: { text: `a.example.com (1) ${on} is gone from the server. Recorded by web/prod:a.` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: "file:///srv/fleet/web%20sites.yaml" },
              region: { startLine: 1 },
            },
            logicalLocations: logical("a.example.com"),
          },
        ],
        partialFingerprints: { "webstatsFinding/v1": print("a.example.com", "gone") },
        baselineState: "unchanged",
        suppressions: [
          {
            kind: "external",
            status: "accepted",
            justification: "accepted by the baseline (drift-baseline.yaml:0), first seen 2025-01-02",
          },
        ],
        properties: {
          domain: "a.example.com",
          websiteId: 1,
          status: "gone",
          installation: "https://stats.example.com",
          account: 7,
          stacks: ["web/prod"],
        },
      },
      {
        ruleId: "unmanaged",
        ruleIndex: 2,
        level: "error",
        message: {
          text: `b.example.com (2) ${on} is in none of the stacks read. Shown at infra\\web sites\\Pulumi.yaml: the project of its stack.`,
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: "infra/web%20sites/Pulumi.yaml" },
              region: { startLine: 4 },
            },
            message: { text: "Shown here as the project of its stack." },
            logicalLocations: logical("b.example.com"),
          },
        ],
        partialFingerprints: { "webstatsFinding/v1": print("b.example.com", "unmanaged") },
        baselineState: "new",
        properties: {
          domain: "b.example.com",
          websiteId: 2,
          status: "unmanaged",
          installation: "https://stats.example.com",
          account: 7,
          stacks: [],
        },
      },
    ]);
  });

  it("points each result at its rule: drift's, then the policy's, then the home pages'", () => {
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [
        prodEntry("a.example.com", 1, "gone"),
        prodEntry("b.example.com", 2, "in-sync", { page: { status: "missing" } }),
      ],
      accounts: [{ ...account, websites: 1, plan: null }],
      policy: {
        file: "webstats-policy.yaml",
        rules: [
          { name: "stack-tag", description: "Stacks are tagged.", level: "advisory" },
          { name: "exclude-bots", description: "Bots are excluded.", level: "mandatory" },
        ],
        failOn: true,
        findings: [
          {
            rule: "exclude-bots",
            level: "mandatory",
            message: "bots counted",
            entry: prodEntry("a.example.com", 1, "gone"),
          },
        ],
      },
      pages: { read: 1 },
    };
    const run = (
      JSON.parse(formatReport(report, "sarif", declared)) as {
        runs: {
          tool: { driver: { rules: { id: string }[] } };
          results: { ruleId: string; ruleIndex: number; locations: { physicalLocation: object }[] }[];
        }[];
      }
    ).runs[0]!;
    const ids = run.tool.driver.rules.map((r) => r.id);
    expect(run.results.map((r) => [r.ruleId, ids[r.ruleIndex]])).toEqual([
      ["gone", "gone"],
      ["policy/exclude-bots", "policy/exclude-bots"],
      ["page/missing", "page/missing"],
    ]);
    // Each located where its website is declared.
    for (const r of run.results)
      expect(r.locations[0]!.physicalLocation).toEqual({
        artifactLocation: { uri: "Pulumi.yaml" },
        region: { startLine: 3 },
      });
  });

  it("warns of stale baseline entries and ignore rules, each at its line", () => {
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [],
      accounts: [],
      ...staleAcceptances(),
    };
    const at = (file: string, line: number) => [
      { physicalLocation: { artifactLocation: { uri: file }, region: { startLine: line } } },
    ];
    expect(sarifOf(report).runs[0]!.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: "warning",
            message: {
              text: "stale baseline entry drift-baseline.yaml:12: unmanaged old.example.com on account 7 at https://stats.example.com (first seen 2024-12-01) matches no website any more; remove it, or write the baseline again.",
            },
            locations: at("drift-baseline.yaml", 12),
          },
          {
            level: "warning",
            message: {
              text: 'stale ignore rule .webstats-drift.yaml:7: domain "*.gone.example" matches no website of the report; remove the rule, or correct its domain.',
            },
            locations: at(".webstats-drift.yaml", 7),
          },
        ],
      },
    ]);
  });

  it("names the run by its stacks up to 120 characters, then by their count and a hash, the same for the same stacks", () => {
    const exactly120 = ["a".repeat(59), "b".repeat(60)];
    expect(automationId(exactly120)).toBe(`pulumi-webstats-drift/${exactly120.join(",")}/`);
    const longer = ["a".repeat(60), "b".repeat(60)];
    const hash = createHash("sha256").update(longer.join(",")).digest("hex").slice(0, 12);
    expect(automationId(longer)).toBe(`pulumi-webstats-drift/2-stacks-${hash}/`);
    // A stack named twice is one stack: the same category as without the repetition.
    expect(automationId([...longer, longer[1]!, longer[0]!])).toBe(automationId(longer));
  });
});
