// What `drift merge` refuses before it writes anything: shards that are not the whole of one run.
// A shard that could not read everything, a shard of another pulumi-webstats, of another split,
// of another run, run with other options or over another listing of stacks, a shard given twice
// or missing, and a file whose parts do not add up. Each refusal names the files; a report made
// of such shards would call the websites of the stacks left out unmanaged.
import { accountKey } from "../model/entries";
import { differingOptions } from "./fingerprint";
import type { CompleteShard, ShardFile, ShardOptions } from "./shard-format";
import { shardOf } from "./split";

/** Shards that do not make one run: the message names the files and what to do. */
export class ShardMergeError extends Error {
  override name = "ShardMergeError";
}

/** A shard file as read, with its path. */
export interface ReadShard {
  file: string;
  shard: ShardFile;
}

/** Every shard of one run, checked: one complete file per shard, in the order of their index. */
export interface ShardSet {
  shards: Complete[];
  total: number;
  runId: string | null;
  options: ShardOptions;
}

type Complete = { file: string; shard: CompleteShard };

const isComplete = (s: ReadShard): s is Complete => s.shard.outcome === "complete";

const named = (s: { file: string; shard: ShardFile }): string =>
  `${s.file} (shard ${s.shard.shard.index}/${s.shard.shard.total})`;

function refuse(problems: readonly string[], fix: string): never {
  throw new ShardMergeError(
    `drift merge cannot make one report of these shards; nothing was written:\n${problems.map((p) => `  ${p}`).join("\n")}\n${fix}`,
  );
}

/** The files whose `value` differs from the first file's, each with its value in words. */
function differing<S extends ReadShard, T>(
  shards: readonly S[],
  value: (s: S) => T,
  words: (v: T) => string,
): string[] {
  const first = value(shards[0] as S);
  const key = JSON.stringify(first);
  const others = shards.filter((s) => JSON.stringify(value(s)) !== key);
  if (others.length === 0) return [];
  return [
    `${named(shards[0] as S)}: ${words(first)}`,
    ...others.map((s) => `${named(s)}: ${words(value(s))}`),
  ];
}

const listShards = (indexes: readonly number[], total: number): string => {
  const names = indexes.map((i) => `${i}/${total}`);
  return names.length === 1
    ? `shard ${names[0]}`
    : `shards ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
};

/** Whether a complete shard's parts add up: each stack in its shard and its accounts listed. */
function damage(s: Complete): string | undefined {
  const { shard, stacks, accounts, listing, options } = s.shard;
  const listed = new Set(accounts.map(accountKey));
  for (const stack of stacks) {
    if (stack.position >= listing.stacks)
      return `stack ${stack.name} is at a place its listing does not have`;
    if (shardOf(stack.source, shard.total) !== shard.index)
      return `stack ${stack.name} is not one of shard ${shard.index}/${shard.total}'s`;
    const unlisted = stack.websites.find((w) => !listed.has(accountKey(w.account)));
    if (unlisted)
      return `website ${unlisted.resource} of stack ${stack.name} is on an account the shard did not list`;
  }
  if ((options.tracking === null) !== (s.shard.trackingWindow === null))
    return "its pageviews' dates do not go with --check-tracking";
  const checks = (a: CompleteShard["accounts"][number]) => [a.tracking !== undefined, a.pages !== undefined];
  if (
    accounts.some(
      (a) => checks(a)[0] !== (options.tracking !== null) || checks(a)[1] !== (options.pages !== null),
    )
  )
    return "an account's checks are not the ones its options ask for";
  return undefined;
}

/**
 * The shards as one run, checked; throws a ShardMergeError naming the files of the first kind of
 * problem found. `packageVersion` is this pulumi-webstats': a shard of another compared
 * otherwise, or wrote its file otherwise.
 */
