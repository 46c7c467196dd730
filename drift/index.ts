// `pulumi-webstats drift`: what the given stacks recorded against what their accounts hold, as a
// pipeline of values. Each stage is a function from the value before it to a new value; none
// changes what it is given (test/unit/drift-stages.test.ts freezes each input):
//
//   options ─ read ──▶ stacks, accounts           read/     stacks exported, accounts reached
//           ─ compare ─▶ report, live websites     compare/  diff, --check-tracking, --check-pages, policy
//           ─ accept ──▶ accepted report           accept/   baseline and ignore file excuse findings
//           ─ report ──▶ reports written, exit code report/  every format; then the new baseline
//           ─ fix ─────▶ exit code                 fix/      --fix code, --fix cloud
//
// The baseline, the ignore file, the policy configuration and the report folders are checked
// before any stack is read. Cost: one GET /account per key (which also tells each account's
// plan), one listing of each account (100 websites a request, one pacer per installation), and
// a GET only for a recorded website the listing lacks; with --check-tracking, one statistics
// read per website on the server (compare/tracking.ts). Nothing is written to an installation:
// the client is only ever asked to read, except by --fix cloud's `pulumi up`.
//
// This module is drift's one entry: the command line and the GitHub Action import it alone.
import type { Environment, ProviderSettings } from "../core/settings";
import { readPolicyConfig } from "../policy/policy-config";
import { accountsOf } from "./read/accounts";
import { RecordedSettings } from "./read/network-settings";
import { readStacks } from "./read/read-stacks";
import type { StackReading } from "./read/read-stacks";
import type { StateSource } from "./read/state-sources";
import { compareStage } from "./compare/compare-run";
import type { PageRunOptions } from "./compare/page-run";
import { policyFails } from "./compare/policy-check";
import { acceptStage, loadAcceptance, writeNewBaseline } from "./accept/acceptance";
import { checkReportOutputs, reportStage } from "./report/report-run";
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
export { githubOutputEntry, neutralLines, withWorkflowCommandsStopped } from "./model/neutral-text";
export { reportFormats } from "./model/report";
export type { ReportFormat, ReportOutput } from "./model/report";
export type { StackReading } from "./read/read-stacks";
export { globProblem } from "./read/stack-glob";
export type { StateSource } from "./read/state-sources";

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
}

export interface DriftConsole {
  out: (text: string) => void;
  /** Progress, on standard error so that the report on standard output stays clean. */
  err: (text: string) => void;
  /** Asks a yes-or-no question at the terminal; absent when standard input is not one. */
  confirm?: (question: string) => Promise<boolean>;
}

/** Runs the stages in order and prints the report; resolves with the exit code (0 in sync, 2 drift). */
export async function runDrift(
  options: DriftOptions,
  env: Environment,
  settings: ProviderSettings,
  io: DriftConsole,
): Promise<number> {
  const unconfirmable = options.fixCloud && unconfirmableProblem(options.fixCloud, io);
  if (unconfirmable) {
    io.err(`${unconfirmable}\n`);
    return 1;
  }
  // The policy configuration, report folders, baseline and ignore file, before any stack is read.
  const policyRules = options.policy ? readPolicyConfig(options.policy.file) : undefined;
  checkReportOutputs(options);
  const acceptance = await loadAcceptance(options, process.cwd());

  // read
  const stacks = await readStacks(options, env, io.err);
  const recorded = stacks.flatMap((s) => s.websites);
  io.err(`Read ${plural(stacks.length, "stack")}: ${recorded.length} recorded websites.\n`);
  // Each stack's installations as its own `pulumi up` reaches them: its network settings first.
  const accounts = await accountsOf(recorded, new RecordedSettings(env));
  io.err(`Listing the websites of ${plural(accounts.length, "account")}...\n`);

  // compare
  const compared = await compareStage(
    stacks,
    accounts,
    {
      ...(options.tracking ? { tracking: options.tracking } : {}),
      ...(options.pages ? { pages: options.pages } : {}),
      ...(options.policy && policyRules
        ? { policy: { file: options.policy.file, rules: policyRules, failOn: options.policy.failOn } }
        : {}),
    },
    settings,
    io.err,
  );

  // accept
  const accepted = acceptStage(compared.report, acceptance);

  // report: with a fix, reports go only to their --output files; standard output says what was fixed.
  const fixing = options.fix !== undefined || options.fixCloud !== undefined;
  const writesBaseline = acceptance.writeBaseline !== undefined;
  const exitCode = await reportStage(
    accepted,
    recorded,
    options,
    writesBaseline,
    fixing ? { ...io, out: () => {} } : io,
  );
  // The new baseline last, once every report is written.
  const written = await writeNewBaseline(accepted.websites, acceptance);
  if (written !== undefined && !policyFails(accepted.policy)) {
    io.err(
      `Wrote ${written} entr${written === 1 ? "y" : "ies"} to the baseline ${acceptance.writeBaseline}.\n`,
    );
  }
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
