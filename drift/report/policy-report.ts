// The policy findings (drift --policy-pack-config) in every format of the drift report: lines of
// the text and Markdown reports, a part of the JSON one, a SARIF rule per policy rule with a
// result per finding (located as drift's other findings are: where the website is declared, else
// by the website itself), and a JUnit suite. Nothing secret: rules never see a password or key.
// A finding's message quotes server values: it is neutralised in every format
// (model/neutral-text.ts), in JSON too, where it is a sentence.
import { createHash } from "node:crypto";
import { markdownText, neutralText } from "../model/neutral-text";
import type { DriftEntry } from "../model/entries";
import { findingSubject } from "../compare/policy-check";
import type { PolicyCheck, PolicyFinding } from "../model/report";
import type { DriftJsonPolicy } from "./json-report-schema";
import { plural } from "../model/words";

/** The id of a policy rule in SARIF: beside drift's own rules, never one of them. */
const sarifRuleId = (rule: string): string => `policy/${rule}`;

/** One sentence on the check: the file, the violations, how many are mandatory. */
export function policySummary(check: PolicyCheck): string {
  const mandatory = check.findings.filter((f) => f.level === "mandatory").length;
  const fails = check.failOn ? "they fail the run" : "not failing: --fail-on does not name policy";
  return (
    `Policy (${check.file}, ${plural(check.rules.length, "rule")}): ${plural(check.findings.length, "violation")}` +
    (check.findings.length === 0 ? "." : `, ${mandatory} mandatory${mandatory > 0 ? ` (${fails})` : ""}.`)
  );
}

const findingLine = (f: PolicyFinding): string => `[${f.level}] ${f.rule}: ${f.message}`;

/** The text report's part: the summary and one line per finding. */
export const policyTextLines = (check: PolicyCheck): string[] => [
  policySummary(check),
  ...check.findings.map(findingLine),
];

/** The Markdown report's part: a heading, the summary and a table of the findings. */
export function policyMarkdownLines(check: PolicyCheck): string[] {
  const cell = (text: string) => markdownText(text, { table: true });
  const lines = ["", "### Policy", "", markdownText(policySummary(check))];
  if (check.findings.length === 0) return lines;
  return [
    ...lines,
    "",
    "| Level | Rule | Website or stack | Finding |",
    "| --- | --- | --- | --- |",
    ...check.findings.map(
      (f) =>
        `| ${f.level} | ${cell(f.rule)} | ${cell(f.entry ? `${f.entry.domain} (${f.entry.id})` : (f.stack ?? ""))} | ${cell(f.message)} |`,
    ),
  ];
}

/** The JSON report's part. */
export function policyJson(check: PolicyCheck): DriftJsonPolicy {
  return {
    file: check.file,
    rules: check.rules,
    findings: check.findings.map((f) => ({
      rule: f.rule,
      level: f.level,
      message: neutralText(f.message),
      ...(f.entry
        ? {
            domain: f.entry.domain,
            websiteId: f.entry.id,
            status: f.entry.status,
            account: f.entry.account,
            stacks: f.entry.stacks,
          }
        : { stack: f.stack }),
    })),
  };
}

/** How the SARIF report locates a website's findings (sarif.ts decides, for every finding alike). */
type LocateEntry = (entry: DriftEntry) => object;

const fingerprint = (f: PolicyFinding): string =>
  createHash("sha256")
    .update(
      JSON.stringify(
        f.entry ? [f.rule, f.entry.account.url, f.entry.account.id, f.entry.domain] : [f.rule, f.stack],
      ),
    )
    .digest("hex");

/** The SARIF rules (one per policy rule applied) and results (one per finding). */
export function policySarif(
  check: PolicyCheck,
  firstIndex: number,
  locate: LocateEntry,
  stackEntries: (stack: string) => readonly DriftEntry[],
  locateStack: (stack: string) => object,
) {
  const rules = check.rules.map((r) => ({
    id: sarifRuleId(r.name),
    name: `Policy${r.name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}`,
    shortDescription: { text: r.description },
    fullDescription: { text: `${r.description} Enforcement level: ${r.level} (${check.file}).` },
    help: { text: `${r.description} Configure or disable it in ${check.file}; see docs/policy-pack.md.` },
    defaultConfiguration: { level: r.level === "mandatory" ? "error" : "warning" },
  }));
  const results = check.findings.map((f) => {
    // A stack's finding is located at the first of its websites, else at its project.
    const entry = f.entry ?? stackEntries(f.stack ?? "")[0];
    const location = entry ? locate(entry) : locateStack(f.stack ?? "");
    return {
      ruleId: sarifRuleId(f.rule),
      ruleIndex: firstIndex + check.rules.findIndex((r) => r.name === f.rule),
      level: f.level === "mandatory" && check.failOn ? "error" : "warning",
      message: { text: neutralText(`${f.message} (${findingSubject(f)})`) },
      locations: [location],
      partialFingerprints: { "webstatsPolicy/v1": fingerprint(f) },
      properties: {
        policyRule: f.rule,
        enforcementLevel: f.level,
        ...(f.entry
          ? {
              domain: f.entry.domain,
              websiteId: f.entry.id,
              installation: f.entry.account.url,
              account: f.entry.account.id,
              stacks: f.entry.stacks,
            }
          : { stack: f.stack }),
      },
    };
  });
  return { rules, results };
}

/** Text as XML character data or attribute, neutralised (as junit.ts writes it). */
type XmlText = (value: string) => string;

/** The JUnit suite of the check: a test case per finding, a failure when it fails the run. */
export function policyJunitSuite(
  check: PolicyCheck,
  xml: XmlText,
): { xml: string; tests: number; failures: number } {
  const cases = check.findings.map((f) => {
    const name = `${f.rule}: ${f.entry ? `${f.entry.domain} (${f.entry.id})` : f.stack}`;
    const open = `    <testcase classname="drift.policy" name="${xml(name)}">`;
    const fails = f.level === "mandatory" && check.failOn;
    const body = fails
      ? `      <failure type="${xml(f.rule)}" message="${xml(`${f.level}: ${f.message}`)}">${xml(findingSubject(f))}</failure>`
      : `      <system-out>${xml(`not failing (${f.level}): ${f.message} (${findingSubject(f)})`)}</system-out>`;
    return { xml: [open, body, "    </testcase>"].join("\n"), fails };
  });
  const failures = cases.filter((c) => c.fails).length;
  return {
    tests: cases.length,
    failures,
    xml: [
      `  <testsuite name="${xml(`policy (${check.file})`)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
      ...cases.map((c) => c.xml),
      "  </testsuite>",
    ].join("\n"),
  };
}
