// `drift --check-tracking`: the window of dates (the last N in UTC, today's included), the silent
// rule, what the command says it will cost, how it combines with a website's status for
// --fail-on, and the check itself over stub clients (order, deleted websites, the first failure).
import { describe, expect, it } from "vitest";
import { NotFoundError, ServerError } from "../../../../sdk";
import type { WebstatsClient } from "../../../../sdk";
import { failsOn } from "../../../../drift/model/entries";
import type { DriftEntry } from "../../../../drift/model/entries";
import {
  checkTracking,
  costText,
  dailyCounts,
  dailyDates,
  durationText,
  isSilent,
  leastSeconds,
  trackingProgressStep,
  trackingWindow,
} from "../../../../drift/compare/tracking";
import type { TrackingTarget } from "../../../../drift/compare/tracking";

describe("drift: the tracking window", () => {
  it("is the last N dates in UTC, today's included", () => {
    const now = new Date("2026-11-24T15:30:00Z");
    expect(trackingWindow(now, 7)).toEqual({ days: 7, from: "2026-11-18", to: "2026-11-24" });
    expect(trackingWindow(now, 1)).toEqual({ days: 1, from: "2026-11-24", to: "2026-11-24" });
    expect(trackingWindow(now, 30)).toEqual({ days: 30, from: "2026-10-26", to: "2026-11-24" });
  });

  it("takes today's date in UTC, whatever the local time zone says", () => {
    // Just after midnight UTC (still the 23rd west of Greenwich), and just before it.
    expect(trackingWindow(new Date("2026-11-24T00:00:01Z"), 2)).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-24",
    });
    expect(trackingWindow(new Date("2026-11-23T23:59:59Z"), 2)).toMatchObject({
      from: "2026-11-22",
      to: "2026-11-23",
    });
  });

  it("crosses months, years and leap days", () => {
    expect(trackingWindow(new Date("2026-03-02T08:00:00Z"), 3)).toMatchObject({ from: "2026-02-28" });
    expect(trackingWindow(new Date("2028-03-01T08:00:00Z"), 2)).toMatchObject({ from: "2028-02-29" });
    expect(trackingWindow(new Date("2027-01-03T08:00:00Z"), 7)).toMatchObject({ from: "2026-12-28" });
    expect(trackingWindow(new Date("2026-11-24T08:00:00Z"), 3650)).toMatchObject({ from: "2016-11-27" });
  });
});

describe("drift: the silent rule", () => {
  it("is silent when no date of the window has a pageview", () => {
    expect(isSilent([])).toBe(true);
    expect(isSilent([{ count: 0 }])).toBe(true);
    expect(isSilent([{ count: 1 }])).toBe(false);
    expect(isSilent([{ count: 0 }, { count: 3 }])).toBe(false);
  });

  it("combines with any status: --fail-on names the status, silent, or both", () => {
    const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };
    const entry = (status: DriftEntry["status"], silent?: boolean): DriftEntry => ({
      domain: "a.example.com",
      id: 1,
      status,
      stacks: [],
      resources: [],
      account,
      ...(silent === undefined ? {} : { silent }),
    });
    expect(failsOn(entry("in-sync", true), ["silent"])).toBe(true);
    expect(failsOn(entry("in-sync", false), ["silent"])).toBe(false);
    expect(failsOn(entry("in-sync", true), ["changed", "gone"])).toBe(false);
    expect(failsOn(entry("changed", true), ["changed"])).toBe(true);
    expect(failsOn(entry("changed", false), ["silent"])).toBe(false);
    expect(failsOn(entry("gone"), ["silent"])).toBe(false);
    expect(failsOn(entry("unmanaged", true), [])).toBe(false);
  });
});

