// The executable's console: standard output, standard error, and a yes-or-no question when
// standard input is a terminal (drift --fix cloud's confirmation). Streams are given, so tests
// answer the question as a user at a terminal would.
import { createInterface } from "node:readline/promises";
import type { CommandConsole } from "../core/console";

/** The answers that mean yes: y or yes, in any case, spaces around allowed; anything else is no. */
const YES_ANSWER = /^\s*y(es)?\s*$/i;

/** What the question reads from: a stream, which says whether it is a terminal. */
type QuestionInput = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * Asks `question` on `output` and reads one line of `input`: true only for yes (YES_ANSWER). An
 * input that ends, or Ctrl-C, before a line is an answer of no.
 */
export async function askYesNo(
  question: string,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<boolean> {
  const terminal = createInterface({ input, output });
  // When its input ends, readline's question never settles (a stream) or is aborted (a terminal's
  // Ctrl-D); Ctrl-C closes it too. Each is an answer of no.
  const ended = new Promise<string>((resolve) => terminal.once("close", () => resolve("")));
  terminal.once("SIGINT", () => terminal.close());
  const answered = terminal.question(question).catch(() => "");
  try {
    return YES_ANSWER.test(await Promise.race([answered, ended]));
  } finally {
    terminal.close();
  }
}

/**
 * The console of a process with these standard streams: the question is asked on standard error,
 * and only when standard input is a terminal (without one nobody can answer: a command that would
 * ask refuses instead).
 */
export function processConsole(
  stdin: QuestionInput,
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
): CommandConsole {
  return {
    out: (text) => stdout.write(text),
    err: (text) => stderr.write(text),
    ...(stdin.isTTY ? { confirm: (question: string) => askYesNo(question, stdin, stderr) } : {}),
  };
}
