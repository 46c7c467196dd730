// The command line in-process (cli/run.ts's runCli) with its standard output and standard error
// captured, for the tests that run a command as a user would and read what it printed.
import { runCli } from "../../cli/run";

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
