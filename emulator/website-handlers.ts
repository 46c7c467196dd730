// The website endpoints, as pure functions of the store and the request values.
import { jsonResponse, notFound, serverError, validationFailed, type ApiResponse } from "./http-responses";
import { hasField, isTruthyFlag, type RequestInput } from "./request-input";
import type { EmulatorStore } from "./store";
import { toIsoWithMicroseconds } from "./timestamps";
import type { EmulatorQuirks, StoredAccount, StoredWebsite } from "./types";
import { keptQueryParameters, parseListQuery, selectWebsites } from "./website-listing";
import { paginatedEnvelope } from "./pagination";
import { websiteJson, websiteJsonEchoingInput, type WebsiteJson } from "./website-resource";
import { hasErrors, validateNewWebsite, validateWebsiteChanges } from "./website-validation";
import { applyWebsiteChanges, buildNewWebsite } from "./website-writes";

export interface HandlerContext {
  store: EmulatorStore;
  quirks: EmulatorQuirks;
  account: StoredAccount;
  now: Date;
  /** Absolute URL of the website listing, as the client addressed the server. */
  listingUrl: string;
  /** Absolute URL of /api/v1, as the client addressed the server. */
  apiUrl: string;
}

/** A website of the calling account; other accounts' websites do not exist for it. */
export function ownedWebsite(context: HandlerContext, id: string | undefined): StoredWebsite | undefined {
  if (id === undefined || !/^[0-9]+$/.test(id)) return undefined;
  const website = context.store.getWebsite(Number(id));
  return website?.account_id === context.account.id ? website : undefined;
}

export function listWebsites(context: HandlerContext, query: RequestInput): ApiResponse {
  const listQuery = parseListQuery(query);
  const selected = selectWebsites(context.store.websitesOf(context.account.id), listQuery);
  const start = (listQuery.page - 1) * listQuery.perPage;
  const envelope = paginatedEnvelope({
    items: selected.slice(start, start + listQuery.perPage).map(websiteJson),
    total: selected.length,
    currentPage: listQuery.page,
    perPage: listQuery.perPage,
    path: context.listingUrl,
    keptQuery: keptQueryParameters(listQuery),
    perPageAsString: context.quirks.stringPerPage,
  });
  return jsonResponse(200, envelope);
}

export function showWebsite(context: HandlerContext, id: string | undefined): ApiResponse {
  const website = ownedWebsite(context, id);
  if (!website) return notFound();
  return jsonResponse(200, { data: websiteJson(website), status: 200 });
}

export function createWebsite(context: HandlerContext, input: RequestInput): ApiResponse {
  const { store, account } = context;
  const validation = validateNewWebsite(input, {
    isDomainTaken: (domain) => store.isDomainTaken(domain),
    websiteLimitReached: account.websiteLimit >= 0 && store.countWebsites(account.id) >= account.websiteLimit,
  });
  if (hasErrors(validation.errors) || validation.domain === undefined) {
    return validationFailed(validation.errors, context.quirks);
  }
  const fields = buildNewWebsite(
    input,
    validation.domain,
    account.id,
    { nullForOmitted: context.quirks.createStoresNullForOmitted },
    context.now,
  );
  const website = store.insertWebsite(fields);
  const data = context.quirks.createEchoesRequestTypes
    ? websiteJsonEchoingInput(website, input)
    : websiteJson(website);
  return jsonResponse(201, { data, status: 201 });
}

export function updateWebsite(
  context: HandlerContext,
  id: string | undefined,
  input: RequestInput,
): ApiResponse {
  const current = ownedWebsite(context, id);
  // The real server's update request dereferences the website before anything else: a
  // missing one ends in a 500, not a 404.
  if (!current) return context.quirks.updateMissingReturns500 ? serverError() : notFound();
  const errors = validateWebsiteChanges(input, current);
  if (hasErrors(errors)) return validationFailed(errors, context.quirks);
  const updated = applyWebsiteChanges(current, input, context.now);
  context.store.saveWebsite(updated);
  return jsonResponse(200, { data: updateResponseRecord(context, updated, input), status: 200 });
}

function updateResponseRecord(
  context: HandlerContext,
  website: StoredWebsite,
  input: RequestInput,
): WebsiteJson {
  const { quirks } = context;
  const data = quirks.createEchoesRequestTypes
    ? websiteJsonEchoingInput(website, input)
    : websiteJson(website);
  // A favorite set by this request is still a date object in the response, not the column text.
  if (quirks.isoFavoritedAtOnUpdate && hasField(input, "favorite") && isTruthyFlag(input.favorite)) {
    data.favorited_at = toIsoWithMicroseconds(context.now);
  }
  return data;
}

export function deleteWebsite(context: HandlerContext, id: string | undefined): ApiResponse {
  const website = ownedWebsite(context, id);
  if (!website) return notFound();
  context.store.deleteWebsite(website.id);
  return jsonResponse(200, { id: website.id, object: "website", deleted: true, status: 200 });
}
