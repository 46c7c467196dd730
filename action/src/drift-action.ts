// The Action's run: the inputs checked (inputs.ts), then `pulumi-webstats drift` in this process
// (the command line's own runCli, with pulumi found on PATH as the command finds it), every report
// written to a folder of this invocation's own, the Markdown report (and, with fix, the summary
// of what was fixed) appended to the job summary, and the exit code, the counts and the reports'
// paths set as step outputs (each a block with a random delimiter). With a history, the Markdown
// report's headline (what is new and fixed since the last run) heads the summary, and the
// headline and the new and fixed counts are outputs too. Everything the command prints is echoed
// once it is done, between stop-commands lines with a random token; both helpers are drift's own
// (drift/model/neutral-text.ts). Resolves with the step's exit code: 1 when the command failed,
// 2 when drift is found and fail-on-drift is true, else 0.
// A run split over a matrix (split-inputs.ts): with shard, drift writes this shard's file, set
// as an output for the workflow to upload, and no report, so the summary gets one line; with
// merge-files, `drift merge` writes the reports from the shards' files, as one run would.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { CommandConsole } from "../../core/console";
import type { Environment } from "../../core/settings";
import type { ActionInputs } from "./inputs";
import { readInputs } from "./inputs";
import type { SplitInputs } from "./split-inputs";
import { githubOutputEntry, withWorkflowCommandsStopped } from "../../drift";
import { errorAnnotation } from "./annotation";
import { driftLine, mergeLine, shardLine } from "./command-line";
import { expandMergeFiles } from "./merge-files";
import { runCollected } from "./run-collected";
import { exitCodes } from "../../core/exit-codes";

/** Where the Action writes: its standard output and standard error. */
type ActionLog = Pick<CommandConsole, "out" | "err">;

const title = "pulumi-webstats action";
const counted = ["in-sync", "changed", "gone", "unmanaged", "duplicate"] as const;
/** The history's counts set as outputs of their own names. */
const historyCounted = ["new", "fixed"] as const;

/** A word of the command line as the log shows it: quoted (as JSON) unless it is plain. */
const shown = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word));

/** The runner's temporary folder (made when missing), or the system's. */
function runnerTemp(env: Environment): string {
  const temp = resolve(env.RUNNER_TEMP || tmpdir());
  mkdirSync(temp, { recursive: true });
  return temp;
}

/**
 * The folder the reports go to: the one given, or a fresh one under the runner's temporary
 * folder, so that two invocations in one job never write over each other's reports.
 */
function outputFolder(inputs: ActionInputs, env: Environment): string {
  if (inputs.outputDir !== "") {
    const dir = resolve(inputs.outputDir);
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  return mkdtempSync(join(runnerTemp(env), "pulumi-webstats-drift-"));
}

/**
 * A shard's file: the one given (its folder made), or one under the runner's temporary folder
 * named after the shard, so that the shards' artifacts downloaded into one folder
 * (download-artifact's merge-multiple) keep apart.
 */
function shardFileOf(split: SplitInputs & { mode: "shard" }, env: Environment): string {
  if (split.shardFile !== "") {
    const file = resolve(split.shardFile);
    mkdirSync(dirname(file), { recursive: true });
    return file;
  }
  const { index, total } = split.shard;
  return join(runnerTemp(env), `pulumi-webstats-shard-${index}-of-${total}.json`);
}

/** Prints the command line, runs it, and echoes what it printed with no workflow command read in it. */
async function runLogged(args: string[], env: Environment, log: ActionLog, keepOut: boolean) {
  log.out(`pulumi-webstats ${args.map(shown).join(" ")}\n`);
  const run = await runCollected(args, env, keepOut);
  // Text from websites, servers and pulumi: the runner reads no workflow command in it.
  const echoed = run.printed + run.out;
  if (echoed !== "") log.out(withWorkflowCommandsStopped(echoed));
  return run;
}

function setOutputs(env: Environment, outputs: [string, string][]): void {
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      outputs.map(([name, value]) => githubOutputEntry(name, value)).join(""),
    );
}

/** A count of the JSON report as an output: a safe integer, else 0. */
const countText = (count: unknown) =>
  typeof count === "number" && Number.isSafeInteger(count) ? String(count) : "0";

/**
 * The outputs read from the JSON report, when it was written: its summary's counts, and with a
 * history its headline and the findings new and fixed since the last run (read as defensively as
 * the summary: a report without `history` sets none of them).
 */
