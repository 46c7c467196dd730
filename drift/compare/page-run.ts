// `drift --check-pages`: the page check (page-check.ts) of every website on the server that the
// run reads, a few at a time, with progress, within the run's bounds (a deadline and a budget of
// requests for all the pages together, besides each page's own); each entry gets its page's
// status and, with --check-tracking, the likely cause of what the two checks found together
// (new entries: the entries given are left as they are). No
// website, and nothing its page does, fails the run: a page that is not read has its reason.
import type { ProviderSettings } from "../../core/settings";
import type { NetworkSettings } from "../../sdk/client-options";
import { mapBounded } from "../../core/bounded-pool";
import type { DriftEntry, PageCheck } from "../model/entries";
import { checkPage, PAGE_DEFAULTS, pageRequestsAtMost } from "./page-check";
import type { PageCheckOptions, PageRunBounds } from "./page-check";
import type { TrackingTarget } from "./tracking";
import { plural } from "../model/words";
import { progressEvery, progressStep } from "../model/progress";

/** `--check-pages`' bounds. */
export interface PageRunOptions {
  /** Pages read at once. */
  parallel: number;
  /** One page's deadline, in milliseconds. */
  timeoutMs: number;
  /** The deadline of all the pages together, in milliseconds (default DEFAULT_PAGE_RUN_TIMEOUT_MS). */
  runTimeoutMs?: number;
  /** Intranet websites: addresses that are not public are requested too (--page-allow-private). */
  allowPrivate?: boolean;
  /** --verbose: a line for each request a page makes, and one for each website's status. */
  log?: (line: string) => void;
}

/** The page options with --verbose's lines, when it is on. */
export const withPageLog = (pages: PageRunOptions, verbose: { say: (line: string) => void } | undefined) =>
  verbose ? { ...pages, log: verbose.say } : pages;

export const DEFAULT_PAGE_PARALLEL = 8;

/** Ten minutes for all the pages of a run: 480 pages that each take their whole 10 s, 8 at a time. */
export const DEFAULT_PAGE_RUN_TIMEOUT_MS = 600_000;

/**
 * The requests all the pages of a run may make together: four per website, and at least what one
 * page may make alone (pageRequestsAtMost). A website that answers
 * makes one or two; redirect chains and loops draw on the others' share, up to this bound.
 */
const PAGE_REQUESTS_PER_WEBSITE = 4;

function pageRequestBudget(websites: number, maxRedirects = PAGE_DEFAULTS.maxRedirects): number {
  return Math.max(PAGE_REQUESTS_PER_WEBSITE * websites, pageRequestsAtMost(maxRedirects));
}

/** A website to check: its domain as the server stores it, and its installation's root URL. */
interface PageTarget {
  domain: string;
  host: string;
}

/**
 * Checks each target's home page, `parallel` at a time, within `runTimeoutMs` and the run's
 * request budget: the results in the targets' order, one for each. Never rejects: a page not
 * read within the run's bounds is `unreachable` and says which bound, and anything a page's check
 * throws is its website's status.
 */
