// `pulumi-webstats drift`: what the given stacks recorded against what their accounts hold.
// The run takes each finding through the stages in order, one folder each over the shared model
// (model/): read/ (stacks, declarations, accounts), compare/ (the diff, tracking, pages, policy),
// accept/ (baseline and ignore file), report/ (every format), fix/ (--fix code, --fix cloud).
// Cost: one GET /account per key (which also tells each account's plan), one listing of each
// account (100 websites a request, one pacer per installation), and a GET only for a recorded
// website the listing lacks; with --check-tracking, one statistics read per website on the
// server (compare/tracking.ts). Nothing is written: the client is only ever asked to read.
import { NotFoundError } from "../sdk";
import type { Website } from "../sdk";
import type { Environment, ProviderSettings } from "../core/settings";
import { accountsOf } from "./read/accounts";
import { RecordedSettings } from "./read/network-settings";
import type { DriftAccount } from "./read/accounts";
import { compareAccount, sortAccounts, sortEntries } from "./compare/compare";
import type { DriftEntry } from "./model/entries";
import type { AccountUse, TrackingCheck } from "./model/report";
import { runCloudFix, unconfirmableProblem } from "./fix/fix-cloud";
import type { CloudFixOptions } from "./fix/fix-cloud";
import { liveWebsites, runFix } from "./fix/fix-run";
import type { FixRunOptions } from "./fix/fix-run";
import { finishReports, prepareReports } from "./report/report-run";
import type { ReportRunOptions } from "./report/report-run";
import { readStacks } from "./read/read-stacks";
import type { StackReading } from "./read/read-stacks";
import type { StateSource } from "./read/state-sources";
import { markPages } from "./compare/page-run";
import type { PageRunOptions } from "./compare/page-run";
import { checkTracking, costText, progressStep, trackingWindow } from "./compare/tracking";
import { readPolicyConfig } from "../policy/policy-config";
import { checkPolicies } from "./compare/policy-check";
import type { TrackingTarget } from "./compare/tracking";

export interface DriftOptions extends StackReading, ReportRunOptions {
  sources: StateSource[];
  /** `--check-tracking`: mark the websites with no pageview in the last `days` days silent. */
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

async function confirmGone(account: DriftAccount, id: number): Promise<Website | undefined> {
  try {
    return await account.client.websites.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** One account's entries, its use of its plan, and the websites on the server to check tracking of. */
interface AccountFindings {
  entries: DriftEntry[];
  use: AccountUse;
  targets: TrackingTarget[];
  /** The account's websites on the server, for --fix code. */
  live: Website[];
}

async function findingsOf(account: DriftAccount): Promise<AccountFindings> {
  const listed = await account.client.websites.list({ sortBy: "id", sort: "asc" });
  const listedIds = new Set(listed.map((w) => w.id));
  const missing = [...new Set(account.websites.map((w) => w.id).filter((id) => !listedIds.has(id)))];
  const confirmed = new Map(
    await Promise.all(missing.map(async (id) => [id, await confirmGone(account, id)] as const)),
  );
  const live = [...listed, ...[...confirmed.values()].filter((w): w is Website => w !== undefined)];
  const { plan } = account;
  return {
    entries: compareAccount(account.name, account.websites, listed, confirmed),
    use: {
      ...account.name,
      websites: listed.length,
      plan: plan ? { name: plan.name, websites: plan.features.websites } : null,
    },
    targets: live.map((w) => ({ client: account.client, id: w.id, domain: w.domain })),
    live,
  };
}

/**
 * Reads the pageviews of every target, saying first what it costs and then how far it got;
 * marks each entry on the server silent or not, with its daily pageviews.
 */
async function markSilent(
  findings: AccountFindings[],
  days: number,
  settings: ProviderSettings,
  io: DriftConsole,
): Promise<TrackingCheck> {
  const targets = findings.flatMap((f) => f.targets);
  const window = trackingWindow(new Date(), days);
  io.err(`${costText(targets.length, window, settings.requestsPerMinute?.value)}\n`);
  const step = progressStep(targets.length);
  const reads = await checkTracking(targets, window, (done) => {
    if (done % step === 0 || done === targets.length)
      io.err(`Tracking: ${done} of ${targets.length} websites checked.\n`);
  });
  let index = 0;
  for (const { entries, targets: own } of findings) {
    const byId = new Map(own.map((t) => [t.id, reads[index++]]));
    for (const entry of entries) {
      const read = byId.get(entry.id);
      if (read === undefined) continue;
      entry.silent = read.silent;
      entry.pageviews = read.daily;
    }
  }
  return { ...window, requests: targets.length };
}

/** Runs the comparison and prints the report; resolves with the exit code (0 in sync, 2 drift). */
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
  // The policy configuration, baseline, ignore file and report folders are checked before any
  // stack is read.
  const policyRules = options.policy ? readPolicyConfig(options.policy.file) : undefined;
  const prepared = await prepareReports(options);
  const stacks = await readStacks(options, env, io.err);
  const recorded = stacks.flatMap((s) => s.websites);
  io.err(
    `Read ${stacks.length} stack${stacks.length === 1 ? "" : "s"}: ${recorded.length} recorded websites.\n`,
  );
  // Each stack's installations as its own `pulumi up` reaches them: its network settings first.
  const accounts = await accountsOf(recorded, new RecordedSettings(env));
  io.err(`Listing the websites of ${accounts.length} account${accounts.length === 1 ? "" : "s"}...\n`);
  const findings = await Promise.all(accounts.map(findingsOf));
  const tracking = options.tracking
    ? await markSilent(findings, options.tracking.days, settings, io)
    : undefined;
  if (options.pages) {
    const targets = findings.flatMap((f) => f.targets);
    await markPages(
      targets,
      findings.flatMap((f) => f.entries),
      settings,
      options.pages,
      io.err,
    );
  }
  const entries = sortEntries(findings.flatMap((f) => f.entries));
  const accountUses = sortAccounts(findings.map((f) => f.use));
  const live = liveWebsites(findings.map((f) => ({ account: f.use, live: f.live })));
  const policy =
    options.policy && policyRules
      ? checkPolicies(options.policy.file, policyRules, { entries, live, stacks }, options.policy.failOn)
      : undefined;
  const report = {
    stacks: stacks.map((s) => s.name),
    websites: entries,
    accounts: accountUses,
    ...(tracking ? { tracking } : {}),
    ...(policy ? { policy } : {}),
    ...(options.pages ? { pages: { read: findings.reduce((n, f) => n + f.targets.length, 0) } } : {}),
  };
  if (!options.fix && !options.fixCloud) return finishReports(prepared, report, recorded, options, io);
  // --fix: reports go only to their --output files; standard output says what was fixed.
  await finishReports(prepared, report, recorded, options, { ...io, out: () => {} });
  if (options.fixCloud) {
    const input = { stacks, entries, failOn: options.failOn, parallel: options.parallel };
    return runCloudFix(options.fixCloud, input, env, io);
  }
  if (!options.fix) throw new Error("unreachable: a fix is asked for");
  return runFix(options.fix, { stacks, entries, live, failOn: options.failOn }, io);
}