function jsonOutputs(jsonReport: string | undefined): [string, string][] {
  if (jsonReport === undefined || !existsSync(jsonReport)) return [];
  let report: {
    summary?: Record<string, unknown>;
    history?: { headline?: unknown; counts?: Record<string, unknown> };
  };
  try {
    report = JSON.parse(readFileSync(jsonReport, "utf8")) as typeof report;
  } catch {
    return [];
  }
  const outputs: [string, string][] = counted.map((status) => [status, countText(report?.summary?.[status])]);
  const history = report?.history;
  if (typeof history !== "object" || history === null) return outputs;
  for (const status of historyCounted) outputs.push([status, countText(history.counts?.[status])]);
  if (typeof history.headline === "string") outputs.push(["history-headline", history.headline]);
  return outputs;
}

/** One shard of a split run: its file and exit code as outputs, one line of summary. */
async function runShard(
  inputs: ActionInputs,
  split: SplitInputs & { mode: "shard" },
  env: Environment,
  log: ActionLog,
): Promise<number> {
  let file: string;
  try {
    file = shardFileOf(split, env);
  } catch (error) {
    log.out(errorAnnotation(title, `the shard file's folder cannot be made: ${(error as Error).message}`));
    return exitCodes.error;
  }
  const { code } = await runLogged(shardLine(inputs, split.shard, file, split.runId), env, log, false);
  // Set whatever the outcome: a failed shard writes its file too, saying so, for the merge to name it.
  setOutputs(env, [
    ["exit-code", String(code)],
    ["shard-file", file],
  ]);
  const name = `Drift shard ${split.shard.index}/${split.shard.total}`;
  if (env.GITHUB_STEP_SUMMARY)
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      code === exitCodes.success
        ? `${name}: its stacks are read into its shard file; the merge job writes the reports.\n`
        : `${name} failed (exit code ${code}): the log says why, and the merge job refuses its shard.\n`,
    );
  return code;
}

/** Runs the Action with the runner's environment; resolves with the step's exit code. */
export async function runDriftAction(env: Environment, log: ActionLog): Promise<number> {
  const read = readInputs(env);
  if ("problems" in read) {
    for (const problem of read.problems) log.out(errorAnnotation(title, problem));
    log.err(`${title}: ${read.problems.length} wrong input(s); nothing was read or changed.\n`);
    return exitCodes.error;
  }
  const { inputs } = read;
  if (inputs.split.mode === "shard") return runShard(inputs, inputs.split, env, log);
  // The shards' files are looked for first: a glob matching none stops the step before any folder is made.
  let mergeFiles: string[] | undefined;
  if (inputs.split.mode === "merge") {
    const expanded = expandMergeFiles(inputs.split.mergeFiles, process.cwd());
    if ("problem" in expanded) {
      log.out(errorAnnotation(title, expanded.problem));
      return exitCodes.error;
    }
    mergeFiles = expanded.files;
  }
  let dir: string;
  try {
    dir = outputFolder(inputs, env);
  } catch (error) {
    log.out(errorAnnotation(title, `the output folder cannot be made: ${(error as Error).message}`));
    return exitCodes.error;
  }
  // The history's folder too: on a first run (nothing restored from a cache or an artifact yet)
  // it is not there, and drift writes no file into a folder it would have to make.
  if (inputs.history !== "") {
    try {
      mkdirSync(dirname(resolve(inputs.history)), { recursive: true });
    } catch (error) {
      log.out(errorAnnotation(title, `the history's folder cannot be made: ${(error as Error).message}`));
      return exitCodes.error;
    }
  }
  const { args, reports } = mergeFiles ? mergeLine(inputs, mergeFiles, dir) : driftLine(inputs, dir);
  const fixSummary = inputs.fix === "none" ? undefined : join(dir, "fix.md");
  const { code, out: collected } = await runLogged(args, env, log, fixSummary !== undefined);
  if (fixSummary !== undefined) writeFileSync(fixSummary, collected);

  const outputs: [string, string][] = [["exit-code", String(code)]];
  for (const [format, file] of reports) if (existsSync(file)) outputs.push([`report-${format}`, file]);
  if (fixSummary !== undefined) outputs.push(["fix-summary", fixSummary]);
  outputs.push(...jsonOutputs(reports.get("json")));
  setOutputs(env, outputs);

  if (env.GITHUB_STEP_SUMMARY) {
    const markdown = reports.get("markdown");
    if (markdown !== undefined && existsSync(markdown))
      appendFileSync(env.GITHUB_STEP_SUMMARY, readFileSync(markdown));
    if (collected !== "") appendFileSync(env.GITHUB_STEP_SUMMARY, `\n${collected}`);
  }

  if (code === exitCodes.drift && !inputs.failOnDrift) {
    log.out(`Drift found (exit code ${code}); fail-on-drift is false: the step passes.\n`);
    return exitCodes.success;
  }
  return code;
}
