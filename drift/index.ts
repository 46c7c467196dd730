// `pulumi-webstats drift`: what the given stacks recorded against what their accounts hold, as a
// pipeline of values. Each stage is a function from the value before it to a new value; none
// changes what it is given (test/unit/drift/stages.test.ts freezes each input):
//
//   options ─ read ──▶ stacks, accounts           read/     stacks exported, accounts reached
//           ─ compare ─▶ report, live websites     compare/  diff, --check-tracking, --check-pages, policy
//           ─ accept ──▶ accepted report           accept/   baseline and ignore file excuse findings
//           ─ history ─▶ difference from last run  history/  --history: new, open, accepted, fixed
//           ─ report ──▶ reports written, exit code report/  one view, every format; then the new
//                                                            baseline and the history's new line
//           ─ fix ─────▶ exit code                 fix/      --fix code, --fix cloud
//
// A run split over CI machines (`--shard I/N --shard-file FILE`, shard/) reads only its shard's
// stacks and stops after compare's asking half: its shard file holds what the server said.
// `drift merge FILE...` starts from those files and runs the rest as one run would:
//
//   shard files ─ check ─▶ one run's shards        shard/    refused unless whole and alike
//               ─ merge ─▶ stacks, observations    shard/    every account over every shard
//               ─ compare, accept, report as above (compare's pure half, compare/observed.ts)
//
// A shard's run is run-shard.ts, the merge's run-merge.ts; what they share with drift's, the
// checks before anything is read and the stages after compare, run-stages.ts.
//
// The baseline, the ignore file, the history, the policy configuration and the report folders
// are checked before any stack is read. Cost: one GET /account per key (which also tells each account's
// plan), one listing of each account (100 websites a request, one pacer per installation), and
// a GET only for a recorded website the listing lacks; with --check-tracking, one statistics
// read per website on the server (compare/tracking.ts). Nothing is written to an installation:
// the client is only ever asked to read, except by --fix cloud's `pulumi up`.
//
// This module is drift's one entry: the command line and the GitHub Action import it alone.
import type { Environment, ProviderSettings } from "../core/settings";
import type { CommandConsole } from "../core/console";
import { exitCodes } from "../core/exit-codes";
import { accountsOf } from "./read/accounts";
import { RecordedSettings } from "./read/network-settings";
import { readStacks } from "./read/read-stacks";
import type { StackReading } from "./read/read-stacks";
import type { StateSource } from "./read/state-sources";
import { compareStage } from "./compare/compare-run";
import { withPageLog } from "./compare/page-run";
import type { PageRunOptions } from "./compare/page-run";
import { prepareRun, acceptAndReport } from "./run-stages";
import { runShard } from "./run-shard";
import type { ShardRunOptions } from "./run-shard";
import type { ReportRunOptions } from "./report/report-run";
import { runCloudFix, unconfirmableProblem } from "./fix/fix-cloud";
import type { CloudFixOptions } from "./fix/fix-cloud";
import { runFix } from "./fix/fix-run";
import type { FixRunOptions } from "./fix/fix-run";
import { plural } from "./model/words";

export type { AcceptanceOptions } from "./accept/acceptance";
export { ignoreFileName } from "./accept/ignore-file";
export { DEFAULT_PAGE_PARALLEL, DEFAULT_PAGE_RUN_TIMEOUT_MS } from "./compare/page-run";
export type { PageRunOptions } from "./compare/page-run";
export { PAGE_DEFAULTS } from "./compare/page-check";
export { DEFAULT_SILENT_DAYS, MAX_SILENT_DAYS } from "./compare/tracking";
export type { CloudFixOptions } from "./fix/fix-cloud";
export type { FixRunOptions } from "./fix/fix-run";
export type { FixSummaryFormat } from "./fix/fix-summary";
export { failOnNames } from "./model/entries";
export type { FailOnName } from "./model/entries";
export {
  githubOutputEntry,
  neutralLines,
  neutralText,
  withWorkflowCommandsStopped,
} from "./model/neutral-text";
export { reportFormatTable, reportFormats } from "./report/formats";
export type { ReportFormat, ReportFormatRow, ReportOutput } from "./report/formats";
export { DEFAULT_HISTORY_KEEP, keepText, parseHistoryKeep } from "./history/history-keep";
export type { HistoryKeep } from "./history/history-keep";
export type { HistoryOptions } from "./history/history-run";
export { readWithChoices } from "./read/read-stacks";
export type { ReadWith, StackReading } from "./read/read-stacks";
export { globProblem } from "./read/stack-glob";
export type { StateSource } from "./read/state-sources";
export { MAX_SHARDS } from "./shard/split";
export type { Shard } from "./shard/split";
export { RUN_ID_PATTERN, runIdOf, shardOfRun } from "./shard/ci-environment";
export type { ShardRequest } from "./shard/ci-environment";
export { readShards, runMerge } from "./run-merge";
export type { MergeOptions } from "./run-merge";
export type { ShardSet } from "./shard/merge-checks";

