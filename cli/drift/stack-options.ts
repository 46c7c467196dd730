// drift's options for many stacks at once, beside the state options (cli/state-options.ts):
// --all (every stack of the project in each --cwd, or here), --backend-wide (every stack the
// backend lists), --stack-filter GLOB, and --parallel N, the bound on pulumi processes at once.
import { MAX_PARALLEL, defaultParallel } from "../../core/bounded-pool";
import type { ReadWith, StackReading } from "../../drift";
import { readWithChoices } from "../../drift";
import { globProblem } from "../../drift";
import type { StateSource } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const stackOptions: OptionTable = {
  all: { type: "boolean" },
  "backend-wide": { type: "boolean" },
  "stack-filter": { type: "string", multiple: true },
  parallel: { type: "string" },
  "read-with": { type: "string" },
};

export const stackOptionsHelp: OptionHelp[] = [
  { option: "--all", text: "every stack of the project in each --cwd, instead of --stack" },
  { option: "--backend-wide", text: "with --all: every stack of every project the backend lists" },
  { option: "--stack-filter GLOB", text: "with --all: only the stacks a glob matches (repeatable)" },
  {
    option: "--parallel N",
    text: `pulumi processes at once (listings, exports), 1 to ${MAX_PARALLEL}`,
    default: `${defaultParallel()}, twice the cores`,
  },
  {
    option: "--read-with auto|pulumi",
    text: "read file and PostgreSQL backends directly, or all with pulumi",
    default: "auto",
  },
];

/** --read-with: how stacks are read. */
function readWithOf(value: string | undefined): ReadWith {
  if (value === undefined) return "auto";
  const choice = readWithChoices.find((c) => c === value.trim());
  if (!choice) {
    throw new UsageError(
      `--read-with is ${readWithChoices.join(" or ")}: auto reads file and PostgreSQL backends directly, pulumi reads every stack with pulumi stack export.`,
    );
  }
  return choice;
}

/** --parallel: a whole number; never echoed back. */
function parallelOf(value: string | undefined): number {
  if (value === undefined) return defaultParallel();
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_PARALLEL)) {
    throw new UsageError(
      `--parallel is a whole number of pulumi commands at once, from 1 to ${MAX_PARALLEL} (default ${defaultParallel()}).`,
    );
  }
  return n;
}

/** The --all selection and the bound, from the line; `sources` are the --stack and --state options. */
export function stackReadingOf(line: ParsedLine, sources: StateSource[]): Omit<StackReading, "sources"> {
  const { values } = line;
  const all = values.all === true;
  const backendWide = values["backend-wide"] === true;
  const filters = (values["stack-filter"] as string[] | undefined) ?? [];
  const parallel = parallelOf(values.parallel as string | undefined);
  const readWith = readWithOf(values["read-with"] as string | undefined);
  if (backendWide && !all) {
    throw new UsageError(
      "--backend-wide goes with --all: drift --all --backend-wide reads every stack the backend lists.",
    );
  }
  if (filters.length > 0 && !all) {
    throw new UsageError(
      "--stack-filter narrows --all: give --all (and --backend-wide for every project), or name stacks with --stack.",
    );
  }
  if (!all) return { parallel, readWith };
  if (sources.some((s) => s.kind === "stack")) {
    throw new UsageError(
      "--all already reads every stack of the project: drop --stack, or keep some with --stack-filter GLOB.",
    );
  }
  for (const glob of filters) {
    const problem = glob.trim() === "" ? "--stack-filter needs a glob." : globProblem(glob);
    if (problem) throw new UsageError(problem);
  }
  const folders = line.tokens.flatMap((t) =>
    t.kind === "option" && t.name === "cwd" && t.value !== undefined ? [t.value] : [],
  );
  return { parallel, readWith, all: { folders: folders.length > 0 ? folders : ["."], backendWide, filters } };
}
