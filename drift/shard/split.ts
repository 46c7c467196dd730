// Which machine of a CI matrix reads which stack: `--shard I/N` keeps the stacks whose name hashes
// to shard I. A stack's shard depends on its own name alone, never on the other stacks or their
// order, so every machine splits the same listing the same way without talking to the others, and
// a stack keeps its shard when stacks are added or removed. The hash is Lamping and Veach's jump
// consistent hash ("A Fast, Minimal Memory, Consistent Hash Algorithm", 2014) over the first 64
// bits of the name's SHA-256: going from N to N+1 shards moves only the stacks that the new shard
// takes (about one in N+1), where `hash mod N` would move almost all of them.
//
// The read stage applies the split (read/read-stacks.ts) right before reading, after the listing
// and the filters: this module imports nothing of drift, so that the read stage may import it.
import { createHash } from "node:crypto";
import { normalize } from "node:path";

/** The most shards a run can be split into: more than any CI's matrix holds (GitHub's is 256). */
export const MAX_SHARDS = 1000;

/** One shard of a split run: `index` from 1 to `total`. */
export interface Shard {
  index: number;
  total: number;
}

/** The shard a run reads, and who is told every source before the split. */
export interface ShardSelection extends Shard {
  /**
   * Told the whole list of sources, listed and filtered, before the split: the shard file says
   * which listing it is a part of (so that shards of different listings are told apart).
   */
  onSplit?: (all: readonly ShardableSource[]) => void;
}

/**
 * What the split needs of a state source (read/state-sources.ts's StateSource fits it): its kind
 * and what names it. Written structurally, so that this module depends on nothing of the read
 * stage, and so that a kind added there is split by the same rule.
 */
export interface ShardableSource {
  kind: string;
  /** A stack's name as pulumi takes it (`org/project/stack` when listed backend-wide). */
  name?: string;
  /** A state file's path, as given. */
  path?: string;
  /** The project folder a stack is named in. */
  cwd?: string;
  /** Listed by --all --backend-wide: `cwd` is a temporary folder, and the name is already full. */
  listedBackendWide?: true;
}

/** A path as the same on every machine and spelling: `./a//b.json` and `a\b.json` are `a/b.json`. */
const samePath = (path: string): string => normalize(path.replaceAll("\\", "/")).replaceAll("\\", "/");

/**
 * The name a source is split by: a state file by its path, a stack by its full name, or by its
 * project folder and name (two projects may both have a stack `dev`). As given on the command
 * line, so that every machine running the same command computes the same name.
 */
export function shardKeyOf(source: ShardableSource): string {
  const name = source.name ?? (source.path === undefined ? undefined : samePath(source.path));
  if (name === undefined) {
    // A kind that names its state otherwise: all its fields, in a fixed order.
    const fields = Object.entries(source).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${source.kind} ${JSON.stringify(fields)}`;
  }
  const folder =
    source.kind === "file" || source.listedBackendWide || source.cwd === undefined
      ? ""
      : `${samePath(source.cwd)}:`;
  return `${source.kind} ${folder}${name}`;
}

/** The first 64 bits of the key's SHA-256, as an unsigned number. */
function hash64(key: string): bigint {
  return createHash("sha256").update(key, "utf8").digest().readBigUInt64BE(0);
}

const MASK_64 = (1n << 64n) - 1n;
const TWO_TO_31 = 2 ** 31;

/** Jump consistent hash: the bucket of `key` among `buckets`, from 0. */
export function jumpHash(key: bigint, buckets: number): number {
  let bucket = -1;
  let next = 0;
  let state = key;
  while (next < buckets) {
    bucket = next;
    state = (state * 2862933555777941757n + 1n) & MASK_64;
    next = Math.floor((bucket + 1) * (TWO_TO_31 / Number((state >> 33n) + 1n)));
  }
  return bucket;
}

/** The shard (from 1 to `total`) of the source named `key`. */
export const shardOf = (key: string, total: number): number => jumpHash(hash64(key), total) + 1;

/**
 * The sources of one shard, in their order; `shard.onSplit` is told them all first. Every
 * source is in exactly one shard of a split.
 */
export function sourcesOfShard<S extends ShardableSource>(sources: readonly S[], shard: ShardSelection): S[] {
  shard.onSplit?.(sources);
  return sources.filter((source) => shardOf(shardKeyOf(source), shard.total) === shard.index);
}
