// The options that name stacks' states, shared by drift and generate --only-unmanaged: --stack
// NAME (read in the folder of the --cwd before it), --cwd DIR and --state FILE, in their order.
import type { StateSource } from "../drift";
import type { OptionTable, ParsedLine } from "./command";
import type { OptionHelp } from "./help";
import { UsageError } from "./usage-error";

export const stateOptions: OptionTable = {
  stack: { type: "string", multiple: true },
  state: { type: "string", multiple: true },
  cwd: { type: "string", multiple: true },
};

/** The folder a --stack is read in when no --cwd comes before it. */
const DEFAULT_CWD = ".";

export const stateOptionsHelp: OptionHelp[] = [
  { option: "--stack NAME", text: "a stack, read with pulumi stack export --show-secrets (repeatable)" },
  {
    option: "--cwd DIR",
    text: "project folder of the --stack and --state options after it",
    default: `${DEFAULT_CWD} for --stack`,
  },
  { option: "--state FILE", text: "a file written by pulumi stack export (repeatable)" },
];

/** The states named by --stack (each in the folder of the --cwd before it) and --state, in order. */
export function stateSources(line: ParsedLine): StateSource[] {
  const sources: StateSource[] = [];
  let cwd: string | undefined;
  for (const token of line.tokens) {
    if (token.kind !== "option" || token.value === undefined) continue;
    if (token.name === "cwd") cwd = token.value;
    if (token.name === "stack") sources.push({ kind: "stack", name: token.value, cwd: cwd ?? DEFAULT_CWD });
    // A state file has no folder of its own: the --cwd before it, if any, names its project.
    if (token.name === "state") sources.push({ kind: "file", path: token.value, ...(cwd ? { cwd } : {}) });
  }
  for (const source of sources) {
    const value = source.kind === "stack" ? source.name : source.path;
    if (value.trim() === "")
      throw new UsageError(`--${source.kind === "stack" ? "stack" : "state"} needs a value.`);
  }
  return sources;
}
