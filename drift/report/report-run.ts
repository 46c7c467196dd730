// The report stage of a drift run: before anything is read, the folders of the reports to write
// are checked; once the findings are compared and accepted, the exit code is decided, the
// report's view is made once (view/report-view.ts), and each report is rendered from it in its
// format (formats/) and written to its --output file, or one to standard output.
import type { AcceptanceOptions } from "../accept/acceptance";
import { failsOn } from "../model/entries";
import type { FailOnName } from "../model/entries";
import { formatRow } from "./formats";
import type { ReportFormat, ReportOutput } from "./formats";
import { reviewSites } from "./review-sites";
import { reportView } from "./view/report-view";
import type { DriftReport } from "../model/report";
import type { LocateDeclaration } from "./report-context";
import { checkWritable, REPORT_ON_STANDARD_OUTPUT, writeAtomically } from "../model/output-files";
import { policyFails } from "../compare/policy-check";
import type { RecordedWebsite } from "../read/stack-export";
import { runExitCode } from "../model/exit-code";
import type { CommandConsole } from "../../core/console";
import type { HistoryOfRun, HistoryOptions } from "../history/history-run";
import { historyView } from "./view/history-view";

export interface ReportRunOptions extends AcceptanceOptions {
  /** The report on standard output: text unless a --format without --output names another. */
  format: ReportFormat;
  /** The statuses (and `silent`) that make the exit code 2. */
  failOn: FailOnName[];
  /** Each `--format F --output FILE` pair, in order. */
  outputs?: ReportOutput[];
  /** `--history FILE` and `--history-keep`: what changed since the last run (history/). */
  history?: HistoryOptions;
  /** When the run is made (the reports and the history say it); now unless given. */
  now?: Date;
}

/** Checks that every report file can be written, before the run reads a stack. */
export function checkReportOutputs(options: Pick<ReportRunOptions, "outputs">): void {
  for (const output of options.outputs ?? [])
    checkWritable(output.file, "The report", REPORT_ON_STANDARD_OUTPUT);
}

/**
 * The exit code of a run from its accepted report: 3 when a mandatory policy rule is violated
 * (a baseline never accepts those), 0 when the run writes a new baseline (what was found is
 * recorded as accepted from now on), else 2 when a website fails on the --fail-on list, else 0.
 */
export function exitCodeOf(
  report: DriftReport,
  failOn: readonly FailOnName[],
  writesBaseline: boolean,
): number {
  return runExitCode({
    policyFails: policyFails(report.policy),
    driftFails: report.websites.some((e) => failsOn(e, failOn)),
    writesBaseline,
  });
}

/**
 * The report stage: prints and writes the reports of the accepted report (the warnings of what
 * is stale first); resolves with the run's exit code. Nothing it is given is changed.
 */
export async function reportStage(
  report: DriftReport,
  recorded: readonly RecordedWebsite[],
  options: ReportRunOptions,
  writesBaseline: boolean,
  io: Pick<CommandConsole, "out" | "err">,
  run: { now?: Date; history?: HistoryOfRun; locate?: LocateDeclaration } = {},
): Promise<number> {
  const locate = run.locate ?? reviewSites(recorded, report.websites, process.cwd());
  // The exit code, for the reports that state it (HTML).
  const exitCode = exitCodeOf(report, options.failOn, writesBaseline);
  const history = run.history
    ? historyView(run.history.read.file, run.history.diff, run.history.kept, run.history.read.problem)
    : undefined;
  const view = reportView(
    report,
    { failOn: options.failOn, locate, exitCode, ...(history ? { history } : {}) },
    run.now,
  );
  if (view.history?.warning) io.err(`Warning: ${view.history.warning}\n`);
  for (const stale of view.stale) {
    io.err(`Warning: ${stale.file}:${stale.line} matches no website any more (see the report).\n`);
  }
  io.out(formatRow(options.format).render(view));
  for (const output of options.outputs ?? []) {
    await writeAtomically(output.file, formatRow(output.format).render(view));
    io.err(`Wrote the ${output.format} report to ${output.file}.\n`);
  }
  return exitCode;
}
