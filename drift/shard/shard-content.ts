// What a shard run writes down: the stacks it read (each website with only the outputs a
// comparison reads, never a key or a password) and what the server said of each of their
// accounts, as the shard file holds them (shard-format.ts). A value to value function: nothing
// here asks the server or reads a file.
import { isAbsolute, relative } from "node:path";
import type { AccountName } from "../model/entries";
import { liveKey } from "../model/entries";
import type { AccountListing, Observations } from "../compare/compare-run";
import { liveOf } from "../compare/observed";
import { pageKey } from "../compare/page-run";
import type { ReadStack } from "../read/read-stacks";
import type { RecordedWebsite } from "../read/stack-export";
import { SHARD_FORMAT, SHARD_FORMAT_VERSION, keptOutputs } from "./shard-format";
import type { CompleteShard, ShardAccount, ShardRecordedWebsite, ShardStack } from "./shard-format";
import { shardKeyOf } from "./split";

/** The listing a shard is a part of: every source, listed and filtered, before the split. */
export interface ShardListing {
  stacks: number;
  sha256: string;
  /** Each source's place in the listing (the order of the report's stacks). */
  positions: ReadonlyMap<object, number>;
}

/** A project folder as the shard file holds it: relative to the folder the run is in when inside it. */
export function portableFolder(folder: string, here: string): string {
  const path = relative(here, folder);
  return path.startsWith("..") || isAbsolute(path) ? folder : path || ".";
}

/** A recorded website without what a comparison does not read: its keys, its password, its network. */
function keptWebsite(website: RecordedWebsite, account: AccountName, here: string): ShardRecordedWebsite {
  const outputs = website.outputs as Record<string, unknown>;
  const kept = Object.fromEntries(
    keptOutputs.flatMap(([name]) => (outputs[name] === undefined ? [] : [[name, outputs[name]]])),
  );
  const origin = website.origin;
  return {
    resource: website.resource,
    id: website.id,
    account: { url: account.url, id: account.id },
    outputs: kept,
    ...(origin
      ? {
          origin: {
            type: origin.type,
            positions: [...origin.positions],
            ...(origin.fleet
              ? {
                  fleet: {
                    name: origin.fleet.name,
                    ...(origin.fleet.file !== undefined ? { file: origin.fleet.file } : {}),
                    positions: [...origin.fleet.positions],
                  },
                }
              : {}),
            ...(origin.folder !== undefined ? { folder: portableFolder(origin.folder, here) } : {}),
          },
        }
      : {}),
  };
}

function shardAccount(listing: AccountListing, observed: Observations): ShardAccount {
  const { account } = listing;
  const live = liveOf(listing);
  const { tracking, pages } = observed;
  return {
    url: account.url,
    id: account.id,
    email: account.email,
    plan: listing.plan,
    listed: [...listing.listed],
    confirmed: [...listing.confirmed].map(([id, website]) => ({ id, website: website ?? null })),
    ...(tracking
      ? {
          tracking: live.map((w) => {
            const read = tracking.reads.get(liveKey(account, w.id));
            return { id: w.id, read: read ? { silent: read.silent, daily: [...read.daily] } : null };
          }),
        }
      : {}),
    ...(pages
      ? {
          pages: live.flatMap((w) => {
            const page = pages.get(pageKey(account.url, w.id));
            return page ? [{ id: w.id, page: { ...page } }] : [];
          }),
        }
      : {}),
  };
}

/** The complete shard file of a run: its header and options, and what it read and was told. */
export function completeShardOf(input: {
  header: Pick<CompleteShard, "packageVersion" | "runId" | "shard">;
  options: CompleteShard["options"];
  listing: ShardListing;
  stacks: readonly ReadStack[];
  observed: Observations;
  /** The folder the run is in, against which project folders are written. */
  here: string;
}): CompleteShard {
  const { listing, observed, here } = input;
  const accountOf = new Map<RecordedWebsite, AccountName>(
    observed.accounts.flatMap((a) => a.recorded.map((w) => [w, a.account] as const)),
  );
  const stacks = input.stacks.map((stack): ShardStack => {
    const position = listing.positions.get(stack.source);
    if (position === undefined) throw new Error(`unreachable: ${stack.name} was read but not listed`);
    return {
      position,
      source: shardKeyOf(stack.source),
      name: stack.name,
      via: stack.via,
      websites: stack.websites.map((w) => {
        const account = accountOf.get(w);
        if (!account) throw new Error(`unreachable: website ${w.resource} of ${stack.name} is on no account`);
        return keptWebsite(w, account, here);
      }),
    };
  });
  return {
    format: SHARD_FORMAT,
    version: SHARD_FORMAT_VERSION,
    ...input.header,
    outcome: "complete",
    options: input.options,
    listing: { stacks: listing.stacks, sha256: listing.sha256 },
    stacks,
    accounts: observed.accounts.map((a) => shardAccount(a, observed)),
    trackingWindow: observed.tracking ? { ...observed.tracking.window } : null,
  };
}
