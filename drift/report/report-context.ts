// What the report's view (view/report-view.ts) needs beyond the report itself: which findings
// fail the run, where each website is declared when that is known (SARIF locates findings there),
// and the run's exit code (the HTML page states it); and why a website, or one of its findings,
// does not fail, in words.
import type { DriftEntry, DriftPart, FailOnName } from "../model/entries";
import type { HistoryView } from "./view/history-view";
import { excusedPartOf, findingCounts, partsOf } from "../model/entries";

/** Where a website is declared: its fleet file or program, and the 1-based line. */
export interface DeclarationSite {
  /** Relative to the folder drift runs in, or absolute. */
  file: string;
  line: number;
  /** Set when the declaring line is not known: why this file stands for it (review-sites.ts). */
  fallback?: string;
}

/** Finds where an entry's website is declared; undefined when unknown (an unmanaged website...). */
export type LocateDeclaration = (entry: DriftEntry) => DeclarationSite | undefined;

export interface ReportContext {
  /** The findings that make the exit code 2; without it, every finding is drift. */
  failOn?: readonly FailOnName[];
  locate?: LocateDeclaration;
  /** The run's exit code, when the run decides it (the HTML report states it). */
  exitCode?: number;
  /** With --history: the run against the history's last run (view/history-view.ts). */
  history?: HistoryView;
}

/** Whether one finding of an entry fails the run (accepted and ignored websites never do). */
export const findingFails = (entry: DriftEntry, finding: FailOnName, context: ReportContext): boolean =>
  findingCounts(entry, finding) && (context.failOn === undefined || context.failOn.includes(finding));

const ignoredText = (rules: readonly { rule: string; reason: string }[]): string =>
  `ignored: ${rules.map((r) => `${r.reason} (${r.rule})`).join("; ")}`;

const acceptedText = (accepted: { line: number; firstSeen: string }, baselineFile: string | undefined) =>
  `accepted by the baseline${baselineFile ? ` (${baselineFile}:${accepted.line})` : ""}, first seen ${accepted.firstSeen}`;

/** Why an accepted or ignored website does not fail, in words; undefined for the others. */
export function excuseText(entry: DriftEntry, baselineFile: string | undefined): string | undefined {
  // Both: the ignore rules cover some parts of its drift and the baseline the others.
  if (entry.ignored && entry.accepted)
    return `${ignoredText(entry.ignored)}; the rest ${acceptedText(entry.accepted, baselineFile)}`;
  if (entry.ignored) return ignoredText(entry.ignored);
  if (entry.accepted) return acceptedText(entry.accepted, baselineFile);
  return undefined;
}

const partName = (p: DriftPart): string => (p.field !== undefined ? p.field : p.finding);

/**
 * The parts of a failing website's drift that are excused, in words ("excludeIps ignored:
 * REASON (RULE)"); undefined when none are, or when the whole website is.
 */
export function partlyExcusedText(entry: DriftEntry, baselineFile: string | undefined): string | undefined {
  if (entry.accepted || entry.ignored || !entry.excusedParts) return undefined;
  const parts = entry.excusedParts.map((e) =>
    e.by === "ignore"
      ? `${partName(e)} ${ignoredText([e])}`
      : `${partName(e)} ${acceptedText(e, baselineFile)}`,
  );
  return `partly excused: ${parts.join("; ")}`;
}

/**
 * Why one finding of a website does not fail: the website's excuse, or the excuses of every
 * part of that finding when those alone are excused; undefined when it fails.
 */
export function findingExcuseText(
  entry: DriftEntry,
  finding: FailOnName,
  baselineFile: string | undefined,
): string | undefined {
  const whole = excuseText(entry, baselineFile);
  if (whole || !entry.excusedParts) return whole;
  const parts = partsOf(entry).filter((p) => p.finding === finding);
  const excuses = parts.map((p) => excusedPartOf(entry, p));
  if (excuses.length === 0) return undefined;
  const texts: string[] = [];
  for (const e of excuses) {
    if (e === undefined) return undefined;
    texts.push(e.by === "ignore" ? ignoredText([e]) : acceptedText(e, baselineFile));
  }
  return [...new Set(texts)].join("; ");
}
