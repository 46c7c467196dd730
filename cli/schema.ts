// `pulumi-webstats schema`: prints the package schema, the source of every language SDK.
import { packageSchema } from "../core/package-schema";
import type { CliCommand } from "./command";
import { ERROR_MEANING, exitCodeHelp, exitCodes, usageDetail } from "./exit-codes";
import { commonOptionsHelp, docsLine, optionLines } from "./help";
import { UsageError } from "./usage-error";

/** The page that says what the schema is for. */
const DOCS = "docs/installation-configuration.md#the-package-schema-pulumi-webstats-schema";

const exits = [
  { name: "success", meaning: "printed" },
  { name: "error", meaning: ERROR_MEANING, detail: usageDetail("standard output not written") },
] as const;

export const schemaCommand: CliCommand<null> = {
  name: "schema",
  summary: "print the Pulumi package schema of webstats (JSON)",
  usage: () => `Usage: pulumi-webstats schema

Prints the Pulumi package schema of webstats (JSON): the Website resource, the functions and
the provider configuration. It has no options of its own.

${exitCodeHelp(exits)}

Options:
${optionLines(commonOptionsHelp)}

${docsLine(DOCS)}`,
  docs: DOCS,
  options: {},
  exits,
  parse: (line) => {
    if (line.positionals.length > 0) throw new UsageError("schema takes no arguments or options.");
    return null;
  },
  run: (_options, _env, io) => {
    io.out(`${JSON.stringify(packageSchema(), null, 2)}\n`);
    return Promise.resolve(exitCodes.success);
  },
};
