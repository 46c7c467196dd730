// The drift report in its three formats: a table for people, JSON for programs, Markdown for a
// pipeline's job summary or a pull request comment. Pure functions of the entries. Nothing here
// can hold a secret: entries carry domains, ids, field values the server reports (the password
// is never compared) and accounts by URL, id and e-mail.
import type { DriftEntry, DriftStatus, FieldChange } from "./compare";
import { driftStatuses } from "./compare";

export const reportFormats = ["text", "json", "markdown"] as const;
export type ReportFormat = (typeof reportFormats)[number];

export interface DriftReport {
  /** The stacks read, as `project/stack`. */
  stacks: string[];
  websites: DriftEntry[];
}

export function statusCounts(entries: readonly DriftEntry[]): Record<DriftStatus, number> {
  const counts = Object.fromEntries(driftStatuses.map((s) => [s, 0])) as Record<DriftStatus, number>;
  for (const entry of entries) counts[entry.status] += 1;
  return counts;
}

const accountText = (e: DriftEntry): string => `${e.account.email} (${e.account.id}) at ${e.account.url}`;

const valueText = (value: unknown): string =>
  Array.isArray(value) ? `[${value.join(", ")}]` : JSON.stringify(value);

const changeText = (c: FieldChange): string =>
  `${c.field}: ${valueText(c.recorded)} recorded, ${valueText(c.live)} live`;

function summary(report: DriftReport): string {
  const counts = statusCounts(report.websites);
  const accounts = new Set(report.websites.map(accountText)).size;
  const parts = driftStatuses.map((s) => `${counts[s]} ${s}`).join(", ");
  return `${report.websites.length} websites in ${accounts} account${accounts === 1 ? "" : "s"} of ${report.stacks.length} stack${report.stacks.length === 1 ? "" : "s"} (${report.stacks.join(", ")}): ${parts}.`;
}

function table(rows: string[][]): string {
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
  const rows = [["STATUS", "DOMAIN", "ID", "ACCOUNT", "STACKS"]];
  const details: string[] = [];
  for (const e of report.websites) {
    rows.push([e.status, e.domain, String(e.id), accountText(e), e.stacks.join(", ") || "-"]);
    if (e.changes) details.push(`${e.domain} (${e.id}): ${e.changes.map(changeText).join("; ")}`);
    if (e.status === "duplicate")
      details.push(`${e.domain} (${e.id}) is recorded by ${e.resources.join(", ")}`);
  }
  const parts = [summary(report), "", table(rows)];
  if (details.length > 0) parts.push("", ...details);
  return `${parts.join("\n")}\n`;
}

/** A Markdown table cell: pipes and line breaks would end the cell, backticks open code. */
const cell = (value: string): string => value.replace(/[\\|`*_[\]<>]/g, (c) => `\\${c}`).replace(/\s+/g, " ");

function markdown(report: DriftReport): string {
  const counts = statusCounts(report.websites);
  const lines = [
    "## Website drift",
    "",
    summary(report).replace(/[\\|`*_[\]<>]/g, (c) => `\\${c}`),
    "",
    "| Status | Count |",
    "| --- | ---: |",
    ...driftStatuses.map((s) => `| ${s} | ${counts[s]} |`),
    "",
  ];
  const drifted = report.websites.filter((e) => e.status !== "in-sync");
  if (drifted.length === 0) {
    lines.push("Every website is in sync.");
  } else {
    lines.push(
      "| Status | Domain | ID | Account | Stacks | Details |",
      "| --- | --- | ---: | --- | --- | --- |",
    );
    for (const e of drifted) {
      const details =
        e.changes?.map(changeText).join("; ") ?? (e.status === "duplicate" ? e.resources.join(", ") : "");
      lines.push(
        `| ${e.status} | ${cell(e.domain)} | ${e.id} | ${cell(accountText(e))} | ${cell(e.stacks.join(", ") || "-")} | ${cell(details)} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

export function formatReport(report: DriftReport, format: ReportFormat): string {
  if (format === "json") {
    const body = { stacks: report.stacks, summary: statusCounts(report.websites), websites: report.websites };
    return `${JSON.stringify(body, null, 2)}\n`;
  }
  return format === "markdown" ? markdown(report) : text(report);
}
