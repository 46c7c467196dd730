// --history-keep: how much of the history a run keeps, as a number of runs (`100`) or of days
// (`90d`), counted back from the run writing it. The trend shows what is kept; the difference
// needs only the last run.
import type { HistoryRun } from "./history-line";
import { DAY_MS } from "../model/days";

export type HistoryKeep = { runs: number } | { days: number };

/** A hundred runs: a quarter of a year of nightly runs, a few days of hourly ones. */
export const DEFAULT_HISTORY_KEEP: HistoryKeep = { runs: 100 };

export const MAX_HISTORY_RUNS = 10_000;
export const MAX_HISTORY_DAYS = 3_650;

/** --history-keep's value, or a sentence saying what it takes (not echoing what was given: it may be a mistyped secret). */
export function parseHistoryKeep(text: string): HistoryKeep | string {
  const match = /^\s*(\d{1,6})\s*(d?)\s*$/.exec(text);
  const usage = `--history-keep takes a number of runs (1 to ${MAX_HISTORY_RUNS}, such as 100) or of days (1d to ${MAX_HISTORY_DAYS}d, such as 90d).`;
  if (!match) return usage;
  const n = Number(match[1]);
  const days = match[2] === "d";
  if (n < 1 || n > (days ? MAX_HISTORY_DAYS : MAX_HISTORY_RUNS)) return usage;
  return days ? { days: n } : { runs: n };
}

/** --history-keep's value in words, as the help and the docs write it. */
export const keepText = (keep: HistoryKeep): string => ("runs" in keep ? `${keep.runs}` : `${keep.days}d`);

/** The runs kept, oldest first, the new one last: the last `runs`, or those of the last `days` days. */
export function keptRuns(runs: readonly HistoryRun[], keep: HistoryKeep, now: Date): HistoryRun[] {
  if ("runs" in keep) return runs.slice(Math.max(0, runs.length - keep.runs));
  const from = now.getTime() - keep.days * DAY_MS;
  // The newest run is always kept, whatever its time: it is the one the next run compares with.
  return runs.filter((run, i) => i === runs.length - 1 || Date.parse(run.at) >= from);
}
