// What `drift --fix cloud` did, for people (text), a pull request or job summary (Markdown) or a
// program (JSON). Values are the settings the server reports and the program declares; a
// password is never shown (cloud-plan.ts masks it). Server text (and pulumi's errors, which
// quote it) is neutralised in each format (model/neutral-text.ts): each line of the text, each
// item of the Markdown, and in JSON the sentences (errors, reasons), values staying exact.
import type { PlannedFix } from "./cloud-plan";
import type { FixSummaryFormat } from "./fix-summary";
import { markdownText, neutralJson, neutralText, valueText } from "../model/neutral-text";
import { exitCodes } from "../../core/exit-codes";

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
  const { success, drift, error } = exitCodes;
  if (outcome.exitCode === success)
    return outcome.stacks.length === 0
      ? `Exit code ${success}: nothing to put back.`
      : `Exit code ${success}: every changed and gone website is as its program declares.`;
  if (outcome.exitCode === drift)
    return `Exit code ${drift}: drift is left that putting websites back does not cover (see above).`;
  return `Exit code ${error}: a pulumi up failed (see above); the stacks before it were put back.`;
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

/** The outcome for JSON: values exact, the sentences that may quote server text neutralised. */
const jsonOutcome = (outcome: CloudFixOutcome): CloudFixOutcome => ({
  ...outcome,
  stacks: outcome.stacks.map((s) => (s.error === undefined ? s : { ...s, error: neutralText(s.error) })),
  notFixed: outcome.notFixed.map((n) => ({ ...n, reason: neutralText(n.reason) })),
});

export function formatCloudFixSummary(outcome: CloudFixOutcome, format: FixSummaryFormat): string {
  if (format === "json") return `${neutralJson(jsonOutcome(outcome), 2)}\n`;
  if (format === "markdown") {
    const body = sections(outcome).flatMap((s) => [
      `**${markdownText(s.title)}**`,
      "",
      ...s.items.map((i) => `- ${markdownText(i, { lineStart: true })}`),
      "",
    ]);
    // A blank line before the exit line, which would otherwise continue the last item.
    return `## Drift put back on the server\n\n${body.join("\n")}\n${markdownText(exitText(outcome))}\n`;
  }
  const body = sections(outcome).flatMap((s) => [
    neutralText(s.title),
    ...s.items.map((i) => `  ${neutralText(i)}`),
  ]);
  return `${[...body, exitText(outcome)].join("\n")}\n`;
}
