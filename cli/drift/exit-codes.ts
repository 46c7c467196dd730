// drift's exit codes, from the one table (cli/exit-codes.ts), as its help states them. The run
// decides them (drift/report/report-run.ts, drift/fix/) and a wrong command line gets `error`;
// test/unit/cli-help-docs.test.ts holds the run, this list, the help and docs/drift.md together.
import { ERROR_MEANING, exitCodeHelp, exitCodes, usageDetail } from "../exit-codes";
import type { CommandExit } from "../exit-codes";

/** drift's codes by what they mean for a run (the names its tests and docs use). */
export const driftExitCodes = {
  /** Nothing --fail-on names was found (or --write-baseline recorded it). */
  inSync: exitCodes.success,
  /** An error: a wrong command line, a stack that cannot be read, a fix refused or failed. */
  error: exitCodes.error,
  /** Drift that --fail-on names was found (after --fix: is left). */
  drift: exitCodes.drift,
  /** A mandatory policy violation with --policy-pack-config, whatever the drift. */
  policy: exitCodes.policy,
} as const;

/** drift's and drift merge's codes, in the order the help says them. */
export const driftExits = (errorDetail: string): readonly CommandExit[] => [
  { name: "success", meaning: "in sync" },
  { name: "drift", meaning: "drift found", detail: "what --fail-on names" },
  {
    name: "policy",
    meaning: "a mandatory policy violation",
    detail: "--policy-pack-config, whatever the drift",
  },
  { name: "error", meaning: ERROR_MEANING, detail: usageDetail(errorDetail) },
];

const { inSync, error, drift } = driftExitCodes;

export const driftCommandExits = driftExits("a stack that cannot be read, a fix refused or failed");

export const driftExitHelp = `${exitCodeHelp(driftCommandExits)}
With --fix code or --fix cloud: ${inSync} everything fixed, ${drift} drift left that the fix does not cover,
${error} refused, declined or failed.`;
