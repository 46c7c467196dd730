// `pulumi-webstats schema`: prints the package schema, the source of every language SDK.
import { packageSchema } from "../core/package-schema";
import { printingCommand } from "./printing-command";
import { UsageError } from "./usage-error";

export const schemaCommand = printingCommand<null>({
  name: "schema",
  summary: "print the Pulumi package schema of webstats (JSON)",
  synopsis: "schema",
  about: `Prints the Pulumi package schema of webstats (JSON): the Website resource, the functions and
the provider configuration. It has no options of its own.`,
  docs: "docs/installation-configuration.md#the-package-schema-pulumi-webstats-schema",
  done: "printed",
  fails: "standard output not written",
  parse: (line) => {
    if (line.positionals.length > 0) throw new UsageError("schema takes no arguments or options.");
    return null;
  },
  print: () => `${JSON.stringify(packageSchema(), null, 2)}\n`,
});
