// The policy findings' sentence of the drift reports' view (drift/report/view/policy-view.ts): no
// violation, advisory ones only, and mandatory ones that fail the run or not; the Markdown part
// of a check without findings (formats/markdown.ts); the SARIF rules and results of a website's
// and a stack's findings, whole (formats/sarif.ts).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../../../drift/model/entries";
import type { PolicyCheck, PolicyFinding } from "../../../../drift/model/report";
import { policyMarkdownLines } from "../../../../drift/report/formats/markdown";
import { policySarif } from "../../../../drift/report/formats/sarif";
import { policySummary } from "../../../../drift/report/view/policy-view";
import { reportView } from "../../../../drift/report/view/report-view";
import { entry } from "../../../support/drift-entries";

const rule = { name: "no-http", description: "Websites are served over HTTPS.", level: "advisory" } as const;
const finding = (level: PolicyFinding["level"]): PolicyFinding => ({
  rule: rule.name,
  level,
  message: "served over HTTP",
  stack: "web/prod",
});
const check = (findings: PolicyFinding[], failOn = true): PolicyCheck => ({
  file: "policy.yaml",
  rules: [rule],
  findings,
  failOn,
});
/** The view of a report of `websites` with the policy check `policy`. */
const viewOf = (policy: PolicyCheck, websites: DriftEntry[] = []) =>
  reportView({ stacks: [], websites, accounts: [], policy });

describe("policySummary", () => {
  it.each([
    ["no violation", check([]), "Policy (policy.yaml, 1 rule): 0 violations."],
    [
      "an advisory one",
      check([finding("advisory")]),
      "Policy (policy.yaml, 1 rule): 1 violation, 0 mandatory.",
    ],
    [
      "mandatory ones that fail the run",
      check([finding("mandatory"), finding("advisory")]),
      "Policy (policy.yaml, 1 rule): 2 violations, 1 mandatory (they fail the run).",
    ],
    [
      "a mandatory one that does not",
      check([finding("mandatory")], false),
      "Policy (policy.yaml, 1 rule): 1 violation, 1 mandatory (not failing: --fail-on does not name policy).",
    ],
  ])("%s", (_what, given, sentence) => {
    expect(policySummary(given)).toBe(sentence);
  });
});

describe("policyMarkdownLines", () => {
  it("gives the heading and the summary, and no table, when nothing is violated", () => {
    expect(policyMarkdownLines(viewOf(check([])).policy!)).toEqual([
      "",
      "### Policy",
      "",
      "Policy (policy.yaml, 1 rule): 0 violations.",
    ]);
  });
});

describe("policySarif", () => {
  it("gives a rule per policy rule, and a located, fingerprinted result per finding with its properties", () => {
    const site = entry("a.example.com", "changed", { stacks: ["web/prod"] });
    const applied: PolicyCheck = {
      file: "policy.yaml",
      rules: [rule, { name: "private-only", description: "Websites are private.", level: "mandatory" }],
      findings: [
        { rule: "private-only", level: "mandatory", message: "public", entry: site },
        { rule: "no-http", level: "advisory", message: "served over HTTP", stack: "web/dev" },
        { rule: "no-http", level: "advisory", message: "served over HTTP", stack: "web/prod" },
      ],
      failOn: true,
    };
    const sha256 = (parts: unknown[]) => createHash("sha256").update(JSON.stringify(parts)).digest("hex");
    // The stack web/prod's first website is the site: its finding is shown there; web/dev has none.
    const view = viewOf(applied, [site]);
    const sarif = policySarif(
      view.policy!,
      view.rows,
      3,
      (e) => ({ website: e.domain }),
      (stack) => ({ project: stack }),
    );
    expect(sarif).toEqual({
      rules: [
        {
          id: "policy/no-http",
          name: "PolicyNoHttp",
          shortDescription: { text: "Websites are served over HTTPS." },
          fullDescription: {
            text: "Websites are served over HTTPS. Enforcement level: advisory (policy.yaml).",
          },
          help: {
            text: "Websites are served over HTTPS. Configure or disable it in policy.yaml; see docs/policy-pack.md.",
          },
          defaultConfiguration: { level: "warning" },
        },
        {
          id: "policy/private-only",
          name: "PolicyPrivateOnly",
          shortDescription: { text: "Websites are private." },
          fullDescription: { text: "Websites are private. Enforcement level: mandatory (policy.yaml)." },
          help: {
            text: "Websites are private. Configure or disable it in policy.yaml; see docs/policy-pack.md.",
          },
          defaultConfiguration: { level: "error" },
        },
      ],
      results: [
        {
          ruleId: "policy/private-only",
          ruleIndex: 4,
          level: "error",
          message: {
            text: "public (a.example.com (13) on the account team@example.com (7) at https://stats.example.com)",
          },
          locations: [{ website: "a.example.com" }],
          partialFingerprints: {
            "webstatsPolicy/v1": sha256(["private-only", "https://stats.example.com", 7, "a.example.com"]),
          },
          properties: {
            policyRule: "private-only",
            enforcementLevel: "mandatory",
            domain: "a.example.com",
            websiteId: 13,
            installation: "https://stats.example.com",
            account: 7,
            stacks: ["web/prod"],
          },
        },
        {
          ruleId: "policy/no-http",
          ruleIndex: 3,
          level: "warning",
          message: { text: "served over HTTP (stack web/dev)" },
          locations: [{ project: "web/dev" }],
          partialFingerprints: { "webstatsPolicy/v1": sha256(["no-http", "web/dev"]) },
          properties: { policyRule: "no-http", enforcementLevel: "advisory", stack: "web/dev" },
        },
        {
          ruleId: "policy/no-http",
          ruleIndex: 3,
          level: "warning",
          message: { text: "served over HTTP (stack web/prod)" },
          locations: [{ website: "a.example.com" }],
          partialFingerprints: { "webstatsPolicy/v1": sha256(["no-http", "web/prod"]) },
          properties: { policyRule: "no-http", enforcementLevel: "advisory", stack: "web/prod" },
        },
      ],
    });
  });
});
