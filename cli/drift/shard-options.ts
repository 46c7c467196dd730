// drift's options for one organisation over many CI machines: --shard I/N (or the CI's own
// variables, with --shard-total N for a Kubernetes Indexed Job) reads only one shard of the
// stacks, --shard-file FILE writes what it read for `drift merge`, and --run-id ID names the run
// the shards belong to. The line is checked here; the CI's variables are read when the command
// runs (shardingOf), since only then is the environment given.
import { MAX_SHARDS, RUN_ID_PATTERN, runIdOf, shardOfRun } from "../../drift";
import type { Environment } from "../../core/settings";
import type { Shard, ShardRequest } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const shardOptions: OptionTable = {
  shard: { type: "string" },
  "shard-total": { type: "string" },
  "shard-file": { type: "string" },
  "run-id": { type: "string" },
};

export const shardOptionsHelp: OptionHelp[] = [
  { option: "--shard I/N", text: "read only shard I of N of the stacks (split by name); needs --shard-file" },
  {
    option: "--shard-total N",
    text: "how many shards, in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX: which)",
  },
  {
    option: "--shard-file FILE",
    text: "write what this shard read to FILE for drift merge, instead of reports",
  },
  { option: "--run-id ID", text: "the run the shards belong to", default: "GitHub's or GitLab's run" },
];

/** What the line says of a split run; resolved against the environment when the command runs. */
export interface ShardingRequest extends ShardRequest {
  file: string;
  runId?: string;
}

/** `--shard I/N`: never echoed back. */
function shardOf(value: string): Shard {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(value);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(total >= 1 && total <= MAX_SHARDS && index >= 1 && index <= total)) {
    throw new UsageError(
      `--shard is I/N: this run is shard I of N, 1 <= I <= N <= ${MAX_SHARDS} (--shard 2/3 is the second of three).`,
    );
  }
  return { index, total };
}

function totalOf(value: string): number {
  const total = /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(total >= 1 && total <= MAX_SHARDS)) {
    throw new UsageError(`--shard-total is the number of shards, a whole number up to ${MAX_SHARDS}.`);
  }
  return total;
}

/** What a split run cannot do, since one shard sees only its own stacks. */
interface ShardConflicts {
  outputs: boolean;
  fix: boolean;
  fixCloud: boolean;
  writeBaseline: boolean;
  history: boolean;
}

/**
 * The split asked for on the line, if any. A shard writes only its shard file: reports, fixes
 * and a new baseline need every stack's findings, which only the merge (or one run) has.
 */
export function shardChoice(
  { values, tokens }: ParsedLine,
  conflicts: ShardConflicts,
): { sharding?: ShardingRequest } {
  const text = (name: string) => values[name] as string | undefined;
  const [shard, total, file, runId] = [
    text("shard"),
    text("shard-total"),
    text("shard-file"),
    text("run-id"),
  ];
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) {
    throw new UsageError("--run-id is up to 128 letters, digits and ._:/@+- (a CI's run number, say).");
  }
  if (shard === undefined && total === undefined && file === undefined) {
    if (runId !== undefined)
      throw new UsageError("--run-id names the run of a shard: it goes with --shard-file FILE.");
    return {};
  }
  if (file === undefined || file.trim() === "") {
    throw new UsageError(
      "--shard reads one shard of the stacks and writes no report: add --shard-file FILE, the file drift merge makes the reports from.",
    );
  }
  if (shard !== undefined && total !== undefined) {
    throw new UsageError("--shard I/N names the shard and its total already: drop --shard-total.");
  }
  const formats = tokens.some((t) => t.kind === "option" && t.name === "format");
  if (conflicts.outputs || formats) {
    throw new UsageError(
      "a shard writes no report, only its --shard-file: give --format and --output to pulumi-webstats drift merge.",
    );
  }
  if (conflicts.fix || conflicts.fixCloud) {
    throw new UsageError(
      `--fix ${conflicts.fix ? "code" : "cloud"} needs every stack's findings, which one shard does not have: run it without --shard, on one machine.`,
    );
  }
  if (conflicts.writeBaseline) {
    throw new UsageError(
      "--write-baseline records the findings of every stack, which one shard does not have: give it to pulumi-webstats drift merge.",
    );
  }
  if (conflicts.history) {
    throw new UsageError(
      "--history compares every stack's findings with the last run, which one shard does not have: give it to pulumi-webstats drift merge.",
    );
  }
  return {
    sharding: {
      file,
      ...(shard !== undefined ? { shard: shardOf(shard) } : {}),
      ...(total !== undefined ? { total: totalOf(total) } : {}),
      ...(runId !== undefined ? { runId } : {}),
    },
  };
}

/** The shard and run id of a split run, the CI's variables read now; a UsageError when none says. */
export function shardingOf(
  request: ShardingRequest,
  env: Environment,
): { shard: Shard; shardFile: { file: string; runId: string | null } } {
  const shard = shardOfRun(request, env);
  if (typeof shard === "string") throw new UsageError(shard);
  const runId = runIdOf(request.runId, env);
  if (runId !== null && typeof runId === "object") throw new UsageError(runId.problem);
  return { shard, shardFile: { file: request.file, runId } };
}
