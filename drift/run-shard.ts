// One shard of a run split over CI machines (`drift --shard I/N --shard-file FILE`): the read
// stage keeps only this shard's stacks, compare's asking half lists each of their accounts once
// and makes the checks asked for, and the answers are written to the shard file for `drift
// merge`, which makes the reports. Nothing is compared or reported here: a shard does not know
// the other shards' stacks, so it cannot tell unmanaged or duplicate websites.
//
// A run that fails still writes its shard file, saying so (the message it fails with, which
// names no key): the merge then refuses it by name rather than call a stack's websites gone,
// and a complete file an earlier run left at that path is not merged by mistake.
import type { Environment, ProviderSettings } from "../core/settings";
import type { CommandConsole } from "../core/console";
import { exitCodes } from "../core/exit-codes";
import { SDK_VERSION } from "../sdk";
import { readPolicyConfig } from "../policy/policy-config";
import { accountsOf } from "./read/accounts";
import { RecordedSettings } from "./read/network-settings";
import { readStacks } from "./read/read-stacks";
import type { StackReading } from "./read/read-stacks";
import { observeAccounts } from "./compare/compare-run";
import type { CheckOptions } from "./compare/compare-run";
import { withPageLog } from "./compare/page-run";
import { loadAcceptance } from "./accept/acceptance";
import type { AcceptanceOptions } from "./accept/acceptance";
import { sha256Of, shardOptionsOf } from "./shard/fingerprint";
import { completeShardOf } from "./shard/shard-content";
import type { ShardListing } from "./shard/shard-content";
import { writeShardFile } from "./shard/shard-file";
import { SHARD_FORMAT, SHARD_FORMAT_VERSION } from "./shard/shard-format";
import type { CompleteShard } from "./shard/shard-format";
import { shardKeyOf } from "./shard/split";
import type { ShardableSource } from "./shard/split";
import type { FailOnName } from "./model/entries";
import { checkWritable } from "./model/output-files";
import { neutralLines } from "./model/neutral-text";
import { plural } from "./model/words";

export interface ShardRunOptions extends StackReading, CheckOptions, AcceptanceOptions {
  failOn: FailOnName[];
  policy?: { file: string; failOn: boolean };
  /** `--shard-file FILE` and the run's id (--run-id, else the CI's), which the merge holds the shards to. */
  shardFile?: { file: string; runId: string | null };
}

/** Every source before the split, as the shard file names its listing; each source's place in it. */
function listingOf(all: readonly ShardableSource[]): ShardListing {
  return {
    stacks: all.length,
    sha256: sha256Of(all.map(shardKeyOf).join("\n")),
    positions: new Map(all.map((source, index) => [source, index])),
  };
}

/** The longest message a failed shard file keeps. */
const MAX_PROBLEM = 4000;

/** Reads this shard's stacks and asks the server; writes the shard file; resolves with 0, or throws. */
export async function runShard(
  options: ShardRunOptions,
  env: Environment,
  settings: ProviderSettings,
  io: Pick<CommandConsole, "err" | "verbose">,
): Promise<number> {
  const { shard, shardFile } = options;
  if (!shard || !shardFile) throw new Error("unreachable: a shard run has its shard and its shard file");
  checkWritable(shardFile.file, "The shard file");
  const header = {
    packageVersion: SDK_VERSION,
    runId: shardFile.runId,
    shard: { index: shard.index, total: shard.total },
  };
  const name = `Shard ${shard.index}/${shard.total}`;
  try {
    // The policy configuration, baseline and ignore file are checked here too, and go into the
    // shard's options by their content: the merge applies them, and holds its own to the same.
    if (options.policy) readPolicyConfig(options.policy.file);
    const acceptance = await loadAcceptance(options, process.cwd());
    const shardOptions = await shardOptionsOf(options, acceptance);

    // read: only this shard's stacks; the split says what the whole listing was.
    let listing: ShardListing | undefined;
    const reading = {
      ...options,
      shard: { ...shard, onSplit: (all: readonly ShardableSource[]) => (listing = listingOf(all)) },
    };
    const stacks = await readStacks(reading, env, io.err, io.verbose);
    if (!listing) throw new Error("unreachable: the read stage split no listing");
    const recorded = stacks.flatMap((s) => s.websites);
    const accounts = await accountsOf(recorded, new RecordedSettings(env), io.verbose);
    io.err(`Listing the websites of ${plural(accounts.length, "account")}...\n`);

    // compare's asking half: what the server says, written down for the merge.
    const observed = await observeAccounts(
      accounts,
      options.pages ? { ...options, pages: withPageLog(options.pages, io.verbose) } : options,
      settings,
      io.err,
    );
    const content: CompleteShard = completeShardOf({
      header,
      options: shardOptions,
      listing,
      stacks,
      observed,
      here: process.cwd(),
    });
    await writeShardFile(shardFile.file, content);
    const read =
      stacks.length === 0
        ? `none of the ${listing.stacks} stacks`
        : `${stacks.length} of ${plural(listing.stacks, "stack")}`;
    io.err(
      `${name}: ${read}, ${plural(recorded.length, "recorded website")} on ${plural(accounts.length, "account")}; ` +
        `wrote ${shardFile.file} for pulumi-webstats drift merge (no report).\n`,
    );
    return exitCodes.success;
  } catch (error) {
    const message = neutralLines(error instanceof Error ? error.message : String(error));
    await writeShardFile(shardFile.file, {
      format: SHARD_FORMAT,
      version: SHARD_FORMAT_VERSION,
      ...header,
      outcome: "failed",
      problem: message.length > MAX_PROBLEM ? `${message.slice(0, MAX_PROBLEM)}...` : message,
    }).catch(() => undefined);
    throw error;
  }
}