describe("drift: the daily counts of the window", () => {
  it("are of the window's last 100 dates at most, oldest first", () => {
    expect(dailyDates({ days: 3, from: "2026-02-27", to: "2026-03-01" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
    const long = dailyDates({ days: 365, from: "2025-11-25", to: "2026-11-24" });
    expect(long).toHaveLength(100);
    expect(long[0]).toBe("2026-08-17");
    expect(long.at(-1)).toBe("2026-11-24");
  });

  it("count 0 for a date without a row, and ignore rows outside the dates", () => {
    const dates = ["2026-11-22", "2026-11-23", "2026-11-24"];
    const rows = [
      { value: "2026-11-24", count: 4 },
      { value: "2026-11-22", count: 1 },
      { value: "2026-11-01", count: 9 },
    ];
    expect(dailyCounts(rows, dates)).toEqual([1, 0, 4]);
    expect(dailyCounts([], dates)).toEqual([0, 0, 0]);
  });

  it("ask for a page that holds a row for each of those dates", async () => {
    const asked: unknown[] = [];
    const client = {
      baseUrl: "https://stats.example.com",
      stats: {
        listPage: (_id: number, query: { perPage: number }) => {
          asked.push(query.perPage);
          return Promise.resolve({ data: [{ value: "2026-11-24", count: 2 }], total: 1 });
        },
      },
    } as unknown as WebstatsClient;
    for (const days of [1, 10, 11, 25, 26, 50, 51, 100, 3650]) {
      const read = await checkTracking([{ client, id: 1, domain: "a.example.com" }], {
        ...trackingWindow(new Date("2026-11-24T12:00:00Z"), days),
      });
      expect(read[0]?.daily.at(-1)).toBe(2);
      expect(read[0]?.daily).toHaveLength(Math.min(days, 100));
    }
    expect(asked).toEqual([10, 10, 25, 25, 50, 50, 100, 100, 100]);
  });
});

describe("drift: what the check costs", () => {
  it("takes whole windows of 60 at the server's limit, or the client's own slower pace", () => {
    expect(leastSeconds(0)).toBe(0);
    expect(leastSeconds(1)).toBe(0);
    // No request, or one, takes no time at any pace.
    expect(leastSeconds(0, 30)).toBe(0);
    expect(leastSeconds(1, 30)).toBe(0);
    expect(leastSeconds(60)).toBe(0);
    expect(leastSeconds(61)).toBe(60);
    expect(leastSeconds(500)).toBe(480);
    expect(leastSeconds(500, 120)).toBe(480);
    expect(leastSeconds(31, 30)).toBe(60);
    expect(leastSeconds(500, 30)).toBe(998);
  });

  it("says how many requests and how long at least, before it starts", () => {
    const window = { days: 7, from: "2026-11-18", to: "2026-11-24" };
    expect(costText(500, window)).toBe(
      "Checking tracking: 500 requests, one per website on the server (its pageviews from 2026-11-18 " +
        "to 2026-11-24, UTC dates), paced at the server's limit of 60 a minute: at least 8 minutes.",
    );
    // 61 requests take one whole window: said from a minute on.
    expect(costText(61, window)).toMatch(/a minute: at least 1 minute\.$/);
    expect(costText(1, window)).toBe(
      "Checking tracking: 1 request, one per website on the server (its pageviews from 2026-11-18 " +
        "to 2026-11-24, UTC dates), paced at the server's limit of 60 a minute.",
    );
    expect(costText(500, window, 30)).toContain(
      "paced at 30 a minute (WEBSTATS_REQUESTS_PER_MINUTE): at least 16 minutes.",
    );
    expect(costText(500, window, 600)).toContain("the server's limit of 60 a minute: at least 8 minutes.");
    // A client pace equal to the server's limit is that limit.
    expect(costText(500, window, 60)).toContain(
      "paced at the server's limit of 60 a minute: at least 8 minutes.",
    );
    expect(durationText(60)).toBe("1 minute");
    expect(durationText(3600)).toBe("1 hour");
    expect(durationText(3960)).toBe("1 hour 6 minutes");
    expect(durationText(7260)).toBe("2 hours 1 minute");
  });

  it("reports progress about ten times, every 10 websites at most, every window of 60 at least", () => {
    expect(trackingProgressStep(1)).toBe(10);
    expect(trackingProgressStep(40)).toBe(10);
    expect(trackingProgressStep(500)).toBe(50);
    expect(trackingProgressStep(5000)).toBe(60);
  });
});

describe("drift: checkTracking", () => {
  const window = { days: 7, from: "2026-11-18", to: "2026-11-24" };
  const notFound = () =>
    new NotFoundError({
      status: 404,
      method: "GET",
      path: "/api/v1/stats/2",
      body: {},
      detail: "Resource not found.",
    });

  /** A client whose pageviews read answers `answer(id)` after a delay that reverses the order. */
  function stubClient(answer: (id: number) => { count: number }[] | Error) {
    const asked: { id: number; query: unknown }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const client = {
      baseUrl: "https://stats.example.com",
      stats: {
        listPage: async (id: number, query: unknown) => {
          asked.push({ id, query });
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 20 - id));
          inFlight -= 1;
          const rows = answer(id);
          if (rows instanceof Error) throw rows;
          return { data: rows.map((r) => ({ value: "2026-11-20", ...r })), total: rows.length };
        },
      },
    } as unknown as WebstatsClient;
    return { client, asked, mostInFlight: () => mostInFlight };
  }

  it("reads one page of pageviews per website, a few at a time, in the targets' order", async () => {
    const stub = stubClient((id) => (id % 2 === 0 ? [] : [{ count: id }]));
    const targets: TrackingTarget[] = Array.from({ length: 12 }, (_, i) => ({
      client: stub.client,
      id: i + 1,
      domain: `site-${i + 1}.example.com`,
    }));
    const progress: number[] = [];
    const reads = await checkTracking(targets, window, (done) => progress.push(done));
    expect(reads.map((r) => r?.silent)).toEqual(targets.map((t) => t.id % 2 === 0));
    expect(stub.asked).toHaveLength(12);
    // The newest dates first, a page as large as the window: the same read gives the daily counts.
    expect(stub.asked[0]).toEqual({
      id: 1,
      query: {
        name: "pageviews",
        from: "2026-11-18",
        to: "2026-11-24",
        perPage: 10,
        sortBy: "value",
        sort: "desc",
      },
    });
    expect(reads[0]?.daily).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(stub.mostInFlight()).toBe(8);
  });

  it("leaves a website deleted since its listing unmarked", async () => {
    const stub = stubClient((id) => (id === 2 ? notFound() : []));
    const targets = [1, 2, 3].map((id) => ({ client: stub.client, id, domain: `s${id}.example.com` }));
    expect((await checkTracking(targets, window)).map((r) => r?.silent)).toEqual([true, undefined, true]);
  });

  it("answers for every target, the last one deleted since its listing too", async () => {
    const stub = stubClient((id) => (id === 3 ? notFound() : []));
    const targets = [1, 2, 3].map((id) => ({ client: stub.client, id, domain: `s${id}.example.com` }));
    const reads = await checkTracking(targets, window);
    expect(reads).toHaveLength(3);
    expect(reads[2]).toBeUndefined();
  });

  it("stops at the first failure, naming the website", async () => {
    const failure = new ServerError({
      status: 502,
      method: "GET",
      path: "/api/v1/stats/3",
      body: "<html>Bad Gateway</html>",
      detail: "Bad Gateway",
    });
    const stub = stubClient((id) => (id === 3 ? failure : []));
    const targets = Array.from({ length: 40 }, (_, i) => ({
      client: stub.client,
      id: i + 1,
      domain: `s${i + 1}.example.com`,
    }));
    const check = checkTracking(targets, window);
    await expect(check).rejects.toThrow(
      /^The pageviews of website s3\.example\.com \(3\) at https:\/\/stats\.example\.com could not be read: /,
    );
    await expect(check).rejects.toMatchObject({ cause: failure });
    expect(stub.asked.length).toBeLessThan(40);
  });
});
