// `pulumi-webstats plugin install`: the provider plugin into Pulumi's plugins (generate/plugin-install.ts).
import { installPlugin } from "../generate/plugin-install";
import { refuseExtraWords } from "./parse-line";
import { printingCommand } from "./printing-command";

export const pluginInstallCommand = printingCommand<null>({
  name: "plugin install",
  summary: "install the provider plugin of this version into Pulumi's plugins",
  synopsis: "plugin install",
  about: `Installs the webstats provider plugin (pulumi-resource-webstats) of this package's version
into Pulumi's plugins, with the pulumi command found on PATH (or PULUMI_COMMAND), for
programs in YAML, Python, Go, Java or C# and for pulumi import. It has no options of its own.`,
  docs: "docs/installation-configuration.md#the-provider-plugin",
  done: "installed",
  fails: "pulumi not found or its install failed",
  parse: (line) => {
    refuseExtraWords(line, "plugin install");
    return null;
  },
  print: (_options, env) => installPlugin(env),
});
