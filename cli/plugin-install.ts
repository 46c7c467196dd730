// `pulumi-webstats plugin install`: the provider plugin into Pulumi's plugins (generate/plugin-install.ts).
import { installPlugin } from "../generate/plugin-install";
import type { CliCommand } from "./command";
import { ERROR_MEANING, exitCodeHelp, exitCodes, usageDetail } from "./exit-codes";
import { commonOptionsHelp, docsLine, optionLines } from "./help";
import { refuseExtraWords } from "./parse-line";

/** The page about the plugin and its installation. */
const DOCS = "docs/installation-configuration.md#the-provider-plugin";

const exits = [
  { name: "success", meaning: "installed" },
  { name: "error", meaning: ERROR_MEANING, detail: usageDetail("pulumi not found or its install failed") },
] as const;

export const pluginInstallCommand: CliCommand<null> = {
  name: "plugin install",
  summary: "install the provider plugin of this version into Pulumi's plugins",
  usage: () => `Usage: pulumi-webstats plugin install

Installs the webstats provider plugin (pulumi-resource-webstats) of this package's version
into Pulumi's plugins, with the pulumi command found on PATH (or PULUMI_COMMAND), for
programs in YAML, Python, Go, Java or C# and for pulumi import. It has no options of its own.

${exitCodeHelp(exits)}

Options:
${optionLines(commonOptionsHelp)}

${docsLine(DOCS)}`,
  docs: DOCS,
  options: {},
  exits,
  parse: (line) => {
    refuseExtraWords(line, "plugin install");
    return null;
  },
  run: async (_options, env, io) => {
    io.out(await installPlugin(env));
    return exitCodes.success;
  },
};
