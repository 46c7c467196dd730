// `drift --fix code` within a drift run: from the accepted report's entries (those a baseline or
// an ignore rule excuses left as they are), the code is fixed and standard output says what was
// written and what is left. The entries given are left as they are: the fix works on new ones.
import type { Website } from "../../sdk";
import type { DriftEntry, FailOnName } from "../model/entries";
import { FixRefused, fixCode } from "./fix-code";
import { neutralLines } from "../model/neutral-text";
import type { FixCodeOptions } from "./fix-code";
import { unexcusedChanges } from "../accept/excuses";
import { formatFixSummary } from "./fix-summary";
import type { FixSummaryFormat } from "./fix-summary";
import type { RecordedStack } from "../read/stack-export";
import { exitCodes } from "../../core/exit-codes";
import type { CommandConsole } from "../../core/console";

export interface FixRunOptions extends FixCodeOptions {
  /** What `--fix` names: only `code` for now. */
  target: "code";
  /** The summary on standard output, in the --format given (text, markdown or json). */
  summary: FixSummaryFormat;
}

/**
 * Fixes the code and prints the summary; resolves with the exit code (0: the code declares
 * every website as it is; 2: drift the --fail-on list names is left), or 1 when refused.
 */
export async function runFix(
  options: FixRunOptions,
  input: {
    stacks: readonly RecordedStack[];
    entries: readonly DriftEntry[];
    live: ReadonlyMap<string, Website>;
    failOn: readonly FailOnName[];
  },
  io: Pick<CommandConsole, "out" | "err">,
): Promise<number> {
  // Drift a baseline accepts or an ignore rule covers is left as it is, in the code too: a
  // website as a whole, or the fields of it they cover. A website left as it is stays in the
  // list as in sync: its declaration still says which fleet files hold its account's websites
  // (where --adopt-unmanaged appends), and a silence nothing excuses still counts.
  const inSync = (e: DriftEntry): DriftEntry => ({ ...e, status: "in-sync" as const, changes: undefined });
  const entries = input.entries.map((e) => {
    if (e.accepted !== undefined || e.ignored !== undefined) return inSync(e);
    if (e.excusedParts === undefined || e.changes === undefined) return e;
    const changes = unexcusedChanges(e) ?? [];
    return changes.length > 0 ? { ...e, changes } : inSync(e);
  });
  try {
    const outcome = await fixCode({ ...input, entries }, options);
    io.out(formatFixSummary(outcome, options.summary));
    return outcome.exitCode;
  } catch (error) {
    if (!(error instanceof FixRefused)) throw error;
    // The problems quote server values (domains): each line is kept, none can be a command.
    io.err(`${neutralLines(error.message)}\n`);
    return exitCodes.error;
  }
}
