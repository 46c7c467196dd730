// What generate writes for each website: the settings the API returns, and a resource name.
import { normalizeDomain } from "../sdk";
import type { Website } from "../sdk";
import type { FleetSettings, SettingKey } from "../fleet/fleet-format";

/** Settings the API returns, which a generated project declares. */
export const readableSettings = [
  "privacy",
  "email",
  "excludeBots",
  "favorite",
  "excludeIps",
] as const satisfies readonly SettingKey[];

export type ReadableSettings = Required<Pick<FleetSettings, (typeof readableSettings)[number]>>;

export function settingsOf(website: Website): ReadableSettings {
  return {
    privacy: website.privacy,
    email: website.email,
    excludeBots: website.excludeBots,
    favorite: website.favorite,
    excludeIps: [...website.excludeIps],
  };
}

export interface NamedWebsite {
  /** The resource name: the normalised domain, which is stable and a valid Pulumi name. */
  name: string;
  website: Website;
}

/**
 * The websites sorted by domain, each with a resource name. A name is the normalised domain
 * itself: domains are unique, never contain `::`, and stay the same however often the project
 * is generated. Should two stored domains normalise alike (data older than the server's
 * rules), every one after the first, by id, gets its id appended, which is stable too.
 */
export function namedWebsites(websites: readonly Website[]): NamedWebsite[] {
  const byId = [...websites].sort((a, b) => a.id - b.id);
  const taken = new Set<string>();
  const named = byId.map((website) => {
    const domain = normalizeDomain(website.domain);
    const name = taken.has(domain) ? `${domain}-id${website.id}` : domain;
    taken.add(name);
    return { name, website };
  });
  return named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Whether some stored domains normalise alike: a fleet file, keyed by domain, cannot hold them. */
export function hasClashingDomains(named: readonly NamedWebsite[]): boolean {
  return named.some((n) => n.name !== normalizeDomain(n.website.domain));
}