export function checkShardSet(read: readonly ReadShard[], packageVersion: string): ShardSet {
  if (read.length === 0) refuse(["no shard file was given"], "Give drift merge every shard file of the run.");
  const failed = read.flatMap((s) =>
    s.shard.outcome === "failed" ? [{ ...s, problem: s.shard.problem }] : [],
  );
  if (failed.length > 0) {
    refuse(
      failed.map((s) => `${named(s)} could not read everything: ${s.problem}`),
      "Run those shards again (a report without their stacks would call their websites unmanaged or gone).",
    );
  }
  const versions = read.filter((s) => s.shard.packageVersion !== packageVersion);
  if (versions.length > 0) {
    refuse(
      versions.map(
        (s) =>
          `${named(s)} was written by pulumi-webstats ${s.shard.packageVersion}, and this is ${packageVersion}`,
      ),
      "Merge with the pulumi-webstats version the shards ran.",
    );
  }
  const totals = differing(
    read,
    (s) => s.shard.shard.total,
    (total) => `one of ${total} shards`,
  );
  if (totals.length > 0)
    refuse(
      totals,
      "Give drift merge the shards of one split: every shard of one --shard I/N with the same N.",
    );
  const runs = differing(
    read,
    (s) => s.shard.runId,
    (id) => (id === null ? "of no run id" : `of run ${id}`),
  );
  if (runs.length > 0) {
    refuse(
      runs,
      "Give drift merge the shards of one run (a re-run of some jobs only gets another attempt: re-run them all, or give every shard the same --run-id).",
    );
  }
  const complete = read.filter(isComplete);
  const first = complete[0] as Complete;
  const otherOptions = complete.filter(
    (s) => JSON.stringify(s.shard.options) !== JSON.stringify(first.shard.options),
  );
  if (otherOptions.length > 0) {
    refuse(
      otherOptions.map(
        (s) =>
          `${named(s)} was run with other options than ${named(first)}: ${differingOptions(first.shard.options, s.shard.options).join("; ")}`,
      ),
      "Give every shard the same options.",
    );
  }
  const listings = differing(
    complete,
    (s) => s.shard.listing,
    (l) => `${l.stacks} stacks listed, hashed ${l.sha256.slice(0, 12)}`,
  );
  if (listings.length > 0) {
    refuse(
      listings,
      "Every shard splits the same listing: give each the same --stack, --state, --cwd, --all and --stack-filter options, over the same states.",
    );
  }
  const windows = differing(
    complete,
    (s) => s.shard.trackingWindow,
    (w) => (w ? `pageviews from ${w.from} to ${w.to}` : "no pageviews"),
  );
  if (windows.length > 0) {
    refuse(
      windows,
      "The shards ran on different dates (UTC): run them again on one date, so that silent means the same in all.",
    );
  }
  const total = (read[0] as ReadShard).shard.shard.total;
  const byIndex = new Map<number, string[]>();
  for (const s of read)
    byIndex.set(s.shard.shard.index, [...(byIndex.get(s.shard.shard.index) ?? []), s.file]);
  const twice = [...byIndex].filter(([, files]) => files.length > 1);
  if (twice.length > 0) {
    refuse(
      twice.map(([index, files]) => `shard ${index}/${total} is given twice: ${files.join(" and ")}`),
      "Give each shard's file once.",
    );
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    refuse(
      [`${listShards(missing, total)} ${missing.length === 1 ? "is" : "are"} missing`],
      "Give drift merge every shard's file (a report without a shard's stacks would call their websites unmanaged).",
    );
  }
  const damaged = complete.flatMap((s) => {
    const problem = damage(s);
    return problem ? [`${named(s)} is damaged: ${problem}`] : [];
  });
  const positions = complete.flatMap((s) => s.shard.stacks.map((stack) => stack.position));
  const listedStacks = first.shard.listing.stacks;
  if (
    damaged.length === 0 &&
    (new Set(positions).size !== positions.length || positions.length !== listedStacks)
  ) {
    damaged.push(
      `the shards hold ${positions.length} stacks at ${new Set(positions).size} places of a listing of ${listedStacks}`,
    );
  }
  if (damaged.length > 0) refuse(damaged, "Run the shards again.");
  return {
    shards: [...complete].sort((a, b) => a.shard.shard.index - b.shard.shard.index),
    total,
    runId: first.shard.runId,
    options: first.shard.options,
  };
}
