// POST /api/event: the tracker that websites' pages call (no API key). It finds the website by
// the page URL's host, applies the website's exclusions and the account's plan, and counts a
// pageview (with a visit when the referrer is not the website itself) or a custom event. It
// always answers HTTP 200; the body is the real outcome: "200", "404" (no such website) or "403"
// (refused), and empty for an event without a name.
import type { IncomingHttpHeaders } from "node:http";
import { htmlResponse, serverError, type ApiResponse } from "./http-responses";
import { ipMatchesAny } from "./ip-ranges";
import {
  buildQueryString,
  hostWithoutWww,
  parseQueryString,
  parseUrl,
  phpTruthy,
  storedText,
  type ParsedUrl,
  type PhpArray,
  type PhpValue,
} from "./php-url";
import { numericValue, phpString, type InputValue, type RequestInput } from "./request-input";
import type { EmulatorStore } from "./store";
import { analyseUserAgent } from "./user-agent";
import type { StoredAccount, StoredWebsite } from "./types";

export interface TrackingRequest {
  /** Query and body merged, body first, as the framework's input() reads them. */
  input: RequestInput;
  headers: IncomingHttpHeaders;
  clientIp: string;
}

/** The outcome as the body of a 200 answer, as `response(403)` writes it. */
function outcome(code: "200" | "403" | "404" | ""): ApiResponse {
  return htmlResponse(200, code);
}

/** Where PHP would throw: the request fails with 500 and nothing is recorded. */
class PhpFailure extends Error {}

function urlOf(value: InputValue | undefined): ParsedUrl | undefined {
  if (value === undefined || value === null) return undefined;
  const text = phpString(value);
  if (text === undefined) throw new PhpFailure("parse_url() of an array");
  const parsed = parseUrl(text);
  return parsed?.host === undefined ? undefined : parsed;
}

function text(value: InputValue | PhpValue | undefined): string {
  const stored = storedText(value);
  if (stored === undefined) throw new PhpFailure("text of an array");
  return stored;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * The cron job that stops tracking for accounts over their plan counts this month's pageviews of
 * all their websites; here the count is made at every hit instead of once a day.
 */
function canTrack(store: EmulatorStore, account: StoredAccount | undefined, now: Date): boolean {
  const limit = account?.pageviewLimit ?? -1;
  if (!account || limit === -1) return true;
  const month = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}`;
  const websiteIds = store.websitesOf(account.id).map((website) => website.id);
  return store.stats.total(websiteIds, "pageviews", `${month}-01`, `${month}-31`) < limit;
}

/** An event is `{name, value?, unit?}`, stored as "name:value:unit". */
function eventValue(event: InputValue | undefined): string | undefined {
  // A text, a number or a list has no "name" key: the tracker stops there, answering nothing.
  if (event === undefined || event === null || typeof event !== "object" || Array.isArray(event)) {
    return undefined;
  }
  if (event.name === undefined || event.name === null) return undefined;
  const name = text(event.name).replace(/:/g, " ");
  // is_numeric: numbers and numeric text only (true is not numeric there).
  const rawValue = event.value;
  const valueText =
    typeof rawValue === "string" || typeof rawValue === "number" ? phpString(rawValue) : undefined;
  const numeric = valueText === undefined ? undefined : numericValue(valueText);
  const value =
    valueText !== undefined && numeric !== undefined && numeric > 0 && valueText.length <= 10
      ? valueText.trim()
      : "";
  let unit = "";
  if (event.unit !== undefined && event.unit !== null) {
    const unitText = phpString(event.unit);
    if (unitText === undefined) throw new PhpFailure("mb_strlen() of an array");
    if ([...unitText].length <= 32) unit = unitText;
  }
  return `${name}:${value}:${unit}`;
}

/** The page's query string after the website's `exclude_params`; `&` drops them all. */
function keptQuery(page: ParsedUrl, params: PhpArray, excluded: string | null): string | undefined {
  if (!phpTruthy(excluded) || excluded === null) return page.query;
  const names = excluded.split(/\n|\r/).filter((name) => name !== "");
  if (names.includes("&")) return undefined;
  for (const name of names) params.delete(name);
  return buildQueryString(params);
}

function pageviewData(
  request: TrackingRequest,
  website: StoredWebsite,
  page: ParsedUrl,
  date: string,
  hour: string,
): [string, string][] {
  const { input, headers } = request;
  const referrer = urlOf(input.referrer);
  const params = parseQueryString(page.query ?? "");
  const query = keptQuery(page, params, website.exclude_params);
  let pagePath: string;
  if (phpTruthy(query)) {
    // PHP reads the missing path key with a warning, which the framework turns into a 500.
    if (page.path === undefined) throw new PhpFailure("undefined array key path");
    pagePath = `${page.path}?${query}`;
  } else {
    pagePath = page.path ?? "/";
  }
  const pageText = text(pagePath);
  const data: [string, string][] = [
    ["pageviews", date],
    ["pageviews_hour", hour],
    ["page", pageText],
  ];

  // A visit: no referrer, or one from another host than the website's own.
  const referrerHost = referrer?.host === undefined ? undefined : hostWithoutWww(referrer.host);
  if (referrerHost !== undefined && referrerHost === website.domain) return data;

  const agent = analyseUserAgent(headers["user-agent"]);
  const acceptLanguage = headers["accept-language"];
  const campaign = params.get("utm_campaign");
  if (phpTruthy(campaign)) data.push(["campaign", text(campaign)]);
  data.push(
    // No geolocation database: the tracker records these as empty when the lookup fails.
    ["continent", ""],
    ["country", ""],
    ["city", ""],
    ["browser", text(agent.browser.slice(0, 64))],
    ["os", text(agent.os.slice(0, 64))],
    ["device", text(agent.device.slice(0, 64))],
    ["language", acceptLanguage === undefined ? "" : [...acceptLanguage].slice(0, 2).join("")],
    ["visitors", date],
    ["visitors_hour", hour],
    ["resolution", text(input.screen_resolution)],
    ["landing_page", pageText],
    ["referrer", text(referrer?.host ?? null)],
  );
  return data;
}

function track(store: EmulatorStore, request: TrackingRequest, now: Date): ApiResponse {
  const page = urlOf(request.input.page);
  const website = page?.host === undefined ? undefined : store.findWebsiteByDomain(hostWithoutWww(page.host));
  if (!website || !page) return outcome("404");
  if (!canTrack(store, store.getAccount(website.account_id), now)) return outcome("403");

  if (phpTruthy(website.exclude_ips) && website.exclude_ips !== null) {
    const excluded = website.exclude_ips.split(/\n|\r/).filter((entry) => entry !== "");
    if (ipMatchesAny(request.clientIp, excluded)) return outcome("403");
  }
  if (website.exclude_bots && analyseUserAgent(request.headers["user-agent"]).bot) return outcome("403");

  const date = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  const hour = pad(now.getUTCHours());
  let data: [string, string][];
  if (phpTruthy(request.input.event)) {
    const event = eventValue(request.input.event);
    if (event === undefined) return outcome("");
    data = [["event", text(event)]];
  } else {
    data = pageviewData(request, website, page, date, hour);
  }
  for (const [name, value] of data) store.stats.count(website.id, name, value, date);
  return outcome("200");
}

export function recordEvent(store: EmulatorStore, request: TrackingRequest, now: Date): ApiResponse {
  try {
    return track(store, request, now);
  } catch (error) {
    if (error instanceof PhpFailure) return serverError();
    throw error;
  }
}
