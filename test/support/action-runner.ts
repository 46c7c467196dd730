// The repository's Action (action.yml) run as a GitHub runner runs a JavaScript action, for the
// tests: action.yml is read with the yaml package; its `runs.main` runs with this Node.js (the
// runner uses its own) in the workspace, with an INPUT_<NAME> variable for every input
// (the name upper-cased, spaces as `_`, hyphens kept: the workflow's `with:` value or the
// input's default), and the files a runner provides: a GITHUB_OUTPUT, read back into the
// action's outputs as the runner reads it (`name=value` lines and `name<<DELIMITER` blocks; a
// block without its delimiter fails the step, as it does there), a GITHUB_STEP_SUMMARY, and
// RUNNER_TEMP, one per job (two runs given the same `runnerTemp` are two steps of one job).
// The workflow commands the runner would carry out from the step's output are parsed as its
// ActionCommandManager parses them (`::command::` at a line's start, `##[command]` anywhere in
// a line, nothing between `::stop-commands::TOKEN` and `::TOKEN::`), so a test can say which
// commands a run gave. The JSON report a run wrote is checked against its schema (drift-json-report.ts).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { checkActionJsonReport } from "./drift-json-report";

export const actionRoot = join(__dirname, "..", "..");

export interface ActionFile {
  inputs: Record<string, { default?: string; required?: boolean; description?: string }>;
  outputs: Record<string, { description?: string; value?: string }>;
  runs: { using: string; main?: string; steps?: unknown[] };
}

export const readAction = (actionPath = actionRoot): ActionFile =>
  parse(readFileSync(join(actionPath, "action.yml"), "utf8")) as ActionFile;

/** A workflow command the runner carried out. */
export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
  /** The line it was read from. */
  line: string;
}

export interface ActionRun {
  /** The step's exit code. */
  code: number;
  /** The action's outputs, as the workflow reads them ("" for one not set). */
  outputs: Record<string, string>;
  stdout: string;
  stderr: string;
  /** What the step appended to the job summary. */
  summary: string;
  /** The workflow commands the runner would carry out, from standard output then standard error. */
  commands: WorkflowCommand[];
  /** The job's temporary folder. */
  runnerTemp: string;
}

/** The commands a runner registers (its command extensions and stop-commands). */
const registered = [
  "add-mask",
  "add-matcher",
  "add-path",
  "debug",
  "echo",
  "endgroup",
  "error",
  "group",
  "notice",
  "remove-matcher",
  "save-state",
  "set-env",
  "set-output",
  "stop-commands",
  "warning",
];

const unescape = (text: string, extra: [string, string][] = []) =>
  [["%0D", "\r"], ["%0A", "\n"], ...extra, ["%25", "%"]].reduce(
    (value, [escaped, plain]) => value.split(escaped as string).join(plain as string),
    text,
  );

/** ActionCommand.TryParseV2 and TryParse (the `##[` form) of the runner, over `known` commands. */
function parseCommand(line: string, known: Set<string>): WorkflowCommand | undefined {
  const properties: Record<string, string> = {};
  const trimmed = line.trimStart();
  if (trimmed.startsWith("::")) {
    const end = trimmed.indexOf("::", 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const space = info.indexOf(" ");
      const command = space < 0 ? info : info.slice(0, space);
      if (known.has(command.toLowerCase())) {
        if (space > 0) {
          for (const pair of info
            .slice(space + 1)
            .trim()
            .split(",")
            .filter(Boolean)) {
            const equals = pair.indexOf("=");
            if (equals > 0 && equals < pair.length - 1)
              properties[pair.slice(0, equals)] = unescape(pair.slice(equals + 1), [
                ["%3A", ":"],
                ["%2C", ","],
              ]);
          }
        }
        return { command, properties, data: unescape(trimmed.slice(end + 2)), line };
      }
    }
  }
  const prefix = line.indexOf("##[");
  if (prefix < 0) return undefined;
  const bracket = line.indexOf("]", prefix);
  if (bracket < 0) return undefined;
  const info = line.slice(prefix + 3, bracket);
  const space = info.indexOf(" ");
  const command = space < 0 ? info : info.slice(0, space);
  if (!known.has(command.toLowerCase())) return undefined;
  return {
    command,
    properties,
    data: unescape(line.slice(bracket + 1), [
      ["%3B", ";"],
      ["%5D", "]"],
    ]),
    line,
  };
}

