// The JSON report, for programs: every value exact, its sentences (page reasons, policy messages)
// neutralised, since they may quote a page or a server. Its fields are those of
// ../json-report-schema.ts, which the compiler holds this body to; its `summary` is the view's
// counts, the Markdown report's too.
import type { DriftEntry } from "../../model/entries";
import { neutralJson, neutralText } from "../../model/neutral-text";
import { DRIFT_REPORT_SCHEMA_VERSION } from "../json-report-schema";
import type { DriftJsonPolicy, DriftJsonReport } from "../json-report-schema";
import type { PolicyView } from "../view/policy-view";
import type { ReportView } from "../view/report-view";

/** An entry with the page check's sentences (its reason, which may quote a page, and its cause) neutralised. */
function pageSentences(e: DriftEntry): DriftEntry {
  if (!e.page) return e;
  const { reason, cause } = e.page;
  return {
    ...e,
    page: {
      ...e.page,
      ...(reason !== undefined ? { reason: neutralText(reason) } : {}),
      ...(cause !== undefined ? { cause: neutralText(cause) } : {}),
    },
  };
}

function policyJson({ check }: PolicyView): DriftJsonPolicy {
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

/** The JSON report's body, its parts in the order it prints them. */
function jsonReportBody(view: ReportView): DriftJsonReport {
  const { report } = view;
  return {
    schemaVersion: DRIFT_REPORT_SCHEMA_VERSION,
    stacks: report.stacks,
    ...(report.read ? { read: report.read } : {}),
    summary: view.counts,
    ...(report.tracking ? { tracking: report.tracking } : {}),
    ...(report.pages ? { pages: report.pages } : {}),
    ...(report.baseline ? { baseline: report.baseline } : {}),
    ...(report.ignore ? { ignore: report.ignore } : {}),
    accounts: report.accounts,
    websites: report.websites.map(pageSentences),
    ...(view.policy ? { policy: policyJson(view.policy) } : {}),
  };
}

export const jsonReport = (view: ReportView): string => `${neutralJson(jsonReportBody(view), 2)}\n`;
