// What keeps a website from being deleted by anything but the user's intent.
//
// A website is known by its id on one installation, and deleting it erases its statistics for
// good. Two things guard that:
// - Custody: within one operation, the ids that a Website holds after it (created, adopted,
//   updated or diffed without replacement). A delete of one of them (the engine deleting the
//   original of a replacement that adopted it, say) is declined and said. A host serves an
//   operation from one process, so the custody lives as long as the process.
// - The recorded place: each website's state records the installation it was reached at. When
//   the address changes, the website is first looked up at the new one, and only acted on when
//   its id still names the recorded domain there.
import { NotFoundError } from "../sdk";
import type { WebstatsClient, Website as ApiWebsite } from "../sdk";

/** How a host shows a message in the operation's output. */
export type Notify = (message: string) => void;

/**
 * Writes a message to the process's standard error, which the Pulumi engine shows among the
 * operation's diagnostics for every provider process it starts (both hosts are such processes).
 */
export const notifyEngine: Notify = (message) => {
  process.stderr.write(`webstats: ${message}\n`);
};

const keyOf = (id: number, domain: string) => `${id} ${domain}`;

/**
 * The websites the Websites of this operation hold, by id and domain. Keyed by domain rather
 * than address: the same installation may be reached under several names (127.0.0.1 and
 * localhost), and refusing a delete by mistake costs a message, never a website.
 */
export class Custody {
  private readonly held = new Set<string>();

  constructor(readonly notify: Notify = notifyEngine) {}

  hold(id: number | string, domain: string | undefined): void {
    const websiteId = Number(id);
    if (Number.isSafeInteger(websiteId) && domain) this.held.add(keyOf(websiteId, domain));
  }

  holds(id: number, domain: string | undefined): boolean {
    return domain !== undefined && this.held.has(keyOf(id, domain));
  }
}

/** Where a website was recorded and where it is looked for now. */
export interface Place {
  recorded: string | undefined;
  current: string;
}

/** The address a client reaches: its installation's root URL. */
export const placeOf = (client: WebstatsClient): string => client.baseUrl;

/** Whether the website must be looked up before it is acted on: its address changed, or was never recorded. */
export const moved = (place: Place): boolean => place.recorded !== place.current;

const recordedAt = (place: Place) =>
  place.recorded === undefined ? "an address this version did not record" : place.recorded;

/**
 * Why the website at `place.current` is not the one recorded, or undefined when it is:
 * `found` is what the new address holds under the id (undefined: nothing).
 */
export function misplaced(
  id: number,
  domain: string | undefined,
  found: ApiWebsite | undefined,
  place: Place,
): string | undefined {
  if (found && (domain === undefined || found.domain === domain)) return undefined;
  const there = found ? `website ${id} there is ${found.domain}` : `it has no website ${id}`;
  return (
    `website ${id} (${domain ?? "unknown domain"}) was recorded at ${recordedAt(place)}, but ` +
    `${place.current} is another installation: ${there}. Nothing was changed or deleted on either.`
  );
}

/** The website under `id` at the client's installation, or undefined when there is none. */
export async function lookUp(client: WebstatsClient, id: number): Promise<ApiWebsite | undefined> {
  try {
    return await client.websites.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
