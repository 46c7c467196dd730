// client.stats against the emulator over real HTTP: hits sent to POST /api/event as the tracking
// script sends them come back through stats.list() and stats.listPage(); website settings
// changed with websites.update() change what is counted; a bad query is refused before any
// request; another account's website is a NotFoundError; pagination over many values.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { NotFoundError, STAT_NAMES, WebstatsClient, type StatsQuery, type Website } from "../../../sdk";
import { FIREFOX, sendPageview, utcDay } from "../../support/pageviews";

const CRAWLER = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

let emu: Emulator;
let owner: EmulatorAccount;
let client: WebstatsClient;
let domainCounter = 0;

/** Yesterday to tomorrow: today's hits whatever the clock does during the test. */
const query = (name: StatsQuery["name"], rest: Partial<StatsQuery> = {}): StatsQuery => ({
  name,
  from: utcDay(-1),
  to: utcDay(1),
  ...rest,
});

async function newSite(): Promise<Website> {
  domainCounter += 1;
  return client.websites.create({ domain: `sdk-stats-${domainCounter}.example.org` });
}

/** A pageview of `page` as the tracking script sends it from a 1280x720 screen; resolves with the outcome. */
const hit = (page: string, referrer = "", userAgent = FIREFOX) =>
  sendPageview(emu.url, { page, referrer, userAgent, screenResolution: "1280x720" });

/** value -> count of one statistic over the default range. */
async function counts(site: Website, name: StatsQuery["name"]): Promise<Record<string, number>> {
  const rows = await client.stats.list(site.id, query(name));
  return Object.fromEntries(rows.map((row) => [row.value, row.count]));
}

beforeAll(async () => {
  emu = await startEmulator({ requestsPerMinute: 0 });
  owner = emu.createAccount();
  client = new WebstatsClient({ baseUrl: emu.url, apiKey: owner.apiKey });
});

afterEach(() => {
  emu.resetRequestCounts();
});

afterAll(async () => {
  await emu.close();
});

