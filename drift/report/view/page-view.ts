// What --check-pages adds to a report's view: the counts by page status, their sentence, and for
// each website whose page is not simply right, its status, reason and likely cause in words. Every
// format shows these; the SARIF report adds a rule per status that needs a look (formats/sarif.ts).
import type { DriftEntry, PageStatus } from "../../model/entries";
import type { DriftReport } from "../../model/report";
import { plural } from "../../model/words";

export const pageStatuses: readonly PageStatus[] = ["present", "missing", "wrong", "unreachable"];

/** The JSON summary's name of a page status's count: `pagesPresent`, `pagesMissing`... */
export const pageCountKey = (status: PageStatus): string =>
  `pages${status[0]!.toUpperCase()}${status.slice(1)}`;

/** "Pages: 3 present, 1 missing, 0 wrong, 1 unreachable (5 home pages read, one GET each)." */
export function pageSummaryText(websites: readonly DriftEntry[]): string {
  const read = websites.filter((e) => e.page !== undefined);
  const parts = pageStatuses.map((s) => `${read.filter((e) => e.page?.status === s).length} ${s}`);
  return `Pages: ${parts.join(", ")} (${plural(read.length, "home page")} read, one GET each).`;
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

/** The page check's part of the view, when it ran. */
export interface PageView {
  /** The home pages read. */
  read: number;
  /** The websites by their page's status. */
  counts: Record<PageStatus, number>;
  /** pageSummaryText's sentence. */
  sentence: string;
}

export function pageView(report: DriftReport): PageView | undefined {
  if (!report.pages) return undefined;
  const counts = Object.fromEntries(
    pageStatuses.map((status) => [status, report.websites.filter((e) => e.page?.status === status).length]),
  ) as Record<PageStatus, number>;
  return { read: report.pages.read, counts, sentence: pageSummaryText(report.websites) };
}
