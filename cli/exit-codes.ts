// How a command's exit codes are said in its help, from the one table (core/exit-codes.ts).
import type { ExitCodeName } from "../core/exit-codes";
import { exitCodes } from "../core/exit-codes";

/** One code of a command: its meaning for that command (a docs row starts with it) and any detail. */
export interface CommandExit {
  name: ExitCodeName;
  meaning: string;
  /** Said after the meaning in the help, in parentheses. */
  detail?: string;
}

/** The words the `error` row of every command starts with: a wrong command line is one. */
export const ERROR_MEANING = "an error";
export const usageDetail = (what: string): string => `${what}, a wrong command line included`;

/** The width the help's `Exit code:` paragraph is wrapped at. */
const WIDTH = 100;

function wrapped(text: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line].join("\n");
}

/** The help's paragraph: `Exit code: 0 in sync, 2 drift found (...), 1 an error (...).` */
export function exitCodeHelp(exits: readonly CommandExit[]): string {
  const said = exits.map(
    ({ name, meaning, detail }) => `${exitCodes[name]} ${meaning}${detail ? ` (${detail})` : ""}`,
  );
  return wrapped(`Exit code: ${said.join(", ")}.`);
}
