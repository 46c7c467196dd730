// `pulumi-webstats plugin install`: the provider plugin into Pulumi's plugins (generate/plugin-install.ts).
import { installPlugin } from "../generate/plugin-install";
import type { CliCommand } from "./command";
import { docsLine, helpOptionHelp, optionLines } from "./help";
import { refuseExtraWords } from "./parse-line";

/** The page about the plugin and its installation. */
const DOCS = "docs/installation-configuration.md#the-provider-plugin";

export const pluginInstallCommand: CliCommand<null> = {
  name: "plugin install",
  summary: "install the provider plugin of this version into Pulumi's plugins",
  usage: () => `Usage: pulumi-webstats plugin install

Installs the webstats provider plugin (pulumi-resource-webstats) of this package's version
into Pulumi's plugins, with the pulumi command found on PATH (or PULUMI_COMMAND), for
programs in YAML, Python, Go, Java or C# and for pulumi import. It takes no options.

Options:
${optionLines([helpOptionHelp])}

${docsLine(DOCS)}`,
  docs: DOCS,
  options: {},
  usageExitCode: 2,
  parse: (line) => {
    refuseExtraWords(line, "plugin install");
    return null;
  },
  run: async (_options, env, io) => {
    io.out(await installPlugin(env));
    return 0;
  },
};
