// The JSON report, for programs (`--format json`): every value exact, its sentences (page reasons,
// policy messages) neutralised, since they may quote a page or a server. Its fields are those of
// json-report-schema.ts, which the compiler holds this body to; its `summary` counts are the
// Markdown report's too.
import type { DriftEntry } from "../model/entries";
import { neutralText } from "../model/neutral-text";
import type { DriftReport } from "../model/report";
import { DRIFT_REPORT_SCHEMA_VERSION } from "./json-report-schema";
import type { DriftJsonReport } from "./json-report-schema";
import { pageCounts } from "./page-report";
import { policyJson } from "./policy-report";
import { statusCounts } from "./report-texts";

type Summary = DriftJsonReport["summary"];
type PageSummary = Pick<Summary, "pagesPresent" | "pagesMissing" | "pagesWrong" | "pagesUnreachable">;

/** The counts of the summary: every status, and each check's marks when it ran. */
export function summaryCounts(report: DriftReport): Summary {
  const counts: Summary = statusCounts(report.websites);
  if (report.tracking) counts.silent = report.websites.filter((e) => e.silent === true).length;
  if (report.baseline) counts.accepted = report.websites.filter((e) => e.accepted && !e.ignored).length;
  if (report.ignore) counts.ignored = report.websites.filter((e) => e.ignored).length;
  if (report.policy) counts.policy = report.policy.findings.length;
  // pageCounts names its counts `pages` and the status: the summary's keys.
  if (report.pages) Object.assign(counts, pageCounts(report.websites) as PageSummary);
  return counts;
}

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

/** The JSON report's body, its parts in the order it prints them. */
export function jsonReport(report: DriftReport): DriftJsonReport {
  return {
    schemaVersion: DRIFT_REPORT_SCHEMA_VERSION,
    stacks: report.stacks,
    ...(report.read ? { read: report.read } : {}),
    summary: summaryCounts(report),
    ...(report.tracking ? { tracking: report.tracking } : {}),
    ...(report.pages ? { pages: report.pages } : {}),
    ...(report.baseline ? { baseline: report.baseline } : {}),
    ...(report.ignore ? { ignore: report.ignore } : {}),
    accounts: report.accounts,
    websites: report.websites.map(pageSentences),
    ...(report.policy ? { policy: policyJson(report.policy) } : {}),
  };
}
