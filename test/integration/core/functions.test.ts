// The data functions' core over real HTTP: arguments checked before any request, one error for
// a missing website whichever way it was looked up, and results shaped as the schema says;
// getWebsiteStats over hits sent to the emulator's tracker (POST /api/event).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { ClientRegistry } from "../../../core/clients";
import { getAccount, getWebsite, getWebsiteStats, getWebsites } from "../../../core/functions";
import { WebsiteNotFoundError } from "../../../core/lookup-errors";
import { resultTypes } from "../../../core/result-types";
import { resolveSettings } from "../../../core/settings";
import type { CoreContext } from "../../../core/website-lifecycle";
import { NotFoundError, WebstatsClient } from "../../../sdk";

let emulator: Emulator;
let account: EmulatorAccount;
let context: CoreContext;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount({ name: "Functions" });
  const settings = resolveSettings(() => undefined, {
    WEBSTATS_BASE_URL: emulator.url,
    WEBSTATS_API_KEY: account.apiKey,
  });
  context = { settings, clients: new ClientRegistry() };
});
afterAll(() => emulator.close());

/** The keys of an object, and of the objects inside it, as paths. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${prefix}${key}`,
    ...keyPaths(inner, `${prefix}${key}.`),
  ]);
}

describe("functions", () => {
  it("report a missing website the same way by id and by domain", async () => {
    const byId = await getWebsite(context, { id: 987654 }).catch((error: unknown) => error);
    const byDomain = await getWebsite(context, { domain: "https://www.Nowhere.example" }).catch(
      (error: unknown) => error,
    );
    expect(byId).toBeInstanceOf(WebsiteNotFoundError);
    expect(byDomain).toBeInstanceOf(WebsiteNotFoundError);
    expect((byId as Error).message).toBe("No website with the id 987654 in this account.");
    expect((byDomain as Error).message).toBe(
      'No website with the domain "https://www.Nowhere.example" in this account.',
    );
    expect((byId as WebsiteNotFoundError).lookup).toEqual({ id: 987654 });
    expect((byId as Error).cause).toBeInstanceOf(NotFoundError);
  });

  it("refuse bad arguments before any request, naming the argument and the fix", async () => {
    emulator.resetRequestCounts();
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => getWebsites(context, { sortBy: "name" }),
        'getWebsites: sortBy must be one of "id" or "domain", not "name".',
      ],
      [
        () => getWebsites(context, { serch: "a" }),
        "getWebsites: serch is not an argument of getWebsites (did you mean search?)",
      ],
      [
        () => getWebsite(context, { id: -3 }),
        "getWebsite: id must be a website id, a whole number such as 42.",
      ],
      [
        () => getWebsite(context, { id: 1, domain: "a.example" }),
        "getWebsite takes either id or domain, not both.",
      ],
      [() => getWebsite(context, {}), "getWebsite needs an id or a domain."],
      [() => getAccount(context, { connection: { baseUrl: "ftp://x" } }), "getAccount: Invalid base URL"],
      [
        () => getWebsiteStats(context, { id: 1, from: "2026-05-02", to: "2026-05-01" }),
        "getWebsiteStats: from (2026-05-02) is after to (2026-05-01).",
      ],
      [
        () => getWebsiteStats(context, { id: 1, from: "2026-05-01", to: "1 June" }),
        'getWebsiteStats: to is a date written YYYY-MM-DD, got "1 June".',
      ],
      [
        () =>
          getWebsiteStats(context, {
            id: 1,
            from: "2026-05-01",
            to: "2026-05-31",
            top: { name: "landing_page", count: 3 },
          }),
        'got "landing_page" (did you mean "landingPage"?).',
      ],
    ];
    for (const [call, message] of cases) await expect(call()).rejects.toThrow(message);
    expect(emulator.requestCounts()).toEqual({});
  });

  it("return results with exactly the properties the schema's result types describe", async () => {
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const created = await client.websites.create({ domain: "shape.example.com", excludeIps: ["10.0.0.1"] });
    const accountResult = await getAccount(context, {});
    expect(keyPaths(accountResult).sort()).toEqual(
      [
        ...Object.keys(resultTypes.Account.properties),
        ...Object.keys(resultTypes.Plan.properties).map((key) => `plan.${key}`),
        ...Object.keys(resultTypes.PlanFeatures.properties).map((key) => `plan.features.${key}`),
      ].sort(),
    );
    const website = await getWebsite(context, { domain: "www.Shape.example.com" });
    expect(website.id).toBe(created.id);
    expect(Object.keys(website).sort()).toEqual(Object.keys(resultTypes.WebsiteInfo.properties).sort());
    const { websites } = await getWebsites(context, { search: "shape", sort: "asc" });
    expect(websites.map((w) => w.id)).toEqual([created.id]);
  });
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow: today's hits whatever the clock does during the test. */
const range = () => ({ from: day(-1), to: day(1) });

