// The compare stage of a drift run: from the accounts read, a new value holding every finding.
// Each account is listed (a GET only for a recorded website the listing lacks) and compared
// with what its stacks recorded; with --check-tracking each website on the server gets its
// silence and pageviews, with --check-pages its home page's status, and with
// --policy-pack-config the policy rules judge the live values. Each step makes new entries from
// the entries before it: none changes what it was given.
import { NotFoundError } from "../../sdk";
import type { Website } from "../../sdk";
import type { ProviderSettings } from "../../core/settings";
import type { ConfiguredRule } from "../../policy/policy-config";
import type { DriftAccount } from "../read/accounts";
import type { ReadStack } from "../read/read-stacks";
import { liveKey } from "../model/entries";
import type { AccountName, DriftEntry } from "../model/entries";
import type { AccountUse, DriftReport, PolicyCheck, TrackingCheck } from "../model/report";
import { compareAccount, sortAccounts, sortEntries } from "./compare";
import { checkEntryPages } from "./page-run";
import type { PageRunOptions } from "./page-run";
import { checkPolicies } from "./policy-check";
import { checkTracking, costText, progressStep, trackingWindow } from "./tracking";
import type { TrackingRead, TrackingTarget } from "./tracking";

/** One account's entries, its use of its plan, and the websites on the server to check tracking of. */
export interface AccountFindings {
  readonly entries: readonly DriftEntry[];
  readonly use: AccountUse;
  readonly targets: readonly TrackingTarget[];
  /** The account's websites on the server, for the policy rules and --fix code. */
  readonly live: readonly Website[];
}

/** What the compare stage makes: the report without excuses, and the live websites by `liveKey`. */
export interface Compared {
  readonly report: DriftReport;
  readonly live: ReadonlyMap<string, Website>;
}

/** What the compare stage is asked to do besides comparing. */
interface CompareOptions {
  /** `--check-tracking`: the websites with no pageview in the last `days` days are silent. */
  tracking?: { days: number };
  /** `--check-pages`: each website's home page is read for the tracking code. */
  pages?: PageRunOptions;
  /** `--policy-pack-config FILE`: its rules, read before any stack, and whether a mandatory violation fails. */
  policy?: { file: string; rules: readonly ConfiguredRule[]; failOn: boolean };
}

async function confirmGone(account: DriftAccount, id: number): Promise<Website | undefined> {
  try {
    return await account.client.websites.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
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
 * The findings with each read of tracking given to the entry of its website: `reads` holds one
 * read per target, the targets of every account one after the other. New findings, new entries.
 */
export function withTracking(
  findings: readonly AccountFindings[],
  reads: readonly (TrackingRead | undefined)[],
): AccountFindings[] {
  let index = 0;
  return findings.map((f) => {
    const byId = new Map(f.targets.map((t) => [t.id, reads[index++]]));
    const entries = f.entries.map((entry): DriftEntry => {
      const read = byId.get(entry.id);
      return read === undefined ? entry : { ...entry, silent: read.silent, pageviews: read.daily };
    });
    return { ...f, entries };
  });
}

/**
 * Reads the pageviews of every target, saying first what it costs and then how far it got; the
 * findings anew, each entry on the server silent or not, with its daily pageviews.
 */
async function trackingOf(
  findings: readonly AccountFindings[],
  days: number,
  settings: ProviderSettings,
  err: (text: string) => void,
): Promise<{ findings: AccountFindings[]; tracking: TrackingCheck }> {
  const targets = findings.flatMap((f) => f.targets);
  const window = trackingWindow(new Date(), days);
  err(`${costText(targets.length, window, settings.requestsPerMinute?.value)}\n`);
  const step = progressStep(targets.length);
  const reads = await checkTracking(targets, window, (done) => {
    if (done % step === 0 || done === targets.length)
      err(`Tracking: ${done} of ${targets.length} websites checked.\n`);
  });
  return { findings: withTracking(findings, reads), tracking: { ...window, requests: targets.length } };
}

/** The websites on the server, by account and id, as each account listed them. */
function liveWebsites(
  findings: readonly { account: AccountName; live: readonly Website[] }[],
): Map<string, Website> {
  return new Map(findings.flatMap((f) => f.live.map((w) => [liveKey(f.account, w.id), w] as const)));
}

/** Lists and compares every account, then runs the checks asked for; resolves with a new value. */
export async function compareStage(
  stacks: readonly ReadStack[],
  accounts: readonly DriftAccount[],
  options: CompareOptions,
  settings: ProviderSettings,
  err: (text: string) => void,
): Promise<Compared> {
  const listed = await Promise.all(accounts.map(findingsOf));
  const tracked = options.tracking
    ? await trackingOf(listed, options.tracking.days, settings, err)
    : { findings: listed, tracking: undefined };
  const targets = tracked.findings.flatMap((f) => f.targets);
  const checked = options.pages
    ? await checkEntryPages(
        targets,
        tracked.findings.flatMap((f) => f.entries),
        settings,
        options.pages,
        err,
      )
    : tracked.findings.flatMap((f) => f.entries);
  const entries = sortEntries(checked);
  const live = liveWebsites(tracked.findings.map((f) => ({ account: f.use, live: f.live })));
  const policy: PolicyCheck | undefined = options.policy
    ? checkPolicies(
        options.policy.file,
        options.policy.rules,
        { entries, live, stacks },
        options.policy.failOn,
      )
    : undefined;
  const { tracking } = tracked;
  return {
    report: {
      stacks: stacks.map((s) => s.name),
      websites: entries,
      accounts: sortAccounts(tracked.findings.map((f) => f.use)),
      ...(tracking ? { tracking } : {}),
      ...(policy ? { policy } : {}),
      ...(options.pages ? { pages: { read: targets.length } } : {}),
    },
    live,
  };
}
