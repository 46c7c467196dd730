// Parsing one command's line with Node's own util.parseArgs, strictly, against that command's
// option table. parseArgs quotes a wrong value in its messages; these messages keep only the
// option's name, so nothing typed on the line is ever printed back.
import { parseArgs } from "node:util";
import { settingSpecs } from "../core/settings";
import type { OptionTable, ParsedLine } from "./command";
import { UsageError } from "./usage-error";
import { verboseOption } from "./verbose";

/** An option the command does not have (run.ts says which command has it, if one does). */
export class UnknownOptionError extends UsageError {
  constructor(readonly option: string) {
    super(`unknown option ${option}.`);
  }
}

const credentialOption = /^--?(?:api[-_]?key|key|token|api[-_]?token|secret|password)(?:=|$)/i;

/** Refuses a line that looks like it carries a credential, before anything else reads it. */
export function refuseCredentials(argv: string[]): void {
  if (argv.some((arg) => credentialOption.test(arg))) {
    throw new UsageError(
      "pulumi-webstats does not take an API key on the command line: it would stay in your shell " +
        `history and be visible to other users in the process list. Set ${settingSpecs.apiKey.env} in the environment.`,
    );
  }
}

const helpOption: OptionTable = { help: { type: "boolean", short: "h" } };

/** The options every command has, declared here once: --help and --verbose (verbose.ts). */
export const commonOptions: OptionTable = { ...helpOption, ...verboseOption };

/** The line parsed against `options` (and the common ones); the command's own name is dropped from the positionals. */
export function parseLine(argv: string[], options: OptionTable, nameWords: number): ParsedLine {
  try {
    const { values, positionals, tokens } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: { ...options, ...commonOptions },
    });
    return { values, positionals: positionals.slice(nameWords), tokens: tokens ?? [] };
  } catch (error) {
    const option = /'(-[^'=\s]*)/.exec((error as Error).message)?.[1];
    if (!option) throw new UsageError("unexpected arguments.");
    if ((error as { code?: string }).code !== "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      throw new UnknownOptionError(option);
    throw new UsageError(
      /does not take/.test((error as Error).message)
        ? `${option} takes no value.`
        : `${option} needs a value (one starting with - is written ${option}=VALUE).`,
    );
  }
}

/** The words of a line that are neither options nor their values, read leniently against `options`. */
export function commandWords(argv: string[], options: OptionTable): string[] {
  return parseArgs({ args: argv, allowPositionals: true, strict: false, options }).positionals;
}

/** Refuses words after the command's own: no command takes positional arguments. */
export function refuseExtraWords(line: ParsedLine, name: string): void {
  if (line.positionals.length > 0) throw new UsageError(`${name} takes no further arguments; see --help.`);
}
