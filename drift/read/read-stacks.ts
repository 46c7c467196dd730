// The stacks drift compares: those named (--stack, --state) and, with --all, those pulumi lists;
// listings and exports at most `parallel` at once, with progress on standard error. Stacks of
// file and PostgreSQL backends are listed and read from the backend itself (backend/), unless
// --read-with pulumi asks for pulumi's own commands.
import type { Environment } from "../../core/settings";
import type { VerboseLog } from "../../core/verbose-log";
import type { RecordedStack } from "./stack-export";
import { listStacks } from "./stack-listing";
import type { ListedStack, StackListing, StackSelection } from "./stack-listing";
import { readSources } from "./state-sources";
import { DirectBackends } from "./backend/direct-read";
import type { StackVia } from "./backend/direct-read";
import { readText } from "../model/report";
import type { StateSource } from "./state-sources";
import { plural } from "../model/words";
import { progressEvery, progressStep } from "../model/progress";
import { sourcesOfShard } from "../shard/split";
import type { ShardSelection } from "../shard/split";

/** A stack as read, with where it was read from (what `--fix cloud` runs pulumi up on). */
export interface ReadStack extends RecordedStack {
  source: StateSource;
  /** How it was read: from its backend directly, with pulumi stack export, or from a state file. */
  via: StackVia;
}

export interface StackReading {
  /** The stacks and files named on the command line, in their order. */
  sources: StateSource[];
  /** --all: the stacks pulumi lists, read before the named ones. */
  all?: StackSelection;
  /** --parallel: at most this many pulumi processes at once. */
  parallel: number;
  /**
   * --read-with: `auto` reads the stacks of file and PostgreSQL backends straight from them and
   * leaves the others to pulumi; `pulumi` reads every stack with pulumi stack export.
   */
  readWith?: ReadWith;
  /** --shard I/N: only this shard's stacks are read (shard/split.ts), after the listing and filters. */
  shard?: ShardSelection;
}

export const readWithChoices = ["auto", "pulumi"] as const;
export type ReadWith = (typeof readWithChoices)[number];

function sourceOf(stack: ListedStack, backendWide: boolean): StateSource {
  return {
    kind: "stack",
    name: stack.name,
    cwd: stack.cwd,
    ...(stack.backendUrl ? { backendUrl: stack.backendUrl } : {}),
    ...(backendWide ? { origin: `stack ${stack.fullName}`, listedBackendWide: true as const } : {}),
  };
}

/**
 * The recorded stacks; says on `err` what was listed and how far the reading got, and on
 * `verbose` how each stack was read.
 */
export async function readStacks(
  reading: StackReading,
  env: Environment,
  err: (text: string) => void,
  verbose?: VerboseLog,
): Promise<ReadStack[]> {
  let listing: StackListing | undefined;
  let sources = reading.sources;
  const backends = reading.readWith === "pulumi" ? undefined : new DirectBackends(env);
  try {
    if (reading.all) {
      const { folders, backendWide, filters } = reading.all;
      err(
        backendWide
          ? `Listing every stack of the backend...\n`
          : `Listing the stacks of ${plural(folders.length, "project folder")}...\n`,
      );
      listing = await listStacks(reading.all, env, reading.parallel, backends);
      if (filters.length > 0) err(`--stack-filter keeps ${plural(listing.stacks.length, "stack")}.\n`);
      sources = [...listing.stacks.map((s) => sourceOf(s, backendWide)), ...sources];
    }
    if (reading.shard) sources = sourcesOfShard(sources, reading.shard);
    const total = sources.length;
    // A few stacks named on the line are read at once: their one summary line says enough.
    const progress = reading.all !== undefined || total > reading.parallel;
    if (progress)
      err(`Reading ${plural(total, "stack")}, ${Math.min(reading.parallel, total)} at a time...\n`);
    const read = await readSources(
      sources,
      env,
      reading.parallel,
      // A line every tenth of the stacks (every one of up to ten), and at the end.
      progress
        ? progressEvery(total, progressStep(total), (done) => err(`Stacks: ${done} of ${total} read.\n`))
        : undefined,
      backends,
      verbose?.say,
    );
    const ways = readText(read);
    if (ways) err(`Stacks read ${ways}.\n`);
    // readSources keeps the order of its sources.
    return read.map((stack, index) => ({ ...stack, source: sources[index] as StateSource }));
  } finally {
    await listing?.cleanup();
    await backends?.close();
  }
}
