// `generate --format import`: a Pulumi bulk import file for an account's websites. `pulumi import
// --file import.json` then reads each website through the provider plugin and writes the
// program in the project's own language (YAML, Python, Go, ...): what `--format ts` and
// `--format yaml` do for TypeScript projects, for every other one.
//
// Protection needs nothing here: `pulumi import` protects every resource it imports (its
// `--protect` flag defaults to true) and writes `protect: true` into the code it prints. The file
// format has no per-resource field for it (the CLI's importSpec: type, name, id, parent,
// provider, version, pluginDownloadUrl, properties, component, remote, logicalName), and the CLI
// ignores fields it does not know, so a `protect` here would be silently dropped.
import { websiteToken } from "../core/package-schema";
import type { NamedWebsite } from "./website-settings";

export const importFileName = "import.json";

/** The file's text: one resource per website, named after its normalised domain. */
export function importFile(websites: readonly NamedWebsite[]): string {
  const resources = websites.map(({ name, website }) => ({
    type: websiteToken,
    name,
    id: String(website.id),
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
