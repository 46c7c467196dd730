// drift's exit codes, from the one table (core/exit-codes.ts), as its help states them. The run
// decides them (drift/report/report-run.ts, drift/fix/) and a wrong command line gets `error`;
// test/unit/cli/help-docs.test.ts holds the run, this list, the help and
// docs/drift-reference.md together.
import { exitCodes } from "../../core/exit-codes";
import { ERROR_MEANING, exitCodeHelp, usageDetail } from "../exit-codes";
import type { CommandExit } from "../exit-codes";

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

const { success, error, drift } = exitCodes;

export const driftCommandExits = driftExits("a stack that cannot be read, a fix refused or failed");

export const driftExitHelp = `${exitCodeHelp(driftCommandExits)}
With --fix code or --fix cloud: ${success} everything fixed, ${drift} drift left that the fix does not cover,
${error} refused, declined or failed.`;
