// The Action's inputs for one drift run split over a workflow's matrix (docs/drift-shards.md):
// `shard` (I/N), `shard-file` and `run-id` make a job one shard, which writes a shard file and no
// report; `merge-files` makes a job the merge of the shards' files, which writes every report.
// Checked with the other inputs (inputs.ts), before anything is read: a shard cannot fix, report,
// keep the history or merge, and the merge reads no stack, so an input that would be silently
// ignored is refused.
// The globs of merge-files are expanded when the Action runs (merge-files.ts): only then are the
// downloaded files there.
import { MAX_SHARDS, RUN_ID_PATTERN } from "../../drift";

export type SplitInputs =
  | { mode: "run" }
  | {
      mode: "shard";
      shard: { index: number; total: number };
      /** The file given, or "" for one under the runner's temporary folder named after the shard. */
      shardFile: string;
      /** "" for drift's own: GitHub's run id and attempt. */
      runId: string;
    }
  | {
      mode: "merge";
      /** The shard files and globs, one a line: a path may hold spaces or commas. */
      mergeFiles: string[];
    };

/** An input's value, its default when empty. */
type Given = (name: string, fallback?: string) => string;

/** The shard I/N, or undefined when it is not one. */
function shardOf(text: string): { index: number; total: number } | undefined {
  const match = /^(\d{1,4})\s*\/\s*(\d{1,4})$/.exec(text);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  return index >= 1 && index <= total && total <= MAX_SHARDS ? { index, total } : undefined;
}

/** What a shard job is given that only a whole run, or the merge, can use. */
function shardConflicts(given: Given): string[] {
  const problems: string[] = [];
  const fix = given("fix", "none");
  if (fix === "code" || fix === "cloud")
    problems.push(
      `input fix is "${fix}" with shard: a fix needs every stack's findings, which one shard does not have; run it without shard.`,
    );
  if (given("formats", "markdown") !== "markdown")
    problems.push("input formats goes to the merge job: a shard writes no report, only its shard file.");
  if (given("output-dir") !== "")
    problems.push("input output-dir goes to the merge job: a shard writes no report, only its shard-file.");
  for (const name of ["history", "history-keep"])
    if (given(name) !== "")
      problems.push(
        `input ${name} goes to the merge job: the history compares every stack's findings, which one shard does not have.`,
      );
  return problems;
}

/** What a merge job is given that only the shards use: the merge reads no stack. */
function mergeConflicts(given: Given): string[] {
  const problems: string[] = [];
  const fix = given("fix", "none");
  if (fix === "code" || fix === "cloud")
    problems.push(
      `input fix is "${fix}" with merge-files: the merge reads no stack and fixes nothing; run the fix without shards.`,
    );
  const stackInputs: [string, string][] = [
    ["stacks", "all"],
    ["stack-filter", ""],
    ["backend-wide", "false"],
    ["working-directory", "."],
    ["read-with", ""],
  ];
  for (const [name, fallback] of stackInputs)
    if (given(name, fallback) !== fallback)
      problems.push(`input ${name} goes to the shard jobs: merge-files merges the stacks they read.`);
  return problems;
}

/** The split the inputs ask for; each problem found is pushed to `problems`. */
export function readSplitInputs(given: Given, problems: string[]): SplitInputs {
  const shardText = given("shard");
  const shardFile = given("shard-file");
  const runId = given("run-id");
  const mergeFiles = given("merge-files")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

  if (shardText === "") {
    if (shardFile !== "")
      problems.push("input shard-file goes with shard: it is the file a shard job writes.");
    if (runId !== "") problems.push("input run-id goes with shard: it names the run a shard job belongs to.");
    if (mergeFiles.length === 0) return { mode: "run" };
    problems.push(...mergeConflicts(given));
    return { mode: "merge", mergeFiles };
  }

  const shard = shardOf(shardText);
  if (!shard)
    problems.push(
      `input shard is "${shardText}": it takes I/N, this job's shard I of N (1 <= I <= N <= ${MAX_SHARDS}), as 2/4.`,
    );
  if (runId !== "" && !RUN_ID_PATTERN.test(runId))
    problems.push(
      `input run-id is "${runId}": it takes up to 128 letters, digits and ._:/@+- (the workflow's run, as its run id).`,
    );
  if (mergeFiles.length > 0)
    problems.push(
      "input shard is given with merge-files: shard makes a job one shard, merge-files makes it the merge of their files; give one.",
    );
  problems.push(...shardConflicts(given));
  return { mode: "shard", shard: shard ?? { index: 1, total: 1 }, shardFile, runId };
}
