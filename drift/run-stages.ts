// The parts of a run that drift and drift merge share, in the order they run: what is read and
// checked before any stack or shard (the policy configuration, the report folders, the baseline
// and the ignore file: a wrong one stops the run before anything is read or written; the history,
// whose troubles are warnings), and the stages after compare (accept, the history's difference,
// report, then the new baseline and the history's line, written last).
import { readPolicyConfig } from "../policy/policy-config";
import type { CommandConsole } from "../core/console";
import type { Compared, PolicyOptions } from "./compare/observed";
import { policyFails } from "./compare/policy-check";
import { acceptStage, loadAcceptance, writeNewBaseline } from "./accept/acceptance";
import type { Acceptance } from "./accept/acceptance";
import { checkReportOutputs, reportStage } from "./report/report-run";
import type { ReportRunOptions } from "./report/report-run";
import type { DriftReport } from "./model/report";
import type { RecordedWebsite } from "./read/stack-export";
import { historyOfRun, prepareHistory, recordHistory } from "./history/history-run";
import type { HistoryRead } from "./history/history-file";

/** What a run reads before its stacks: the policy rules, the baseline and ignore file, the history. */
interface Prepared {
  policy?: PolicyOptions;
  acceptance: Acceptance;
  /** With --history: the runs it holds (or why it cannot be used). */
  history?: HistoryRead;
}

/** Reads and checks the run's policy configuration, report folders, baseline, ignore file and history. */
export async function prepareRun(
  options: ReportRunOptions & { policy?: { file: string; failOn: boolean } },
): Promise<Prepared> {
  const { policy } = options;
  const rules = policy ? readPolicyConfig(policy.file) : undefined;
  checkReportOutputs(options);
  const acceptance = await loadAcceptance(options, process.cwd());
  const history = options.history ? await prepareHistory(options.history) : undefined;
  return {
    ...(policy && rules ? { policy: { file: policy.file, rules, failOn: policy.failOn } } : {}),
    acceptance,
    ...(history ? { history } : {}),
  };
}

/**
 * accept, then the difference from the history, report (with a fix, reports go only to their
 * --output files: `quiet` keeps standard output for what was fixed), then the new baseline and
 * the history's new line; resolves with the accepted report and the run's exit code.
 */
export async function acceptAndReport(
  compared: Compared,
  recorded: readonly RecordedWebsite[],
  options: ReportRunOptions,
  prepared: Prepared,
  io: Pick<CommandConsole, "out" | "err">,
  quiet = false,
): Promise<{ accepted: DriftReport; exitCode: number }> {
  const { acceptance } = prepared;
  const now = options.now ?? new Date();
  // accept
  const accepted = acceptStage(compared.report, acceptance);
  const history =
    options.history && prepared.history
      ? historyOfRun(prepared.history, accepted, options.history, now)
      : undefined;

  // report
  const writesBaseline = acceptance.writeBaseline !== undefined;
  const exitCode = await reportStage(
    accepted,
    recorded,
    options,
    writesBaseline,
    quiet ? { ...io, out: () => {} } : io,
    { now, ...(history ? { history } : {}) },
  );
  // The new baseline last, once every report is written.
  const written = await writeNewBaseline(accepted.websites, acceptance);
  if (written !== undefined && !policyFails(accepted.policy)) {
    io.err(
      `Wrote ${written} entr${written === 1 ? "y" : "ies"} to the baseline ${acceptance.writeBaseline}.\n`,
    );
  }
  // The history's line, once every report and the baseline are written.
  if (history && options.history) {
    for (const warning of await recordHistory(history, options.history, now)) io.err(`Warning: ${warning}\n`);
  }
  return { accepted, exitCode };
}
