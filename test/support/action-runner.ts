// The repository's Action (action.yml) run as a GitHub runner runs a composite action, for the
// tests: action.yml is read with the yaml package, each `run:` step runs with
// `bash --noprofile --norc -eo pipefail` (the runner's bash) in the workspace, with the step's
// `env:` (its `${{ inputs.x }}` and `${{ steps.id.outputs.x }}` filled in as the runner fills
// them, input defaults included), GITHUB_ACTION_PATH at this checkout, and the files a runner
// provides: a GITHUB_OUTPUT per step, read back into that step's outputs, and one
// GITHUB_STEP_SUMMARY. The runner stops at the first failing step. Any other expression is an
// error here, so the action can use no context this runner does not fill.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const actionRoot = join(__dirname, "..", "..");

interface ActionStep {
  id?: string;
  name?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

export interface ActionFile {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export const readAction = (): ActionFile =>
  parse(readFileSync(join(actionRoot, "action.yml"), "utf8")) as ActionFile;

export interface ActionRun {
  /** The exit code of the last step run (0 when every step passed). */
  code: number;
  /** The names of the steps run, in order. */
  steps: string[];
  /** The action's outputs, as the workflow reads them. */
  outputs: Record<string, string>;
  stdout: string;
  stderr: string;
  /** What the steps appended to the job summary. */
  summary: string;
}

/** A step output file's `name=value` lines (the action writes no multi-line values). */
function outputsOf(file: string): Record<string, string> {
  const text = readFileSync(file, "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** `${{ inputs.x }}` and `${{ steps.id.outputs.x }}`, as the runner evaluates them. */
function evaluate(
  text: string,
  inputs: Record<string, string>,
  steps: Record<string, Record<string, string>>,
): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return inputs[input[1] as string] ?? "";
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return steps[output[1] as string]?.[output[2] as string] ?? "";
    throw new Error(`action.yml uses the expression ${expression}, which this runner does not fill`);
  });
}

function runStep(script: string, cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      "bash",
      ["--noprofile", "--norc", "-eo", "pipefail", "-c", script],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the action in `workspace` with `given` inputs (the workflow's `with:`), over the
 * environment `env` (PATH, the job's variables); every step's files go in a fresh temporary folder.
 */
export async function runAction(
  workspace: string,
  given: Record<string, string>,
  env: Record<string, string>,
): Promise<ActionRun> {
  const action = readAction();
  const unknown = Object.keys(given).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`action.yml has no input ${unknown.join(", ")}`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? ""]),
  );
  const runnerTemp = mkdtempSync(join(workspace, "..", "runner-temp-"));
  const summaryFile = join(runnerTemp, "step-summary.md");
  writeFileSync(summaryFile, "");
  const steps: Record<string, Record<string, string>> = {};
  const result: ActionRun = { code: 0, steps: [], outputs: {}, stdout: "", stderr: "", summary: "" };
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.run === undefined || step.shell !== "bash")
      throw new Error(`step ${index} is not a bash run step`);
    const outputFile = join(runnerTemp, `output-${index}`);
    writeFileSync(outputFile, "");
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(String(value), inputs, steps)]),
    );
    const run = await runStep(evaluate(step.run, inputs, steps), workspace, {
      ...env,
      ...stepEnv,
      GITHUB_ACTION_PATH: actionRoot,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
    });
    result.steps.push(step.name ?? String(index));
    result.stdout += run.stdout;
    result.stderr += run.stderr;
    if (step.id) steps[step.id] = outputsOf(outputFile);
    result.code = run.code;
    if (run.code !== 0) break;
  }
  result.outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, spec]) => [name, evaluate(spec.value, inputs, steps)]),
  );
  result.summary = readFileSync(summaryFile, "utf8");
  return result;
}
