// What --history adds to the HTML report (formats/html.ts), each part only when the view has a
// history, so that a page without one is the page it always was: the headline beside the verdict
// and the warning when the file could not be used; the trend strip of the kept runs with its
// legend and its words; the history's fact in the header; the filter of the websites new since
// the last run; the running totals of the websites shown (the script keeps them to what the
// filters show; without script every row is shown and they count them all); each row's age (its
// oldest finding's) and its "new" flag; and the findings fixed since the last run. Every subject
// quotes a domain, a field, a rule or a stack: neutralised and escaped as any other such text.
import { escapeHtml, neutralText } from "../../../model/neutral-text";
import { driftStatuses } from "../../../model/entries";
import { plural as countWords } from "../../../model/words";
import type { HistoryView } from "../../view/history-view";
import { timeText } from "../../view/history-view";
import type { ReportView, RowView } from "../../view/report-view";
import { statusKey, trendStrip, trendWords } from "./html-charts";

const t = (text: string): string => escapeHtml(neutralText(text));
const digits = (n: number): string => n.toLocaleString("en-US");
const plural = (n: number, word: string): string => countWords(n, word, digits);

/** The statuses a finding has in the history, in the order the trend stacks and keys them. */
const trendStatuses = ["new", "open", "accepted", "fixed"] as const;

/** The headline and the warning, for the header beside the verdict. */
export function historyLines(history: HistoryView): string {
  const warning = history.warning
    ? `\n<p class="warning" role="note"><strong>Warning:</strong> ${t(history.warning)}</p>`
    : "";
  return `<p class="headline">${t(history.headline)}</p>${warning}`;
}

/** The header's fact: the file, how many runs it keeps and since when. */
export function historyFact(history: HistoryView): [string, string] {
  const first = history.trend[0];
  const runs = plural(history.trend.length, "run");
  return ["History", `${t(history.file)}: ${runs} kept${first ? `, from ${timeText(first.at)}` : ""}`];
}

/** The trend strip, its legend and its words (the same as the picture's label), for print and for all. */
export function trendFigure(history: HistoryView): string {
  const words = trendWords(history.trend);
  const legend = trendStatuses
    .map((s) => `<li>${statusKey(s)}${s}${s === "fixed" ? " (below the line)" : ""}</li>`)
    .join("");
  return (
    `<figure class="trend-figure">${trendStrip(history.trend, escapeHtml(words))}` +
    `<figcaption><ul class="legend">${legend}</ul>${escapeHtml(words)}</figcaption></figure>`
  );
}

/** The filter of the websites with a finding new since the last run, beside the others. */
export function newFilter(view: ReportView): string {
  const rows = view.rows.filter((r) => r.history?.new === true).length;
  return (
    `<label for="filter-new" class="check"><input id="filter-new" type="checkbox">` +
    `New since the last run (${digits(rows)})</label>`
  );
}

/**
 * The totals of the websites shown, by status and new since the last run: written for every row
 * (what the page shows without script), then kept by the script to the rows its filters show.
 */
export function runningTotals(view: ReportView): string {
  const item = (key: string, kind: string, n: number, word: string) =>
    `<li><span class="b ${kind} c"><b data-total="${key}">${digits(n)}</b> ${word}</span></li>`;
  const fresh = view.rows.filter((r) => r.history?.new === true).length;
  return (
    `<ul id="totals" class="counts totals" aria-label="The websites shown, by status">` +
    item("new", "new", fresh, "new since the last run") +
    driftStatuses.map((s) => item(`s:${s}`, s, view.statusCounts[s], s)).join("") +
    "</ul>"
  );
}

/** A row's flag when a finding of it is new since the last run. */
export const newFlag = (row: RowView): string =>
  row.history?.new === true ? ' <span class="b new">new</span>' : "";

/** The age column's header. */
export const ageHead = '<th scope="col" data-sort="number" class="w-age">Age</th>';

/** A row's age: its oldest finding's, with when it was first seen; none sorts below "under a day". */
export function ageCell(row: RowView): string {
  const h = row.history;
  if (!h) return '<td data-v="-1">';
  return (
    `<td data-v="${h.ageDays}">${t(h.age)}` +
    `<small>since <time datetime="${t(h.firstSeen)}">${t(h.firstSeen.slice(0, 10))}</time></small>`
  );
}

/** The findings of the last run this run no longer has: what, how long each was open, first seen. */
export function fixedSection(history: HistoryView): string {
  const since = history.sinceText;
  const rows = history.fixed.map(
    (f) =>
      `<tr><td>${t(f.subject)}</td><td>${t(f.age)}</td>` +
      `<td><time datetime="${t(f.finding.firstSeen)}">${t(timeText(f.finding.firstSeen))}</time></td></tr>`,
  );
  const sentence =
    since === undefined
      ? "No run before this one to compare with: nothing is counted as fixed."
      : rows.length === 0
        ? `Nothing fixed since the run of ${t(since)}.`
        : `${plural(rows.length, "finding")} of the run of ${t(since)} ${rows.length === 1 ? "is" : "are"} gone.`;
  return (
    `<section aria-labelledby="fixed"><h2 id="fixed">Fixed since the last run</h2><p>${sentence}</p>` +
    (rows.length > 0
      ? `<table class="fixed"><thead><tr><th scope="col">Finding</th><th scope="col">Open for</th>` +
        `<th scope="col">First seen</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`
      : "") +
    "</section>"
  );
}
