// The drift report for people: a table, and Markdown for a pipeline's job summary or a pull
// request comment (and the dispatch to the other formats: JSON for programs, SARIF, JUnit, the
// HTML page). Pure functions of the entries. Nothing here
// can hold a secret: entries carry domains, ids, field values the server reports (the password
// is never compared) and accounts by URL, id and e-mail, with their plans' names and limits.
// Everything the server or a website said is shown through model/neutral-text.ts: each line and
// cell of the text neutralised, JSON exact but with its sentences (page reasons, policy
// messages) neutralised, Markdown that opens no block, mentions nobody and links no issue.
import type { AccountName, DriftEntry } from "../model/entries";
import { driftStatuses } from "../model/entries";
import { htmlReport } from "./html-report";
import { junitReport } from "./junit";
import { jsonReport, summaryCounts } from "./json-report";
import { policyMarkdownLines, policyTextLines } from "./policy-report";
import { excuseText, partlyExcusedText } from "./report-context";
import type { ReportContext } from "./report-context";
import {
  acceptanceText,
  changeText,
  staleBaselineText,
  staleRuleText,
  statusCounts,
  trackingText,
  useText,
} from "./report-texts";
import { markdownText, markdownValue, neutralJson, neutralText, valueText } from "../model/neutral-text";
import { sarifReport } from "./sarif";
import { pageDetail, pageNoted, pageSummaryText } from "./page-report";
import { readText } from "../model/report";
import type { DriftReport, ReportFormat } from "../model/report";
import { plural } from "../model/words";

const nameText = (a: AccountName): string => `${a.email} (${a.id}) at ${a.url}`;
const accountText = (e: DriftEntry): string => nameText(e.account);

/** A word for an accepted or ignored website; empty for the others. */
const noteCell = (e: DriftEntry): string => (e.ignored ? "ignored" : e.accepted ? "accepted" : "");

const staleLines = (report: DriftReport): string[] => [
  ...(report.baseline?.stale ?? []).map((e) => `Warning: ${staleBaselineText(e)}`),
  ...(report.ignore?.stale ?? []).map((r) => `Warning: ${staleRuleText(r)}`),
];

function summary(report: DriftReport): string {
  const counts = statusCounts(report.websites);
  const accounts = new Set(report.websites.map(accountText)).size;
  const parts = driftStatuses.map((s) => `${counts[s]} ${s}`).join(", ");
  const read = readText(report.read);
  return (
    `${plural(report.websites.length, "website")} in ${plural(accounts, "account")} of ${plural(report.stacks.length, "stack")} (${report.stacks.join(", ")}): ${parts}.` +
    (read ? ` Stacks read ${read}.` : "")
  );
}

/** One line per account: its websites against its plan's limit. */
const accountLines = (report: DriftReport): string[] =>
  report.accounts.map(
    (a) =>
      `Account ${nameText(a)}: ${useText(a, true)} (${a.plan ? `plan ${a.plan.name}` : "no plan reported"}).`,
  );

/** The tracking column: silent, active, or - for a website not on the server. */
const trackingCell = (e: DriftEntry): string =>
  e.silent === undefined ? "-" : e.silent ? "silent" : "active";

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

