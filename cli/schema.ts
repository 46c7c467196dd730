// `pulumi-webstats schema`: prints the package schema, the source of every language SDK.
import { packageSchema } from "../core/package-schema";
import type { CliCommand } from "./command";
import { docsLine, helpOptionHelp, optionLines } from "./help";
import { UsageError } from "./usage-error";

/** The page that says what the schema is for. */
const DOCS = "docs/installation-configuration.md#the-package-schema-pulumi-webstats-schema";

export const schemaCommand: CliCommand<null> = {
  name: "schema",
  summary: "print the Pulumi package schema of webstats (JSON)",
  usage: () => `Usage: pulumi-webstats schema

Prints the Pulumi package schema of webstats (JSON): the Website resource, the functions and
the provider configuration. It takes no options.

Options:
${optionLines([helpOptionHelp])}

${docsLine(DOCS)}`,
  docs: DOCS,
  options: {},
  usageExitCode: 2,
  parse: (line) => {
    if (line.positionals.length > 0) throw new UsageError("schema takes no arguments or options.");
    return null;
  },
  run: (_options, _env, io) => {
    io.out(`${JSON.stringify(packageSchema(), null, 2)}\n`);
    return Promise.resolve(0);
  },
};
