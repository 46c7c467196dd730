// The command line in-process (cli/run.ts's runCli) with its standard output and standard error
// captured, for the tests that run a command as a user would and read what it printed.
import { parseCommand, runCli } from "../../cli/run";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `pulumi-webstats argv...` with `env` as its whole environment. */
export async function runCaptured(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  let out = "";
  let err = "";
  const code = await runCli(argv, env, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** The options a command line parses to; a line that asks for help is a mistake of the test. */
export function parsedOptions(argv: string[]): Record<string, unknown> {
  const parsed = parseCommand(argv);
  if ("help" in parsed) throw new Error(`${argv.join(" ")} asked for help`);
  return parsed.options as Record<string, unknown>;
}
