// The policy findings' sentence of the drift reports (drift/report/policy-report.ts): no
// violation, advisory ones only, and mandatory ones that fail the run or not.
import { describe, expect, it } from "vitest";
import { policySummary } from "../../drift/report/policy-report";
import type { PolicyCheck, PolicyFinding } from "../../drift/model/report";

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
