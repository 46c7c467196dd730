// The steps of the workflows the docs and examples show, as their tests read them: a step's
// shape, its expressions given values, and what the Action's own reader makes of its `with:`.
import { expect } from "vitest";
import { readInputs } from "../../action/src/inputs";
import { inputVariable, readAction } from "./action-runner";

/** A workflow's step, as parsed from its YAML. */
export interface WorkflowStep {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

/** `text` with each `${{ name }}` given its value from `values` (`<name>` when it has none). */
export const withValues = (text: string, values: Record<string, string>): string =>
  text.replace(/\$\{\{ ([\w.]+) \}\}/g, (_, name: string) => values[name] ?? `<${name}>`);

/** Fails naming each input the step gives that action.yml does not declare. */
export function expectDeclaredInputs(step: WorkflowStep): void {
  const declared = Object.keys(readAction().inputs);
  for (const name of Object.keys(step.with ?? {})) expect(declared, name).toContain(name);
}

/**
 * What the Action's own reader makes of a step's `with:`, passed as the runner passes it
 * (INPUT_<NAME>), each expression given its value from `values`.
 */
export function readStepInputs(step: WorkflowStep, values: Record<string, string> = {}) {
  return readInputs(
    Object.fromEntries(
      Object.entries(step.with ?? {}).map(([name, value]) => [
        inputVariable(name),
        withValues(String(value), values),
      ]),
    ),
  );
}
