// drift's report formats, a row each: the one list the command's --format (its values, its help,
// what --fix prints), the Action's inputs and outputs (a file per format), the docs' table of
// formats (formatsMarkdownTable) and the tests iterate. A format is a file of this folder that
// renders the report's view (../view/report-view.ts) and a row here; CONTRIBUTING.md lists the
// rest of adding one.
import type { DriftReport } from "../../model/report";
import type { ReportContext } from "../report-context";
import { reportView } from "../view/report-view";
import type { ReportView } from "../view/report-view";
import { htmlReport } from "./html";
import { jsonReport } from "./json";
import { junitReport } from "./junit";
import { markdownReport } from "./markdown";
import { sarifReport } from "./sarif";
import { textReport } from "./text";

export interface ReportFormatRow {
  /** The value of --format (and of the Action's formats input, and its output `report-NAME`). */
  name: string;
  /** The file the Action writes it to, in its output folder. */
  file: string;
  /** What it is for, in a line of Markdown: the docs' table of formats. */
  description: string;
  /** Whether it may go to standard output (a --format without --output). */
  standardOutput: boolean;
  /** Whether --fix code and --fix cloud print what they did in it (their summary on standard output). */
  fixSummary: boolean;
  render: (view: ReportView) => string;
}

export const reportFormatTable = [
  {
    name: "text",
    file: "drift.txt",
    description: "the default: a table to read, each changed field and each duplicate's resources below it",
    standardOutput: true,
    fixSummary: true,
    render: textReport,
  },
  {
    name: "json",
    file: "drift.json",
    description:
      "programs: every finding with its fields, versioned by `schemaVersion`, described by a JSON Schema",
    standardOutput: true,
    fixSummary: true,
    render: jsonReport,
  },
  {
    name: "markdown",
    file: "drift.md",
    description: "a job summary or a pull request comment",
    standardOutput: true,
    fixSummary: true,
    render: markdownReport,
  },
  {
    name: "sarif",
    file: "drift.sarif",
    description: "code scanning: a result per finding, at the line that declares the website",
    standardOutput: true,
    fixSummary: false,
    render: sarifReport,
  },
  {
    name: "junit",
    file: "drift.xml",
    description: "GitLab, Jenkins or Azure DevOps: a test case per website",
    standardOutput: true,
    fixSummary: false,
    render: junitReport,
  },
  {
    name: "html",
    file: "drift.html",
    description: "one self-contained page to open from a CI artifact or an e-mail, offline",
    standardOutput: true,
    fixSummary: false,
    render: htmlReport,
  },
] as const satisfies readonly ReportFormatRow[];

export type ReportFormat = (typeof reportFormatTable)[number]["name"];

export const reportFormats: readonly ReportFormat[] = reportFormatTable.map((f) => f.name);

/** One report to write: its format and file. */
export interface ReportOutput {
  format: ReportFormat;
  file: string;
}

/** The row of a format. */
export const formatRow = (name: ReportFormat): ReportFormatRow =>
  reportFormatTable.find((f) => f.name === name) as ReportFormatRow;

/** The report in `format`; `context` says what fails and where websites are declared, `now` when it was made. */
export function formatReport(
  report: DriftReport,
  format: ReportFormat,
  context: ReportContext = {},
  now: Date = new Date(),
): string {
  return formatRow(format).render(reportView(report, context, now));
}

/**
 * The docs' table of the formats (docs/drift-reference.md, between `<!-- formats:start -->` and
 * `<!-- formats:end -->`), its columns padded as prettier pads a Markdown table.
 */
export function formatsMarkdownTable(): string {
  const rows = [
    ["format", "default file", "what it is for"],
    ...reportFormatTable.map((f) => [`\`${f.name}\``, `\`${f.file}\``, f.description]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const [head, ...body] = rows;
  return [line(head!), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n";
}
