// drift's exit codes, as its help states them. The run decides them (drift/report/report-run.ts,
// drift/fix/) and a wrong command line gets `error` (cli/drift/command.ts);
// test/unit/cli-help-docs.test.ts holds the run, this table, the help and docs/drift.md together.

export const driftExitCodes = {
  /** Nothing --fail-on names was found (or --write-baseline recorded it). */
  inSync: 0,
  /** An error: a wrong command line, a stack that cannot be read, a fix refused or failed. */
  error: 1,
  /** Drift that --fail-on names was found (after --fix: is left). */
  drift: 2,
  /** A mandatory policy violation with --policy-pack-config, whatever the drift. */
  policy: 3,
} as const;

const { inSync, error, drift, policy } = driftExitCodes;

export const driftExitHelp = `Exit code: ${inSync} in sync, ${drift} drift found (what --fail-on names), ${policy} a mandatory policy violation
(--policy-pack-config, whatever the drift), ${error} error (a wrong option included).
With --fix code or --fix cloud: ${inSync} everything fixed, ${drift} drift left that the fix does not cover,
${error} refused, declined or failed.`;
