// drift's options about the report: --format (with --output FILE after it, repeatable),
// --fail-on, and the tracking check (--check-tracking, --silent-days).
import { failOnNames } from "../../drift";
import type { FailOnName } from "../../drift";
import { reportFormatTable } from "../../drift";
import type { ReportFormat, ReportFormatRow, ReportOutput } from "../../drift";
import { DEFAULT_SILENT_DAYS, MAX_SILENT_DAYS } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const reportOptions: OptionTable = {
  format: { type: "string", multiple: true },
  output: { type: "string", multiple: true },
  "fail-on": { type: "string", multiple: true },
  "check-tracking": { type: "boolean" },
  "silent-days": { type: "string" },
};

/** The report on standard output when no --format goes there. */
export const DEFAULT_FORMAT: ReportFormat = "text";

const defaultFailOn: FailOnName[] = ["changed", "gone", "unmanaged", "duplicate"];

/** Names as a sentence lists them: "a, b or c". */
export const orList = (names: readonly string[]): string =>
  `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** The formats' names, in the table's order. */
const namesOf = (formats: readonly ReportFormatRow[]): string[] => formats.map((f) => f.name);

export const reportOptionsHelp: OptionHelp[] = [
  {
    option: "--format F",
    text: `${orList(namesOf(reportFormatTable))}; repeatable with --output`,
    default: DEFAULT_FORMAT,
  },
  { option: "--output FILE", text: "write the report of the --format just before it to FILE" },
  {
    option: "--fail-on LIST",
    text: "statuses exiting 2, or none; policy: 3",
    default: defaultFailOn.join(","),
  },
  {
    option: "--check-tracking",
    text: "also read each website's pageviews (paced); adds silent to --fail-on",
  },
  {
    option: "--silent-days N",
    text: `silent: no pageview in the last N dates (UTC), 1 to ${MAX_SILENT_DAYS}`,
    default: DEFAULT_SILENT_DAYS,
  },
];

/** The names --fail-on lists; default every status but in-sync, and silent when tracking is checked. */
export function failOnOf(values: string[] | undefined, checkTracking: boolean): FailOnName[] {
  if (values === undefined) return checkTracking ? [...defaultFailOn, "silent"] : defaultFailOn;
  const listed = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    // policy is no status: the policy check reads it (policy-options.ts).
    .filter((v) => v !== "policy");
  if (listed.length === 0 && values.some((v) => v.includes("policy"))) return [];
  if (listed.length === 1 && listed[0] === "none") return [];
  const known = failOnNames as readonly string[];
  const wrong = listed.filter((v) => !known.includes(v));
  if (wrong.length > 0 || listed.length === 0) {
    throw new UsageError(`--fail-on takes ${known.join(", ")}, policy (comma-separated) or none.`);
  }
  if (listed.includes("silent") && !checkTracking) {
    throw new UsageError(
      "--fail-on silent needs --check-tracking: without it no website is checked for silence.",
    );
  }
  return listed as FailOnName[];
}

/** --silent-days: a whole number of days; never echoed back (it could be anything pasted). */
function silentDaysOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SILENT_DAYS;
  const days = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= 1 && days <= MAX_SILENT_DAYS)) {
    throw new UsageError(
      `--silent-days is a whole number of days from 1 to ${MAX_SILENT_DAYS} (default ${DEFAULT_SILENT_DAYS}).`,
    );
  }
  return days;
}

/**
 * The report on standard output and the --format/--output pairs, read in the order given; the
 * formats are the table's (drift/report/formats/index.ts).
 */
export function reportsOf(
  line: ParsedLine,
  formats: readonly ReportFormatRow[] = reportFormatTable,
): { format: ReportFormat; outputs: ReportOutput[] } {
  const known = namesOf(formats);
  const onStandardOutput: ReportFormat[] = [];
  const outputs: ReportOutput[] = [];
  let pending: ReportFormat | undefined;
  for (const token of line.tokens) {
    if (token.kind !== "option") continue;
    if (token.name === "format") {
      if (!known.includes(token.value ?? "")) {
        throw new UsageError(`--format of drift is ${orList(known)}.`);
      }
      if (pending) onStandardOutput.push(pending);
      pending = token.value as ReportFormat;
    }
    if (token.name === "output") {
      const file = token.value ?? "";
      if (file.trim() === "") throw new UsageError("--output needs a file name.");
      if (!pending) {
        throw new UsageError(
          "--output FILE writes the report of the --format before it: write --format F --output FILE for each report.",
        );
      }
      if (outputs.some((o) => o.file === file)) {
        throw new UsageError("two --output options name the same file: give each report its own file.");
      }
      outputs.push({ format: pending, file });
      pending = undefined;
    }
  }
  if (pending) onStandardOutput.push(pending);
  if (onStandardOutput.length > 1) {
    throw new UsageError(
      "only one report can go to standard output: give each other --format an --output FILE after it.",
    );
  }
  const fileOnly = onStandardOutput.find((name) => formats.some((f) => f.name === name && !f.standardOutput));
  if (fileOnly)
    throw new UsageError(`--format ${fileOnly} goes to a file: give it an --output FILE after it.`);
  return { format: onStandardOutput[0] ?? DEFAULT_FORMAT, outputs };
}

export interface ReportChoice {
  /** The report on standard output. */
  format: ReportFormat;
  /** Each `--format F --output FILE` pair, in order; absent when there is none. */
  outputs?: ReportOutput[];
  /** The statuses (and `silent`) that make the exit code 2. */
  failOn: FailOnName[];
  /** `--check-tracking`: mark the websites with no pageview in the last `days` days silent. */
  tracking?: { days: number };
  /** Whether --fail-on names policy; undefined without --fail-on (the default then applies). */
  failOnPolicy?: boolean;
}

/** Whether --fail-on names policy; nothing without --fail-on (the default then applies). */
export function failOnPolicyOf(failOnValues: string[] | undefined): { failOnPolicy?: boolean } {
  if (failOnValues === undefined) return {};
  return { failOnPolicy: failOnValues.some((v) => v.split(",").some((name) => name.trim() === "policy")) };
}

export function reportChoice(line: ParsedLine): ReportChoice {
  const { values } = line;
  const { format, outputs } = reportsOf(line);
  const checkTracking = values["check-tracking"] === true;
  const days = silentDaysOf(values["silent-days"] as string | undefined);
  if (values["silent-days"] !== undefined && !checkTracking) {
    throw new UsageError("--silent-days goes with --check-tracking, which reads every website's pageviews.");
  }
  const failOnValues = values["fail-on"] as string[] | undefined;
  const failOn = failOnOf(failOnValues, checkTracking);
  return {
    ...failOnPolicyOf(failOnValues),
    format,
    ...(outputs.length > 0 ? { outputs } : {}),
    failOn,
    ...(checkTracking ? { tracking: { days } } : {}),
  };
}