/** A pageview as the tracking script sends it. */
async function hit(page: string, referrer: string): Promise<void> {
  const response = await fetch(`${emulator.url}/api/event`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "user-agent": BROWSER },
    body: JSON.stringify({ page, referrer, screen_resolution: "1280x720" }),
  });
  expect(await response.text()).toBe("200");
}

describe("getWebsiteStats", () => {
  it("sums pageviews and visitors over the dates and lists a statistic's most counted values", async () => {
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const site = await client.websites.create({ domain: "traffic.example.com" });
    const own = `https://${site.domain}/`;
    // Six pageviews; two visits (a referrer of another site, or none); / twice, /docs three times.
    await hit(`https://${site.domain}/`, "https://news.example/item");
    await hit(`https://${site.domain}/`, own);
    await hit(`https://${site.domain}/docs`, own);
    await hit(`https://${site.domain}/docs`, own);
    await hit(`https://${site.domain}/docs`, "");
    await hit(`https://${site.domain}/pricing`, own);

    emulator.resetRequestCounts();
    const totals = await getWebsiteStats(context, { id: site.id, ...range() });
    expect(totals).toEqual({ pageviews: 6, visitors: 2 });
    // One page of each per-date statistic.
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/stats/:id": 2 });

    emulator.resetRequestCounts();
    const withTop = await getWebsiteStats(context, {
      id: site.id,
      ...range(),
      top: { name: "page", count: 2 },
    });
    expect(withTop).toEqual({
      pageviews: 6,
      visitors: 2,
      top: [
        { value: "/docs", count: 3 },
        { value: "/", count: 2 },
      ],
    });
    expect(Object.keys(withTop).sort()).toEqual(Object.keys(resultTypes.WebsiteStats.properties).sort());
    for (const row of withTop.top!) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(resultTypes.StatRow.properties).sort());
    }
    // The top rows in one request: a page that holds them.
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/stats/:id": 3 });

    const landing = await getWebsiteStats(context, {
      id: site.id,
      ...range(),
      top: { name: "landingPage", count: 10 },
    });
    // Fewer than asked: all there are (equal counts, in the server's order).
    expect(landing.top).toHaveLength(2);
    expect(landing.top).toEqual(
      expect.arrayContaining([
        { value: "/", count: 1 },
        { value: "/docs", count: 1 },
      ]),
    );

    // Dates without hits: nothing counted, no entries.
    const before = await getWebsiteStats(context, {
      id: site.id,
      from: "2020-01-01",
      to: "2020-12-31",
      top: { name: "referrer", count: 5 },
    });
    expect(before).toEqual({ pageviews: 0, visitors: 0, top: [] });
  });

  it("says a website of another account is not in this account, after one request", async () => {
    const other = emulator.createAccount({ name: "Other" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: other.apiKey });
    const theirs = await client.websites.create({ domain: "theirs.example.com" });
    emulator.resetRequestCounts();
    const error = await getWebsiteStats(context, {
      id: theirs.id,
      ...range(),
      top: { name: "page", count: 5 },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebsiteNotFoundError);
    expect((error as Error).message).toBe(`No website with the id ${theirs.id} in this account.`);
    expect((error as Error).cause).toBeInstanceOf(NotFoundError);
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/stats/:id": 1 });
  });
});
