// What `--check-pages` adds to the reports: a line of counts, and for each website whose page is
// not simply right, its status, reason and likely cause. report.ts puts them in each format.
import type { DriftEntry } from "./compare";
import type { PageStatus } from "./page-check";

export const pageStatuses: readonly PageStatus[] = ["present", "missing", "wrong", "unreachable"];

/** The JSON summary's counts: `pagesPresent`, `pagesMissing`, `pagesWrong`, `pagesUnreachable`. */
export function pageCounts(websites: readonly DriftEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of pageStatuses) {
    counts[`pages${status[0]!.toUpperCase()}${status.slice(1)}`] = websites.filter(
      (e) => e.page?.status === status,
    ).length;
  }
  return counts;
}

/** "Pages: 3 present, 1 missing, 0 wrong, 1 unreachable (5 home pages read)." */
export function pageSummaryText(websites: readonly DriftEntry[]): string {
  const read = websites.filter((e) => e.page !== undefined);
  const parts = pageStatuses.map((s) => `${read.filter((e) => e.page?.status === s).length} ${s}`);
  return `Pages: ${parts.join(", ")} (${read.length} home page${read.length === 1 ? "" : "s"} read, one GET each).`;
}

/** Whether a website's page is worth a line: not right, or a cause to tell. */
export const pageNoted = (e: DriftEntry): boolean =>
  e.page !== undefined && (e.page.status !== "present" || (e.page.cause !== undefined && e.silent === true));

/** "page missing: no tracking code in the home page (https://example.com/); silent because ..." */
export function pageDetail(e: DriftEntry): string {
  const page = e.page;
  if (!page) return "";
  const where = page.url ? ` (${page.url})` : "";
  const reason = page.reason ? `: ${page.reason}` : "";
  return `page ${page.status}${reason}${where}${page.cause ? `; ${page.cause}` : ""}`;
}
