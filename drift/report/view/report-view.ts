// A drift report's view: everything a format says, worked out once from the run's values (the
// accepted report, and what the run decided: which findings fail, where websites are declared,
// its exit code), in words and numbers of no format. Each format (formats/) lays the view out in
// its own syntax and neutralises and escapes it its own way; none counts, excuses or words a
// finding again. The policy and page checks are parts of it (policy-view.ts, page-view.ts).
// Nothing here can hold a secret: entries carry domains, ids, field values the server reports
// (the password is never compared) and accounts by URL, id and e-mail, with their plans.
import type { AccountName, DriftEntry, DriftStatus, FailOnName } from "../../model/entries";
import { accountKey, driftStatuses, findingsOf, liveKey } from "../../model/entries";
import { readText } from "../../model/report";
import type { AccountUse, DriftReport, TrackingCheck } from "../../model/report";
import { plural } from "../../model/words";
import type { DriftJsonReport } from "../json-report-schema";
import { excuseText, findingExcuseText, findingFails, partlyExcusedText } from "../report-context";
import type { LocateDeclaration, ReportContext } from "../report-context";
import {
  acceptanceText,
  staleBaselineText,
  staleRuleText,
  statusCounts,
  trackingText,
  useText,
} from "../report-texts";
import { pageCountKey, pageDetail, pageNoted, pageStatuses, pageView } from "./page-view";
import type { PageView } from "./page-view";
import type { HistoryView } from "./history-view";
import { policyView } from "./policy-view";
import type { PolicyFindingView, PolicyView } from "./policy-view";

/** One finding of a website: whether it fails the run, and why not when it is excused. */
export interface FindingView {
  name: FailOnName;
  fails: boolean;
  excuse?: string;
}

/** One website of the report. */
export interface RowView {
  entry: DriftEntry;
  /** Its place in the report (the HTML page's row `w<index>`). */
  index: number;
  /** Its account's place in `accounts`; -1 when the report lists no such account. */
  account: number;
  /** "team@example.com (7) at https://stats.example.com". */
  accountName: string;
  findings: FindingView[];
  /** Whether some finding fails the run. */
  fails: boolean;
  /** Why the website does not fail, or which parts of its drift are excused. */
  excuse?: string;
  /** The word for a website excused whole: ignored (which wins) or accepted. */
  excusedAs?: "ignored" | "accepted";
  /** --check-tracking's word: silent, active, or - for a website not on the server. */
  tracking: "silent" | "active" | "-";
  /** --check-pages: the page's status, reason, address and cause in words, and whether it needs a line. */
  page?: { detail: string; noted: boolean };
  /** The policy findings about this website. */
  policy: PolicyFindingView[];
  /** With --history: whether a finding of it is new since the last run, and its oldest finding's age. */
  history?: { new: boolean; ageDays: number; age: string; firstSeen: string };
}

/** One account: its plan's use in words, and its websites in this report. */
export interface AccountView {
  use: AccountUse;
  /** "team@example.com (7) at https://stats.example.com". */
  name: string;
  /** "4 of 10", "10 of 10, no room for more", "250, no limit", "3". */
  plan: string;
  /** The same with its noun: "4 of 10 websites". */
  planWords: string;
  rows: RowView[];
}

/** A baseline entry or an ignore rule that matches no website any more. */
export interface StaleView {
  /** Where it is: `file:line`. */
  name: string;
  file: string;
  line: number;
  /** The warning, without its "Warning: ". */
  text: string;
}

export interface ReportView {
  /** The accepted report itself (the JSON report prints it whole). */
  report: DriftReport;
  /** When the report was made (the HTML page says it). */
  madeAt: Date;
  /** The findings that fail the run; undefined when every finding does. */
  failOn?: readonly FailOnName[];
  /** The run's exit code, when the run decided it. */
  exitCode?: number;
  /** Where each website is declared, when known (asked only by the formats that locate findings). */
  locate?: LocateDeclaration;
  /** The baseline's file, with --baseline. */
  baselineFile?: string;
  /** "4 websites in 1 account of 2 stacks (...): 1 in-sync, ...", and how the stacks were read. */
  summary: string;
  /** How the stacks were read, in words; undefined when every one was a state file. */
  read?: string;
  statusCounts: Record<DriftStatus, number>;
  /** The counts of every status and each check's marks: the JSON report's `summary`. */
  counts: DriftJsonReport["summary"];
  /** The websites that fail the run. */
  failing: number;
  /** Which optional columns the tables of websites have. */
  columns: { tracking: boolean; notes: boolean; policy: boolean; pages: boolean };
  tracking?: { check: TrackingCheck; sentence: string; silent: number };
  pages?: PageView;
  /** What does not fail: "Not failing: 1 accepted by the baseline ...". */
  acceptance?: string;
  accounts: AccountView[];
  rows: RowView[];
  stale: StaleView[];
  policy?: PolicyView;
  /** With --history: what is new, open, accepted and fixed since the last run, and the trend. */
  history?: HistoryView;
}

const entryKey = (e: DriftEntry): string => `${liveKey(e.account, e.id)}#${e.domain}`;
export const accountName = (a: AccountName): string => `${a.email} (${a.id}) at ${a.url}`;

function summarySentence(report: DriftReport, counts: Record<DriftStatus, number>, read?: string): string {
  const accounts = new Set(report.websites.map((e) => accountName(e.account))).size;
  const parts = driftStatuses.map((s) => `${counts[s]} ${s}`).join(", ");
  return (
    `${plural(report.websites.length, "website")} in ${plural(accounts, "account")} of ${plural(report.stacks.length, "stack")} (${report.stacks.join(", ")}): ${parts}.` +
    (read ? ` Stacks read ${read}.` : "")
  );
}

