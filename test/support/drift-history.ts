// Reports with a history, for the tests of the history's view and of each format: a run's report
// compared with the runs before it, as drift --history does, without a file.
import type { DriftReport } from "../../drift/model/report";
import type { RunWithFindings } from "../../drift/history/history-line";
import { historyDiff } from "../../drift/history/history-diff";
import { historyOfRun } from "../../drift/history/history-run";
import type { HistoryKeep } from "../../drift/history/history-keep";
import { reportView } from "../../drift/report/view/report-view";
import { historyView } from "../../drift/report/view/history-view";
import type { ReportView } from "../../drift/report/view/report-view";
import type { ReportContext } from "../../drift/report/report-context";

/** An earlier run of a report: when it ran. */
export interface EarlierRun {
  report: DriftReport;
  at: Date;
}

/** The history lines of runs made one after the other, oldest first, as drift --history writes them. */
export function historyRuns(runs: readonly EarlierRun[]): RunWithFindings[] {
  const lines: RunWithFindings[] = [];
  for (const run of runs) lines.push(historyDiff(run.report, lines.at(-1), run.at).line);
  return lines;
}

/**
 * The view of `report` made at `now`, after the `earlier` runs (none: the history's first run),
 * with the history file `file` and what else the context gives.
 */
export function viewWithHistory(
  report: DriftReport,
  earlier: readonly EarlierRun[],
  now: Date,
  context: ReportContext = {},
  options: { file?: string; keep?: HistoryKeep; problem?: string } = {},
): ReportView {
  const file = options.file ?? "drift-history.jsonl";
  const runs = historyRuns(earlier);
  const read = { file, runs, ...(options.problem ? { problem: options.problem } : {}) };
  const run = historyOfRun(read, report, { file, keep: options.keep ?? { runs: 100 } }, now);
  const history = historyView(file, run.diff, run.kept, options.problem);
  return reportView(report, { ...context, history }, now);
}
