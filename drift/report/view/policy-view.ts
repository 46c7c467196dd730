// What the policy check (drift --policy-pack-config) adds to a report's view: its sentence (the
// file, the violations, how many are mandatory), and each finding with what it is about in words,
// whether it fails the run, and the row of its website. Every format shows these; the SARIF
// report adds a rule per policy rule (formats/sarif.ts). A finding's message quotes server
// values: each format neutralises it as it neutralises any sentence.
import { findingSubject, policyFails } from "../../compare/policy-check";
import type { PolicyCheck, PolicyFinding } from "../../model/report";
import { plural } from "../../model/words";

/** One sentence on the check: the file, the violations, how many are mandatory. */
export function policySummary(check: PolicyCheck): string {
  const mandatory = check.findings.filter((f) => f.level === "mandatory").length;
  const fails = check.failOn ? "they fail the run" : "not failing: --fail-on does not name policy";
  return (
    `Policy (${check.file}, ${plural(check.rules.length, "rule")}): ${plural(check.findings.length, "violation")}` +
    (check.findings.length === 0 ? "." : `, ${mandatory} mandatory${mandatory > 0 ? ` (${fails})` : ""}.`)
  );
}

export interface PolicyFindingView {
  finding: PolicyFinding;
  /** Its place among the check's findings (the HTML page's anchor `f<index>`). */
  index: number;
  /** Mandatory, and --fail-on names policy. */
  fails: boolean;
  /** The website (`domain (id)`) or the stack it is about. */
  name: string | undefined;
  /** The same with the website's account, or `stack NAME` (compare/policy-check.ts). */
  subject: string;
  /** The report row of its website, when it is about one the report lists. */
  row?: number;
}

export interface PolicyView {
  check: PolicyCheck;
  sentence: string;
  findings: PolicyFindingView[];
  /** Whether a finding fails the run (exit code 3). */
  fails: boolean;
}

/** The policy part of the view; `rowOf` gives the row of a finding's website. */
export function policyView(
  check: PolicyCheck | undefined,
  rowOf: (finding: PolicyFinding) => number | undefined,
): PolicyView | undefined {
  if (!check) return undefined;
  const findings = check.findings.map((finding, index): PolicyFindingView => {
    const row = rowOf(finding);
    return {
      finding,
      index,
      fails: finding.level === "mandatory" && check.failOn,
      name: finding.entry ? `${finding.entry.domain} (${finding.entry.id})` : finding.stack,
      subject: findingSubject(finding),
      ...(row !== undefined ? { row } : {}),
    };
  });
  return { check, sentence: policySummary(check), findings, fails: policyFails(check) };
}