export interface DriftOptions extends StackReading, ReportRunOptions {
  sources: StateSource[];
  /** `--check-tracking`: the websites with no pageview in the last `days` days are silent. */
  tracking?: { days: number };
  /** `--check-pages`: read each website's home page for the tracking code (compare/page-run.ts). */
  pages?: PageRunOptions;
  /** `--fix code`: write the live values into the code (fix/fix-run.ts). */
  fix?: FixRunOptions;
  /**
   * `--policy-pack-config FILE`: the policy pack's rules over every website read, and whether a
   * mandatory violation fails the run (exit code 3).
   */
  policy?: { file: string; failOn: boolean };
  /** `--fix cloud`: put the declared values back with pulumi up (fix/fix-cloud.ts). */
  fixCloud?: CloudFixOptions;
  /**
   * `--shard-file FILE`, with StackReading's `shard`: this run is one shard of a split run; it
   * reads its shard's stacks and writes what the server said to FILE, and no report (run-shard.ts).
   */
  shardFile?: ShardRunOptions["shardFile"];
}

/** Runs the stages in order and prints the report; resolves with the exit code (0 in sync, 2 drift). */
export async function runDrift(
  options: DriftOptions,
  env: Environment,
  settings: ProviderSettings,
  io: CommandConsole,
): Promise<number> {
  const unconfirmable = options.fixCloud && unconfirmableProblem(options.fixCloud, io);
  if (unconfirmable) {
    io.err(`${unconfirmable}\n`);
    return exitCodes.error;
  }
  // One shard of a split run reads, asks and writes its shard file; drift merge reports (run-shard.ts).
  if (options.shard !== undefined || options.shardFile !== undefined)
    return runShard(options, env, settings, io);
  // The policy configuration, report folders, baseline and ignore file, before any stack is read.
  const prepared = await prepareRun(options);
  const { policy } = prepared;

  // read
  const stacks = await readStacks(options, env, io.err, io.verbose);
  const recorded = stacks.flatMap((s) => s.websites);
  io.err(`Read ${plural(stacks.length, "stack")}: ${recorded.length} recorded websites.\n`);
  // Each stack's installations as its own `pulumi up` reaches them: its network settings first.
  const accounts = await accountsOf(recorded, new RecordedSettings(env), io.verbose);
  io.err(`Listing the websites of ${plural(accounts.length, "account")}...\n`);

  // compare
  const compared = await compareStage(
    stacks,
    accounts,
    {
      ...(options.tracking ? { tracking: options.tracking } : {}),
      ...(options.pages ? { pages: withPageLog(options.pages, io.verbose) } : {}),
      ...(policy ? { policy } : {}),
    },
    settings,
    io.err,
  );

  // accept, report: with a fix, reports go only to their --output files; standard output says what was fixed.
  const fixing = options.fix !== undefined || options.fixCloud !== undefined;
  const { accepted, exitCode } = await acceptAndReport(compared, recorded, options, prepared, io, fixing);
  if (!fixing) return exitCode;

  // fix
  const entries = accepted.websites;
  if (options.fixCloud) {
    const input = { stacks, entries, failOn: options.failOn, parallel: options.parallel };
    return runCloudFix(options.fixCloud, input, env, io);
  }
  if (!options.fix) throw new Error("unreachable: a fix is asked for");
  return runFix(options.fix, { stacks, entries, live: compared.live, failOn: options.failOn }, io);
}