export async function checkPages(
  targets: readonly PageTarget[],
  check: Omit<PageCheckOptions, "run">,
  bounds: { parallel: number; runTimeoutMs: number },
  onDone: (done: number) => void = () => {},
): Promise<PageCheck[]> {
  const run: PageRunBounds = {
    signal: AbortSignal.timeout(bounds.runTimeoutMs),
    deadlineReason: `not read: the page check's bound of ${bounds.runTimeoutMs / 1000} s for the whole run was reached (--page-run-timeout)`,
    requests: { left: 0, total: pageRequestBudget(targets.length, check.maxRedirects) },
  };
  run.requests.left = run.requests.total;
  return mapBounded(
    targets,
    bounds.parallel,
    async (target) => {
      const page = await checkPage(target.domain, target.host, { ...check, run }).catch(
        (error: unknown): PageCheck => ({
          status: "unreachable",
          reason: `the page check failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      check.log?.(`page of ${target.domain}: ${page.status}${page.reason ? `, ${page.reason}` : ""}`);
      return page;
    },
    onDone,
  );
}

/** The proxies and authorities of the installation, which reach its websites too. */
function pageNetwork(settings: ProviderSettings): Omit<NetworkSettings, "skipTlsVerify"> {
  return {
    proxy: settings.proxyUrl ? { url: settings.proxyUrl.value } : settings.proxyVariables,
    caCertificates: settings.caCertFile?.value.certificates,
  };
}

/** What silence and the page say together, in a sentence. */
function likelyCause(silent: boolean, page: PageCheck): string {
  if (!silent) {
    return page.status === "present"
      ? "tracked: the tracking code is there and hits arrive"
      : "hits arrive, though the home page shows no working tracking code: other pages may carry it";
  }
  switch (page.status) {
    case "missing":
      return "silent because the home page lacks the tracking code (never added, or removed in a redesign)";
    case "wrong":
      return `silent because the tracking code is broken: ${page.reason ?? "wrong"}`;
    case "unreachable":
      return `silent, and the home page could not be read: ${page.reason ?? "unreachable"}`;
    case "present":
      return "silent although the tracking code is there: likely no visitors (or browsers sending Do Not Track with data-dnt true)";
  }
}

/**
 * The entries anew, each entry of a checked website with its page's status (and, when its
 * silence is known, the likely cause): `pages` by `pageKey` of its installation and id.
 */
export function withPages(
  entries: readonly DriftEntry[],
  pages: ReadonlyMap<string, PageCheck>,
): DriftEntry[] {
  return entries.map((entry): DriftEntry => {
    const page = pages.get(pageKey(entry.account.url, entry.id));
    if (!page) return entry;
    return {
      ...entry,
      page: entry.silent === undefined ? page : { ...page, cause: likelyCause(entry.silent, page) },
    };
  });
}

/** The key of a website's page: its installation's root URL and its id. */
export const pageKey = (installation: string, id: number): string => `${installation} ${id}`;

/**
 * Reads each target's home page, `options.parallel` at a time, saying first how many and then
 * how far it got; resolves with each page's status, in the targets' order. Never fails for a
 * website.
 */
export async function readPageChecks(
  targets: readonly TrackingTarget[],
  settings: ProviderSettings,
  options: PageRunOptions,
  err: (text: string) => void,
): Promise<PageCheck[]> {
  const check: Omit<PageCheckOptions, "run"> = {
    ...PAGE_DEFAULTS,
    timeoutMs: options.timeoutMs,
    network: pageNetwork(settings),
    allowPrivate: options.allowPrivate === true,
    ...(options.log ? { log: options.log } : {}),
  };
  const runTimeoutMs = options.runTimeoutMs ?? DEFAULT_PAGE_RUN_TIMEOUT_MS;
  err(
    `Checking pages: ${plural(targets.length, "home page")}, ${options.parallel} at a time, ` +
      `at most ${Math.round(options.timeoutMs / 1000)} s each.\n`,
  );
  const pages = await checkPages(
    targets.map((t) => ({ domain: t.domain, host: t.client.baseUrl })),
    check,
    { parallel: options.parallel, runTimeoutMs },
    progressEvery(targets.length, progressStep(targets.length, 10), (done) =>
      err(`Pages: ${done} of ${targets.length} home pages read.\n`),
    ),
  );
  const cut = pages.filter((p) => p.reason?.startsWith("not read: the page check's")).length;
  if (cut > 0) {
    err(
      `Pages: ${plural(cut, "home page")} not read, the page check's bound for the whole run was reached.\n`,
    );
  }
  return pages;
}

/**
 * Reads each target's home page (readPageChecks); resolves with the entries anew, each entry of a
 * checked website with its `page`. Never fails for a website.
 */
export async function checkEntryPages(
  targets: readonly TrackingTarget[],
  entries: readonly DriftEntry[],
  settings: ProviderSettings,
  options: PageRunOptions,
  err: (text: string) => void,
): Promise<DriftEntry[]> {
  const pages = await readPageChecks(targets, settings, options, err);
  return withPages(entries, new Map(targets.map((t, i) => [pageKey(t.client.baseUrl, t.id), pages[i]!])));
}
