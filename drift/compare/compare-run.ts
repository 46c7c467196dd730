// The compare stage of a drift run: from the accounts read, a new value holding every finding.
// This is the stage's half that asks the server: each account is listed (a GET only for a
// recorded website the listing lacks); with --check-tracking each website on the server gets its
// read of pageviews, with --check-pages its home page's status. What the server said is handed
// to the pure half (observed.ts), which compares it with what the stacks recorded and, with
// --policy-pack-config, runs the policy rules over the live values. A shard of a split run stops
// after the asking (its shard file holds the answers); `drift merge` runs the pure half alone.
import { NotFoundError } from "../../sdk";
import type { Website, WebstatsClient } from "../../sdk";
import type { ProviderSettings } from "../../core/settings";
import type { DriftAccount } from "../read/accounts";
import type { ReadStack } from "../read/read-stacks";
import { liveKey } from "../model/entries";
import type { PageCheck } from "../model/entries";
import { progressEvery } from "../model/progress";
import { compareObserved, liveOf } from "./observed";
import type { AccountListing, Compared, Observations, PolicyOptions } from "./observed";
import { pageKey, readPageChecks } from "./page-run";
import type { PageRunOptions } from "./page-run";
import { checkTracking, costText, trackingProgressStep, trackingWindow } from "./tracking";
import type { TrackingRead, TrackingTarget } from "./tracking";

export type { AccountListing, Compared, Observations } from "./observed";

/** The checks the compare stage makes besides listing: what reads the server (and the websites) more. */
export interface CheckOptions {
  /** `--check-tracking`: the websites with no pageview in the last `days` days are silent. */
  tracking?: { days: number };
  /** `--check-pages`: each website's home page is read for the tracking code. */
  pages?: PageRunOptions;
}

/** What the compare stage is asked to do besides comparing. */
interface CompareOptions extends CheckOptions {
  /** `--policy-pack-config FILE`: its rules, read before any stack, and whether a mandatory violation fails. */
  policy?: PolicyOptions;
}

async function confirmGone(account: DriftAccount, id: number): Promise<Website | undefined> {
  try {
    return await account.client.websites.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** One account's listing, and a GET for each recorded website it lacks. */
async function listingOf(account: DriftAccount): Promise<AccountListing> {
  const listed = await account.client.websites.list({ sortBy: "id", sort: "asc" });
  const listedIds = new Set(listed.map((w) => w.id));
  const missing = [...new Set(account.websites.map((w) => w.id).filter((id) => !listedIds.has(id)))];
  const confirmed = new Map(
    await Promise.all(missing.map(async (id) => [id, await confirmGone(account, id)] as const)),
  );
  const { plan } = account;
  return {
    account: account.name,
    plan: plan ? { name: plan.name, websites: plan.features.websites } : null,
    listed,
    confirmed,
    recorded: account.websites,
  };
}

/** A website on the server to read more of, with the keys its answers are filed under. */
interface CheckTarget extends TrackingTarget {
  liveKey: string;
  pageKey: string;
}

function checkTargets(
  listings: readonly AccountListing[],
  clients: readonly WebstatsClient[],
): CheckTarget[] {
  return listings.flatMap((listing, index) =>
    liveOf(listing).map((w) => ({
      client: clients[index] as WebstatsClient,
      id: w.id,
      domain: w.domain,
      liveKey: liveKey(listing.account, w.id),
      pageKey: pageKey(listing.account.url, w.id),
    })),
  );
}

/**
 * Reads the pageviews of every target, saying first what it costs and then how far it got; each
 * read by its website's `liveKey`.
 */
async function trackingOf(
  targets: readonly CheckTarget[],
  days: number,
  settings: ProviderSettings,
  err: (text: string) => void,
): Promise<NonNullable<Observations["tracking"]>> {
  const window = trackingWindow(new Date(), days);
  err(`${costText(targets.length, window, settings.requestsPerMinute?.value)}\n`);
  const reads = await checkTracking(
    targets,
    window,
    progressEvery(targets.length, trackingProgressStep(targets.length), (done) =>
      err(`Tracking: ${done} of ${targets.length} websites checked.\n`),
    ),
  );
  return {
    window,
    reads: new Map(targets.map((t, i): [string, TrackingRead | undefined] => [t.liveKey, reads[i]])),
  };
}

/**
 * The asking half: lists every account and makes the checks asked for; resolves with what the
 * server said, to compare (observed.ts) here or, for a shard, to write down.
 */
export async function observeAccounts(
  accounts: readonly DriftAccount[],
  options: CheckOptions,
  settings: ProviderSettings,
  err: (text: string) => void,
): Promise<Observations> {
  const listings = await Promise.all(accounts.map(listingOf));
  const targets = checkTargets(
    listings,
    accounts.map((a) => a.client),
  );
  const tracking = options.tracking
    ? await trackingOf(targets, options.tracking.days, settings, err)
    : undefined;
  const checked = options.pages ? await readPageChecks(targets, settings, options.pages, err) : undefined;
  const pages = checked && new Map(targets.map((t, i): [string, PageCheck] => [t.pageKey, checked[i]!]));
  return { accounts: listings, ...(tracking ? { tracking } : {}), ...(pages ? { pages } : {}) };
}

/** Lists and compares every account, then runs the checks asked for; resolves with a new value. */
export async function compareStage(
  stacks: readonly ReadStack[],
  accounts: readonly DriftAccount[],
  options: CompareOptions,
  settings: ProviderSettings,
  err: (text: string) => void,
): Promise<Compared> {
  const observed = await observeAccounts(accounts, options, settings, err);
  return compareObserved(stacks, observed, options.policy);
}
