// The JSON report, for programs: every value exact, its sentences (page reasons, policy messages,
// the history's headline and warning) neutralised, since they may quote a page, a server or a
// file. Its fields are those of ../json-report-schema.ts, which the compiler holds this body to;
// its `summary` is the view's counts, the Markdown report's too.
import type { DriftEntry } from "../../model/entries";
import { neutralJson, neutralText } from "../../model/neutral-text";
import { DRIFT_REPORT_SCHEMA_VERSION } from "../json-report-schema";
import type { DriftJsonHistory, DriftJsonPolicy, DriftJsonReport } from "../json-report-schema";
import type { HistoryFinding } from "../../history/history-line";
import type { HistoryFindingView, HistoryView } from "../view/history-view";
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

/** A history finding: its identity and stacks as the history holds them, then its status and age. */
function historyFindingJson<S>({ finding: f, ageDays }: HistoryFindingView<HistoryFinding>, status: S) {
  return {
    finding: f.finding,
    ...(f.installation !== undefined ? { installation: f.installation } : {}),
    ...(f.account !== undefined ? { account: f.account } : {}),
    ...(f.website !== undefined ? { website: f.website } : {}),
    ...(f.domain !== undefined ? { domain: f.domain } : {}),
    ...(f.field !== undefined ? { field: f.field } : {}),
    ...(f.rule !== undefined ? { rule: f.rule } : {}),
    ...(f.stack !== undefined ? { stack: f.stack } : {}),
    stacks: f.stacks,
    status,
    firstSeen: f.firstSeen,
    ageDays,
  };
}

function historyJson(history: HistoryView): DriftJsonHistory {
  return {
    file: history.file,
    ...(history.since !== undefined ? { since: history.since } : {}),
    at: history.at,
    headline: neutralText(history.headline),
    ...(history.warning !== undefined ? { warning: neutralText(history.warning) } : {}),
    counts: history.counts,
    findings: history.findings.map((f) => ({ ...historyFindingJson(f, f.finding.status), new: f.new })),
    fixed: history.fixed.map((f) => ({ ...historyFindingJson(f, "fixed" as const), new: false as const })),
    trend: history.trend,
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
    ...(view.history ? { history: historyJson(view.history) } : {}),
  };
}

export const jsonReport = (view: ReportView): string => `${neutralJson(jsonReportBody(view), 2)}\n`;
