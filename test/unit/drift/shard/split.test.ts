// The split of a drift run over CI machines (drift/shard/split.ts): every stack in exactly one
// shard, for every number of shards; a stack's shard depends on its own name alone (not on the
// other stacks, nor their order), so it keeps its shard when stacks are added; going from N to
// N+1 shards moves only the stacks the new shard takes; and the names split by: a file by its path
// however spelled, a stack by its folder and name, or its full name when listed backend-wide.
import { describe, expect, it } from "vitest";
import { MAX_SHARDS, jumpHash, shardKeyOf, shardOf, sourcesOfShard } from "../../../../drift/shard/split";
import type { ShardableSource } from "../../../../drift/shard/split";

const files = (count: number, prefix = "states/stack"): ShardableSource[] =>
  Array.from({ length: count }, (_, i) => ({ kind: "file", path: `${prefix}-${i}.json` }));

/** Each shard's sources, by the split itself. */
const split = (sources: readonly ShardableSource[], total: number) =>
  Array.from({ length: total }, (_, i) => sourcesOfShard(sources, { index: i + 1, total }));

describe("the split of a run's stacks", () => {
  const sources = files(300);

  it.each([1, 2, 3, 5, 7, 16, 64, 256])("puts every stack in exactly one of %i shards", (total) => {
    const shards = split(sources, total);
    const placed = shards.flat();
    expect(placed).toHaveLength(sources.length);
    expect(new Set(placed).size).toBe(sources.length);
    // Each shard keeps the listing's order.
    for (const shard of shards) expect(shard).toEqual(sources.filter((s) => shard.includes(s)));
  });

  it(`gives every stack a shard from 1 to the total, up to ${MAX_SHARDS}`, () => {
    for (const total of [MAX_SHARDS - 1, MAX_SHARDS]) {
      const shards = sources.map((s) => shardOf(shardKeyOf(s), total));
      expect(shards.every((n) => Number.isInteger(n) && n >= 1 && n <= total)).toBe(true);
      expect(new Set(shards).size).toBeGreaterThan(250);
    }
  });

  it("spreads the stacks over the shards", () => {
    const sizes = split(files(3000), 3).map((shard) => shard.length);
    for (const size of sizes) expect(size).toBeGreaterThan(800);
  });

  it("keeps each stack's shard when stacks are added, removed or reordered", () => {
    const before = new Map(sources.map((s) => [shardKeyOf(s), shardOf(shardKeyOf(s), 5)]));
    const grown = [...files(50, "other/stack"), ...[...sources].reverse().slice(10)];
    for (const [index, shard] of split(grown, 5).entries()) {
      for (const source of shard) {
        const key = shardKeyOf(source);
        if (before.has(key)) expect(before.get(key)).toBe(index + 1);
      }
    }
  });

  it("moves only the stacks the new shard takes when a shard is added", () => {
    for (const total of [1, 2, 3, 9, 31]) {
      const moved = sources.filter((s) => {
        const [from, to] = [shardOf(shardKeyOf(s), total), shardOf(shardKeyOf(s), total + 1)];
        if (from !== to) expect(to).toBe(total + 1);
        return from !== to;
      });
      // About one stack in total+1 moves.
      expect(moved.length).toBeLessThan((sources.length / (total + 1)) * 1.6 + 5);
    }
  });

  it("is the published jump consistent hash", () => {
    // Test vectors of other implementations of Lamping and Veach's code (go-jump-consistent-hash,
    // jump_consistent_hash for Rust, ClickHouse's jumpConsistentHash).
    const vectors: [bigint, number, number][] = [
      [1n, 1, 0],
      [42n, 57, 43],
      [256n, 1024, 520],
      [0xdead10ccn, 1, 0],
      [0xdead10ccn, 666, 361],
      [1n, 60, 55],
      [2n, 60, 46],
    ];
    expect(vectors.map(([key, buckets]) => jumpHash(key, buckets))).toEqual(
      vectors.map(([, , bucket]) => bucket),
    );
  });

  it("tells the listing to onSplit before splitting it", () => {
    const told: (readonly ShardableSource[])[] = [];
    const kept = sourcesOfShard(sources, { index: 2, total: 3, onSplit: (all) => told.push(all) });
    expect(told).toEqual([sources]);
    expect(kept.length).toBeLessThan(sources.length);
  });
});

describe("the name a stack is split by", () => {
  it.each<[ShardableSource, string]>([
    [{ kind: "file", path: "states/prod.json" }, "file states/prod.json"],
    [{ kind: "file", path: "./states//prod.json" }, "file states/prod.json"],
    [{ kind: "file", path: "states\\prod.json" }, "file states/prod.json"],
    // A state file's --cwd names the project of its code, not which state it is.
    [{ kind: "file", path: "prod.json", cwd: "teams/web" }, "file prod.json"],
    [{ kind: "stack", name: "dev", cwd: "teams/web" }, "stack teams/web:dev"],
    [{ kind: "stack", name: "dev", cwd: "./teams/web/" }, "stack teams/web/:dev"],
    // Listed backend-wide: the folder is a temporary one, the name already full.
    [
      { kind: "stack", name: "acme/web/dev", cwd: "/tmp/webstats-drift-x1", listedBackendWide: true },
      "stack acme/web/dev",
    ],
  ])("%j is %s", (source, key) => {
    expect(shardKeyOf(source)).toBe(key);
  });

  it("tells two projects' stacks of one name apart", () => {
    const keys = ["teams/web", "teams/shop"].map((cwd) => shardKeyOf({ kind: "stack", name: "dev", cwd }));
    expect(new Set(keys).size).toBe(2);
  });

  it("splits a kind of source it does not know by all its fields, in a fixed order", () => {
    const a = shardKeyOf({ kind: "backend", url: "s3://b", stack: "x" } as ShardableSource);
    const b = shardKeyOf({ stack: "x", url: "s3://b", kind: "backend" } as ShardableSource);
    expect(a).toBe(b);
    expect(a).not.toBe(shardKeyOf({ kind: "backend", url: "s3://b", stack: "y" } as ShardableSource));
  });
});
