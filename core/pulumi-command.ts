// The user's own `pulumi`, the one way every command runs it (drift's stack ls and stack export,
// plugin install): their backend, their login and secrets provider. Which executable and which
// backend come from the settings module (PULUMI_COMMAND, PULUMI_BACKEND_URL), as every setting
// does. A failure says why in a few words, which each caller puts in its own sentence: the
// command does not exist (naming PULUMI_COMMAND when that named it), the folder does not exist,
// or pulumi's own error line.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { pulumiSettings, pulumiVariables } from "./settings";
import type { Environment } from "./settings";

/** pulumi could not run or failed; `notStarted` when it never ran (no pulumi, no folder). */
export class PulumiCommandError extends Error {
  constructor(
    readonly reason: string,
    readonly notStarted: boolean,
  ) {
    super(reason);
  }
}

/** The last line pulumi wrote to its standard error: its error message. */
const lastLine = (output: string): string =>
  output
    .trim()
    .split("\n")
    .map((line) => line.replace(/^error:\s*/i, "").trim())
    .filter(Boolean)
    .at(-1) ?? "";

interface PulumiRunOptions {
  /** The folder pulumi runs in (its project, or a neutral one). */
  cwd: string;
  /** The environment pulumi runs with, and where its command is read from. */
  env: Environment;
  /** The most standard output kept, in bytes. */
  maxBuffer?: number;
  /** A backend for this run (a project's `backend: url`); the environment's PULUMI_BACKEND_URL wins. */
  backendUrl?: string;
}

/** The backend a run would use from the environment, if it sets one: pulumi prefers it. */
export const environmentBackend = (env: Environment): string | undefined => pulumiSettings(env).backendUrl;

/** Why the command could not be started, naming the variable that named it. */
function notStarted(command: string, source: string | undefined, error: NodeJS.ErrnoException): string {
  const cannot =
    error.code === "ENOENT" ? "does not exist" : `cannot be run (${error.code ?? error.message})`;
  if (source)
    return `${source} names ${command}, which ${cannot}: set ${source} to the path of pulumi, or unset it`;
  return error.code === "ENOENT"
    ? "the pulumi command is not on PATH"
    : `the pulumi command on PATH cannot be run (${error.code ?? error.message})`;
}

/** Runs `pulumi args` in `cwd`; resolves with its standard output. */
export function runPulumi(args: string[], options: PulumiRunOptions): Promise<string> {
  const { command, commandSource, backendUrl: fromEnvironment } = pulumiSettings(options.env);
  const backendUrl = fromEnvironment ?? options.backendUrl;
  const env = backendUrl ? { ...options.env, [pulumiVariables.backendUrl]: backendUrl } : options.env;
  const { cwd, maxBuffer = 64 * 1024 * 1024 } = options;
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, env, maxBuffer, encoding: "utf8" }, (error, stdout, stderr) => {
      if (!error) return done(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EACCES") {
        const reason = existsSync(cwd)
          ? notStarted(command, commandSource, error as NodeJS.ErrnoException)
          : `${cwd} does not exist`;
        return fail(new PulumiCommandError(reason, true));
      }
      fail(new PulumiCommandError(lastLine(stderr) || error.message, false));
    });
  });
}
