// GET /api/v1/stats/{id}: one statistic of a website of the caller, `value` and SUM(`count`)
// grouped by value over the dates from..to, filtered, ordered and paginated; the answer is the
// framework's paginator itself plus the application's status field.
import { jsonResponse, notFound, serverError, validationFailed, type ApiResponse } from "./http-responses";
import { paginatorJson } from "./pagination";
import type { RequestInput } from "./request-input";
import { likeMatcher } from "./sql-like";
import { collationKey } from "./stat-table";
import { parseStatsQuery, statsLinkParameters, validateStatsInput, type StatsQuery } from "./stats-query";
import type { StoredStat } from "./types";
import { ownedWebsite, type HandlerContext } from "./website-handlers";
import { hasErrors } from "./website-validation";

interface StatRowJson {
  value: string;
  count: number;
}

/** GROUP BY value: one row per value as the collation compares, spelled as first recorded. */
function groupByValue(rows: readonly StoredStat[]): StatRowJson[] {
  const groups = new Map<string, StatRowJson>();
  for (const row of rows) {
    const key = collationKey(row.value);
    const group = groups.get(key);
    if (group) group.count += row.count;
    else groups.set(key, { value: row.value, count: row.count });
  }
  return [...groups.values()];
}

function compareValues(a: StatRowJson, b: StatRowJson): number {
  const left = collationKey(a.value);
  const right = collationKey(b.value);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * ORDER BY count or value. The database leaves the order of equal counts open; here they follow
 * the value, ascending, so that pages never overlap.
 */
function orderRows(rows: StatRowJson[], query: StatsQuery): StatRowJson[] {
  const direction = query.sort === "asc" ? 1 : -1;
  return rows.sort((a, b) =>
    query.sortBy === "value"
      ? direction * compareValues(a, b)
      : direction * (a.count - b.count) || compareValues(a, b),
  );
}

export function showStats(context: HandlerContext, id: string | undefined, input: RequestInput): ApiResponse {
  // The form request validates before the controller looks for the website.
  const errors = validateStatsInput(input);
  if (hasErrors(errors)) return validationFailed(errors, context.quirks);
  const website = ownedWebsite(context, id);
  if (!website || id === undefined) return notFound();
  const query = parseStatsQuery(input);
  if (!query) return serverError();

  let rows = context.store.stats.rowsOf(website.id, query.name, query.from, query.to);
  if (query.search !== null) {
    const matches = likeMatcher(query.search);
    rows = rows.filter((row) => matches(row.value));
  }
  const ordered = orderRows(groupByValue(rows), query);
  const start = (query.page - 1) * query.perPage;
  const paginator = paginatorJson({
    items: ordered.slice(start, start + query.perPage),
    total: ordered.length,
    currentPage: query.page,
    perPage: query.perPage,
    path: `${context.apiUrl}/stats/${id}`,
    keptQuery: statsLinkParameters(query),
    perPageAsString: context.quirks.stringPerPage,
  });
  return jsonResponse(200, { ...paginator, status: 200 });
}
