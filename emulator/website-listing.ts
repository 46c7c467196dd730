// The list endpoint's query parameters and the selection they make. Invalid values fall back to
// the defaults silently, as on the real server.
import { numericValue, phpString, type RequestInput } from "./request-input";
import { likeMatcher } from "./sql-like";
import type { StoredWebsite } from "./types";

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;

export interface ListQuery {
  search: string | null;
  searchBy: "domain";
  /** 1: favorites only, 0: non-favorites only, null: both. */
  favorite: 0 | 1 | null;
  sortBy: "id" | "domain";
  sort: "asc" | "desc";
  perPage: number;
  page: number;
}

export function parseListQuery(query: RequestInput): ListQuery {
  const text = (key: string): string | null => {
    const value = query[key];
    return typeof value === "string" ? value : null;
  };
  const favorite = numericValue(query.favorite ?? undefined);
  const perPage = numericValue(query.per_page ?? undefined);
  return {
    search: text("search"),
    searchBy: "domain",
    favorite: query.favorite !== null && (favorite === 0 || favorite === 1) ? favorite : null,
    sortBy: text("sort_by") === "domain" ? "domain" : "id",
    sort: text("sort") === "asc" ? "asc" : "desc",
    perPage: PER_PAGE_CHOICES.find((choice) => choice === perPage) ?? 10,
    page: parsePageNumber(query.page === undefined ? undefined : phpString(query.page)),
  };
}

/** Whole numbers from 1 up; anything else means the first page. */
export function parsePageNumber(value: string | undefined): number {
  if (value === undefined) return 1;
  const trimmed = value.trim();
  if (!/^[+]?(?:0|[1-9][0-9]*)$/.test(trimmed)) return 1;
  const page = Number(trimmed);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The parameters the server carries over into the pagination links. */
export function keptQueryParameters(query: ListQuery): [string, string][] {
  const kept: [string, string][] = [];
  if (query.search !== null) kept.push(["search", query.search]);
  kept.push(["search_by", query.searchBy]);
  if (query.favorite !== null) kept.push(["favorite", String(query.favorite)]);
  kept.push(["sort_by", query.sortBy], ["sort", query.sort], ["per_page", String(query.perPage)]);
  return kept;
}

/** Filters and orders one account's websites; `rows` come in id order. */
export function selectWebsites(rows: StoredWebsite[], query: ListQuery): StoredWebsite[] {
  let selected = rows;
  if (query.search !== null) {
    const matches = likeMatcher(query.search);
    selected = selected.filter((row) => matches(row.domain));
  }
  if (query.favorite !== null) {
    const wantFavorites = query.favorite === 1;
    selected = selected.filter((row) => row.favorite === wantFavorites);
  }
  if (query.sortBy === "domain") {
    selected = [...selected].sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
  } else if (selected === rows) {
    selected = [...selected];
  }
  if (query.sort === "desc") selected.reverse();
  return selected;
}
