// The Website resource's lifecycle as plain functions of plain values: what check, diff, create,
// read, update and delete do against the API. Hosts (the dynamic provider, the provider plugin)
// translate their engine's calls into these and back; nothing here knows a host's calling
// convention or keeps state between calls: the settings and the clients come in the context.
import { NotFoundError } from "../sdk";
import type { WebstatsClient } from "../sdk";
import { connectionValue } from "./argument-schemas";
import { connectionSettings } from "./clients";
import type { ClientRegistry } from "./clients";
import type { HeldSettings, ProviderSettings } from "./settings";
import { checkWebsiteInputs } from "./website-check";
import type { CheckFailure } from "./website-check";
import { createWebsite, PartialCreateError, updateOrExplain } from "./website-create";
import { diffWebsite, passwordGap, updatePatch } from "./website-diff";
import type { WebsiteDiff } from "./website-diff";
import type { WebsiteOutputs } from "./website-fields";
import { inputsFromOutputs, outputsFrom, readInputs, readState } from "./website-state";
import { containsUnknown, isUnknown } from "./unknown-values";
import { lookUp, misplaced, moved, placeOf } from "./website-custody";
import type { Custody, Place } from "./website-custody";
import { trackingCodeOf } from "./tracking-code";

/**
 * What every core call works with: the stack's settings as the host holds them, and the host's
 * clients. Settings that could not be read fail check with their message, and every call that
 * needs them.
 */
export interface CoreContext {
  settings: HeldSettings;
  clients: ClientRegistry;
}

/** A Website's calls also need the custody of the websites this operation holds (one per process, like the clients). */
export interface WebsiteContext extends CoreContext {
  custody: Custody;
}

/** The context's settings, or the error that says which one cannot be read. */
export function settingsOf(ctx: CoreContext): ProviderSettings {
  if (ctx.settings instanceof Error) throw ctx.settings;
  return ctx.settings;
}

type Props = Record<string, unknown>;

/**
 * Whether the recorded tracking code is no longer the one the settings give (its installation's
 * address or a tracking setting changed): an update then records the new one, without any write
 * to the website, so that the output a page is built from never lags behind the settings. Not
 * said when it cannot be known yet (a connection unknown during a preview, settings that cannot be
 * read: check reports those), nor for a state that never recorded one (the next read fills it in).
 */
function trackingCodeMoved(ctx: CoreContext, recorded: string | undefined, connection: unknown): boolean {
  if (recorded === undefined || ctx.settings instanceof Error || containsUnknown(connection)) return false;
  try {
    const settings = connectionSettings(connectionOf(connection), ctx.settings);
    if (!settings.baseUrl) return false;
    return trackingCodeOf(settings.baseUrl.value, settings).trackingCode !== recorded;
  } catch {
    return false;
  }
}

/** What the provider records of where it reached a website: the installation and its tracking code. */
function recordedAt(ctx: CoreContext, installation: string) {
  return { installation, trackingCode: trackingCodeOf(installation, settingsOf(ctx)).trackingCode };
}

/** The connection argument when it has the right shape (check reports it otherwise). */
function connectionOf(value: unknown) {
  const parsed = connectionValue.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Checks and normalises a program's arguments (`news`) against those last applied (`olds`,
 * empty before the website exists). Credentials that are missing or malformed fail here too,
 * at preview rather than at the first request (once the arguments themselves are right); they
 * are reported on the resource, since the connection is secret.
 */