/**
 * The workflow commands a runner carries out from a step's output, as ActionCommandManager does:
 * each line (a runner splits at CR as well as LF) parsed, and after `::stop-commands::TOKEN`
 * none until the command TOKEN (any case).
 */
export function workflowCommands(output: string): WorkflowCommand[] {
  const known = new Set(registered);
  let stopToken: string | undefined;
  const carried: WorkflowCommand[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    if (line === "") continue;
    const command = parseCommand(line, known);
    if (!command) continue;
    const name = command.command.toLowerCase();
    if (stopToken !== undefined) {
      if (stopToken !== "" && name === stopToken) {
        known.delete(stopToken);
        stopToken = undefined;
      }
      continue;
    }
    if (name === "stop-commands") {
      stopToken = command.data.toLowerCase();
      known.add(stopToken);
      continue;
    }
    carried.push(command);
  }
  return carried;
}

/** The outputs in a GITHUB_OUTPUT file, as the runner's SetOutputFileCommand reads them. */
export function readOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line === "") continue;
    const equals = line.indexOf("=");
    const heredoc = line.indexOf("<<");
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      const name = line.slice(0, equals);
      if (name === "") throw new Error(`GITHUB_OUTPUT: invalid format "${line}": name must not be empty`);
      outputs[name] = line.slice(equals + 1);
    } else if (heredoc >= 0) {
      const name = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (name === "" || delimiter === "")
        throw new Error(`GITHUB_OUTPUT: invalid format "${line}": name and delimiter must not be empty`);
      const value: string[] = [];
      for (index++; ; index++) {
        if (index >= lines.length)
          throw new Error(`GITHUB_OUTPUT: invalid value: matching delimiter not found '${delimiter}'`);
        if (lines[index] === delimiter) break;
        value.push(lines[index] as string);
      }
      outputs[name] = value.join("\n");
    } else {
      throw new Error(`GITHUB_OUTPUT: invalid format "${line}"`);
    }
  }
  return outputs;
}

/** The INPUT_* variable a runner sets for an input: INPUT_STACK-FILTER for stack-filter. */
export const inputVariable = (name: string) => `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;

export interface RunOptions {
  /** The job's temporary folder, shared by the steps of one job; a fresh one by default. */
  runnerTemp?: string;
  /** The folder holding action.yml (the repository root by default). */
  actionPath?: string;
}

/**
 * Runs the action in `workspace` with `given` inputs (the workflow's `with:`), over the
 * environment `env` (PATH, the job's variables).
 */
export async function runAction(
  workspace: string,
  given: Record<string, string>,
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<ActionRun> {
  const actionPath = options.actionPath ?? actionRoot;
  const action = readAction(actionPath);
  if (!/^node(20|24)$/.test(action.runs.using) || !action.runs.main)
    throw new Error(`action.yml runs ${action.runs.using}, not a node20 or node24 JavaScript action`);
  const unknown = Object.keys(given).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`action.yml has no input ${unknown.join(", ")}`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [
      inputVariable(name),
      given[name] ?? spec.default ?? "",
    ]),
  );
  const runnerTemp = options.runnerTemp ?? mkdtempSync(join(workspace, "..", "runner-temp-"));
  const files = mkdtempSync(join(runnerTemp, "_runner_file_commands-"));
  const outputFile = join(files, "set_output");
  const summaryFile = join(files, "step_summary");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [join(actionPath, action.runs.main as string)],
      {
        cwd: workspace,
        env: {
          ...env,
          ...inputs,
          GITHUB_ACTIONS: "true",
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
          GITHUB_WORKSPACE: workspace,
          RUNNER_TEMP: runnerTemp,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
  const written = readOutputFile(readFileSync(outputFile, "utf8"));
  checkActionJsonReport(written);
  return {
    ...run,
    outputs: Object.fromEntries(Object.keys(action.outputs).map((name) => [name, written[name] ?? ""])),
    summary: readFileSync(summaryFile, "utf8"),
    commands: [...workflowCommands(run.stdout), ...workflowCommands(run.stderr)],
    runnerTemp,
  };
}
