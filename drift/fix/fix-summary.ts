// What `drift --fix code` did, for people (text), a pull request's description (Markdown) or a
// program (JSON). Values are the settings the server reports: no password or key is ever here.
// Server text is neutralised in each format (model/neutral-text.ts): each line of the text, each
// item of the Markdown, and in JSON the sentences (notes, reasons, hints), values staying exact.
import type { FixOutcome } from "./fix-code";
import type { WrittenChange } from "./fix-text";
import { markdownText, neutralJson, neutralText, valueText } from "../model/neutral-text";
import { plural } from "../model/words";
import { exitCodes } from "../../core/exit-codes";

export type FixSummaryFormat = "text" | "markdown" | "json";

function writtenText(w: WrittenChange): string {
  if (w.field === "(entry)") {
    const { domain: _domain, ...settings } = w.new as Record<string, unknown>;
    const listed = Object.entries(settings).map(([k, v]) => `${k}: ${valueText(v)}`);
    return `${w.file}: ${w.domain}: appended (${listed.join(", ")})`;
  }
  return `${w.file}: ${w.domain}: ${w.field}: ${valueText(w.old)} → ${valueText(w.new)}${w.note ? ` (${w.note})` : ""}`;
}

const exitText = (outcome: FixOutcome): string =>
  outcome.exitCode === exitCodes.success
    ? `Exit code ${outcome.exitCode}: the code declares every website as it is on the server.`
    : `Exit code ${outcome.exitCode}: drift is left that the code fix did not cover (see above).`;

function lines(outcome: FixOutcome): { title: string; items: string[] }[] {
  const files = outcome.files.length;
  return [
    {
      title:
        outcome.written.length === 0
          ? "Nothing written."
          : `Written (${plural(outcome.written.length, "change")} in ${plural(files, "file")}):`,
      items: outcome.written.map(writtenText),
    },
    {
      title: outcome.files.some((f) => f.git !== "committed") ? "Files:" : "",
      items: outcome.files
        .filter((f) => f.git !== "committed")
        .map((f) =>
          f.git === "forced"
            ? `${f.file}: had changes not yet committed, written over them (--force)`
            : `${f.file}: in no git repository, written without the check for uncommitted changes`,
        ),
    },
    {
      title: outcome.byHand.length > 0 ? `To change by hand in the programs (${outcome.byHand.length}):` : "",
      items: outcome.byHand.map((h) => h.text),
    },
    {
      title: outcome.notFixed.length > 0 ? `Not fixed (${outcome.notFixed.length}):` : "",
      items: outcome.notFixed.map((n) => `${n.status} ${n.domain} (${n.id}): ${n.reason}`),
    },
  ].filter((section) => section.items.length > 0 || section.title === "Nothing written.");
}

/** The outcome for JSON: values exact, the sentences that may quote server text neutralised. */
const jsonOutcome = (outcome: FixOutcome): FixOutcome => ({
  ...outcome,
  written: outcome.written.map((w) => (w.note === undefined ? w : { ...w, note: neutralText(w.note) })),
  byHand: outcome.byHand.map((h) => ({ ...h, text: neutralText(h.text) })),
  notFixed: outcome.notFixed.map((n) => ({ ...n, reason: neutralText(n.reason) })),
});

export function formatFixSummary(outcome: FixOutcome, format: FixSummaryFormat): string {
  if (format === "json") return `${neutralJson(jsonOutcome(outcome), 2)}\n`;
  if (format === "markdown") {
    const body = lines(outcome).flatMap((s) => [
      `**${markdownText(s.title)}**`,
      "",
      ...s.items.map((i) => `- ${markdownText(i, { lineStart: true })}`),
      "",
    ]);
    // A blank line before the exit line, which would otherwise continue the last item.
    return `## Drift fixed in code\n\n${body.join("\n")}\n${markdownText(exitText(outcome))}\n`;
  }
  const body = lines(outcome).flatMap((s) => [
    neutralText(s.title),
    ...s.items.map((i) => `  ${neutralText(i)}`),
  ]);
  return `${[...body, exitText(outcome)].join("\n")}\n`;
}
