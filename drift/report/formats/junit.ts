// The JUnit XML report, which CI systems (GitLab, Jenkins, Azure DevOps) show as test results: one
// test suite per account, one test case per website, a failure for each website whose drift fails
// the run (the message names the findings, the text gives the details). Accepted and ignored
// websites pass, saying why in their output; stale baseline entries and ignore rules are skipped
// cases of a suite of their own, so they show without failing; the policy's findings are a last
// suite, a failure for each that fails the run. Every name and text is neutralised
// (model/neutral-text.ts) and then escaped as XML.
import type { DriftEntry } from "../../model/entries";
import { neutralText, xmlText } from "../../model/neutral-text";
import { changeText } from "../report-texts";
import type { PolicyView } from "../view/policy-view";
import type { ReportView, RowView } from "../view/report-view";

/**
 * Text as XML character data or attribute: neutralised (a value's line breaks and control
 * characters shown as `\n`, `\u001b`), markup escaped, characters XML 1.0 cannot hold replaced.
 */
const xml = (value: string): string => xmlText(neutralText(value));

/** Lines of drift's own (the details, one a line) as XML character data, each neutralised. */
const xmlLines = (lines: readonly string[]): string => xmlText(lines.map(neutralText).join("\n"));

function details(entry: DriftEntry): string[] {
  return [
    `status: ${entry.status}${entry.silent === true ? ", silent" : ""}${entry.page ? `, page ${entry.page.status}` : ""}`,
    `account: ${entry.account.email} (${entry.account.id}) at ${entry.account.url}`,
    `stacks: ${entry.stacks.join(", ") || "none"}`,
    ...(entry.resources.length > 0 ? [`resources: ${entry.resources.join(", ")}`] : []),
    ...(entry.changes ?? []).map((c) => changeText(c)),
  ];
}

function testCase({ entry, findings, excuse }: RowView): { xml: string; failed: boolean } {
  const failing = findings.filter((f) => f.fails).map((f) => f.name);
  const name = `${entry.domain} (${entry.id})`;
  const classname = `drift.${entry.account.url.replace(/^https?:\/\//, "")}.${entry.account.id}`;
  const open = `    <testcase classname="${xml(classname)}" name="${xml(name)}">`;
  if (failing.length > 0) {
    return {
      failed: true,
      xml: [
        open,
        `      <failure type="${xml(failing.join(","))}" message="${xml(`${entry.domain}: ${failing.join(", ")}`)}">${xmlLines(details(entry))}</failure>`,
        "    </testcase>",
      ].join("\n"),
    };
  }
  const note =
    excuse ?? (findings.length > 0 ? `not failing: ${findings.map((f) => f.name).join(", ")}` : undefined);
  if (!note) return { failed: false, xml: `${open.slice(0, -1)} />` };
  return {
    failed: false,
    xml: [
      open,
      `      <system-out>${xmlLines([note, ...details(entry)])}</system-out>`,
      "    </testcase>",
    ].join("\n"),
  };
}

/** The policy's suite: a test case per finding, a failure when it fails the run. */
function policySuite(policy: PolicyView): { xml: string; tests: number; failures: number } {
  const cases = policy.findings.map(({ finding: f, name: about, fails, subject }) => {
    const name = `${f.rule}: ${about}`;
    const open = `    <testcase classname="drift.policy" name="${xml(name)}">`;
    const body = fails
      ? `      <failure type="${xml(f.rule)}" message="${xml(`${f.level}: ${f.message}`)}">${xml(subject)}</failure>`
      : `      <system-out>${xml(`not failing (${f.level}): ${f.message} (${subject})`)}</system-out>`;
    return { xml: [open, body, "    </testcase>"].join("\n"), fails };
  });
  const failures = cases.filter((c) => c.fails).length;
  return {
    tests: cases.length,
    failures,
    xml: [
      `  <testsuite name="${xml(`policy (${policy.check.file})`)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
      ...cases.map((c) => c.xml),
      "  </testsuite>",
    ].join("\n"),
  };
}

export function junitReport(view: ReportView): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const account of view.accounts) {
    const cases = account.rows.map(testCase);
    const failed = cases.filter((c) => c.failed).length;
    tests += cases.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${xml(account.name)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">`,
      ...cases.map((c) => c.xml),
      "  </testsuite>",
    );
  }
  if (view.stale.length > 0) {
    tests += view.stale.length;
    skipped += view.stale.length;
    suites.push(
      `  <testsuite name="stale baseline entries and ignore rules" tests="${view.stale.length}" failures="0" errors="0" skipped="${view.stale.length}">`,
      ...view.stale.map(
        (s) =>
          `    <testcase classname="drift.files" name="${xml(s.name)}">\n      <skipped message="${xml(s.text)}" />\n    </testcase>`,
      ),
      "  </testsuite>",
    );
  }
  if (view.policy && view.policy.findings.length > 0) {
    const policy = policySuite(view.policy);
    tests += policy.tests;
    failures += policy.failures;
    suites.push(policy.xml);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pulumi-webstats drift" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
