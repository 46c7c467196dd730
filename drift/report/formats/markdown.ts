// The Markdown report, for a pipeline's job summary or a pull request comment: the summary's
// sentences (with --history, its headline first and what is new and what was fixed since the
// last run after them), the warnings as quotes, the counts, each account's plan, a row per
// website that needs a look, and the policy's findings. Server values are shown through
// model/neutral-text.ts: Markdown that opens no block, mentions nobody and links no issue.
import type { AccountName } from "../../model/entries";
import { markdownText, markdownValue, valueText } from "../../model/neutral-text";
import { changeText } from "../report-texts";
import type { PolicyView } from "../view/policy-view";
import type { ReportView, RowView } from "../view/report-view";
import type { HistoryView } from "../view/history-view";
import { historyLists } from "../view/history-view";
import { rowAgeText } from "./text";

/** Markdown text outside a table (model/neutral-text.ts). */
const escaped = (text: string): string => markdownText(text);

/** A Markdown table cell of text: pipes escaped, line breaks shown as `\n`, never ending the cell. */
const cell = (text: string): string => markdownText(text, { table: true });

/** A Markdown table cell of one server value: plain as text, any other as a code span. */
const valueCell = (text: string): string => markdownValue(text, { table: true });

/** A value of a change in a Markdown table cell. */
const changeValueCell = (value: unknown): string => valueCell(valueText(value));

/** The account, its e-mail address (the server's) shown as a value. */
const accountCell = (a: AccountName): string => `${valueCell(a.email)} (${a.id}) at ${valueCell(a.url)}`;

/** The policy's part: a heading, the summary and a table of the findings. */
export function policyMarkdownLines(policy: PolicyView): string[] {
  const lines = ["", "### Policy", "", markdownText(policy.sentence)];
  if (policy.findings.length === 0) return lines;
  return [
    ...lines,
    "",
    "| Level | Rule | Website or stack | Finding |",
    "| --- | --- | --- | --- |",
    ...policy.findings.map(
      ({ finding: f, name }) => `| ${f.level} | ${cell(f.rule)} | ${cell(name ?? "")} | ${cell(f.message)} |`,
    ),
  ];
}

/** With --history: each of its lists (new, fixed) under its title (drift's words, a time), an item a finding. */
function historyMarkdownLines(history: HistoryView): string[] {
  return historyLists(history).flatMap((list) => [
    `**${list.title}**`,
    "",
    ...list.items.map((item) => `- ${markdownText(item, { lineStart: true })}`),
    "",
  ]);
}

/** A website's row: each part of its details a cell's text of its own, the changes' values each as a value. */
function websiteRow(row: RowView, tracked: boolean, aged: boolean): string {
  const { entry: e, excuse, page, tracking } = row;
  const details = [
    // The field's name escaped as the cell's other text: drift names fields, but nothing goes raw.
    e.changes?.map((c) => changeText({ ...c, field: cell(c.field) }, changeValueCell)).join("; ") ??
      (e.status === "duplicate" ? cell(e.resources.join(", ")) : ""),
    ...(excuse ? [cell(excuse)] : []),
    ...(page?.noted ? [cell(page.detail)] : []),
  ]
    .filter(Boolean)
    .join("; ");
  return (
    `| ${e.status} | ${valueCell(e.domain)} | ${e.id} | ${accountCell(e.account)} | ${cell(e.stacks.join(", ") || "-")} | ` +
    `${tracked ? `${tracking} | ` : ""}${aged ? `${cell(rowAgeText(row))} | ` : ""}${details} |`
  );
}

export function markdownReport(view: ReportView): string {
  const tracked = view.columns.tracking;
  const { history } = view;
  const lines = [
    "## Website drift",
    "",
    ...(history ? [escaped(history.headline), ""] : []),
    ...(history?.warning ? [`> ${escaped(`Warning: ${history.warning}`)}`, ""] : []),
    escaped(view.summary),
    "",
    ...(view.tracking ? [escaped(view.tracking.sentence), ""] : []),
    ...(view.pages ? [escaped(view.pages.sentence), ""] : []),
    ...(view.acceptance ? [escaped(view.acceptance), ""] : []),
    ...view.stale.flatMap((s) => [`> ${escaped(`Warning: ${s.text}`)}`, ""]),
    ...(history ? historyMarkdownLines(history) : []),
    "| Status | Count |",
    "| --- | ---: |",
    ...Object.entries(view.counts).map(([s, n]) => `| ${s} | ${n} |`),
    "",
    "| Account | Plan | Websites |",
    "| --- | --- | --- |",
    ...view.accounts.map(
      (a) =>
        `| ${accountCell(a.use)} | ${a.use.plan ? valueCell(a.use.plan.name) : "none reported"} | ${a.plan} |`,
    ),
    "",
  ];
  const drifted = view.rows.filter(
    (r) => r.entry.status !== "in-sync" || r.entry.silent === true || r.page?.noted === true,
  );
  if (drifted.length === 0) {
    lines.push(tracked ? "Every website is in sync, and none is silent." : "Every website is in sync.");
  } else {
    const aged = history !== undefined;
    lines.push(
      `| Status | Domain | ID | Account | Stacks | ${tracked ? "Tracking | " : ""}${aged ? "Age | " : ""}Details |`,
      `| --- | --- | ---: | --- | --- | ${tracked ? "--- | " : ""}${aged ? "--- | " : ""}--- |`,
      ...drifted.map((r) => websiteRow(r, tracked, aged)),
    );
  }
  if (view.policy) lines.push(...policyMarkdownLines(view.policy));
  return `${lines.join("\n")}\n`;
}
