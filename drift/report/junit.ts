// The drift report as JUnit XML, which CI systems (GitLab, Jenkins, Azure DevOps) show as test
// results: one test suite per account, one test case per website, a failure for each website
// whose drift fails the run (the message names the findings, the text gives the details).
// Accepted and ignored websites pass, saying why in their output; stale baseline entries and
// ignore rules are skipped cases of a last suite, so they show without failing. Every name and
// text is neutralised (model/neutral-text.ts) and then escaped as XML.
import type { DriftEntry } from "../model/entries";
import { findingsOf } from "../model/entries";
import { excuseText, findingFails, partlyExcusedText } from "./report-context";
import type { ReportContext } from "./report-context";
import type { DriftReport } from "../model/report";
import { changeText, staleBaselineText, staleRuleText } from "./report-texts";
import { policyJunitSuite } from "./policy-report";
import { neutralText, xmlText } from "../model/neutral-text";

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

function testCase(
  entry: DriftEntry,
  report: DriftReport,
  context: ReportContext,
): { xml: string; failed: boolean } {
  const findings = findingsOf(entry);
  const failing = findings.filter((f) => findingFails(entry, f, context));
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
    excuseText(entry, report.baseline?.file) ??
    partlyExcusedText(entry, report.baseline?.file) ??
    (findings.length > 0 ? `not failing: ${findings.join(", ")}` : undefined);
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

export function junitReport(report: DriftReport, context: ReportContext = {}): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const account of report.accounts) {
    const own = report.websites.filter((e) => e.account.url === account.url && e.account.id === account.id);
    const cases = own.map((e) => testCase(e, report, context));
    const failed = cases.filter((c) => c.failed).length;
    tests += cases.length;
    failures += failed;
    const name = `${account.email} (${account.id}) at ${account.url}`;
    suites.push(
      `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">`,
      ...cases.map((c) => c.xml),
      "  </testsuite>",
    );
  }
  const stale = [
    ...(report.baseline?.stale ?? []).map((e) => ({
      name: `${e.file}:${e.line}`,
      text: staleBaselineText(e),
    })),
    ...(report.ignore?.stale ?? []).map((r) => ({ name: r.at, text: staleRuleText(r) })),
  ];
  if (stale.length > 0) {
    tests += stale.length;
    skipped += stale.length;
    suites.push(
      `  <testsuite name="stale baseline entries and ignore rules" tests="${stale.length}" failures="0" errors="0" skipped="${stale.length}">`,
      ...stale.map(
        (s) =>
          `    <testcase classname="drift.files" name="${xml(s.name)}">\n      <skipped message="${xml(s.text)}" />\n    </testcase>`,
      ),
      "  </testsuite>",
    );
  }
  if (report.policy && report.policy.findings.length > 0) {
    const policy = policyJunitSuite(report.policy, xml);
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
