// The options that name stacks' states, shared by drift and generate --only-unmanaged: --stack
// NAME (read in the folder of the --cwd before it), --cwd DIR and --state FILE, in their order.
import type { StateSource } from "../drift";
import type { OptionTable, ParsedLine } from "./command";
import { UsageError } from "./usage-error";

export const stateOptions: OptionTable = {
  stack: { type: "string", multiple: true },
  state: { type: "string", multiple: true },
  cwd: { type: "string", multiple: true },
};

export const stateOptionsHelp = `  --stack NAME     a stack, read with pulumi stack export --show-secrets (repeatable)
  --cwd DIR        the project folder of the --stack (and --state) options after it
                   (default for --stack: here; a --state has none unless given)
  --state FILE     a file written by pulumi stack export (repeatable); without
                   --show-secrets its keys are encrypted and come from the environment`;

/** The states named by --stack (each in the folder of the --cwd before it) and --state, in order. */
export function stateSources(line: ParsedLine): StateSource[] {
  const sources: StateSource[] = [];
  let cwd: string | undefined;
  for (const token of line.tokens) {
    if (token.kind !== "option" || token.value === undefined) continue;
    if (token.name === "cwd") cwd = token.value;
    if (token.name === "stack") sources.push({ kind: "stack", name: token.value, cwd: cwd ?? "." });
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
