// What `--check-pages` adds to the reports: a line of counts, and for each website whose page is
// not simply right, its status, reason and likely cause. report.ts puts them in each format,
// sarif.ts a rule per status that needs a look.
import { createHash } from "node:crypto";
import type { DriftEntry, PageStatus } from "../model/entries";
import { neutralText } from "../model/neutral-text";
import { plural } from "../model/words";

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

/** The SARIF rules of the page check, one per status that needs a look (`present` needs none). */
const pageRules = {
  missing: {
    name: "TrackingCodeMissing",
    short: "A website's home page does not carry the installation's tracking code.",
    help: "Put the Website's trackingCode output (or getTrackingCode's) into the site's pages; see docs/tracking-code.md.",
  },
  wrong: {
    name: "TrackingCodeWrong",
    short: "A website's home page carries a tracking code of another installation, or a broken one.",
    help: "Replace the snippet in the site's pages with the Website's trackingCode output; see docs/tracking-code.md.",
  },
  unreachable: {
    name: "HomePageUnreachable",
    short: "A website's home page could not be read, so its tracking code could not be checked.",
    help: "Check that the website answers at its domain (the reason says what failed), or check it from a network that reaches it.",
  },
} as const;

type PageRuleStatus = keyof typeof pageRules;
const pageRuleIds = Object.keys(pageRules) as PageRuleStatus[];
const sarifPageRuleId = (status: PageRuleStatus): string => `page/${status}`;

/**
 * The page check's rules and results, for the SARIF report: a warning per website whose home
 * page is not right, located where the website is (`locate`, as drift's other findings), with a
 * fingerprint of the website and the status so that an alert stays one from run to run.
 * Pages have no --fail-on value: their results are warnings.
 */
export function pageSarif(
  websites: readonly DriftEntry[],
  firstIndex: number,
  locate: (entry: DriftEntry) => object,
) {
  const rules = pageRuleIds.map((status) => ({
    id: sarifPageRuleId(status),
    name: pageRules[status].name,
    shortDescription: { text: pageRules[status].short },
    fullDescription: { text: pageRules[status].short },
    help: { text: pageRules[status].help },
    defaultConfiguration: { level: "warning" },
  }));
  const results = websites.flatMap((e) => {
    const status = e.page?.status;
    if (status === undefined || status === "present") return [];
    return [
      {
        ruleId: sarifPageRuleId(status),
        ruleIndex: firstIndex + pageRuleIds.indexOf(status),
        level: "warning",
        message: {
          text: neutralText(`${e.domain} (${e.id}) on the account ${e.account.email}: ${pageDetail(e)}.`),
        },
        locations: [locate(e)],
        partialFingerprints: {
          "webstatsPage/v1": createHash("sha256")
            .update(JSON.stringify([e.account.url, e.account.id, e.domain, status]))
            .digest("hex"),
        },
      },
    ];
  });
  return { rules, results };
}
