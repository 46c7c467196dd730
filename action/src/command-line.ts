// The command line the Action runs for its inputs: `drift` over the stacks (a whole run, or with
// shard one shard of a split run, writing its shard file), or `drift merge` over the shards'
// files. A shard and the merge take the same report filters (fail-on, baseline, ignore, the
// policy configuration): the shard writes them into its file, and the merge refuses files whose
// filters are not its own. The history goes to a whole run or the merge, never to a shard.
import { join, resolve } from "node:path";
import { keepText } from "../../drift";
import type { ActionInputs, Format } from "./inputs";
import { formatFiles } from "./inputs";

interface CommandLine {
  args: string[];
  /** The report file of each format the command writes. */
  reports: Map<Format, string>;
}

/** The stacks to read, and how. */
function selection(inputs: ActionInputs): string[] {
  const args = ["--cwd", inputs.workingDirectory];
  if (inputs.stacks === "all") {
    args.push("--all");
    if (inputs.backendWide) args.push("--backend-wide");
    for (const glob of inputs.stackFilter) args.push("--stack-filter", glob);
  } else {
    for (const stack of inputs.stacks) args.push("--stack", stack);
  }
  if (inputs.readWith !== "") args.push("--read-with", inputs.readWith);
  return args;
}

/** What counts as drift and what is accepted: the same for a shard and its merge. */
function filters(inputs: ActionInputs): string[] {
  const args: string[] = [];
  if (inputs.failOn.length > 0) args.push("--fail-on", inputs.failOn.join(","));
  if (inputs.baseline !== "") args.push("--baseline", inputs.baseline);
  if (inputs.ignore !== "") args.push("--ignore", inputs.ignore);
  if (inputs.policyPackConfig !== "") args.push("--policy-pack-config", inputs.policyPackConfig);
  return args;
}

/**
 * `--history` and `--history-keep`. The file by its absolute path (relative to the workspace, as
 * the other files are): a name starting with `-` is not taken for an option, and drift's own
 * check that the history is no report file compares it with the reports' absolute paths.
 */
function history(inputs: ActionInputs): string[] {
  if (inputs.history === "") return [];
  const args = ["--history", resolve(inputs.history)];
  if (inputs.historyKeep) args.push("--history-keep", keepText(inputs.historyKeep));
  return args;
}

/** Each report's `--format` and `--output` in `dir`: the JSON (the counts) and Markdown (the summary) always. */
function reportsIn(inputs: ActionInputs, dir: string): CommandLine {
  const args: string[] = [];
  const reports = new Map<Format, string>();
  for (const format of ["json", "markdown", ...inputs.formats] as Format[]) {
    if (reports.has(format)) continue;
    reports.set(format, join(dir, formatFiles[format]));
    args.push("--format", format, "--output", reports.get(format) as string);
  }
  return { args, reports };
}

/** A whole run: drift over the stacks, its reports in `dir`, and the fix asked for. */
export function driftLine(inputs: ActionInputs, dir: string): CommandLine {
  const { args, reports } = reportsIn(inputs, dir);
  const line = ["drift", ...selection(inputs), ...filters(inputs), ...history(inputs), ...args];
  // The summary of what was fixed goes to standard output, as Markdown.
  if (inputs.fix === "code") line.push("--fix", "code", "--format", "markdown");
  // Choosing fix "cloud" in a workflow is the confirmation: nobody is there to answer.
  if (inputs.fix === "cloud") line.push("--fix", "cloud", "--yes", "--format", "markdown");
  return { args: line, reports };
}

/** One shard: drift over this shard's stacks, writing `shardFile` and no report. */
export function shardLine(
  inputs: ActionInputs,
  shard: { index: number; total: number },
  shardFile: string,
  runId: string,
): string[] {
  const line = ["drift", ...selection(inputs), ...filters(inputs)];
  line.push("--shard", `${shard.index}/${shard.total}`, "--shard-file", shardFile);
  if (runId !== "") line.push("--run-id", runId);
  return line;
}

/** The merge: drift merge over the shards' `files` (absolute paths), its reports in `dir`. */
export function mergeLine(inputs: ActionInputs, files: readonly string[], dir: string): CommandLine {
  const { args, reports } = reportsIn(inputs, dir);
  return {
    args: ["drift", "merge", ...files, ...filters(inputs), ...history(inputs), ...args],
    reports,
  };
}
