// A generated project in the YAML format: the websites in a fleet file, with the settings most
// of them share as defaults (and protect: true, which keeps each from deletion), and an
// index.ts that declares them with WebsiteFleet.
import { protectedPrivacy } from "../core/website-fields";
import { fleetFileText } from "../fleet/fleet-writer";
import type { FleetSettings } from "../fleet/fleet-format";
import { adoptionNote, originLine, passwordComment, protectionNote, writeOnlyNote } from "./notes";
import type { Origin } from "./notes";
import { readableSettings, settingsOf } from "./website-settings";
import type { NamedWebsite, ReadableSettings } from "./website-settings";

export const fleetFileName = "websites.yaml";

/** The docs page of the fleet file's format, which the file's header names. */
export const fleetFormatDocs = "docs/fleets.md#fleet-files";

/** The value most websites have for each setting (ties go to the one that sorts first). */
function commonSettings(all: readonly ReadableSettings[]): Partial<ReadableSettings> {
  const common: Record<string, unknown> = {};
  for (const key of readableSettings) {
    const counts = new Map<string, number>();
    for (const settings of all) {
      const value = JSON.stringify(settings[key]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const [best] = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
    if (best) common[key] = JSON.parse(best[0]);
  }
  return common;
}

function overrides(settings: ReadableSettings, defaults: Partial<ReadableSettings>): FleetSettings {
  const different: Record<string, unknown> = {};
  for (const key of readableSettings) {
    if (JSON.stringify(settings[key]) !== JSON.stringify(defaults[key])) different[key] = settings[key];
  }
  return different;
}

export function fleetFile(websites: readonly NamedWebsite[], origin: Origin): string {
  const all = websites.map(({ website }) => settingsOf(website));
  const defaults = commonSettings(all);
  return fleetFileText({
    header: [
      originLine(origin),
      `The format is described in ${fleetFormatDocs} of the pulumi-webstats repository.`,
      "",
      ...adoptionNote,
      "defaults hold the settings most websites share; an entry lists only where it differs.",
      "",
      ...protectionNote("yaml"),
      "",
      ...writeOnlyNote("yaml"),
    ].join("\n"),
    defaults: { ...defaults, adoptExisting: true, protect: true },
    websites: websites.map(({ website }, index) => {
      const entry: { domain: string; settings: FleetSettings; comment?: string } = {
        domain: website.domain,
        settings: overrides(all[index]!, defaults),
      };
      if (website.privacy === protectedPrivacy) entry.comment = passwordComment;
      return entry;
    }),
  });
}

export function fleetProgram(origin: Origin): string {
  return [
    `// ${originLine(origin)}`,
    `// The websites and their settings are in ${fleetFileName}; WebsiteFleet declares one Website`,
    `// for each, named after its domain, so reordering the file changes nothing.`,
    `import * as webstats from "pulumi-webstats";`,
    ``,
    `const fleet = new webstats.WebsiteFleet("websites", { fleet: webstats.loadFleet("${fleetFileName}") });`,
    ``,
    `/** Each website's id in the service, by domain. */`,
    `export const websiteIds = fleet.websiteIds;`,
    ``,
  ].join("\n");
}
