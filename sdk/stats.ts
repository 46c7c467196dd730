// The statistics of a website: one statistic over a range of dates, page by page. The query is
// checked here before any request, because the server's answers to a bad one are unhelpful: a
// date range the wrong way round is an empty page, an unknown page size is silently 10.
import { PaginatedList } from "./paginated-list";
import type { Requester } from "./requester";
import type { Page, PerPage, StatName, StatRow, StatsQuery } from "./types";
import { STAT_NAMES, decodeStatPage, encodeStatsQuery } from "./wire";

/** The largest page the server allows: fewest requests against a 60-a-minute limit. */
const LISTING_PAGE_SIZE = 100;
const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// The rules of a query, each as the problem it finds (a sentence without the "stats: " of the
// client's errors), so that the provider's functions check their arguments by the same rules:
// core/functions.ts words them as its arguments.

/**
 * What is wrong with `value` as a calendar date written `YYYY-MM-DD`, as the server's `Y-m-d`
 * format reads and prints it, with `field` naming it; undefined when it is one.
 * @internal
 */
export function dateProblem(field: string, value: unknown): string | undefined {
  const parts = typeof value === "string" ? ISO_DATE.exec(value) : null;
  if (!parts) return `${field} is a date written YYYY-MM-DD, got ${JSON.stringify(value)}.`;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return `${field} is not a date of the calendar: ${JSON.stringify(value)}.`;
  }
  return undefined;
}

/**
 * What is wrong with `name` as a statistic's name (a StatName: camelCase), with
 * `field` naming it; undefined when it is one.
 * @internal
 */
export function statNameProblem(field: string, name: unknown): string | undefined {
  if (typeof name === "string" && (STAT_NAMES as readonly string[]).includes(name)) return undefined;
  const camel =
    typeof name === "string" ? name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) : "";
  const hint =
    camel !== name && (STAT_NAMES as readonly string[]).includes(camel) ? ` (did you mean "${camel}"?)` : "";
  return `${field} is one of ${STAT_NAMES.join(", ")}; got ${JSON.stringify(name)}${hint}.`;
}

/**
 * What is wrong with two dates (each a date already) as a range: `from` after `to`.
 * @internal
 */
export function dateRangeProblem(from: string, to: string): string | undefined {
  return from > to ? `from (${from}) is after to (${to}).` : undefined;
}

/**
 * The smallest page size the server allows that holds `rows` rows, or the largest: the fewest
 * requests, and the fewest rows sent, for the first `rows` rows of a statistic.
 * @internal
 */
export function pageSizeFor(rows: number): PerPage {
  return (PAGE_SIZES.find((size) => size >= rows) ?? LISTING_PAGE_SIZE) as PerPage;
}

function checkDate(field: "from" | "to", value: unknown): string {
  const problem = dateProblem(field, value);
  if (problem) throw new TypeError(`stats: ${problem}`);
  return value as string;
}

function checkName(name: unknown): StatName {
  const problem = statNameProblem("name", name);
  if (problem) throw new TypeError(`stats: ${problem}`);
  return name as StatName;
}

/** Throws a TypeError or RangeError naming the first thing wrong with the query. */
function checkQuery(query: StatsQuery): StatsQuery {
  if (typeof query !== "object" || query === null) {
    throw new TypeError("stats: the query is an object with name, from and to.");
  }
  checkName(query.name);
  const from = checkDate("from", query.from);
  const to = checkDate("to", query.to);
  const range = dateRangeProblem(from, to);
  if (range) throw new RangeError(`stats: ${range}`);
  if (query.perPage !== undefined && !PAGE_SIZES.includes(query.perPage)) {
    throw new RangeError(`stats: perPage is 10, 25, 50 or 100, got ${JSON.stringify(query.perPage)}.`);
  }
  if (query.page !== undefined && !(Number.isSafeInteger(query.page) && query.page >= 1)) {
    throw new TypeError(`stats: page is a whole number from 1, got ${JSON.stringify(query.page)}.`);
  }
  if (query.search !== undefined && typeof query.search !== "string") {
    throw new TypeError(`stats: search is a string, got ${JSON.stringify(query.search)}.`);
  }
  if (query.sortBy !== undefined && query.sortBy !== "count" && query.sortBy !== "value") {
    throw new TypeError(`stats: sortBy is "count" or "value", got ${JSON.stringify(query.sortBy)}.`);
  }
  if (query.sort !== undefined && query.sort !== "asc" && query.sort !== "desc") {
    throw new TypeError(`stats: sort is "asc" or "desc", got ${JSON.stringify(query.sort)}.`);
  }
  return query;
}

function statsPath(websiteId: number): string {
  if (!Number.isSafeInteger(websiteId) || websiteId <= 0) {
    throw new TypeError(`A website id is a positive whole number, got ${String(websiteId)}.`);
  }
  return `/stats/${websiteId}`;
}

/** The statistics endpoint, reached through `client.stats`. */
export class StatsApi {
  private readonly requester: Requester;

  /** @internal Created by WebstatsClient. */
  constructor(requester: Requester) {
    this.requester = requester;
  }

  /**
   * Every row of one statistic of a website over the dates `from` to `to` (both included), across
   * all pages (100 rows per page unless perPage is given), starting at query.page or 1. Use
   * `for await` to stream, or `await` to collect. The query is checked at once: a TypeError or
   * RangeError is thrown before any request.
   */
  list(websiteId: number, query: StatsQuery): PaginatedList<StatRow> {
    statsPath(websiteId);
    const { page: firstPage = 1, ...rest } = checkQuery(query);
    const perPage = rest.perPage ?? LISTING_PAGE_SIZE;
    // The server groups rows by value: a value names a row across pages.
    return new PaginatedList(
      (page) => this.listPage(websiteId, { ...rest, perPage, page }),
      firstPage,
      (row) => row.value,
    );
  }

  /**
   * One page of one statistic as the server returns it (its default page size is 10). Rejects
   * with a TypeError or RangeError, before any request, when the query is not valid; with a
   * NotFoundError when the website does not exist or belongs to another account.
   */
  async listPage(websiteId: number, query: StatsQuery): Promise<Page<StatRow>> {
    const path = statsPath(websiteId);
    const answer = await this.requester.send({
      method: "GET",
      path,
      query: encodeStatsQuery(checkQuery(query)),
    });
    return this.requester.decode(answer, decodeStatPage);
  }
}