function text(report: DriftReport): string {
  const tracked = report.tracking !== undefined;
  const noted = report.baseline !== undefined || report.ignore !== undefined;
  const rows = [
    [
      "STATUS",
      "DOMAIN",
      "ID",
      "ACCOUNT",
      "STACKS",
      ...(tracked ? ["TRACKING"] : []),
      ...(noted ? ["NOTE"] : []),
    ],
  ];
  const details: string[] = [];
  for (const e of report.websites) {
    rows.push([
      e.status,
      e.domain,
      String(e.id),
      accountText(e),
      e.stacks.join(", ") || "-",
      ...(tracked ? [trackingCell(e)] : []),
      ...(noted ? [noteCell(e)] : []),
    ]);
    if (e.changes) details.push(`${e.domain} (${e.id}): ${e.changes.map((c) => changeText(c)).join("; ")}`);
    if (e.status === "duplicate")
      details.push(`${e.domain} (${e.id}) is recorded by ${e.resources.join(", ")}`);
    const excuse = excuseText(e, report.baseline?.file) ?? partlyExcusedText(e, report.baseline?.file);
    if (excuse) details.push(`${e.domain} (${e.id}) ${excuse}`);
    if (pageNoted(e)) details.push(`${e.domain} (${e.id}) ${pageDetail(e)}`);
  }
  const tracking = trackingText(report);
  const acceptance = acceptanceText(report);
  // Each line on its own, neutralised: no value starts a line, breaks one or colours it.
  const lines = (texts: string[]) => texts.map(neutralText);
  const parts = [
    ...lines([
      summary(report),
      ...(tracking ? [tracking] : []),
      ...(report.pages ? [pageSummaryText(report.websites)] : []),
      ...(acceptance ? [acceptance] : []),
      ...accountLines(report),
    ]),
    "",
    table(rows),
  ];
  if (details.length > 0) parts.push("", ...lines(details));
  const stale = staleLines(report);
  if (stale.length > 0) parts.push("", ...lines(stale));
  if (report.policy) parts.push("", ...lines(policyTextLines(report.policy)));
  return `${parts.join("\n")}\n`;
}

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

function markdown(report: DriftReport): string {
  const counts = summaryCounts(report);
  const tracking = trackingText(report);
  const tracked = tracking !== undefined;
  const lines = [
    "## Website drift",
    "",
    escaped(summary(report)),
    "",
    ...(tracking ? [escaped(tracking), ""] : []),
    ...(report.pages ? [escaped(pageSummaryText(report.websites)), ""] : []),
    ...(acceptanceText(report) ? [escaped(acceptanceText(report) as string), ""] : []),
    ...staleLines(report).flatMap((line) => [`> ${escaped(line)}`, ""]),
    "| Status | Count |",
    "| --- | ---: |",
    ...Object.entries(counts).map(([s, n]) => `| ${s} | ${n} |`),
    "",
    "| Account | Plan | Websites |",
    "| --- | --- | --- |",
    ...report.accounts.map(
      (a) => `| ${accountCell(a)} | ${a.plan ? valueCell(a.plan.name) : "none reported"} | ${useText(a)} |`,
    ),
    "",
  ];
  const drifted = report.websites.filter((e) => e.status !== "in-sync" || e.silent === true || pageNoted(e));
  if (drifted.length === 0) {
    lines.push(tracked ? "Every website is in sync, and none is silent." : "Every website is in sync.");
  } else {
    lines.push(
      `| Status | Domain | ID | Account | Stacks | ${tracked ? "Tracking | " : ""}Details |`,
      `| --- | --- | ---: | --- | --- | ${tracked ? "--- | " : ""}--- |`,
    );
    for (const e of drifted) {
      const excuse = excuseText(e, report.baseline?.file) ?? partlyExcusedText(e, report.baseline?.file);
      // Each part a cell's text of its own: the changes' values each rendered as a value.
      const details = [
        e.changes?.map((c) => changeText(c, changeValueCell)).join("; ") ??
          (e.status === "duplicate" ? cell(e.resources.join(", ")) : ""),
        ...(excuse ? [cell(excuse)] : []),
        ...(pageNoted(e) ? [cell(pageDetail(e))] : []),
      ]
        .filter(Boolean)
        .join("; ");
      lines.push(
        `| ${e.status} | ${valueCell(e.domain)} | ${e.id} | ${accountCell(e.account)} | ${cell(e.stacks.join(", ") || "-")} | ` +
          `${tracked ? `${trackingCell(e)} | ` : ""}${details} |`,
      );
    }
  }
  if (report.policy) lines.push(...policyMarkdownLines(report.policy));
  return `${lines.join("\n")}\n`;
}

/** The report in `format`; the CI formats also use `context` (what fails, where websites are declared). */
export function formatReport(report: DriftReport, format: ReportFormat, context: ReportContext = {}): string {
  if (format === "sarif") return sarifReport(report, context);
  if (format === "junit") return junitReport(report, context);
  if (format === "html") return htmlReport(report, context);
  if (format === "json") return `${neutralJson(jsonReport(report), 2)}\n`;
  return format === "markdown" ? markdown(report) : text(report);
}
