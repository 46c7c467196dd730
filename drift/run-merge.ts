// `pulumi-webstats drift merge FILE...`: the reports of a split run, as one run over all its stacks
// would write them. Every shard file is read strictly and the shards held to one run (shard/),
// the merge's own report options to the shards' (so the reports are those of `drift` with them),
// all before anything is written; then the stages after the asking run as in drift: compare's
// pure half over every account, accept, report, the new baseline.
import { SDK_VERSION } from "../sdk";
import type { CommandConsole } from "../core/console";
import { compareObserved } from "./compare/observed";
import type { ReportRunOptions } from "./report/report-run";
import { differingOptions, reportFingerprint } from "./shard/fingerprint";
import { ShardMergeError, checkShardSet } from "./shard/merge-checks";
import type { ReadShard, ShardSet } from "./shard/merge-checks";
import { mergeShards } from "./shard/merge";
import { ShardFileError, readShardFile } from "./shard/shard-file";
import { plural } from "./model/words";
import { acceptAndReport, prepareRun } from "./run-stages";

export interface MergeOptions extends ReportRunOptions {
  /** `--policy-pack-config FILE`: as drift's, and the shards' (by its content). */
  policy?: { file: string; failOn: boolean };
}

/** Reads every shard file strictly and holds them to one run; throws naming every file it cannot use. */
export async function readShards(files: readonly string[]): Promise<ShardSet> {
  const results = await Promise.all(
    files.map(async (file): Promise<ReadShard | string> => {
      try {
        return { file, shard: await readShardFile(file) };
      } catch (error) {
        if (error instanceof ShardFileError) return error.message;
        throw error;
      }
    }),
  );
  const problems = results.filter((r): r is string => typeof r === "string");
  if (problems.length > 0) {
    throw new ShardMergeError(
      `drift merge cannot use ${problems.length === 1 ? "a shard file" : `${problems.length} shard files`}; nothing was written:\n` +
        problems.map((p) => `  ${p.replaceAll("\n", "\n  ")}`).join("\n"),
    );
  }
  return checkShardSet(results as ReadShard[], SDK_VERSION);
}

/** Writes the reports of the shards' run; resolves with its exit code, as drift's. */
export async function runMerge(
  set: ShardSet,
  options: MergeOptions,
  io: Pick<CommandConsole, "out" | "err">,
): Promise<number> {
  // The policy configuration, report folders, baseline and ignore file, before anything is written.
  const prepared = await prepareRun(options);
  const { policy, acceptance } = prepared;
  const differ = differingOptions(set.options, await reportFingerprint(options, acceptance));
  if (differ.length > 0) {
    throw new ShardMergeError(
      `drift merge's report options are not its shards' (${differ.join("; ")}); nothing was written. ` +
        "Give drift merge the report options the shards ran with: its reports are those of one run with them.",
    );
  }

  // merge: the run's stacks, and every account against one listing.
  const { stacks, observed } = mergeShards(set, process.cwd());
  const recorded = stacks.flatMap((s) => s.websites);
  io.err(
    `Merged ${plural(set.total, "shard")}: ${plural(stacks.length, "stack")}, ${recorded.length} recorded websites, ` +
      `${plural(observed.accounts.length, "account")}.\n`,
  );

  // compare (its pure half), accept, report
  const compared = compareObserved(stacks, observed, policy);
  const { exitCode } = await acceptAndReport(compared, recorded, options, prepared, io);
  return exitCode;
}
