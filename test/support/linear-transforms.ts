// The text transforms of drift's outputs (and the Action's and the SDK's quoting), each with the
// most it may write per character of input, and the 1 MB adversarial values they are run on
// (test/unit/drift/model/linear-text.test.ts). Kept free of vitest so that the test can bundle this
// file into a worker thread, which it can end when a transform hangs.
import {
  escapeHtml,
  githubOutputEntry,
  markdownCode,
  markdownText,
  markdownValue,
  neutralJson,
  neutralLines,
  neutralText,
  scriptJson,
  valueText,
  withWorkflowCommandsStopped,
  xmlText,
} from "../../drift/model/neutral-text";
import { quotePageText } from "../../drift/model/page-quote";
import type { DriftReport } from "../../drift/model/report";
import { formatReport, reportFormats } from "../../drift/report/formats";
import type { ReportFormat } from "../../drift/report/formats";
import { escapeData, escapeProperty } from "../../action/src/annotation";
import { excerptOf, makeRedactor } from "../../sdk/redact";

export const MB = 1024 * 1024;

/** Values of 1 MB made of what each expression or scan turns on. */
export const adversarialValues: Record<string, () => string> = {
  letters: () => "a".repeat(MB),
  "letters then #1": () => `${"a".repeat(MB - 2)}#1`,
  "path segments": () => "a/".repeat(MB / 2),
  "slashes then a letter": () => `${"/".repeat(MB - 1)}x`,
  hashes: () => "#".repeat(MB),
  "##a": () => "##a".repeat(MB / 3),
  mentions: () => "@a".repeat(MB / 2),
  backticks: () => "`".repeat(MB),
  "backtick runs": () => "` ".repeat(MB / 2),
  "spaces then a colon": () => `${" ".repeat(MB - 1)}:`,
  digits: () => "1".repeat(MB),
  "lone surrogates": () => "\ud800".repeat(MB),
  controls: () => "\u0001\n\u202e".repeat(MB / 3),
  markup: () => "<&\"'|*_".repeat(MB / 7),
  escapes: () => "&#x26;%2f\\/+".repeat(MB / 12),
};

/** A report with one website whose page reason quotes `value`. */
const reportQuoting = (value: string): DriftReport => ({
  stacks: ["web/prod"],
  websites: [
    {
      domain: "shop.example.com",
      id: 1,
      status: "in-sync",
      stacks: ["web/prod"],
      resources: ["web/prod:shop"],
      account: { url: "https://stats.example.com", id: 7, email: "team@example.com" },
      page: { status: "wrong", url: "https://shop.example.com/", reason: `data-host ${value}` },
    },
  ],
  accounts: [],
  pages: { read: 1 },
});
const report = (format: ReportFormat) => (text: string) => formatReport(reportQuoting(text), format);

/** Each transform, and the most it may write per character of its input (plus a fixed part). */
export const linearTransforms: Record<string, [(text: string) => string, number]> = {
  neutralText: [neutralText, 6],
  neutralLines: [neutralLines, 6],
  valueText: [valueText, 12],
  neutralJson: [(t) => neutralJson({ t }), 12],
  scriptJson: [(t) => scriptJson({ t }), 12],
  markdownCode: [(t) => markdownCode(t, { table: true }), 8],
  markdownText: [(t) => markdownText(t, { table: true, lineStart: true }), 16],
  markdownValue: [(t) => markdownValue(t, { table: true }), 16],
  xmlText: [xmlText, 6],
  escapeHtml: [escapeHtml, 6],
  "escapeHtml(neutralText)": [(t) => escapeHtml(neutralText(t)), 36],
  withWorkflowCommandsStopped: [(t) => withWorkflowCommandsStopped(t), 2],
  githubOutputEntry: [(t) => githubOutputEntry("report", t), 2],
  "the Action's escapeData": [escapeData, 3],
  "the Action's escapeProperty": [escapeProperty, 3],
  quotePageText: [quotePageText, 1],
  "the SDK's redactor": [makeRedactor("S3cret/&pass", "k"), 10],
  "the SDK's excerptOf": [(t) => excerptOf(t, makeRedactor("S3cret/&pass", "k"), 2000), 1],
  // Every report format of drift's table.
  ...Object.fromEntries(
    reportFormats.map((format): [string, [(text: string) => string, number]] => [
      `the ${format} report`,
      [report(format), 40],
    ]),
  ),
};
