// What every command of `pulumi-webstats` is: its name, a line for the overview, its own usage
// text and option table, a parser that turns its command line into options (or a UsageError),
// and the run that carries them out.
import type { ParseArgsConfig, parseArgs } from "node:util";
import type { CommandConsole } from "../core/console";
import type { Environment } from "../core/settings";
import type { CommandExit } from "./exit-codes";

export type OptionTable = NonNullable<ParseArgsConfig["options"]>;

export interface CliCommand<Options = unknown> {
  /** The words that name it (`plugin install` is two). */
  name: string;
  /** One line for `pulumi-webstats --help`. */
  summary: string;
  /** What `pulumi-webstats <name> --help` prints: its options a line each, then {@link docs}. */
  usage: () => string;
  /**
   * The docs page with the whole story of the command (a path from the repository's root, with
   * an optional `#anchor`); the help names it last (test/unit/cli/help-docs.test.ts holds them
   * together).
   */
  docs: string;
  /** Its options; `--help` and `--verbose` are added to every table (parse-line.ts). */
  options: OptionTable;
  /**
   * The codes it exits with, from the one table (core/exit-codes.ts), as its help and docs page state
   * them; a wrong command line is USAGE_EXIT_CODE in every command.
   */
  exits: readonly CommandExit[];
  /** Turns the parsed command line into options; throws a UsageError for a wrong one. */
  parse: (line: ParsedLine) => Options;
  /** Carries the options out; resolves with the exit code. */
  run: (options: Options, env: Environment, io: CommandConsole) => Promise<number>;
}

/** A command line parsed against one command's table. */
export interface ParsedLine {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** The words after the command's name. */
  positionals: string[];
  /** The options in the order given (for options whose meaning depends on their order). */
  tokens: NonNullable<ReturnType<typeof parseArgs>["tokens"]>;
}
