// `drift merge`: the shards of one run (checked by merge-checks.ts) as the values the compare
// stage's pure half takes (compare/observed.ts): the stacks in the order one run reads them, and
// for each account, every shard's recorded websites against one listing. So a website is
// unmanaged only when no stack of the whole run records it, and duplicate when two stacks do,
// whichever shards read them.
//
// An account listed by several shards is taken as the first of them listed it (one listing, as
// one run makes); a recorded website that listing lacks gets the answer another shard had for it:
// its own listing's, or its GET's. The checks' reads are filed by website, so each is given back
// to its website whichever shard made it. Nothing is asked of a server.
import { resolve } from "node:path";
import type { Website } from "../../sdk";
import type { AccountName, PageCheck } from "../model/entries";
import { accountKey, liveKey } from "../model/entries";
import type { AccountListing, Observations } from "../compare/compare-run";
import { liveOf } from "../compare/observed";
import { pageKey } from "../compare/page-run";
import type { TrackingRead } from "../compare/tracking";
import type { RecordedStack, RecordedWebsite } from "../read/stack-export";
import type { StackVia } from "../model/report";
import { ShardMergeError } from "./merge-checks";
import type { ShardSet } from "./merge-checks";
import type { ShardAccount, ShardRecordedWebsite } from "./shard-format";

/** What the merge hands the compare stage: the run's stacks and what its shards were told. */
interface Merged {
  stacks: (RecordedStack & { via: StackVia })[];
  observed: Observations;
}

/** Where a recorded website's key came from, for messages: a shard file never holds one. */
const NO_KEY = "a shard file, which holds no key";

function recordedOf(w: ShardRecordedWebsite, stack: string, here: string): RecordedWebsite {
  const { origin } = w;
  return {
    stack,
    resource: w.resource,
    id: w.id,
    outputs: w.outputs,
    address: { keySource: NO_KEY },
    ...(origin
      ? {
          origin: {
            type: origin.type,
            positions: origin.positions,
            ...(origin.fleet ? { fleet: origin.fleet } : {}),
            ...(origin.folder !== undefined ? { folder: resolve(here, origin.folder) } : {}),
          },
        }
      : {}),
  };
}

/** An account as every shard saw it: the first listing, and what any shard knew of each website. */
interface AccountSeen {
  first: ShardAccount;
  /** Each website any shard's listing held or any GET answered (null: not found). */
  answers: Map<number, Website | null>;
  tracking: Map<number, TrackingRead | null>;
  pages: Map<number, PageCheck>;
  recorded: RecordedWebsite[];
}

function seenAccounts(set: ShardSet): Map<string, AccountSeen> {
  const seen = new Map<string, AccountSeen>();
  const keepFirst = <K, V>(map: Map<K, V>, key: K, value: V) => {
    if (!map.has(key)) map.set(key, value);
  };
  for (const { shard } of set.shards) {
    for (const account of shard.accounts) {
      const key = accountKey(account);
      let entry = seen.get(key);
      if (!entry) {
        entry = { first: account, answers: new Map(), tracking: new Map(), pages: new Map(), recorded: [] };
        seen.set(key, entry);
      }
      for (const w of account.listed) keepFirst(entry.answers, w.id, w);
      for (const c of account.confirmed) keepFirst(entry.answers, c.id, c.website);
      for (const t of account.tracking ?? []) keepFirst(entry.tracking, t.id, t.read);
      for (const p of account.pages ?? []) keepFirst(entry.pages, p.id, p.page);
    }
  }
  return seen;
}

/** The listing of an account over the whole run, or a problem when no shard answered for a website. */
function listingOf(seen: AccountSeen): AccountListing {
  const { first } = seen;
  const account: AccountName = { url: first.url, id: first.id, email: first.email };
  const listedIds = new Set(first.listed.map((w) => w.id));
  const confirmed = new Map<number, Website | undefined>();
  for (const w of seen.recorded) {
    if (listedIds.has(w.id) || confirmed.has(w.id)) continue;
    const answer = seen.answers.get(w.id);
    if (answer === undefined)
      throw new ShardMergeError(
        `The shards are damaged: no shard says whether website ${w.id} of ${account.url} is there. Run them again.`,
      );
    confirmed.set(w.id, answer ?? undefined);
  }
  return { account, plan: first.plan, listed: first.listed, confirmed, recorded: seen.recorded };
}

/** The checks' reads of every website on the server, by its keys, from whichever shard made them. */
function checksOf(
  listings: readonly AccountListing[],
  seen: ReadonlyMap<string, AccountSeen>,
  set: ShardSet,
): Pick<Observations, "tracking" | "pages"> {
  const window = set.shards[0]?.shard.trackingWindow ?? null;
  const reads = new Map<string, TrackingRead | undefined>();
  const pages = new Map<string, PageCheck>();
  for (const listing of listings) {
    const own = seen.get(accountKey(listing.account)) as AccountSeen;
    for (const w of liveOf(listing)) {
      const where = `website ${w.id} of ${listing.account.url}`;
      if (window) {
        const read = own.tracking.get(w.id);
        if (read === undefined)
          throw new ShardMergeError(
            `The shards are damaged: no shard read the pageviews of ${where}. Run them again.`,
          );
        reads.set(liveKey(listing.account, w.id), read ?? undefined);
      }
      if (set.options.pages) {
        const page = own.pages.get(w.id);
        if (!page)
          throw new ShardMergeError(
            `The shards are damaged: no shard read the home page of ${where}. Run them again.`,
          );
        pages.set(pageKey(listing.account.url, w.id), page);
      }
    }
  }
  return {
    ...(window ? { tracking: { window, reads } } : {}),
    ...(set.options.pages ? { pages } : {}),
  };
}

/** The run's stacks and observations from its shards; `here` is the folder project folders are read against. */
export function mergeShards(set: ShardSet, here: string): Merged {
  const seen = seenAccounts(set);
  const stacks = set.shards
    .flatMap(({ shard }) => shard.stacks)
    .sort((a, b) => a.position - b.position)
    .map((stack) => {
      const websites = stack.websites.map((w) => {
        const recorded = recordedOf(w, stack.name, here);
        (seen.get(accountKey(w.account)) as AccountSeen).recorded.push(recorded);
        return recorded;
      });
      return { name: stack.name, via: stack.via, websites };
    });
  const accounts = [...seen.values()].map(listingOf);
  return { stacks, observed: { accounts, ...checksOf(accounts, seen, set) } };
}
