// The text report, for people at a terminal or reading a CI log (drift's default on standard
// output): the summary's sentences (with --history, its headline first), what is new and what
// was fixed since the last run, a table of every website, then the details of each, the warnings
// of what is stale and the policy's findings. Each line and cell is neutralised
// (model/neutral-text.ts): no value starts a line, breaks one or colours it.
import { neutralText } from "../../model/neutral-text";
import { changeText } from "../report-texts";
import { historyLists } from "../view/history-view";
import type { ReportView, RowView } from "../view/report-view";

/** A website's age in the table: its oldest finding's, and `new` when a finding of it is. */
export const rowAgeText = (row: RowView): string =>
  row.history ? `${row.history.age}${row.history.new ? ", new" : ""}` : "";

function table(cells: string[][]): string {
  const rows = cells.map((r) => r.map(neutralText));
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export function textReport(view: ReportView): string {
  const { tracking, notes } = view.columns;
  const { history } = view;
  const rows = [
    [
      "STATUS",
      "DOMAIN",
      "ID",
      "ACCOUNT",
      "STACKS",
      ...(tracking ? ["TRACKING"] : []),
      ...(notes ? ["NOTE"] : []),
      ...(history ? ["AGE"] : []),
    ],
  ];
  const details: string[] = [];
  for (const row of view.rows) {
    const e = row.entry;
    rows.push([
      e.status,
      e.domain,
      String(e.id),
      row.accountName,
      e.stacks.join(", ") || "-",
      ...(tracking ? [row.tracking] : []),
      ...(notes ? [row.excusedAs ?? ""] : []),
      ...(history ? [rowAgeText(row)] : []),
    ]);
    if (e.changes) details.push(`${e.domain} (${e.id}): ${e.changes.map((c) => changeText(c)).join("; ")}`);
    if (e.status === "duplicate")
      details.push(`${e.domain} (${e.id}) is recorded by ${e.resources.join(", ")}`);
    if (row.excuse) details.push(`${e.domain} (${e.id}) ${row.excuse}`);
    if (row.page?.noted) details.push(`${e.domain} (${e.id}) ${row.page.detail}`);
  }
  // Each line on its own, neutralised.
  const lines = (texts: string[]) => texts.map(neutralText);
  const changed = history ? historyLists(history) : [];
  const parts = [
    ...lines([
      ...(history ? [history.headline] : []),
      ...(history?.warning ? [`Warning: ${history.warning}`] : []),
      view.summary,
      ...(view.tracking ? [view.tracking.sentence] : []),
      ...(view.pages ? [view.pages.sentence] : []),
      ...(view.acceptance ? [view.acceptance] : []),
      ...view.accounts.map(
        (a) =>
          `Account ${a.name}: ${a.planWords} (${a.use.plan ? `plan ${a.use.plan.name}` : "no plan reported"}).`,
      ),
    ]),
  ];
  if (changed.length > 0)
    parts.push("", ...lines(changed.flatMap((l) => [`${l.title}:`, ...l.items.map((item) => `  ${item}`)])));
  parts.push("", table(rows));
  if (details.length > 0) parts.push("", ...lines(details));
  if (view.stale.length > 0) parts.push("", ...lines(view.stale.map((s) => `Warning: ${s.text}`)));
  if (view.policy)
    parts.push(
      "",
      ...lines([
        view.policy.sentence,
        ...view.policy.findings.map(({ finding: f }) => `[${f.level}] ${f.rule}: ${f.message}`),
      ]),
    );
  return `${parts.join("\n")}\n`;
}
