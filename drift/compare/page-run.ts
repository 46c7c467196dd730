// `drift --check-pages`: the page check (page-check.ts) of every website on the server that the
// run reads, a few at a time, with progress; each entry gets its page's status and, with
// --check-tracking, the likely cause of what the two checks found together.
import type { ProviderSettings } from "../../core/settings";
import type { NetworkSettings } from "../../sdk/client-options";
import { mapBounded } from "../read/bounded-pool";
import type { DriftEntry, PageCheck, PageFinding } from "../model/entries";
import { checkPage, PAGE_DEFAULTS } from "./page-check";
import type { PageCheckOptions } from "./page-check";
import type { TrackingTarget } from "./tracking";

export type { PageFinding };

/** `--check-pages`' bounds. */
export interface PageRunOptions {
  /** Pages read at once. */
  parallel: number;
  /** One page's deadline, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_PAGE_PARALLEL = 8;

/** The proxies and authorities of the installation, which reach its websites too. */
export function pageNetwork(settings: ProviderSettings): Omit<NetworkSettings, "skipTlsVerify"> {
  return {
    proxy: settings.proxyUrl ? { url: settings.proxyUrl.value } : settings.proxyVariables,
    caCertificates: settings.caCertFile?.value.certificates,
  };
}

/** What silence and the page say together, in a sentence. */
export function likelyCause(silent: boolean, page: PageCheck): string {
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
 * Reads each target's home page, `options.parallel` at a time, saying first how many and then
 * how far it got; sets `page` on each entry of a checked website. Never fails for a website.
 */
export async function markPages(
  targets: readonly TrackingTarget[],
  entries: readonly DriftEntry[],
  settings: ProviderSettings,
  options: PageRunOptions,
  err: (text: string) => void,
): Promise<void> {
  const check: PageCheckOptions = {
    ...PAGE_DEFAULTS,
    timeoutMs: options.timeoutMs,
    network: pageNetwork(settings),
  };
  err(
    `Checking pages: ${targets.length} home page${targets.length === 1 ? "" : "s"}, ${options.parallel} at a time, ` +
      `at most ${Math.round(options.timeoutMs / 1000)} s each.\n`,
  );
  const step = Math.max(10, Math.ceil(targets.length / 10));
  const pages = await mapBounded(
    targets,
    options.parallel,
    (t) => checkPage(t.domain, t.client.baseUrl, check),
    (done) => {
      if (done % step === 0 || done === targets.length)
        err(`Pages: ${done} of ${targets.length} home pages read.\n`);
    },
  );
  const byKey = new Map(targets.map((t, i) => [`${t.client.baseUrl} ${t.id}`, pages[i]!]));
  for (const entry of entries) {
    const page = byKey.get(`${entry.account.url} ${entry.id}`);
    if (!page) continue;
    entry.page = entry.silent === undefined ? page : { ...page, cause: likelyCause(entry.silent, page) };
  }
}
