// The Action's inputs as a JavaScript action receives them (INPUT_<NAME>: the name upper-cased,
// spaces as `_`, hyphens kept, so `stack-filter` is INPUT_STACK-FILTER), each with its default
// when empty, and checked before anything is read or changed: every input with a fixed set of
// values, the stack names, and the combinations that cannot go together. A wrong one is named
// with the values it takes. The inputs of a run split over a matrix are split-inputs.ts's.
import type { Environment } from "../../core/settings";
import { parseHistoryKeep, readWithChoices, reportFormatTable, reportFormats } from "../../drift";
import type { HistoryKeep, ReadWith, ReportFormat } from "../../drift";
import { readSplitInputs } from "./split-inputs";
import type { SplitInputs } from "./split-inputs";

/** The file each format is written to in the output folder, from drift's table of formats. */
export const formatFiles = Object.fromEntries(reportFormatTable.map((f) => [f.name, f.file])) as Record<
  ReportFormat,
  string
>;
export type Format = ReportFormat;

const fixes = ["none", "code", "cloud"] as const;
const booleans = ["true", "false"] as const;
const statuses = ["changed", "gone", "unmanaged", "duplicate"] as const;

export interface ActionInputs {
  /** "all", or the stacks named. */
  stacks: "all" | string[];
  stackFilter: string[];
  backendWide: boolean;
  workingDirectory: string;
  /** The formats asked for, in order, each once. */
  formats: Format[];
  /** The folder given, or "" for a fresh one under the runner's temporary folder. */
  outputDir: string;
  /** The statuses that count as drift, or ["none"]; empty for the command's default. */
  failOn: string[];
  baseline: string;
  ignore: string;
  /** `--policy-pack-config FILE`, or "". */
  policyPackConfig: string;
  /** `--read-with`, or "" for drift's default (auto). */
  readWith: ReadWith | "";
  /** `--history FILE` as given (relative to the workspace), or "" for no history. */
  history: string;
  /** `--history-keep`, or undefined for drift's default. */
  historyKeep?: HistoryKeep;
  fix: (typeof fixes)[number];
  failOnDrift: boolean;
  /** A whole run, one shard of a split run, or the merge of the shards' files. */
  split: SplitInputs;
}

/** An input's value as the runner passes it (surrounding white space dropped, as @actions/core does). */
export const inputValue = (env: Environment, name: string): string =>
  (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();

/** A list given separated by spaces, commas or new lines. */
export const words = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

const isOneOf = <T extends string>(choices: readonly T[], value: string): value is T =>
  (choices as readonly string[]).includes(value);

/** The inputs, or the problems found, each a sentence naming the input. */
export function readInputs(env: Environment): { inputs: ActionInputs } | { problems: string[] } {
  const problems: string[] = [];
  const given = (name: string, fallback = "") => inputValue(env, name) || fallback;
  function choice<T extends string>(name: string, value: string, choices: readonly T[]): T {
    if (isOneOf(choices, value)) return value;
    problems.push(`input ${name} is "${value}": it takes ${choices.join(", ")}.`);
    return choices[0] as T;
  }

  const fix = choice("fix", given("fix", "none"), fixes);
  const backendWide = choice("backend-wide", given("backend-wide", "false"), booleans) === "true";
  const failOnDrift = choice("fail-on-drift", given("fail-on-drift", "true"), booleans) === "true";

  const stacksText = given("stacks", "all");
  const stackFilter = words(given("stack-filter"));
  let stacks: ActionInputs["stacks"] = "all";
  if (stacksText !== "all") {
    stacks = words(stacksText);
    for (const stack of stacks) {
      if (!/^[A-Za-z0-9_./-]+$/.test(stack))
        problems.push(
          `input stacks names "${stack}", which is not a stack name: give "all" or stack names (letters, digits, _ . - /).`,
        );
    }
    if (stacks.length === 0) problems.push('input stacks is empty: give "all" or stack names.');
    if (stackFilter.length > 0)
      problems.push('input stack-filter narrows stacks "all": set stacks to all, or name the stacks.');
    if (backendWide) problems.push('input backend-wide goes with stacks "all".');
  }
  if (fix === "cloud" && backendWide) {
    problems.push(
      'input fix is "cloud" with backend-wide "true": putting websites back runs pulumi up in each stack\'s project folder, which backend-wide does not know.',
    );
  }

  const formats: Format[] = [];
  for (const format of words(given("formats", "markdown"))) {
    const known = choice("formats", format, reportFormats);
    if (known === format && !formats.includes(known)) formats.push(known);
  }

  const failOnText = given("fail-on");
  const failOn = words(failOnText);
  if (failOnText !== "none") for (const status of failOn) choice("fail-on", status, statuses);

  const readWithText = given("read-with");
  const readWith = readWithText === "" ? "" : choice("read-with", readWithText, readWithChoices);
  const split = readSplitInputs(given, problems);
  // A shard refuses both (split-inputs.ts): the merge job keeps the history.
  const { history, historyKeep } =
    split.mode === "shard" ? { history: "" } : readHistoryInputs(given, problems);

  if (problems.length > 0) return { problems };
  return {
    inputs: {
      stacks,
      stackFilter,
      backendWide,
      workingDirectory: given("working-directory", "."),
      formats,
      outputDir: given("output-dir"),
      failOn,
      baseline: given("baseline"),
      ignore: given("ignore"),
      policyPackConfig: given("policy-pack-config"),
      readWith,
      history,
      ...(historyKeep ? { historyKeep } : {}),
      fix,
      failOnDrift,
      split,
    },
  };
}

/**
 * The history file and how much of it to keep. The keep's rule is drift's own parser, whose
 * sentence names the option (`--history-keep takes ...`): here it names the input.
 */
function readHistoryInputs(
  given: (name: string) => string,
  problems: string[],
): { history: string; historyKeep?: HistoryKeep } {
  const history = given("history");
  const keepText = given("history-keep");
  if (keepText === "") return { history };
  if (history === "") {
    problems.push("input history-keep goes with history: it bounds the history file.");
    return { history };
  }
  const historyKeep = parseHistoryKeep(keepText);
  if (typeof historyKeep === "string") {
    problems.push(`input ${historyKeep.replace(/^--/, "")}`);
    return { history };
  }
  return { history, historyKeep };
}
