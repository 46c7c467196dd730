// The report stage of a drift run: before anything is read, the folders of the reports to write
// are checked; once the findings are compared and accepted, each report is written (to its
// --output file, or one to standard output) and the exit code is decided.
import type { AcceptanceOptions } from "../accept/acceptance";
import { failsOn } from "../model/entries";
import type { FailOnName } from "../model/entries";
import { formatReport } from "./report";
import { reviewSites } from "./review-sites";
import type { DriftReport, ReportFormat, ReportOutput } from "../model/report";
import type { LocateDeclaration, ReportContext } from "./report-context";
import { checkWritable, REPORT_ON_STANDARD_OUTPUT, writeAtomically } from "../model/output-files";
import { policyFails } from "../compare/policy-check";
import type { RecordedWebsite } from "../read/stack-export";
import { exitCodes } from "../../core/exit-codes";

export interface ReportRunOptions extends AcceptanceOptions {
  /** The report on standard output: text unless a --format without --output names another. */
  format: ReportFormat;
  /** The statuses (and `silent`) that make the exit code 2. */
  failOn: FailOnName[];
  /** Each `--format F --output FILE` pair, in order. */
  outputs?: ReportOutput[];
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
  if (policyFails(report.policy)) return exitCodes.policy;
  if (writesBaseline) return exitCodes.success;
  return report.websites.some((e) => failsOn(e, failOn)) ? exitCodes.drift : exitCodes.success;
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
  io: { out: (text: string) => void; err: (text: string) => void },
  locate?: LocateDeclaration,
): Promise<number> {
  locate ??= reviewSites(recorded, report.websites, process.cwd());
  for (const stale of [...(report.baseline?.stale ?? []), ...(report.ignore?.stale ?? [])]) {
    io.err(`Warning: ${stale.file}:${stale.line} matches no website any more (see the report).\n`);
  }
  // The exit code, for the reports that state it (HTML).
  const exitCode = exitCodeOf(report, options.failOn, writesBaseline);
  const context: ReportContext = { failOn: options.failOn, locate, exitCode };
  io.out(formatReport(report, options.format, context));
  for (const output of options.outputs ?? []) {
    await writeAtomically(output.file, formatReport(report, output.format, context));
    io.err(`Wrote the ${output.format} report to ${output.file}.\n`);
  }
  return exitCode;
}