describe("reading what the tracker counted", () => {
  it("shows pageviews, visitors, pages, referrers and the hours of hits", async () => {
    const site = await newSite();
    expect(await hit(`https://${site.domain}/`, "https://news.example/item")).toBe("200");
    expect(await hit(`https://www.${site.domain}/docs`, `https://${site.domain}/`)).toBe("200");
    expect(await hit(`https://${site.domain}/docs`, "")).toBe("200");

    expect(Object.values(await counts(site, "pageviews"))).toEqual([3]);
    expect(Object.keys(await counts(site, "pageviews"))[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.values(await counts(site, "visitors"))).toEqual([2]);
    expect(Object.values(await counts(site, "pageviewsHour"))).toEqual([3]);
    expect(Object.values(await counts(site, "visitorsHour"))).toEqual([2]);
    expect(await counts(site, "page")).toEqual({ "/docs": 2, "/": 1 });
    expect(await counts(site, "landingPage")).toEqual({ "/": 1, "/docs": 1 });
    expect(await counts(site, "referrer")).toEqual({ "news.example": 1, "": 1 });
    expect(await counts(site, "browser")).toEqual({ Firefox: 2 });
    expect(await counts(site, "resolution")).toEqual({ "1280x720": 2 });
  });

  it("serves every statistic name", async () => {
    const site = await newSite();
    await hit(`https://${site.domain}/`);
    for (const name of STAT_NAMES) {
      const page = await client.stats.listPage(site.id, query(name));
      expect(page.currentPage, name).toBe(1);
    }
  });

  it("orders, searches and pages as asked", async () => {
    const site = await newSite();
    for (const path of ["/x", "/x", "/x", "/y", "/y", "/z"]) await hit(`https://${site.domain}${path}`);
    const byCount = await client.stats.listPage(site.id, query("page"));
    expect(byCount).toEqual({
      data: [
        { value: "/x", count: 3 },
        { value: "/y", count: 2 },
        { value: "/z", count: 1 },
      ],
      currentPage: 1,
      lastPage: 1,
      perPage: 10,
      total: 3,
    });
    const byValue = await client.stats.listPage(site.id, query("page", { sortBy: "value", sort: "desc" }));
    expect(byValue.data.map((row) => row.value)).toEqual(["/z", "/y", "/x"]);
    const searched = await client.stats.listPage(site.id, query("page", { search: "Y" }));
    expect(searched.data).toEqual([{ value: "/y", count: 2 }]);
  });
});

describe("website settings change what is counted", () => {
  it("exclude_ips: hits from an excluded address are refused", async () => {
    const site = await newSite();
    await client.websites.update(site.id, { excludeIps: ["127.0.0.1/32"] });
    expect(await hit(`https://${site.domain}/`)).toBe("403");
    expect(await counts(site, "pageviews")).toEqual({});
    await client.websites.update(site.id, { excludeIps: [] });
    expect(await hit(`https://${site.domain}/`)).toBe("200");
    expect(Object.values(await counts(site, "pageviews"))).toEqual([1]);
  });

  it("exclude_bots: bots are refused when on and counted when off", async () => {
    const site = await newSite();
    expect(site.excludeBots).toBe(true);
    expect(await hit(`https://${site.domain}/`, "", CRAWLER)).toBe("403");
    await client.websites.update(site.id, { excludeBots: false });
    expect(await hit(`https://${site.domain}/`, "", CRAWLER)).toBe("200");
    expect(await counts(site, "device")).toEqual({ bot: 1 });
  });

  it("exclude_params: the listed parameters are dropped from recorded pages, & drops all", async () => {
    const site = await newSite();
    await client.websites.update(site.id, { excludeParams: ["session", "ref"] });
    await hit(`https://${site.domain}/shop?session=abc&item=5&ref=mail`);
    expect(await counts(site, "page")).toEqual({ "/shop?item=5": 1 });
    await client.websites.update(site.id, { excludeParams: ["&"] });
    await hit(`https://${site.domain}/shop?item=6`);
    expect(await counts(site, "page")).toEqual({ "/shop?item=5": 1, "/shop": 1 });
    await client.websites.update(site.id, { excludeParams: [] });
    await hit(`https://${site.domain}/shop?item=7`);
    expect(await counts(site, "page")).toMatchObject({ "/shop?item=7": 1 });
  });
});

describe("errors", () => {
  it("refuses a bad query before any request", async () => {
    const site = await newSite();
    emu.resetRequestCounts();
    const bad: [Record<string, unknown>, ErrorConstructor][] = [
      [{ name: "landing_page" }, TypeError],
      [{ from: "2026-1-01" }, TypeError],
      [{ to: "2026-02-29" }, TypeError],
      [{ from: "2026-03-02", to: "2026-03-01" }, RangeError],
      [{ perPage: 20 }, RangeError],
    ];
    for (const [change, kind] of bad) {
      const wrong: StatsQuery = { ...query("page"), ...change };
      await expect(client.stats.listPage(site.id, wrong), JSON.stringify(change)).rejects.toThrow(kind);
      expect(() => client.stats.list(site.id, wrong), JSON.stringify(change)).toThrow(kind);
    }
    expect(emu.requestCounts()).toEqual({});
  });

  it("another account's website is a NotFoundError, like a missing one", async () => {
    const site = await newSite();
    const stranger = new WebstatsClient({ baseUrl: emu.url, apiKey: emu.createAccount().apiKey });
    await expect(stranger.stats.listPage(site.id, query("page"))).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.stats.list(999_999, query("page"))).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("pagination", () => {
  it("list() walks every page; listPage() serves one", async () => {
    const site = await newSite();
    for (let index = 0; index < 130; index += 1) await hit(`https://${site.domain}/item-${index}`);
    emu.resetRequestCounts();

    const everything = await client.stats.list(site.id, query("page"));
    expect(everything).toHaveLength(130);
    expect(new Set(everything.map((row) => row.value)).size).toBe(130);
    // 100 a page unless asked: two requests.
    expect(emu.requestCounts()).toEqual({ "GET /api/v1/stats/:id": 2 });

    const streamed: string[] = [];
    for await (const row of client.stats.list(
      site.id,
      query("page", { perPage: 25, sortBy: "value", sort: "asc" }),
    )) {
      streamed.push(row.value);
    }
    expect(streamed).toEqual([...streamed].sort());
    expect(streamed).toHaveLength(130);

    const third = await client.stats.listPage(site.id, query("page", { perPage: 50, page: 3 }));
    expect(third).toMatchObject({ currentPage: 3, lastPage: 3, perPage: 50, total: 130 });
    expect(third.data).toHaveLength(30);

    const fromPage = await client.stats.list(site.id, query("page", { perPage: 50, page: 2 }));
    expect(fromPage).toHaveLength(80);
  });
});