export async function check(
  ctx: CoreContext,
  olds: Props,
  news: Props,
): Promise<{ inputs: Props; failures: CheckFailure[] }> {
  const { inputs, failures } = checkWebsiteInputs(news, olds, settingsOf(ctx));
  if (failures.length > 0 || containsUnknown(inputs.connection)) return { inputs, failures };
  let client: WebstatsClient;
  try {
    client = ctx.clients.clientFor(connectionOf(inputs.connection), settingsOf(ctx));
  } catch (error) {
    failures.push({ property: "", argument: "connection", reason: (error as Error).message });
    return { inputs, failures };
  }
  // A new website, or a new domain (a replacement, created before the old one is deleted).
  const creates = olds.domain === undefined || olds.domain !== inputs.domain;
  if (creates && typeof inputs.domain === "string" && !isUnknown(inputs.domain)) {
    const refusal = await ctx.clients.budgetFor(client).admit(inputs.domain, inputs.adoptExisting === true);
    if (refusal) failures.push({ property: "domain", argument: "domain", reason: refusal });
  }
  return { inputs, failures };
}

/**
 * What changed between a recorded state and checked arguments. Arguments may hold the engine's
 * placeholder for values unknown during a preview: they are compared, never parsed. A website
 * kept (not replaced) is held for the operation; a replacement is said in words, since it
 * deletes the website and its statistics.
 */
export function diff(ctx: WebsiteContext, id: string, olds: Props, news: Props): WebsiteDiff {
  const recorded = readState(olds);
  const result = diffWebsite(recorded, news);
  if (result.replaces.length === 0 && trackingCodeMoved(ctx, recorded.trackingCode, news.connection)) {
    result.changed.push("trackingCode");
    result.changes = true;
  }
  if (result.replaces.length === 0) ctx.custody.hold(id, recorded.domain);
  else ctx.custody.notify(replacementNotice(id, recorded.domain, news.domain));
  return result;
}

/** What a replacement does, for whoever reviews the preview. */
function replacementNotice(id: string, before: string | undefined, after: unknown): string {
  const next = typeof after === "string" && !isUnknown(after) ? after : "a domain not known yet";
  return (
    `the domain of website ${id} (${before ?? "unknown"}) changes to ${next}. The API cannot rename ` +
    `a website: ${next} is created, then website ${id} is deleted with all its statistics.`
  );
}

/**
 * Runs a change of one website, then, whatever the outcome, tells the account's reader, so that
 * later reads of that website ask the server instead of a listing taken before.
 */
async function changing<T>(
  ctx: CoreContext,
  client: WebstatsClient,
  website: { id?: number; domain?: string },
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } finally {
    ctx.clients.readerFor(client).changed(website);
  }
}

/**
 * Creates the website (or adopts it), never leaving a duplicate; a website created but not
 * finished is thrown as a PartialCreateError carrying its id and outputs.
 */
export async function create(
  ctx: WebsiteContext,
  props: Props,
): Promise<{ id: string; outputs: WebsiteOutputs }> {
  const inputs = readInputs(props);
  const client = ctx.clients.clientFor(inputs.connection, settingsOf(ctx));
  // Adoptions look their domains up in the listing the whole operation shares: absent domains
  // are created, and a domain taken meanwhile is found out by the create itself. The website
  // created or adopted (and perhaps changed) is read from the server afterwards.
  const reader = ctx.clients.readerFor(client);
  let id: number | undefined;
  let outputs: WebsiteOutputs;
  try {
    outputs = await createWebsite(client, inputs, (domain) => reader.findByDomain(domain));
    id = outputs.websiteId;
  } catch (error) {
    if (error instanceof PartialCreateError) id = Number(error.id);
    throw error;
  } finally {
    reader.changed({ domain: inputs.domain, ...(id !== undefined ? { id } : {}) });
  }
  ctx.custody.hold(outputs.websiteId, outputs.domain);
  return {
    id: String(outputs.websiteId),
    outputs: { ...outputs, ...recordedAt(ctx, placeOf(client)) },
  };
}

/**
 * The website as the API has it now, with the arguments that would produce it (secrets left
 * out), or undefined when it no longer exists. `state` is the recorded state; without one (an
 * import), the connection comes from the settings. A website whose id names another domain at
 * the current address is reported gone (said in the output): that address reaches another
 * installation, and its website is not this one.
 */
