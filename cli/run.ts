// `pulumi-webstats` as a function of its arguments and environment, so tests run it in-process:
// finds the command the line names, parses the line against that command's own options, and
// runs it, with --verbose's log when the line or WEBSTATS_VERBOSE asks. Exit codes: core/exit-codes.ts
// (a wrong command line is USAGE_EXIT_CODE in every command).
import type { Environment } from "../core/settings";
import type { CommandConsole } from "../core/console";
import type { CliCommand, OptionTable } from "./command";
import { driftCommand } from "./drift/command";
import { driftMergeCommand } from "./drift/merge-command";
import { generateCommand } from "./generate/command";
import { exitCodes, USAGE_EXIT_CODE } from "../core/exit-codes";
import { UnknownOptionError, commandWords, commonOptions, parseLine, refuseCredentials } from "./parse-line";
import { pluginInstallCommand } from "./plugin-install";
import { policyCheckCommand } from "./policy/command";
import { schemaCommand } from "./schema";
import { UsageError } from "./usage-error";
import { verboseAsked, verboseLog } from "./verbose";
import { neutralLines } from "../drift";

export const commands: readonly CliCommand<unknown>[] = [
  generateCommand,
  driftCommand,
  driftMergeCommand,
  schemaCommand,
  policyCheckCommand,
  pluginInstallCommand,
] as unknown as CliCommand<unknown>[];

/** Every command's options at once: enough to tell a line's words from its options' values. */
const everyOption: OptionTable = Object.fromEntries(
  [commonOptions, ...commands.map((c) => c.options)].flatMap((table) => Object.entries(table)),
);

function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return `Usage: pulumi-webstats <command> [options]

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join("\n")}

pulumi-webstats <command> --help shows that command's options.
`;
}

/** The command the words name, or undefined; `plugin` alone names none. `drift merge` is not drift. */
function commandOf(words: string[]): CliCommand<unknown> | undefined {
  const named = commands.filter((c) => c.name === words.slice(0, c.name.split(" ").length).join(" "));
  return named.sort((a, b) => b.name.length - a.name.length)[0];
}

function unknownCommand(words: string[]): UsageError {
  if (words.length === 0)
    return new UsageError(
      "say what to do: generate, drift, drift merge, schema, policy check or plugin install.",
    );
  if (words[0] === "plugin") return new UsageError("the plugin command is: pulumi-webstats plugin install.");
  if (words[0] === "policy")
    return new UsageError("the policy command is: pulumi-webstats policy check FILE.");
  return new UsageError(
    "unknown command: the commands are generate, drift, drift merge, schema, policy check and plugin install.",
  );
}

/** An option of another command is named as such; any other stays unknown. */
function misplaced(error: UnknownOptionError, command: CliCommand<unknown>): UsageError {
  const name = error.option.replace(/^-+/, "");
  const owner = commands.find((c) => c !== command && Object.hasOwn(c.options, name));
  return owner
    ? new UsageError(`${error.option} is an option of ${owner.name}, not of ${command.name}.`)
    : error;
}

/** What a line asks for: a help text to print, or a command with its parsed options. */
type ParsedCommand = { help: string } | { command: CliCommand<unknown>; options: unknown; verbose: boolean };

/** Parses a line (credentials refused first); throws a UsageError for a wrong one. */
export function parseCommand(argv: string[]): ParsedCommand {
  refuseCredentials(argv);
  const words = commandWords(argv, everyOption);
  if (words[0] === "help") return { help: (commandOf(words.slice(1))?.usage ?? overview)() };
  const command = commandOf(words);
  if (!command) {
    const asksHelp = argv.includes("--help") || argv.includes("-h");
    if (asksHelp && words.length === 0) return { help: overview() };
    throw unknownCommand(words);
  }
  try {
    const line = parseLine(argv, command.options, command.name.split(" ").length);
    if (line.values.help === true) return { help: command.usage() };
    return { command, options: command.parse(line), verbose: line.values.verbose === true };
  } catch (error) {
    throw error instanceof UnknownOptionError ? misplaced(error, command) : error;
  }
}

/** Runs the command line; resolves with the exit code. */
export async function runCli(argv: string[], env: Environment, io: CommandConsole): Promise<number> {
  try {
    const parsed = parseCommand(argv);
    if ("help" in parsed) {
      io.out(parsed.help);
      return exitCodes.success;
    }
    const verbose = verboseAsked(parsed.verbose, env);
    return await parsed.command.run(
      parsed.options,
      env,
      verbose ? { ...io, verbose: verboseLog(io.err, env) } : io,
    );
  } catch (error) {
    // A message may quote a server's body: its control characters escaped, and no line of it
    // starting a workflow command (drift/model/neutral-text.ts).
    const message = neutralLines(error instanceof Error ? error.message : String(error));
    if (error instanceof UsageError) {
      const about = commandOf(commandWords(argv, everyOption));
      io.err(
        `pulumi-webstats: ${message}\nRun pulumi-webstats ${about ? `${about.name} ` : ""}--help for usage.\n`,
      );
      return USAGE_EXIT_CODE;
    }
    io.err(`pulumi-webstats: ${message}\n`);
    return exitCodes.error;
  }
}
