// The Action's run: the inputs checked (inputs.ts), then `pulumi-webstats drift` in this process
// (the command line's own runCli, with pulumi found on PATH as the command finds it), every report
// written to a folder of this invocation's own, the Markdown report (and, with fix, the summary
// of what was fixed) appended to the job summary, and the exit code, the counts and the reports'
// paths set as step outputs (each a block with a random delimiter). Everything the command
// prints is echoed once it is done, between stop-commands lines with a random token; both
// helpers are drift's own (drift/model/neutral-text.ts). Resolves with the step's exit code: 1
// when the command failed, 2 when drift is found and fail-on-drift is true, else 0.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../../cli/run";
import type { Environment } from "../../core/settings";
import type { ActionInputs, Format } from "./inputs";
import { formatFiles, readInputs } from "./inputs";
import { githubOutputEntry, withWorkflowCommandsStopped } from "../../drift";
import { errorAnnotation } from "./annotation";

/** Where the Action writes: its standard output and standard error. */
export interface ActionLog {
  out: (text: string) => void;
  err: (text: string) => void;
}

const title = "pulumi-webstats action";
const counted = ["in-sync", "changed", "gone", "unmanaged", "duplicate"] as const;

/** A word of the command line as the log shows it: quoted (as JSON) unless it is plain. */
const shown = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word));

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
  const temp = env.RUNNER_TEMP || tmpdir();
  mkdirSync(temp, { recursive: true });
  return mkdtempSync(join(resolve(temp), "pulumi-webstats-drift-"));
}

/** The drift command line, and the report file of each format it writes. */
function commandLine(inputs: ActionInputs, dir: string): { args: string[]; reports: Map<Format, string> } {
  const args = ["drift", "--cwd", inputs.workingDirectory];
  if (inputs.stacks === "all") {
    args.push("--all");
    if (inputs.backendWide) args.push("--backend-wide");
    for (const glob of inputs.stackFilter) args.push("--stack-filter", glob);
  } else {
    for (const stack of inputs.stacks) args.push("--stack", stack);
  }
  if (inputs.failOn.length > 0) args.push("--fail-on", inputs.failOn.join(","));
  if (inputs.baseline !== "") args.push("--baseline", inputs.baseline);
  if (inputs.ignore !== "") args.push("--ignore", inputs.ignore);
  // The JSON report gives the counts and the Markdown one the job summary: both are always written.
  const reports = new Map<Format, string>();
  for (const format of ["json", "markdown", ...inputs.formats] as Format[]) {
    if (reports.has(format)) continue;
    reports.set(format, join(dir, formatFiles[format]));
    args.push("--format", format, "--output", reports.get(format) as string);
  }
  // The summary of what was fixed goes to standard output, as Markdown.
  if (inputs.fix === "code") args.push("--fix", "code", "--format", "markdown");
  // Choosing fix "cloud" in a workflow is the confirmation: nobody is there to answer.
  if (inputs.fix === "cloud") args.push("--fix", "cloud", "--yes", "--format", "markdown");
  return { args, reports };
}

/**
 * Runs the command with everything it prints collected, on either stream in the order printed:
 * standard error too, and what is written straight to it meanwhile (a Node.js warning), for the
 * log shows it all between stop-commands lines once the command is done. With fix, standard
 * output (the summary of what was fixed) is kept apart.
 */
async function runCollected(
  args: string[],
  env: Environment,
  keepOut: boolean,
): Promise<{ code: number; printed: string; out: string }> {
  let printed = "";
  let out = "";
  const stderr = process.stderr;
  // Put back as it was, the stream's own method or one set on it: a bound copy set in its place
  // would wrap it once more at each run.
  const own = Object.getOwnPropertyDescriptor(stderr, "write");
  stderr.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  };
  try {
    const code = await runCli(args, env, {
      out: (text) => (keepOut ? (out += text) : (printed += text)),
      err: (text) => (printed += text),
    });
    return { code, printed, out };
  } finally {
    if (own) Object.defineProperty(stderr, "write", own);
    else delete (stderr as { write?: unknown }).write;
  }
}

/** The counts of the JSON report's summary, when it was written. */
function countsOf(jsonReport: string | undefined): Partial<Record<(typeof counted)[number], string>> {
  if (jsonReport === undefined || !existsSync(jsonReport)) return {};
  try {
    const { summary } = JSON.parse(readFileSync(jsonReport, "utf8")) as { summary?: Record<string, unknown> };
    return Object.fromEntries(
      counted.map((status) => {
        const count = summary?.[status];
        return [status, typeof count === "number" && Number.isSafeInteger(count) ? String(count) : "0"];
      }),
    );
  } catch {
    return {};
  }
}

/** Runs the Action with the runner's environment; resolves with the step's exit code. */
export async function runDriftAction(env: Environment, log: ActionLog): Promise<number> {
  const read = readInputs(env);
  if ("problems" in read) {
    for (const problem of read.problems) log.out(errorAnnotation(title, problem));
    log.err(`${title}: ${read.problems.length} wrong input(s); nothing was read or changed.\n`);
    return 1;
  }
  const { inputs } = read;
  let dir: string;
  try {
    dir = outputFolder(inputs, env);
  } catch (error) {
    log.out(errorAnnotation(title, `the output folder cannot be made: ${(error as Error).message}`));
    return 1;
  }
  const { args, reports } = commandLine(inputs, dir);
  log.out(`pulumi-webstats ${args.map(shown).join(" ")}\n`);
  const fixSummary = inputs.fix === "none" ? undefined : join(dir, "fix.md");
  const { code, printed, out: collected } = await runCollected(args, env, fixSummary !== undefined);
  if (fixSummary !== undefined) writeFileSync(fixSummary, collected);
  // Text from websites, servers and pulumi: the runner reads no workflow command in it.
  const echoed = printed + collected;
  if (echoed !== "") log.out(withWorkflowCommandsStopped(echoed));

  const outputs: [string, string][] = [["exit-code", String(code)]];
  for (const [format, file] of reports) if (existsSync(file)) outputs.push([`report-${format}`, file]);
  if (fixSummary !== undefined) outputs.push(["fix-summary", fixSummary]);
  outputs.push(...Object.entries(countsOf(reports.get("json"))));
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      outputs.map(([name, value]) => githubOutputEntry(name, value)).join(""),
    );

  if (env.GITHUB_STEP_SUMMARY) {
    const markdown = reports.get("markdown");
    if (markdown !== undefined && existsSync(markdown))
      appendFileSync(env.GITHUB_STEP_SUMMARY, readFileSync(markdown));
    if (collected !== "") appendFileSync(env.GITHUB_STEP_SUMMARY, `\n${collected}`);
  }

  if (code === 2 && !inputs.failOnDrift) {
    log.out("Drift found (exit code 2); fail-on-drift is false: the step passes.\n");
    return 0;
  }
  return code;
}