export async function read(
  ctx: WebsiteContext,
  id: string,
  state?: Props,
): Promise<{ id: string; outputs: WebsiteOutputs; inputs: Props } | undefined> {
  const recorded = readState(state);
  const websiteId = Number(id);
  if (!Number.isSafeInteger(websiteId) || websiteId < 1) {
    throw new Error(`"${id}" is not a website id: ids are whole numbers such as 42.`);
  }
  const client = ctx.clients.clientFor(recorded.connection, settingsOf(ctx));
  const website = await ctx.clients.readerFor(client).read(websiteId);
  const place: Place = { recorded: recorded.installation, current: placeOf(client) };
  if (state !== undefined) {
    const wrongPlace = misplaced(websiteId, recorded.domain, website, place);
    if (wrongPlace && (website || (recorded.installation !== undefined && moved(place)))) {
      ctx.custody.notify(`${wrongPlace} It is dropped from the state.`);
    }
    if (wrongPlace) return undefined;
  }
  if (!website) return undefined;
  const outputs = { ...outputsFrom(website, recorded), ...recordedAt(ctx, place.current) };
  return { id, outputs, inputs: inputsFromOutputs(outputs) };
}

/** Applies the checked arguments `news` to the website recorded as `olds`: only what differs is sent. */
export async function update(
  ctx: WebsiteContext,
  id: string,
  olds: Props,
  news: Props,
): Promise<WebsiteOutputs> {
  const state = readState(olds);
  const inputs = readInputs(news);
  const client = ctx.clients.clientFor(inputs.connection, settingsOf(ctx));
  const gap = passwordGap(state, inputs);
  if (gap) throw new Error(gap);
  const websiteId = Number(id);
  const domain = state.domain ?? inputs.domain;
  const place: Place = { recorded: state.installation, current: placeOf(client) };
  // A new address is trusted only once it shows the recorded website under the recorded id.
  const found = moved(place) ? await lookUp(client, websiteId) : undefined;
  if (moved(place)) {
    const wrongPlace = misplaced(websiteId, domain, found, place);
    if (wrongPlace) {
      throw new Error(
        `${wrongPlace} Point the address back at the installation that holds the website, or run ` +
          `pulumi refresh to forget it (nothing is deleted) and pulumi up to create it at the new address.`,
      );
    }
  }
  ctx.custody.hold(websiteId, domain);
  const patch = updatePatch(state, inputs);
  const website =
    Object.keys(patch).length > 0
      ? await changing(ctx, client, { id: websiteId, domain }, () =>
          updateOrExplain(client, websiteId, domain, patch),
        )
      : (found ?? (await client.websites.get(websiteId)));
  return { ...outputsFrom(website, inputs), ...recordedAt(ctx, place.current) };
}

/**
 * Deletes the website; one already gone (deleted outside Pulumi) is no error. Declined, and
 * said, when a Website of this operation holds it (a replacement adopted it), or when the
 * current address holds another website under its id.
 */
export async function remove(ctx: WebsiteContext, id: string, state: Props): Promise<void> {
  const recorded = readState(state);
  const websiteId = Number(id);
  if (ctx.custody.holds(websiteId, recorded.domain)) {
    ctx.custody.notify(
      `website ${id} (${recorded.domain}) was not deleted: another Website of this operation now ` +
        `holds it. It stays on the server with its statistics.`,
    );
    return;
  }
  const client = ctx.clients.clientFor(recorded.connection, settingsOf(ctx));
  const place: Place = { recorded: recorded.installation, current: placeOf(client) };
  if (moved(place)) {
    const found = await lookUp(client, websiteId);
    const wrongPlace = misplaced(websiteId, recorded.domain, found, place);
    if (wrongPlace) {
      // Gone from an address never recorded is what a website deleted outside Pulumi looks like.
      if (found || place.recorded !== undefined)
        ctx.custody.notify(`${wrongPlace} It is dropped from the state.`);
      return;
    }
  }
  try {
    await changing(ctx, client, { id: websiteId, domain: recorded.domain }, () =>
      client.websites.delete(websiteId),
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}
