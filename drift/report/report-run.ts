// The report side of a drift run: before anything is read, the baseline, the ignore file and
// the folders of the reports to write are checked; once the entries are compared, the accepted
// and ignored ones are marked, each report is written (to its --output file, or one to standard
// output), the new baseline is written last, and the exit code is decided.
import { applyAcceptance, loadAcceptance, writeNewBaseline } from "../accept/acceptance";
import type { Acceptance, AcceptanceOptions } from "../accept/acceptance";
import { failsOn } from "../model/entries";
import type { FailOnName } from "../model/entries";
import { formatReport } from "./report";
import { reviewSites } from "./review-sites";
import type { DriftReport, ReportFormat, ReportOutput } from "../model/report";
import type { LocateDeclaration, ReportContext } from "./report-context";
import { checkWritable, writeAtomically } from "../model/output-files";
import { policyFails } from "../compare/policy-check";
import type { RecordedWebsite } from "../read/stack-export";

export interface ReportRunOptions extends AcceptanceOptions {
  /** The report on standard output: text unless a --format without --output names another. */
  format: ReportFormat;
  /** The statuses (and `silent`) that make the exit code 2. */
  failOn: FailOnName[];
  /** Each `--format F --output FILE` pair, in order. */
  outputs?: ReportOutput[];
}

/** Checks everything the report needs from files before the run reads a stack. */
export async function prepareReports(options: ReportRunOptions, folder = process.cwd()): Promise<Acceptance> {
  for (const output of options.outputs ?? []) checkWritable(output.file, "The report");
  return loadAcceptance(options, folder);
}

/** Marks, prints and writes the reports (and the baseline); resolves with the exit code. */
export async function finishReports(
  prepared: Acceptance,
  report: DriftReport,
  recorded: readonly RecordedWebsite[],
  options: ReportRunOptions,
  io: { out: (text: string) => void; err: (text: string) => void },
  locate?: LocateDeclaration,
): Promise<number> {
  const marked: DriftReport = { ...report, ...applyAcceptance(report.websites, prepared) };
  locate ??= reviewSites(recorded, marked.websites, process.cwd());
  for (const stale of [...(marked.baseline?.stale ?? []), ...(marked.ignore?.stale ?? [])]) {
    io.err(`Warning: ${stale.file}:${stale.line} matches no website any more (see the report).\n`);
  }
  // The exit code as decided below, for the reports that state it (HTML).
  const exitCode = policyFails(report.policy)
    ? 3
    : prepared.writeBaseline !== undefined || !marked.websites.some((e) => failsOn(e, options.failOn))
      ? 0
      : 2;
  const context: ReportContext = { failOn: options.failOn, locate, exitCode };
  io.out(formatReport(marked, options.format, context));
  for (const output of options.outputs ?? []) {
    await writeAtomically(output.file, formatReport(marked, output.format, context));
    io.err(`Wrote the ${output.format} report to ${output.file}.\n`);
  }
  const written = await writeNewBaseline(marked.websites, prepared);
  // Policy violations have their own exit code, whatever the drift; a baseline never accepts them.
  if (policyFails(report.policy)) return 3;
  if (written !== undefined) {
    io.err(
      `Wrote ${written} entr${written === 1 ? "y" : "ies"} to the baseline ${prepared.writeBaseline}.\n`,
    );
    // What was found is recorded as accepted from now on: the run that records it succeeds.
    return 0;
  }
  return marked.websites.some((e) => failsOn(e, options.failOn)) ? 2 : 0;
}
