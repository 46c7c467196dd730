// drift's options about fixing drift: --fix code, --adopt-unmanaged, --adopt-into FILE and
// --force (drift/fix/fix-run.ts does the work); --fix cloud and --yes (drift/fix/fix-cloud.ts).
import type { CloudFixOptions } from "../../drift";
import type { FixRunOptions } from "../../drift";
import type { FixSummaryFormat } from "../../drift";
import { reportFormatTable } from "../../drift";
import type { StateSource } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";
import { orList } from "./report-options";

export const fixOptions: OptionTable = {
  fix: { type: "string" },
  "adopt-unmanaged": { type: "boolean" },
  "adopt-into": { type: "string" },
  force: { type: "boolean" },
  yes: { type: "boolean" },
};

export const fixOptionsHelp: OptionHelp[] = [
  { option: "--fix code", text: "write the live values into fleet files and Pulumi YAML programs" },
  { option: "--adopt-unmanaged", text: "with --fix code: declare each unmanaged website in a fleet file" },
  { option: "--adopt-into FILE", text: "with --adopt-unmanaged: the fleet file that takes them" },
  { option: "--force", text: "with --fix code: write files with changes not yet committed" },
  { option: "--fix cloud", text: "put the declared values back with pulumi up --target, after a preview" },
  { option: "--yes", text: "with --fix cloud: apply without asking (needed without a terminal)" },
];

/**
 * The formats the fixes print what they did in, in the order their messages name them: the
 * table's rows marked fixSummary (test/unit/drift/report/formats.test.ts holds them together).
 * While fixing, the table's other formats go to --output files only.
 */
export const summaryFormats: readonly string[] = ["text", "markdown", "json"] satisfies FixSummaryFormat[];
const fileFormats: readonly string[] = reportFormatTable.filter((f) => !f.fixSummary).map((f) => f.name);

/** Why a fix cannot print its summary in the --format given. */
const summaryFormatProblem = (fix: "code" | "cloud"): string =>
  `--fix ${fix} prints what it did as ${orList(summaryFormats)}: write a ${orList(fileFormats)} report with --output FILE.`;

/** `--fix cloud`: where its stacks come from decides whether pulumi up can run on them. */
function cloudChoice(
  values: ParsedLine["values"],
  format: string,
  sources: readonly StateSource[],
): { fixCloud: CloudFixOptions } {
  if (!summaryFormats.includes(format)) {
    throw new UsageError(summaryFormatProblem("cloud"));
  }
  const file = sources.find((s) => s.kind === "file");
  if (file) {
    throw new UsageError(
      `--fix cloud puts websites back with pulumi up on their stack, and --state ${file.path} names no stack: give --stack NAME (with --cwd DIR of its project) instead.`,
    );
  }
  if (values["backend-wide"] === true) {
    throw new UsageError(
      "--fix cloud runs pulumi up in each stack's project folder, which --backend-wide does not know: give --all with a --cwd DIR for each project instead.",
    );
  }
  return { fixCloud: { summary: format as FixSummaryFormat, yes: values.yes === true } };
}

/** The fix asked for, if any; the standard output format is the summary's. */
export function fixChoice(
  { values }: ParsedLine,
  format: string,
  sources: readonly StateSource[],
): { fix?: FixRunOptions; fixCloud?: CloudFixOptions } {
  const adoptUnmanaged = values["adopt-unmanaged"] === true;
  const force = values.force === true;
  const adoptInto = values["adopt-into"] as string | undefined;
  const named = [
    adoptUnmanaged && "--adopt-unmanaged",
    force && "--force",
    adoptInto !== undefined && "--adopt-into",
  ].filter((s): s is string => typeof s === "string");
  if (values.fix !== "cloud" && values.yes === true) {
    throw new UsageError("--yes goes with --fix cloud: it applies the plan without asking.");
  }
  if (values.fix === undefined || values.fix === "cloud") {
    if (named.length > 0)
      throw new UsageError(`${named.join(", ")} go${named.length === 1 ? "es" : ""} with --fix code.`);
    return values.fix === "cloud" ? cloudChoice(values, format, sources) : {};
  }
  if (values.fix !== "code") {
    throw new UsageError(
      "--fix takes code (the live values written into fleet files and Pulumi YAML programs) or cloud (the declared values put back on the server with pulumi up).",
    );
  }
  if (!summaryFormats.includes(format)) {
    throw new UsageError(summaryFormatProblem("code"));
  }
  if (adoptInto !== undefined && (!adoptUnmanaged || adoptInto.trim() === "")) {
    throw new UsageError(
      "--adopt-into FILE goes with --adopt-unmanaged: it names the fleet file that takes them.",
    );
  }
  if (sources.some((s) => s.kind === "file" && s.cwd === undefined)) {
    throw new UsageError(
      "--fix code needs the project folder of each --state FILE, to find the code of its websites: give --cwd DIR before it.",
    );
  }
  return {
    fix: {
      target: "code",
      summary: format as FixSummaryFormat,
      adoptUnmanaged,
      force,
      ...(adoptInto !== undefined ? { adoptInto } : {}),
    },
  };
}
