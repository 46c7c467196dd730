// `drift --check-tracking`: the websites that had no pageview in the last N days (silent). The
// API has no "last seen" field, so each website costs one request: its `pageviews` statistic over
// the window, one page (a row per date with pageviews; any row answers the question), newest
// dates first and as large as the window up to 100 rows, so that the same answer also gives the
// daily counts of the window's last 100 dates at most (the HTML report's sparkline). The
// requests go through each account's client, so the installation's one pacer
// spaces them at the server's limit (60 a minute on a stock installation, shared by every
// account): 500 websites take at least 8 minutes, which the command says before it starts.
//
// Dates: the server files a pageview under the date in the account's time zone; the window here
// is the last N dates in UTC, today's included, so it can be off by up to a day at either end.
import { NotFoundError } from "../../sdk";
import type { WebstatsClient } from "../../sdk";
import { settingSpecs } from "../../core/settings";
import type { TrackingWindow } from "../model/report";
import { plural } from "../model/words";
import { progressStep } from "../model/progress";
import { mapBounded } from "../../core/bounded-pool";
import { DAY_MS } from "../model/days";

export const DEFAULT_SILENT_DAYS = 7;
/** Ten years: a longer window says nothing more, and keeps the dates in the server's format. */
export const MAX_SILENT_DAYS = 3650;
/** A stock installation's throttle: 60 requests a minute per client address. */
const SERVER_REQUESTS_PER_MINUTE = 60;
/** Reads in flight at once; the pacer decides when each may start. */
const CONCURRENCY = 8;

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last `days` dates in UTC, the date of `now` the last of them. */
export function trackingWindow(now: Date, days: number): TrackingWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days, from: isoDate(today - (days - 1) * DAY_MS), to: isoDate(today) };
}

/** Silent: the window's pageview rows (one per date) count no pageview. */
export const isSilent = (rows: readonly { count: number }[]): boolean => !rows.some((row) => row.count > 0);

/** The most dates whose daily counts one read gives: the server's largest page. */
export const DAILY_COUNTS_AT_MOST = 100;

/** The page size that holds a row for each of the window's last DAILY_COUNTS_AT_MOST dates. */
const dailyPageSize = (days: number): 10 | 25 | 50 | 100 => {
  const rows = Math.min(days, DAILY_COUNTS_AT_MOST);
  return rows <= 10 ? 10 : rows <= 25 ? 25 : rows <= 50 ? 50 : 100;
};

/** The dates of the window whose daily counts are read: its last DAILY_COUNTS_AT_MOST, oldest first. */
export function dailyDates(window: TrackingWindow): string[] {
  const to = Date.parse(`${window.to}T00:00:00Z`);
  const count = Math.min(window.days, DAILY_COUNTS_AT_MOST);
  return Array.from({ length: count }, (_, i) => isoDate(to - (count - 1 - i) * DAY_MS));
}

/**
 * The pageviews of each of `dates` from the rows of one read (a row per date, the newest first):
 * 0 for a date without a row. The rows, newest first and as many as the dates, hold every one of
 * those dates that had a pageview.
 */
export function dailyCounts(
  rows: readonly { value: string; count: number }[],
  dates: readonly string[],
): number[] {
  const byDate = new Map<string, number>();
  for (const row of rows) byDate.set(row.value, (byDate.get(row.value) ?? 0) + row.count);
  return dates.map((date) => byDate.get(date) ?? 0);
}

/**
 * The least time `requests` requests take from the first to the last, in seconds: whole windows
 * of the server's limit, or the client's own pacing (WEBSTATS_REQUESTS_PER_MINUTE) when slower.
 */
export function leastSeconds(requests: number, clientPerMinute = 0): number {
  if (requests <= 1) return 0;
  const windows = Math.floor((requests - 1) / SERVER_REQUESTS_PER_MINUTE) * 60;
  const paced = clientPerMinute > 0 ? ((requests - 1) * 60) / clientPerMinute : 0;
  return Math.max(windows, paced);
}

/** "8 minutes", "1 hour 5 minutes": whole minutes, rounded down. */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return plural(minutes, "minute");
  return minutes % 60 === 0
    ? plural(hours, "hour")
    : `${plural(hours, "hour")} ${plural(minutes % 60, "minute")}`;
}

/** What the check will cost, said before it starts. */
export function costText(requests: number, window: TrackingWindow, clientPerMinute = 0): string {
  const slower = clientPerMinute > 0 && clientPerMinute < SERVER_REQUESTS_PER_MINUTE;
  const pace = slower
    ? `${clientPerMinute} a minute (${settingSpecs.requestsPerMinute.env})`
    : `the server's limit of ${SERVER_REQUESTS_PER_MINUTE} a minute`;
  const least = leastSeconds(requests, clientPerMinute);
  return (
    `Checking tracking: ${plural(requests, "request")}, one per website on the server (its pageviews ` +
    `from ${window.from} to ${window.to}, UTC dates), paced at ${pace}` +
    (least >= 60 ? `: at least ${durationText(least)}.` : ".")
  );
}

/**
 * After how many checked websites a progress line is due: about ten lines, none more often than
 * every 10 websites nor less often than every window of the server's limit.
 */
export const trackingProgressStep = (total: number): number =>
  progressStep(total, 10, SERVER_REQUESTS_PER_MINUTE);

export interface TrackingTarget {
  client: WebstatsClient;
  id: number;
  domain: string;
}

/** What one read says of a website: whether it is silent, and its pageviews of each date read. */
export interface TrackingRead {
  silent: boolean;
  /** The pageviews of each of dailyDates(window), oldest first. */
  daily: number[];
}

/**
 * Reads each target's pageviews over the window, a few at a time, and resolves with what each
 * read says, in the targets' order: undefined for a website deleted since its listing (the check
 * of hundreds of websites takes minutes). `checked` hears the count after each answer. The first
 * failure stops the check and rejects naming the website.
 */
export async function checkTracking(
  targets: readonly TrackingTarget[],
  window: TrackingWindow,
  checked: (done: number) => void = () => {},
): Promise<(TrackingRead | undefined)[]> {
  const dates = dailyDates(window);
  return await mapBounded(
    targets,
    CONCURRENCY,
    async ({ client, id, domain }): Promise<TrackingRead | undefined> => {
      try {
        // The newest dates first: a page of the window's last dates holds every one of them
        // that had a pageview, and any row at all says the website is not silent.
        const page = await client.stats.listPage(id, {
          name: "pageviews",
          from: window.from,
          to: window.to,
          perPage: dailyPageSize(window.days),
          sortBy: "value",
          sort: "desc",
        });
        return { silent: isSilent(page.data), daily: dailyCounts(page.data, dates) };
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw new Error(
          `The pageviews of website ${domain} (${id}) at ${client.baseUrl} could not be read: ${(error as Error).message}`,
          { cause: error },
        );
      }
    },
    checked,
  );
}
