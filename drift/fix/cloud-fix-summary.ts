// What `drift --fix cloud` did, for people (text), a pull request or job summary (Markdown) or a
// program (JSON). Values are the settings the server reports and the program declares; a
// password is never shown (cloud-plan.ts masks it).
import type { PlannedFix } from "./cloud-plan";
import type { FixSummaryFormat } from "./fix-summary";

export interface StackFixResult {
  stack: string;
  /** put back: its up succeeded; failed: its up failed; not run: an earlier stack's up failed. */
  result: "put back" | "failed" | "not run";
  websites: PlannedFix[];
  /** For failed: pulumi's error, in a sentence naming the stack. */
  error?: string;
}

export interface CloudFixOutcome {
  exitCode: number;
  stacks: StackFixResult[];
  /** Drift --fail-on names that putting websites back does not cover. */
  notFixed: { domain: string; id: number; status: string; reason: string }[];
}

const valueText = (value: unknown): string => JSON.stringify(value);

function websiteText(p: PlannedFix): string {
  const name = `${p.domain} (${p.resource}, id ${p.id})`;
  if (p.action === "create") return `${name}: created again (it was gone; the new website has a new id)`;
  if (p.action === "none") return `${name}: refreshed (the program declares its live values)`;
  return `${name}: ${p.fields.map((f) => `${f.field} ${valueText(f.live)} → ${valueText(f.declared)}`).join(", ")}`;
}

const stackTitle = (s: StackFixResult): string =>
  s.result === "put back"
    ? `Stack ${s.stack}: put back`
    : s.result === "failed"
      ? `Stack ${s.stack}: pulumi up failed`
      : `Stack ${s.stack}: not run (an earlier stack's up failed)`;

function exitText(outcome: CloudFixOutcome): string {
  if (outcome.exitCode === 0)
    return outcome.stacks.length === 0
      ? "Exit code 0: nothing to put back."
      : "Exit code 0: every changed and gone website is as its program declares.";
  if (outcome.exitCode === 2)
    return "Exit code 2: drift is left that putting websites back does not cover (see above).";
  return "Exit code 1: a pulumi up failed (see above); the stacks before it were put back.";
}

function sections(outcome: CloudFixOutcome): { title: string; items: string[] }[] {
  return [
    ...(outcome.stacks.length === 0 ? [{ title: "Nothing to put back.", items: [] }] : []),
    ...outcome.stacks.map((s) => ({
      title: stackTitle(s),
      items: [...s.websites.map(websiteText), ...(s.error ? [s.error] : [])],
    })),
    {
      title: outcome.notFixed.length > 0 ? `Not fixed (${outcome.notFixed.length}):` : "",
      items: outcome.notFixed.map((n) => `${n.status} ${n.domain} (${n.id}): ${n.reason}`),
    },
  ].filter((s) => s.title !== "");
}

const escaped = (value: string): string => value.replace(/[\\|`*_[\]<>]/g, (c) => `\\${c}`);

export function formatCloudFixSummary(outcome: CloudFixOutcome, format: FixSummaryFormat): string {
  if (format === "json") return `${JSON.stringify(outcome, null, 2)}\n`;
  if (format === "markdown") {
    const body = sections(outcome).flatMap((s) => [
      `**${escaped(s.title)}**`,
      "",
      ...s.items.map((i) => `- ${escaped(i)}`),
      "",
    ]);
    return `## Drift put back on the server\n\n${body.join("\n")}${escaped(exitText(outcome))}\n`;
  }
  const body = sections(outcome).flatMap((s) => [s.title, ...s.items.map((i) => `  ${i}`)]);
  return `${[...body, exitText(outcome)].join("\n")}\n`;
}
