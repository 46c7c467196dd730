// drift's options about accepted drift: --baseline FILE (report its findings as accepted),
// --write-baseline FILE (record today's findings) and --ignore FILE (rules with reasons; else
// .webstats-drift.yaml in the working folder). The files are read when the command runs, before
// any stack: here only the line is checked.
import type { AcceptanceOptions } from "../../drift";
import type { ReportOutput } from "../../drift";
import { ignoreFileName } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const baselineOptions: OptionTable = {
  baseline: { type: "string" },
  "write-baseline": { type: "string" },
  ignore: { type: "string" },
};

export const baselineOptionsHelp: OptionHelp[] = [
  { option: "--baseline FILE", text: "report the findings FILE records as accepted (never failing)" },
  { option: "--write-baseline FILE", text: "record today's findings in FILE; the run then exits 0" },
  {
    option: "--ignore FILE",
    text: "ignore rules, each with its reason",
    default: `${ignoreFileName} if here`,
  },
];

const fileOf = (line: ParsedLine, name: string): string | undefined => {
  const value = line.values[name] as string | undefined;
  if (value !== undefined && value.trim() === "") throw new UsageError(`--${name} needs a file name.`);
  return value;
};

export function baselineChoice(line: ParsedLine, outputs: readonly ReportOutput[] = []): AcceptanceOptions {
  const baseline = fileOf(line, "baseline");
  const writeBaseline = fileOf(line, "write-baseline");
  const ignoreFile = fileOf(line, "ignore");
  if (writeBaseline !== undefined && outputs.some((o) => o.file === writeBaseline)) {
    throw new UsageError(
      "--write-baseline and an --output name the same file: give the baseline its own file.",
    );
  }
  return {
    ...(baseline !== undefined ? { baseline } : {}),
    ...(writeBaseline !== undefined ? { writeBaseline } : {}),
    ...(ignoreFile !== undefined ? { ignoreFile } : {}),
  };
}
