// The command run in the Action's process (the command line's own runCli) with everything it
// prints collected, for the Action echoes it between stop-commands lines once the command is done.
import { runCli } from "../../cli/run";
import type { Environment } from "../../core/settings";

/**
 * Runs the command with everything it prints collected, on either stream in the order printed:
 * standard error too, and what is written straight to it meanwhile (a Node.js warning), for the
 * log shows it all between stop-commands lines once the command is done. With `keepOut`,
 * standard output (the summary of what was fixed) is kept apart.
 */
export async function runCollected(
  args: string[],
  env: Environment,
  keepOut: boolean,
): Promise<{ code: number; printed: string; out: string }> {
  let printed = "";
  let out = "";
  const stderr = process.stderr;
  // Put back as it was, the stream's own method or one set on it: a bound copy set in its place
  // would wrap it once more at each run.
  const own = Object.getOwnPropertyDescriptor(stderr, "write");
  stderr.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  };
  try {
    const code = await runCli(args, env, {
      out: (text) => (keepOut ? (out += text) : (printed += text)),
      err: (text) => (printed += text),
    });
    return { code, printed, out };
  } finally {
    if (own) Object.defineProperty(stderr, "write", own);
    else delete (stderr as { write?: unknown }).write;
  }
}
