// Shard files of one made-up split run, for the unit tests of drift merge's checks and merge
// (drift/shard/): state files `path`, each a stack recording some websites of some accounts, split
// over `total` shards by the real split, each shard listing the accounts its stacks use.
import type { Website } from "../../sdk";
import type { AccountName } from "../../drift/model/entries";
import type { CompleteShard, ShardOptions } from "../../drift/shard/shard-format";
import { SHARD_FORMAT, SHARD_FORMAT_VERSION } from "../../drift/shard/shard-format";
import { shardKeyOf, shardOf } from "../../drift/shard/split";
import { SDK_VERSION } from "../../sdk";
import { liveWebsite } from "./wire-records";

export const accountOne: AccountName = { url: "https://stats.example.com", id: 1, email: "one@example.com" };
export const accountTwo: AccountName = { url: "https://stats.example.com", id: 2, email: "two@example.com" };

export interface RunSpec {
  total: number;
  /** The listing, in order: each stack a state file recording websites (id and domain) of an account. */
  stacks: { path: string; websites: { id: number; domain: string; account: AccountName }[] }[];
  /** Each account's listing. */
  listings: { account: AccountName; listed: Website[] }[];
  runId?: string | null;
  options?: Partial<ShardOptions>;
}

export const defaultShardOptions: ShardOptions = {
  failOn: ["changed", "duplicate", "gone", "unmanaged"],
  policy: null,
  baseline: null,
  ignore: null,
  tracking: null,
  pages: null,
  selection: { all: false, backendWide: false, filters: [] },
};

const sameAccount = (a: AccountName, b: AccountName) => a.url === b.url && a.id === b.id;

/** The shard of a state file named on the line as `path`. */
export const shardOfPath = (path: string, total: number): number =>
  shardOf(shardKeyOf({ kind: "file", path }), total);

/** The complete shard files of the run, one per shard, in the order of their index. */
export function shardsOf(spec: RunSpec): CompleteShard[] {
  return Array.from({ length: spec.total }, (_, i) => {
    const index = i + 1;
    const stacks = spec.stacks
      .map((stack, position) => ({ stack, position }))
      .filter(({ stack }) => shardOfPath(stack.path, spec.total) === index);
    const used = spec.listings.filter((l) =>
      stacks.some(({ stack }) => stack.websites.some((w) => sameAccount(w.account, l.account))),
    );
    return {
      format: SHARD_FORMAT,
      version: SHARD_FORMAT_VERSION,
      packageVersion: SDK_VERSION,
      runId: spec.runId === undefined ? "github-7-1" : spec.runId,
      shard: { index, total: spec.total },
      outcome: "complete",
      options: { ...defaultShardOptions, ...spec.options },
      listing: { stacks: spec.stacks.length, sha256: "a".repeat(64) },
      stacks: stacks.map(({ stack, position }) => ({
        position,
        source: shardKeyOf({ kind: "file", path: stack.path }),
        via: "state file",
        name: `${stack.path.replace(/\.json$/, "")}/prod`,
        websites: stack.websites.map((w) => ({
          resource: w.domain,
          id: w.id,
          account: { url: w.account.url, id: w.account.id },
          outputs: { domain: w.domain },
        })),
      })),
      accounts: used.map(({ account, listed }) => {
        const recorded = stacks.flatMap(({ stack }) =>
          stack.websites.filter((w) => sameAccount(w.account, account)).map((w) => w.id),
        );
        const missing = [...new Set(recorded.filter((id) => !listed.some((w) => w.id === id)))];
        return {
          ...account,
          plan: null,
          listed,
          confirmed: missing.map((id) => ({ id, website: null })),
        };
      }),
      trackingWindow: null,
    };
  });
}

/** `count` state file paths, the first ones whose shards of `total` are `wanted`, in that order. */
export function pathsInShards(wanted: readonly number[], total: number, prefix = "stack"): string[] {
  const paths: string[] = [];
  for (const shard of wanted) {
    for (let n = 0; ; n += 1) {
      const path = `${prefix}-${n}.json`;
      if (!paths.includes(path) && shardOfPath(path, total) === shard) {
        paths.push(path);
        break;
      }
    }
  }
  return paths;
}

export { liveWebsite };
