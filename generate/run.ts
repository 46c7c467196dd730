// `pulumi-webstats generate`: lists an account's websites and writes a project (or an import
// file) that takes them over. The command line that asks for it is cli/generate/command.ts.
import { basename, resolve } from "node:path";
import type { WebstatsClient } from "../sdk";
import { ClientRegistry } from "../core/clients";
import { installLines, installSteps, thisClone } from "../core/install-steps";
import { settingSpecs } from "../core/settings";
import type { CommandConsole } from "../core/console";
import type { Environment, ProviderSettings } from "../core/settings";
import { readSources } from "../drift/read/state-sources";
import { stackNetworkSettings, unmanagedWebsites } from "../drift/read/unmanaged";
import type { StateSource } from "../drift/read/state-sources";
import { importFile, importFileName } from "./import-file";
import { importFileProblem, outputFolderProblem, writeProject } from "./output-folder";
import { namedWebsites } from "./website-settings";
import { projectFiles } from "./project";
import type { ProjectFormat } from "./project";
import { projectNameFrom } from "./project-files";

export interface GenerateOptions {
  out: string;
  format: ProjectFormat;
  /** The Pulumi project name; default: derived from the output folder's name. */
  name?: string;
  force: boolean;
  /** Only the websites none of `sources` records (`--only-unmanaged`). */
  onlyUnmanaged?: StateSource[];
}

/** Why the command cannot run as given (a folder it may not write, no installation or key), if so. */
export function generateProblem(options: GenerateOptions, settings: ProviderSettings): string | undefined {
  const folder = resolve(options.out);
  // The import file goes into an existing project of any language; a project needs a folder of its own.
  const folderProblem =
    options.format === "import"
      ? importFileProblem(folder, importFileName, options.force)
      : outputFolderProblem(folder, options.force);
  if (folderProblem) return folderProblem;
  const { baseUrl, apiKey } = settingSpecs;
  const missing = [!settings.baseUrl && baseUrl.env, !settings.apiKey && apiKey.env].filter(Boolean);
  if (missing.length === 0) return undefined;
  return (
    `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set: export the installation's ` +
    `root URL as ${baseUrl.env} and the account's API key as ${apiKey.env}.`
  );
}

/** Writes the project; the options are those generateProblem found nothing wrong with. */
export async function generateProject(
  options: GenerateOptions,
  env: Environment,
  settings: ProviderSettings,
  io: Pick<CommandConsole, "out" | "verbose">,
): Promise<void> {
  const folder = resolve(options.out);
  const say = io.verbose?.say;
  // The stacks first: the installation is reached as their own pulumi up reaches it.
  const stacks = options.onlyUnmanaged
    ? await readSources(options.onlyUnmanaged, env, undefined, undefined, undefined, say)
    : undefined;
  const reaching = stacks ? stackNetworkSettings(stacks, settings, env) : settings;
  const registry = new ClientRegistry(undefined, io.verbose?.onRequest);
  const client: WebstatsClient = registry.clientFor(undefined, reaching);
  const listed = await client.websites.list({ sortBy: "id", sort: "asc" });
  const websites = stacks ? unmanagedWebsites(listed, client.baseUrl, stacks, settings) : listed;
  const install = installSteps({ clone: thisClone() });
  const files =
    options.format === "import"
      ? { [importFileName]: importFile(namedWebsites(websites)) }
      : projectFiles({
          websites,
          format: options.format,
          name: options.name ?? projectNameFrom(basename(folder)),
          baseUrl: client.baseUrl,
          date: new Date().toISOString().slice(0, 10),
          install: installLines(install),
        });
  await writeProject(folder, files);
  const next =
    options.format === "import"
      ? `Next: in your Pulumi project, with the webstats provider plugin installed (pulumi-webstats plugin install) ` +
        `and the stack configured (webstats:baseUrl, webstats:apiKey), run pulumi import --file ${importFileName}. ` +
        `It protects every website it imports (unless --protect=false).\n`
      : `Next: cd ${options.out} and install the package there. ${install.why}\n` +
        `${installLines(install, "  ").join("\n")}\n` +
        `Then follow README.md there (pulumi stack init, config, up).\n`;
  const which = options.onlyUnmanaged ? `, ${websites.length} of them in none of the stacks given` : "";
  io.out(
    `Listed ${listed.length} website${listed.length === 1 ? "" : "s"} of ${client.baseUrl}${which}.\n` +
      `Wrote ${options.out}: ${Object.keys(files).join(", ")}.\n` +
      next,
  );
}
