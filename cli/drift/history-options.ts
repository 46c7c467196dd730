// drift's options about its history: --history FILE (what changed since the last run, and this
// run added to FILE) and --history-keep (the runs, or days of runs, FILE keeps). The file is read
// when the command runs, before any stack: here only the line is checked.
import { DEFAULT_HISTORY_KEEP, keepText, parseHistoryKeep } from "../../drift";
import type { HistoryOptions, ReportOutput } from "../../drift";
import type { OptionTable, ParsedLine } from "../command";
import type { OptionHelp } from "../help";
import { UsageError } from "../usage-error";

export const historyOptions: OptionTable = {
  history: { type: "string" },
  "history-keep": { type: "string" },
};

export const historyOptionsHelp: OptionHelp[] = [
  {
    option: "--history FILE",
    text: "report what is new and fixed since the last run, and add this run to FILE",
  },
  {
    option: "--history-keep N|Nd",
    text: "the runs (N) or days of runs (Nd) FILE keeps",
    default: keepText(DEFAULT_HISTORY_KEEP),
  },
];

/** --history and --history-keep from the line; the history file may not be another file the run writes. */
export function historyChoice(
  line: ParsedLine,
  others: { outputs?: readonly ReportOutput[]; writeBaseline?: string },
): { history?: HistoryOptions } {
  const file = line.values.history as string | undefined;
  const keepValue = line.values["history-keep"] as string | undefined;
  if (file === undefined) {
    if (keepValue !== undefined)
      throw new UsageError("--history-keep bounds the --history FILE: add --history FILE.");
    return {};
  }
  if (file.trim() === "") throw new UsageError("--history needs a file name.");
  if ((others.outputs ?? []).some((o) => o.file === file) || others.writeBaseline === file) {
    throw new UsageError(
      "--history names a file the run writes already (an --output or --write-baseline): give the history its own file.",
    );
  }
  const keep = keepValue === undefined ? DEFAULT_HISTORY_KEEP : parseHistoryKeep(keepValue);
  if (typeof keep === "string") throw new UsageError(keep);
  return { history: { file, keep } };
}
