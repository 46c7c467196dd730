// GET /api/v1/stats/{id}: the request's validation (SelectStatsRequest: name, from and to, with
// the framework's messages) and the optional parameters, which fall back to their defaults
// silently as in the website listing.
import { PER_PAGE_CHOICES, parsePageNumber } from "./website-listing";
import { numericValue, phpString, type InputValue, type RequestInput } from "./request-input";
import { phpTruthy } from "./php-url";
import type { FieldErrors } from "./website-validation";

/** config('stats.types'): the statistics the API serves. */
export const STAT_TYPES: readonly string[] = [
  "browser",
  "campaign",
  "city",
  "continent",
  "country",
  "device",
  "event",
  "landing_page",
  "language",
  "os",
  "page",
  "pageviews",
  "pageviews_hour",
  "referrer",
  "resolution",
  "visitors",
  "visitors_hour",
];

/** The framework's `required`: null, blank text and empty arrays are missing. */
function isMissing(value: InputValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `date_format:Y-m-d`: text that PHP reads with that format and prints back unchanged, so four
 * digits of year, two of month and day, and a day the month has.
 */
export function isYmdDate(value: InputValue | undefined): value is string {
  if (typeof value !== "string") return false;
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(parts[1]), month);
}

export function validateStatsInput(input: RequestInput): FieldErrors {
  const errors: FieldErrors = {};
  if (isMissing(input.name)) errors.name = ["The name field is required."];
  else if (typeof input.name !== "string" || !STAT_TYPES.includes(input.name)) {
    errors.name = ["The selected name is invalid."];
  }
  for (const field of ["from", "to"] as const) {
    if (isMissing(input[field])) errors[field] = [`The ${field} field is required.`];
    else if (!isYmdDate(input[field])) errors[field] = [`The ${field} field must match the format Y-m-d.`];
  }
  return errors;
}

export interface StatsQuery {
  name: string;
  from: string;
  to: string;
  /** Null when the parameter is absent or falsy in PHP's sense ("" and "0" do not filter). */
  search: string | null;
  /** The text carried into the page links, as sent (null: left out). */
  searchText: string | null;
  sortBy: "count" | "value";
  sort: "asc" | "desc";
  perPage: number;
  /** The page size as it appears in the page links: the value sent when it was accepted. */
  perPageText: string;
  page: number;
}

/**
 * The parameters of a validated request, or undefined where the real server fails with 500: a
 * `search` that is a non-empty array cannot be made into the LIKE pattern.
 */
export function parseStatsQuery(input: RequestInput): StatsQuery | undefined {
  const rawSearch = input.search;
  const filters = phpTruthy(rawSearch);
  const searchText = rawSearch === undefined || rawSearch === null ? null : phpString(rawSearch);
  // An empty array neither filters nor shows in the links; any other array breaks the query.
  if (searchText === undefined && filters) return undefined;
  const perPage = numericValue(input.per_page ?? undefined);
  const accepted = PER_PAGE_CHOICES.find((choice) => choice === perPage);
  return {
    name: input.name as string,
    from: input.from as string,
    to: input.to as string,
    search: filters ? (searchText ?? null) : null,
    searchText: searchText ?? null,
    sortBy: input.sort_by === "value" ? "value" : "count",
    sort: input.sort === "asc" ? "asc" : "desc",
    perPage: accepted ?? 10,
    perPageText: accepted === undefined ? "10" : (phpString(input.per_page) ?? "10"),
    page: parsePageNumber(input.page === undefined ? undefined : phpString(input.page)),
  };
}

/** The parameters the server carries into the page links, in its order; the page comes last. */
export function statsLinkParameters(query: StatsQuery): [string, string][] {
  const kept: [string, string][] = [
    ["name", query.name],
    ["from", query.from],
    ["to", query.to],
  ];
  if (query.searchText !== null) kept.push(["search", query.searchText]);
  kept.push(
    ["search_by", "value"],
    ["sort_by", query.sortBy],
    ["sort", query.sort],
    ["per_page", query.perPageText],
  );
  return kept;
}
