// The exit codes of every command, in one table: each command's help and docs page state their
// codes from it (cli/exit-codes.ts; test/unit/cli/help-docs.test.ts holds them together), and the
// runs return them (drift/, generate/, action/). A wrong command line is an error like any other,
// with the same code in every command: 2 is drift's "drift found", which a pipeline must never
// get from a typo.
export const exitCodes = {
  /** Done (drift: in sync). */
  success: 0,
  /** An error: a wrong command line included. */
  error: 1,
  /** drift: drift found that --fail-on names (after a fix: left). */
  drift: 2,
  /** drift: a mandatory policy violation with --policy-pack-config, whatever the drift. */
  policy: 3,
} as const;

export type ExitCodeName = keyof typeof exitCodes;

/** What every command exits with on a wrong command line (an unknown option, a missing value). */
export const USAGE_EXIT_CODE = exitCodes.error;
