// drift's table of report formats (drift/report/formats/index.ts) and everything it drives or is
// held to: the docs' table of formats (docs/drift-reference.md, between its markers, as prettier
// keeps it), the command's --format (its help, what may go to standard output, what the fixes
// print), and the GitHub Action (the file of each format, the formats input and its report-NAME
// outputs in action.yml). Each format renders the same view: a report of one website says its
// domain in every one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { format as prettier } from "prettier";
import { describe, expect, it } from "vitest";
import { formatFiles } from "../../../../action/src/inputs";
import { summaryFormats } from "../../../../cli/drift/fix-options";
import { reportOptions, reportsOf } from "../../../../cli/drift/report-options";
import { parseLine } from "../../../../cli/parse-line";
import { UsageError } from "../../../../cli/usage-error";
import {
  formatReport,
  formatsMarkdownTable,
  reportFormatTable,
  reportFormats,
} from "../../../../drift/report/formats";
import type { ReportFormatRow } from "../../../../drift/report/formats";
import { readAction } from "../../../support/action-runner";
import { account, prodEntry } from "../../../support/drift-entries";
import { parsedOptions, runCaptured } from "../../../support/run-cli";

const root = join(__dirname, "..", "..", "..", "..");

/** What lies between a page's `<!-- NAME:start -->` and `<!-- NAME:end -->`, blank lines trimmed. */
function between(page: string, name: string): string {
  const text = readFileSync(join(root, page), "utf8");
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  expect(start, `${page} has <!-- ${name}:start -->`).toBeGreaterThanOrEqual(0);
  expect(end, `${page} has <!-- ${name}:end --> after its start`).toBeGreaterThan(start);
  return `${text.slice(start + `<!-- ${name}:start -->`.length, end).trim()}\n`;
}

/** The refusal of a command line, which must be a usage error. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("not refused");
}

describe("the table of report formats", () => {
  it("names each format and its file once, in the order --format lists them", () => {
    expect(reportFormats).toEqual(["text", "json", "markdown", "sarif", "junit", "html"]);
    expect(new Set(reportFormatTable.map((f) => f.file)).size).toBe(reportFormatTable.length);
  });

  it.each(reportFormats)("%s: renders the report's view, the website's domain in it", (name) => {
    const report = {
      stacks: ["web/prod"],
      websites: [prodEntry("shop.example.com", 1, "changed")],
      accounts: [{ ...account, websites: 1, plan: null }],
    };
    expect(formatReport(report, name)).toContain("shop.example.com");
  });
});

describe("the docs' table of formats", () => {
  it("is the table's, between the markers of docs/drift-reference.md", () => {
    expect(between("docs/drift-reference.md", "formats")).toBe(formatsMarkdownTable());
  });

  it("is laid out as prettier lays out a Markdown table, so the docs' format check keeps it", async () => {
    const table = formatsMarkdownTable();
    expect(await prettier(table, { parser: "markdown", printWidth: 110 })).toBe(table);
    expect(table.split("\n")[2]).toMatch(/^\| `text` +\| `drift\.txt` +\| the default: /);
  });
});

describe("the command's --format", () => {
  it("lists the table's formats in drift --help and in the refusal of another", async () => {
    const help = (await runCaptured(["drift", "--help"])).out;
    expect(help).toContain("text, json, markdown, sarif, junit or html; repeatable with --output");
    expect(refusal(() => parsedOptions(["drift", "--state", "s.json", "--format", "pdf"]))).toBe(
      "--format of drift is text, json, markdown, sarif, junit or html.",
    );
  });

  it("sends to standard output only a format whose row allows it; any with --output", () => {
    const fileOnly: ReportFormatRow[] = reportFormatTable.map((f) =>
      f.name === "html" ? { ...f, standardOutput: false } : f,
    );
    const line = (...args: string[]) => parseLine(args, reportOptions, 0);
    expect(refusal(() => reportsOf(line("--format", "html"), fileOnly))).toBe(
      "--format html goes to a file: give it an --output FILE after it.",
    );
    expect(reportsOf(line("--format", "html", "--output", "r.html"), fileOnly)).toEqual({
      format: "text",
      outputs: [{ format: "html", file: "r.html" }],
    });
    expect(reportsOf(line("--format", "html"))).toEqual({ format: "html", outputs: [] });
  });

  it("the fixes print what they did in the table's fixSummary formats, and send the others to files", () => {
    expect([...summaryFormats].sort()).toEqual(
      reportFormatTable
        .filter((f) => f.fixSummary)
        .map((f) => f.name)
        .sort(),
    );
    for (const fix of ["code", "cloud"])
      expect(
        refusal(() =>
          parsedOptions(["drift", "--cwd", ".", "--stack", "prod", "--fix", fix, "--format", "html"]),
        ),
      ).toBe(
        `--fix ${fix} prints what it did as text, markdown or json: write a sarif, junit or html report with --output FILE.`,
      );
  });
});

describe("the Action", () => {
  it("writes each format to the table's file", () => {
    expect(formatFiles).toEqual(Object.fromEntries(reportFormatTable.map((f) => [f.name, f.file])));
  });

  it("action.yml's formats input names every format and its file, and it has a report-NAME output for each", () => {
    const action = readAction();
    const said = (action.inputs.formats?.description ?? "").replace(/\s+/g, " ");
    expect(said).toContain(`: ${reportFormats.join(", ")}.`);
    expect(said).toContain(`(${reportFormatTable.map((f) => f.file).join(", ")})`);
    expect(Object.keys(action.outputs).filter((name) => name.startsWith("report-"))).toEqual(
      reportFormats.map((name) => `report-${name}`),
    );
  });
});
