// The commands that do one thing and print what came of it (plugin install, policy check,
// schema): their help ends alike (the exit codes, the common options, the docs page), they exit
// with `success` once the text is printed and with `error` for anything else.
import type { Environment } from "../core/settings";
import type { CliCommand, ParsedLine } from "./command";
import { exitCodes } from "../core/exit-codes";
import { ERROR_MEANING, exitCodeHelp, usageDetail } from "./exit-codes";
import type { CommandExit } from "./exit-codes";
import { commonOptionsHelp, docsLine, optionLines } from "./help";

interface PrintingCommandSpec<Options> {
  name: string;
  summary: string;
  /** The command line after `pulumi-webstats `: `policy check FILE`. */
  synopsis: string;
  /** What the command does, in the help's words, between its usage line and its exit codes. */
  about: string;
  /** The docs page (with an anchor) that tells its whole story. */
  docs: string;
  /** What exit code 0 means: `installed`, `printed`. */
  done: string;
  /** The ways it fails besides a wrong command line, for the `error` code's detail. */
  fails: string;
  parse: (line: ParsedLine) => Options;
  /** The text to print on standard output. */
  print: (options: Options, env: Environment) => string | Promise<string>;
}

/** A command that prints `print`'s text and exits with `success`, its help ending as every such one's. */
export function printingCommand<Options>(spec: PrintingCommandSpec<Options>): CliCommand<Options> {
  const exits: readonly CommandExit[] = [
    { name: "success", meaning: spec.done },
    { name: "error", meaning: ERROR_MEANING, detail: usageDetail(spec.fails) },
  ];
  return {
    name: spec.name,
    summary: spec.summary,
    usage: () => `Usage: pulumi-webstats ${spec.synopsis}

${spec.about}

${exitCodeHelp(exits)}

Options:
${optionLines(commonOptionsHelp)}

${docsLine(spec.docs)}`,
    docs: spec.docs,
    options: {},
    exits,
    parse: spec.parse,
    run: async (options, env, io) => {
      io.out(await spec.print(options, env));
      return exitCodes.success;
    },
  };
}
