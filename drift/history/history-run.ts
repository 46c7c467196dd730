// The history stage of a run (`--history FILE`, `--history-keep`): the file is checked and read
// before any stack (a file that cannot be used is a warning, never the run's end); once the
// report is accepted, the run's difference from the last run kept is worked out, for the report
// stage's view (report/view/history-view.ts); after the reports and the baseline, the run's line
// is written.
import { checkWritable } from "../model/output-files";
import type { DriftReport } from "../model/report";
import { historyDiff } from "./history-diff";
import type { HistoryDiff } from "./history-diff";
import { readHistory, writeHistory } from "./history-file";
import type { HistoryRead } from "./history-file";
import { keptRuns } from "./history-keep";
import { HISTORY_KIND, HISTORY_VERSION } from "./history-line";
import type { HistoryRun } from "./history-line";
import type { HistoryKeep } from "./history-keep";

export interface HistoryOptions {
  /** `--history FILE`: the JSON Lines file of the runs. */
  file: string;
  /** `--history-keep`: the runs, or the days of runs, it keeps. */
  keep: HistoryKeep;
  /** How long to wait for another run writing the same file (history-file.ts). */
  lockWaitMs?: number;
}

/** Checks that the history can be written and reads it, before the run reads a stack. */
export async function prepareHistory(options: HistoryOptions): Promise<HistoryRead> {
  checkWritable(options.file, "The history");
  return readHistory(options.file);
}

/** The run against its history: what was read, the difference, and the runs kept with this one (its line last). */
export interface HistoryOfRun {
  read: HistoryRead;
  diff: HistoryDiff;
  kept: HistoryRun[];
}

/** A line that stands for this run while the runs kept before it are worked out. */
const placeholder: HistoryRun = {
  kind: HISTORY_KIND,
  version: HISTORY_VERSION,
  at: "",
  stacks: [],
  counts: { new: 0, open: 0, accepted: 0, fixed: 0 },
};

export function historyOfRun(
  read: HistoryRead,
  report: DriftReport,
  options: HistoryOptions,
  now: Date,
): HistoryOfRun {
  // The runs kept with this one: which they are depends only on when each ran, so a stand-in for
  // this run's line tells them before its difference is worked out.
  const earlier = keptRuns(
    [...read.runs, { ...placeholder, at: now.toISOString() }],
    options.keep,
    now,
  ).slice(0, -1);
  const remembered = new Set(earlier.flatMap((run) => run.stacks));
  const diff = historyDiff(report, read.runs.at(-1), now, remembered);
  return { read, diff, kept: [...earlier, diff.line] };
}

/**
 * Writes the run's line, last; resolves with the warnings to print. A history that cannot be
 * written is a warning too: the reports are written and the exit code decided already.
 */
export async function recordHistory(
  run: HistoryOfRun,
  options: HistoryOptions,
  now: Date,
): Promise<string[]> {
  try {
    return await writeHistory(run.read, run.diff.line, {
      keep: options.keep,
      now,
      ...(options.lockWaitMs !== undefined ? { lockWaitMs: options.lockWaitMs } : {}),
    });
  } catch (error) {
    return [
      `the history ${options.file} was not written, and this run is not in it: ${(error as Error).message}`,
    ];
  }
}
