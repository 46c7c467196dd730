// What --history adds to a report's view: the headline ("3 new, 5 fixed since 2026-12-01 02:00
// UTC"), each finding of the run with its status against the last run (new, open, accepted), when
// it was first seen and its age, the findings fixed since, the trend of the kept runs, and a
// warning when the history could not be used. Every format shows these (new and fixed first);
// the words quote domains and rule names, which each format neutralises as any other text.
import type { FixedFinding, HistoryDiff, RunFinding } from "../../history/history-diff";
import type { HistoryCounts, HistoryFinding, HistoryRun } from "../../history/history-line";
import { plural } from "../../model/words";
import { DAY_MS } from "../../model/days";

/** A finding as the view shows it: what it is about in words, its age, whether it is new. */
export interface HistoryFindingView<F extends HistoryFinding = RunFinding> {
  finding: F;
  /** "example.com (12) changed: FIELD", "policy rule no-bots on stack web/prod". */
  subject: string;
  /** Whole days since it was first seen (0 the day it was). */
  ageDays: number;
  /** "under a day", "1 day", "40 days". */
  age: string;
  /** First seen in this run, with a run before it to compare with. */
  new: boolean;
}

/** One kept run for the trend: when, and its counts by status. */
export interface TrendPoint {
  at: string;
  counts: HistoryCounts;
}

export interface HistoryView {
  file: string;
  /** When the run compared with was made, ISO; undefined when there was none (or it could not be used). */
  since?: string;
  /** When this run was made, ISO. */
  at: string;
  /** The same as the reports write it: "2026-12-01 02:00 UTC". */
  sinceText?: string;
  /** "3 new, 5 fixed since 2026-12-01 02:00 UTC; 12 open, the oldest for 40 days; 2 accepted." */
  headline: string;
  /** Why the history was not compared with (the file could not be used), without "Warning: ". */
  warning?: string;
  counts: HistoryCounts;
  /** This run's findings: new first, then open, then accepted; oldest first within each. */
  findings: HistoryFindingView[];
  /** The last run's findings this run no longer has. */
  fixed: HistoryFindingView<FixedFinding>[];
  /** The kept runs and this one, oldest first. */
  trend: TrendPoint[];
  /** Each report row's history: whether a finding of it is new, and its oldest finding's age. */
  rows: Map<number, { new: boolean; ageDays: number; age: string; firstSeen: string }>;
}

/** An ISO time as the reports write it: "2026-12-01 02:00 UTC". */
export const timeText = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const ageText = (days: number): string => (days < 1 ? "under a day" : plural(days, "day"));

/** A finding's subject in words. */
export function historySubject(f: HistoryFinding): string {
  const website = f.domain !== undefined ? `${f.domain} (${f.website})` : undefined;
  if (f.finding === "policy")
    return `policy rule ${f.rule} on ${website ?? (f.stack !== undefined ? `stack ${f.stack}` : "the run")}`;
  return `${website} ${f.finding}${f.field !== undefined ? `: ${f.field}` : ""}`;
}

function headlineOf(diff: HistoryDiff, findings: readonly HistoryFindingView[]): string {
  const { counts } = diff;
  if (diff.since === undefined)
    return `The history starts with this run: ${plural(findings.length, "finding")}; the next run tells what is new and what was fixed.`;
  const oldest = findings
    .filter((f) => f.finding.status === "open")
    .reduce((max, f) => Math.max(max, f.ageDays), -1);
  return (
    `${counts.new} new, ${counts.fixed} fixed since ${timeText(diff.since)}; ` +
    `${counts.open} open${oldest >= 0 ? `, the oldest for ${ageText(oldest)}` : ""}; ${counts.accepted} accepted.`
  );
}

/**
 * The history part of the view, from the run's difference, the runs the history keeps with this
 * one (its line last), and why the file could not be used, when it could not.
 */
export function historyView(
  file: string,
  diff: HistoryDiff,
  kept: readonly HistoryRun[],
  problem?: string,
): HistoryView {
  const at = Date.parse(diff.at);
  const view = <F extends HistoryFinding>(finding: F, isNew: boolean): HistoryFindingView<F> => {
    const ageDays = Math.max(0, Math.floor((at - Date.parse(finding.firstSeen)) / DAY_MS));
    return { finding, subject: historySubject(finding), ageDays, age: ageText(ageDays), new: isNew };
  };
  const findings = diff.findings.map((f) => view(f, f.new));
  const rows: HistoryView["rows"] = new Map();
  for (const f of findings) {
    const row = f.finding.row;
    if (row === undefined || f.finding.finding === "policy") continue;
    const had = rows.get(row);
    // The oldest by its time, not its whole days: two findings of one day keep the earlier time.
    if (!had || f.finding.firstSeen < had.firstSeen)
      rows.set(row, {
        new: (had?.new ?? false) || f.new,
        ageDays: f.ageDays,
        age: f.age,
        firstSeen: f.finding.firstSeen,
      });
    else if (f.new) had.new = true;
  }
  return {
    file,
    ...(diff.since !== undefined ? { since: diff.since, sinceText: timeText(diff.since) } : {}),
    at: diff.at,
    headline: problem ? `History not compared: ${problem}.` : headlineOf(diff, findings),
    ...(problem ? { warning: `${problem}; this run goes on without the difference.` } : {}),
    counts: diff.counts,
    findings,
    fixed: diff.fixed.map((f) => view(f, false)),
    trend: kept.map((run) => ({ at: run.at, counts: run.counts })),
    rows,
  };
}

/** One of the history's lists: "New since 2026-12-01 02:00 UTC", and a line per finding. */
export interface HistoryList {
  title: string;
  items: string[];
}

/**
 * What changed since the last run, as the text and Markdown reports list it: the findings first
 * seen in this run (an accepted one says so), then those fixed, with how long each was open; an
 * empty list is left out, so the history's first run lists nothing.
 */
export function historyLists(history: HistoryView): HistoryList[] {
  const since = history.sinceText ?? "";
  const lists = [
    {
      title: `New since ${since}`,
      items: history.findings
        .filter((f) => f.new)
        .map((f) => `${f.subject}${f.finding.status === "accepted" ? ", accepted" : ""}`),
    },
    { title: `Fixed since ${since}`, items: history.fixed.map((f) => `${f.subject}, open for ${f.age}`) },
  ];
  return lists.filter((l) => l.items.length > 0);
}
