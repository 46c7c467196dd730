// `pulumi-webstats` as a function of its arguments and environment, so tests run it in-process.
import { basename, resolve } from "node:path";
import type { WebstatsClient } from "../sdk";
import { ClientRegistry } from "../core/clients";
import { packageSchema } from "../core/package-schema";
import { resolveSettings, settingSpecs } from "../core/settings";
import type { Environment, ProviderSettings } from "../core/settings";
import { runDrift } from "../drift/run";
import { unmanagedWebsites } from "../drift/unmanaged";
import { USAGE, UsageError, commandName, parseCommand } from "./cli-options";
import type { GenerateOptions } from "./cli-options";
import { importFile, importFileName } from "./import-file";
import { checkOutputFolder, checkImportFile, writeProject } from "./output-folder";
import { installPlugin } from "./plugin-install";
import { namedWebsites } from "./website-settings";
import { projectFiles } from "./project";
import { projectNameFrom } from "./project-files";

export interface Console {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The installation and key from the environment's settings, else a usage error naming both variables. */
function clientFrom(settings: ProviderSettings): WebstatsClient {
  const { baseUrl, apiKey } = settingSpecs;
  const missing = [!settings.baseUrl && baseUrl.env, !settings.apiKey && apiKey.env].filter(Boolean);
  if (missing.length > 0) {
    throw new UsageError(
      `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set: export the installation's ` +
        `root URL as ${baseUrl.env} and the account's API key as ${apiKey.env}.`,
    );
  }
  return new ClientRegistry().clientFor(undefined, settings);
}

async function generate(
  options: GenerateOptions,
  env: Environment,
  settings: ProviderSettings,
  io: Console,
): Promise<void> {
  const folder = resolve(options.out);
  // The import file goes into an existing project of any language; a project needs a folder of its own.
  if (options.format === "import") checkImportFile(folder, importFileName, options.force);
  else checkOutputFolder(folder, options.force);
  const client = clientFrom(settings);
  const listed = await client.websites.list({ sortBy: "id", sort: "asc" });
  const websites = options.onlyUnmanaged
    ? await unmanagedWebsites(listed, client.baseUrl, options.onlyUnmanaged, env, settings)
    : listed;
  const files =
    options.format === "import"
      ? { [importFileName]: importFile(namedWebsites(websites)) }
      : projectFiles({
          websites,
          format: options.format,
          name: options.name ?? projectNameFrom(basename(folder)),
          baseUrl: client.baseUrl,
          date: new Date().toISOString().slice(0, 10),
        });
  writeProject(folder, files);
  const next =
    options.format === "import"
      ? `Next: in your Pulumi project, with the webstats provider plugin installed (pulumi-webstats plugin install) ` +
        `and the stack configured (webstats:baseUrl, webstats:apiKey), run pulumi import --file ${importFileName}. ` +
        `It protects every website it imports (unless --protect=false).\n`
      : `Next: cd ${options.out} && npm install, then follow README.md there (pulumi stack init, config, up).\n`;
  const which = options.onlyUnmanaged ? `, ${websites.length} of them in none of the stacks given` : "";
  io.out(
    `Listed ${listed.length} website${listed.length === 1 ? "" : "s"} of ${client.baseUrl}${which}.\n` +
      `Wrote ${options.out}: ${Object.keys(files).join(", ")}.\n` +
      next,
  );
}

/** Runs the command line; resolves with the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runCli(argv: string[], env: Environment, io: Console): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.kind === "help") {
      io.out(USAGE);
      return 0;
    }
    if (command.kind === "plugin-install") {
      io.out(installPlugin(env));
      return 0;
    }
    if (command.kind === "schema") {
      io.out(`${JSON.stringify(packageSchema(), null, 2)}\n`);
      return 0;
    }
    // The settings of every command that talks to an installation, read once, from the
    // environment alone: the command runs outside any stack.
    const settings = resolveSettings(() => undefined, env);
    if (command.kind === "drift") return await runDrift(command.options, env, settings, io);
    await generate(command.options, env, settings, io);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      io.err(`pulumi-webstats: ${message}\nRun pulumi-webstats --help for usage.\n`);
      // drift's 2 means drift found: a pipeline must not take a mistyped option for it.
      return commandName(argv) === "drift" ? 1 : 2;
    }
    io.err(`pulumi-webstats: ${message}\n`);
    return 1;
  }
}
