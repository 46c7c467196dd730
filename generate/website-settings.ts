// What generate writes for each website: the settings the API returns, and a resource name.
// Which settings those are, and how each is read from the API's answer, is the Website's field
// table's (core/website-fields.ts): a readable setting added there is declared here too, so a
// generated project's first `up` never sets it back to its default.
import { normalizeDomain } from "../sdk";
import type { Website } from "../sdk";
import { readableSettings, websiteFields } from "../core/website-fields";
import type { ReadableSetting, ValueOf } from "../core/website-fields";

export { readableSettings };

export type ReadableSettings = { [K in ReadableSetting]: ValueOf<K> };

/** A website's readable settings, in the table's order, as the API reports them. */
export function settingsOf(website: Website): ReadableSettings {
  const settings: Record<string, unknown> = {};
  for (const name of readableSettings) settings[name] = websiteFields[name].read(website);
  return settings as ReadableSettings;
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
