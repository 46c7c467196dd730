// The user's own `pulumi`, run for what it prints (stack ls, stack export): their backend, their
// login and secrets provider. A failure says why in a few words, which each caller puts in its
// own sentence: pulumi is not on PATH, the folder does not exist, or pulumi's own error line.
import { execFile } from "node:child_process";
import type { Environment } from "../core/settings";

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

/** Runs `pulumi args` in `cwd`; resolves with its standard output. */
export function runPulumi(
  args: string[],
  options: { cwd: string; env: Environment; maxBuffer: number },
): Promise<string> {
  return new Promise((done, fail) => {
    execFile("pulumi", args, { ...options, encoding: "utf8" }, (error, stdout, stderr) => {
      if (!error) return done(stdout);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        const reason = /spawn pulumi/.test(error.message)
          ? "the pulumi command is not on PATH"
          : `${options.cwd} does not exist`;
        return fail(new PulumiCommandError(reason, true));
      }
      fail(new PulumiCommandError(lastLine(stderr) || error.message, false));
    });
  });
}
