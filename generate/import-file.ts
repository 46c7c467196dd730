// `generate --format import`: a Pulumi bulk import file for an account's websites. `pulumi import
// --file import.json` then reads each website through the provider plugin and writes the
// program in the project's own language (YAML, Python, Go, ...): what `--format ts` and
// `--format yaml` do for TypeScript projects, for every other one.
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
