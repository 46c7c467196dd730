// drift's options about accepted drift: --baseline FILE (report its findings as accepted),
// --write-baseline FILE (record today's findings) and --ignore FILE (rules with reasons; else
// .webstats-drift.yaml in the working folder). The files are read when the command runs, before
// any stack: here only the line is checked.
import type { AcceptanceOptions } from "../../drift";
import type { ReportOutput } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import { UsageError } from "../usage-error";

export const baselineOptions: OptionTable = {
  baseline: { type: "string" },
  "write-baseline": { type: "string" },
  ignore: { type: "string" },
};

export const baselineOptionsHelp = `  --baseline FILE  report the findings FILE records as accepted (shown, never failing);
                   anything new or changed as usual; entries that match nothing, as stale
  --write-baseline FILE
                   record today's findings in FILE (kept: each entry's first-seen date);
                   the run then exits 0, its findings being accepted from now on
  --ignore FILE    ignore rules (default: .webstats-drift.yaml here, when there is one):
                   ignore: [{ domain: GLOB, status: STATUS, field: FIELD, reason: TEXT }]`;

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