/** The counts of the JSON summary: every status, and each check's marks when it ran. */
function summaryCounts(
  report: DriftReport,
  byStatus: Record<DriftStatus, number>,
  pages: PageView | undefined,
): DriftJsonReport["summary"] {
  const counts: DriftJsonReport["summary"] = { ...byStatus };
  if (report.tracking) counts.silent = report.websites.filter((e) => e.silent === true).length;
  if (report.baseline) counts.accepted = report.websites.filter((e) => e.accepted && !e.ignored).length;
  if (report.ignore) counts.ignored = report.websites.filter((e) => e.ignored).length;
  if (report.policy) counts.policy = report.policy.findings.length;
  if (pages)
    for (const status of pageStatuses)
      Object.assign(counts, { [pageCountKey(status)]: pages.counts[status] });
  return counts;
}

function rowOf(
  e: DriftEntry,
  index: number,
  account: number,
  context: ReportContext,
  baselineFile?: string,
): RowView {
  const findings = findingsOf(e).map((name): FindingView => {
    const excuse = findingExcuseText(e, name, baselineFile);
    return { name, fails: findingFails(e, name, context), ...(excuse ? { excuse } : {}) };
  });
  const excuse = excuseText(e, baselineFile) ?? partlyExcusedText(e, baselineFile);
  const excusedAs = e.ignored ? "ignored" : e.accepted ? "accepted" : undefined;
  return {
    entry: e,
    index,
    account,
    accountName: accountName(e.account),
    findings,
    fails: findings.some((f) => f.fails),
    ...(excuse ? { excuse } : {}),
    ...(excusedAs ? { excusedAs } : {}),
    tracking: e.silent === undefined ? "-" : e.silent ? "silent" : "active",
    ...(e.page ? { page: { detail: pageDetail(e), noted: pageNoted(e) } } : {}),
    policy: [],
    ...(context.history?.rows.has(index) ? { history: context.history.rows.get(index)! } : {}),
  };
}

function staleOf(report: DriftReport): StaleView[] {
  return [
    ...(report.baseline?.stale ?? []).map((e) => ({
      name: `${e.file}:${e.line}`,
      file: e.file,
      line: e.line,
      text: staleBaselineText(e),
    })),
    ...(report.ignore?.stale ?? []).map((r) => ({
      name: r.at,
      file: r.file,
      line: r.line,
      text: staleRuleText(r),
    })),
  ];
}

/** The view of an accepted report; `now` is when it says it was made. */
export function reportView(
  report: DriftReport,
  context: ReportContext = {},
  now: Date = new Date(),
): ReportView {
  const baselineFile = report.baseline?.file;
  // An account's place by its key (the last of a repeated one, as a lookup table keeps it).
  const accountIndex = new Map(report.accounts.map((a, i) => [accountKey(a), i]));
  const rows = report.websites.map((e, index) =>
    rowOf(e, index, accountIndex.get(accountKey(e.account)) ?? -1, context, baselineFile),
  );
  // A policy finding's row: the first of its website's.
  const firstRow = new Map<string, number>();
  report.websites.forEach((e, i) => {
    if (!firstRow.has(entryKey(e))) firstRow.set(entryKey(e), i);
  });
  const policy = policyView(report.policy, (f) => (f.entry ? firstRow.get(entryKey(f.entry)) : undefined));
  for (const finding of policy?.findings ?? [])
    if (finding.row !== undefined) rows[finding.row]!.policy.push(finding);
  const byAccount = new Map<string, RowView[]>();
  for (const row of rows) {
    const key = accountKey(row.entry.account);
    const own = byAccount.get(key);
    if (own) own.push(row);
    else byAccount.set(key, [row]);
  }
  const byStatus = statusCounts(report.websites);
  const pages = pageView(report);
  const read = readText(report.read);
  const tracking = trackingText(report);
  const acceptance = acceptanceText(report);
  return {
    report,
    madeAt: now,
    ...(context.failOn !== undefined ? { failOn: context.failOn } : {}),
    ...(context.exitCode !== undefined ? { exitCode: context.exitCode } : {}),
    ...(context.locate !== undefined ? { locate: context.locate } : {}),
    ...(baselineFile !== undefined ? { baselineFile } : {}),
    summary: summarySentence(report, byStatus, read),
    ...(read !== undefined ? { read } : {}),
    statusCounts: byStatus,
    counts: summaryCounts(report, byStatus, pages),
    failing: rows.filter((r) => r.fails).length,
    columns: {
      tracking: report.tracking !== undefined,
      notes: report.baseline !== undefined || report.ignore !== undefined,
      policy: report.policy !== undefined,
      pages: report.pages !== undefined,
    },
    ...(report.tracking && tracking !== undefined
      ? {
          tracking: {
            check: report.tracking,
            sentence: tracking,
            silent: report.websites.filter((e) => e.silent === true).length,
          },
        }
      : {}),
    ...(pages ? { pages } : {}),
    ...(acceptance !== undefined ? { acceptance } : {}),
    accounts: report.accounts.map((use) => ({
      use,
      name: accountName(use),
      plan: useText(use),
      planWords: useText(use, true),
      rows: byAccount.get(accountKey(use)) ?? [],
    })),
    rows,
    stale: staleOf(report),
    ...(policy ? { policy } : {}),
    ...(context.history ? { history: context.history } : {}),
  };
}
