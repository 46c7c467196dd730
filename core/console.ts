// Where a command writes and asks, in one shape for every command and the work it runs (drift's
// stages, generate, the executable's terminal, the Action's log): a part that needs less takes a
// Pick of it, so that every caller hands the same object down.
import type { VerboseLog } from "./verbose-log";

export interface CommandConsole {
  /** What the command is for: a report, a summary, a schema. */
  out: (text: string) => void;
  /** Progress and errors, on standard error so that a report on standard output stays clean. */
  err: (text: string) => void;
  /** Asks a yes-or-no question at the terminal; absent when standard input is not one. */
  confirm?: (question: string) => Promise<boolean>;
  /** --verbose (or WEBSTATS_VERBOSE): what the run does, on standard error (verbose-log.ts). */
  verbose?: VerboseLog;
}
