// How a drift run's exit code follows from what it found: the one rule the report stage applies
// and the HTML report states, so that the page can never name another code than the run exits with.
import { exitCodes } from "../../core/exit-codes";

/** What a run found that decides its exit code. */
export interface RunOutcome {
  /** A mandatory policy rule is violated (a baseline never accepts those). */
  policyFails: boolean;
  /** A website fails on the --fail-on list. */
  driftFails: boolean;
  /** The run writes a new baseline: what it found is accepted from now on. */
  writesBaseline: boolean;
}

/** 3 for a mandatory policy violation, else 0 when a new baseline is written, else 2 on drift, else 0. */
export function runExitCode(outcome: RunOutcome): number {
  if (outcome.policyFails) return exitCodes.policy;
  if (outcome.writesBaseline) return exitCodes.success;
  return outcome.driftFails ? exitCodes.drift : exitCodes.success;
}
