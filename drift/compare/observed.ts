// The pure half of the compare stage: from what the server said (each account's listing, a GET's
// answer for each recorded website a listing lacked, and the checks' reads) and what the stacks
// recorded, the report without excuses. No request: compare-run.ts asks the server and hands its
// answers here, and `drift merge` hands the answers its shards wrote down (shard/merge.ts), so a
// website is unmanaged or duplicate over every stack of the run, however the reads were split.
import type { Website } from "../../sdk";
import type { ConfiguredRule } from "../../policy/policy-config";
import type { RecordedStack, RecordedWebsite } from "../read/stack-export";
import { liveKey } from "../model/entries";
import type { AccountName, DriftEntry, PageCheck } from "../model/entries";
import type { AccountUse, DriftReport, PolicyCheck, StackVia, TrackingWindow } from "../model/report";
import { compareAccount, sortAccounts, sortEntries } from "./compare";
import { withPages } from "./page-run";
import { checkPolicies } from "./policy-check";
import type { TrackingRead } from "./tracking";

/** What the server said of one account, with the recorded websites on it. */
export interface AccountListing {
  readonly account: AccountName;
  /** The plan GET /account reports, with its website limit; null when none. */
  readonly plan: AccountUse["plan"];
  /** The account's listing. */
  readonly listed: readonly Website[];
  /** A GET's answer for each recorded id the listing lacked (undefined: the server says it is gone). */
  readonly confirmed: ReadonlyMap<number, Website | undefined>;
  readonly recorded: readonly RecordedWebsite[];
}

/** Everything a run learnt from its installations. */
export interface Observations {
  readonly accounts: readonly AccountListing[];
  /** With --check-tracking: the window, and each website on the server's read by `liveKey` (undefined: deleted meanwhile). */
  readonly tracking?: {
    readonly window: TrackingWindow;
    readonly reads: ReadonlyMap<string, TrackingRead | undefined>;
  };
  /** With --check-pages: each website on the server's home page, by `pageKey`. */
  readonly pages?: ReadonlyMap<string, PageCheck>;
}

/** What the compare stage makes: the report without excuses, and the live websites by `liveKey`. */
export interface Compared {
  readonly report: DriftReport;
  readonly live: ReadonlyMap<string, Website>;
}

/** `--policy-pack-config FILE`: its rules, read before any stack, and whether a mandatory violation fails. */
export interface PolicyOptions {
  file: string;
  rules: readonly ConfiguredRule[];
  failOn: boolean;
}

/** An account's websites on the server: its listing, then those a GET found. */
export const liveOf = (listing: AccountListing): Website[] => [
  ...listing.listed,
  ...[...listing.confirmed.values()].filter((w): w is Website => w !== undefined),
];

/** The entries anew, each website on the server with its read of tracking: silent, and its pageviews. */
export function withTrackingReads(
  entries: readonly DriftEntry[],
  reads: ReadonlyMap<string, TrackingRead | undefined>,
): DriftEntry[] {
  return entries.map((entry): DriftEntry => {
    const read = reads.get(liveKey(entry.account, entry.id));
    return read === undefined ? entry : { ...entry, silent: read.silent, pageviews: read.daily };
  });
}

/** How each stack was read, when the stacks say. */
function readOf(stacks: readonly { name: string; via?: StackVia }[]): {
  read?: { stack: string; via: StackVia }[];
} {
  const read = stacks.flatMap(({ name, via }) => (via === undefined ? [] : [{ stack: name, via }]));
  return read.length > 0 ? { read } : {};
}

/** The report of the observations: every account compared, the checks' reads given to their entries. */
export function compareObserved(
  stacks: readonly (RecordedStack & { via?: StackVia })[],
  observed: Observations,
  policy?: PolicyOptions,
): Compared {
  const compared = observed.accounts.map((a) => ({
    use: { ...a.account, websites: a.listed.length, plan: a.plan },
    entries: compareAccount(a.account, a.recorded, a.listed, a.confirmed),
    live: liveOf(a),
  }));
  const { tracking, pages } = observed;
  const all = compared.flatMap((c) => c.entries);
  const tracked = tracking ? withTrackingReads(all, tracking.reads) : all;
  const entries = sortEntries(pages ? withPages(tracked, pages) : tracked);
  const live = new Map(compared.flatMap((c) => c.live.map((w) => [liveKey(c.use, w.id), w] as const)));
  const onServer = compared.reduce((sum, c) => sum + c.live.length, 0);
  const policyCheck: PolicyCheck | undefined = policy
    ? checkPolicies(policy.file, policy.rules, { entries, live, stacks }, policy.failOn)
    : undefined;
  return {
    report: {
      stacks: stacks.map((s) => s.name),
      ...readOf(stacks),
      websites: entries,
      accounts: sortAccounts(compared.map((c) => c.use)),
      ...(tracking ? { tracking: { ...tracking.window, requests: onServer } } : {}),
      ...(policyCheck ? { policy: policyCheck } : {}),
      ...(pages ? { pages: { read: onServer } } : {}),
    },
    live,
  };
}
