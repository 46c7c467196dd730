// The statistics of the emulator over real HTTP: POST /api/event as the tracking script sends it
// (what is counted, what each website setting and the plan refuse, the answers in the body of a
// 200) and GET /api/v1/stats/{id} (validation, grouping, search, order, page sizes, pagination,
// another account's website), as the real server's EventController, SelectStatsRequest and
// StatController do.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount, type WebsitePatch } from "../../../emulator";
import { apiRequest, createdId, postWebsite } from "../../support/emulator-api";
import { utcDay } from "../../support/pageviews";

type JsonObject = Record<string, unknown>;

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let emulator: Emulator;
let owner: EmulatorAccount;
let siteCounter = 0;

/** Yesterday to tomorrow: today's hits whatever the clock does during the test. */
const RANGE = () => ({ from: utcDay(-1), to: utcDay(1) });

async function api(account: EmulatorAccount, method: string, path: string, form?: Record<string, string>) {
  const response = await apiRequest(emulator.url, account.apiKey, method, path, form);
  return { status: response.status, json: (await response.json()) as JsonObject };
}

/** A fresh website of the owner (domains are unique installation-wide). */
async function newSite(
  settings: WebsitePatch = {},
  account = owner,
): Promise<{ id: number; domain: string }> {
  siteCounter += 1;
  const domain = `stats-${siteCounter}.example.org`;
  const created = await api(account, "POST", "/websites", { domain });
  const id = (created.json.data as JsonObject).id as number;
  if (Object.keys(settings).length > 0) emulator.updateWebsite(id, settings);
  return { id, domain };
}

/** What the tracking script posts: JSON with the page, the referrer and the screen size. */
async function hit(body: JsonObject, headers: Record<string, string> = {}) {
  const response = await fetch(`${emulator.url}/api/event`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "user-agent": BROWSER, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
}

async function stats(siteId: number, query: Record<string, string>, account = owner) {
  return api(account, "GET", `/stats/${siteId}?${new URLSearchParams({ ...RANGE(), ...query }).toString()}`);
}

/** value -> count of one statistic, today. */
async function counts(siteId: number, name: string): Promise<Record<string, number>> {
  const reply = await stats(siteId, { name, per_page: "100" });
  expect(reply.status).toBe(200);
  const rows = reply.json.data as { value: string; count: number }[];
  return Object.fromEntries(rows.map((row) => [row.value, row.count]));
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  owner = emulator.createAccount();
});

afterAll(async () => {
  await emulator.close();
});

describe("POST /api/event", () => {
  it("counts a pageview and a visit, answering 200 with the code as a text body", async () => {
    const site = await newSite();
    const before = utcDay(0);
    const reply = await hit({
      page: `https://${site.domain}/pricing?plan=pro#faq`,
      referrer: "https://www.search.example/results?q=x",
      screen_resolution: "1920x1080",
    });
    expect(reply).toEqual({ status: 200, text: "200", type: "text/html; charset=UTF-8" });
    const pageviews = await counts(site.id, "pageviews");
    expect(Object.values(pageviews)).toEqual([1]);
    expect([before, utcDay(0)]).toContain(Object.keys(pageviews)[0]);
    expect(Object.keys(await counts(site.id, "pageviews_hour"))[0]).toMatch(/^([01]\d|2[0-3])$/);
    expect(await counts(site.id, "page")).toEqual({ "/pricing?plan=pro": 1 });
    expect(await counts(site.id, "landing_page")).toEqual({ "/pricing?plan=pro": 1 });
    // The referrer's host as sent, www. included.
    expect(await counts(site.id, "referrer")).toEqual({ "www.search.example": 1 });
    expect(Object.values(await counts(site.id, "visitors"))).toEqual([1]);
    expect(Object.values(await counts(site.id, "visitors_hour"))).toEqual([1]);
    expect(await counts(site.id, "resolution")).toEqual({ "1920x1080": 1 });
    expect(await counts(site.id, "browser")).toEqual({ Chrome: 1 });
    expect(await counts(site.id, "os")).toEqual({ Windows: 1 });
    expect(await counts(site.id, "device")).toEqual({ desktop: 1 });
    // No geolocation database: the tracker stores these empty.
    expect(await counts(site.id, "country")).toEqual({ "": 1 });
  });

  it("counts a pageview without a visit when the referrer is a page of the website itself", async () => {
    const site = await newSite();
    await hit({ page: `https://${site.domain}/`, referrer: "" });
    await hit({ page: `https://${site.domain}/about`, referrer: `https://www.${site.domain}/` });
    expect(Object.values(await counts(site.id, "pageviews"))).toEqual([2]);
    expect(Object.values(await counts(site.id, "visitors"))).toEqual([1]);
    expect(await counts(site.id, "page")).toEqual({ "/": 1, "/about": 1 });
    expect(await counts(site.id, "landing_page")).toEqual({ "/": 1 });
    // No referrer at all is stored as an empty value.
    expect(await counts(site.id, "referrer")).toEqual({ "": 1 });
  });

  it("finds the website by the page's host without www. and without regard to case", async () => {
    const site = await newSite();
    expect((await hit({ page: `http://www.${site.domain}/a` })).text).toBe("200");
    expect((await hit({ page: `//${site.domain.toUpperCase()}/b` })).text).toBe("200");
    expect(await counts(site.id, "page")).toEqual({ "/a": 1, "/b": 1 });
  });

  it("answers 404 in the body of a 200 when no website has the page's host", async () => {
    for (const page of ["https://nobody.example.net/", `stats-1.example.org/page`, "", undefined]) {
      expect(await hit(page === undefined ? {} : { page })).toMatchObject({ status: 200, text: "404" });
    }
  });

  it("needs no API key and shares the client's throttle with the API", async () => {
    const throttled = await startEmulator({ requestsPerMinute: 2 });
    try {
      const post = () =>
        fetch(`${throttled.url}/api/event`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ page: "https://nowhere.example/" }),
        });
      const first = await post();
      expect(await first.text()).toBe("404");
      expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
      await fetch(`${throttled.url}/api/v1/account`, { headers: { accept: "application/json" } });
      expect((await post()).status).toBe(429);
    } finally {
      await throttled.close();
    }
  });

  it("takes a form body too, and refuses other methods with 405", async () => {
    const site = await newSite();
    const form = await fetch(`${emulator.url}/api/event`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER },
      body: new URLSearchParams({ page: `https://${site.domain}/form` }).toString(),
    });
    expect(await form.text()).toBe("200");
    const get = await fetch(`${emulator.url}/api/event`, { headers: { accept: "application/json" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("records a custom event as name:value:unit and no pageview", async () => {
    const site = await newSite();
    const page = `https://${site.domain}/checkout`;
    expect((await hit({ page, event: { name: "order:paid", value: "49.90", unit: "EUR" } })).text).toBe(
      "200",
    );
    await hit({ page, event: { name: "signup", value: "-1" } });
    await hit({ page, event: { name: "signup", value: "12345678901" } });
    // An event without a name stops the tracker: an empty answer, nothing counted.
    expect(await hit({ page, event: { value: 3 } })).toMatchObject({ status: 200, text: "" });
    expect(await counts(site.id, "event")).toEqual({ "order paid:49.90:EUR": 1, "signup::": 2 });
    expect(await counts(site.id, "pageviews")).toEqual({});
  });

  it("answers 500 where PHP would throw: an array for a URL", async () => {
    const reply = await hit({ page: ["https://example.org/"] });
    expect(reply.status).toBe(500);
  });
});

describe("website settings and the plan", () => {
  it("refuses clients in exclude_ips (by the socket's address: forwarded headers are not trusted)", async () => {
    const site = await newSite({ exclude_ips: "192.0.2.0/24\n127.0.0.1/32" });
    expect((await hit({ page: `https://${site.domain}/` }, { "x-forwarded-for": "198.51.100.7" })).text).toBe(
      "403",
    );
    emulator.updateWebsite(site.id, { exclude_ips: "10.0.0.0/8\r\n::1" });
    expect((await hit({ page: `https://${site.domain}/` })).text).toBe("200");
    expect(Object.values(await counts(site.id, "pageviews"))).toEqual([1]);
  });

  it("refuses bots when exclude_bots is on, and counts them as the device 'bot' when it is off", async () => {
    const site = await newSite({ exclude_bots: 1 });
    expect((await hit({ page: `https://${site.domain}/` }, { "user-agent": CRAWLER })).text).toBe("403");
    expect(
      (await hit({ page: `https://${site.domain}/` }, { "user-agent": "Example-Spider/1.0" })).text,
    ).toBe("403");
    expect((await hit({ page: `https://${site.domain}/` }, { "user-agent": PHONE })).text).toBe("200");
    emulator.updateWebsite(site.id, { exclude_bots: 0 });
    expect((await hit({ page: `https://${site.domain}/` }, { "user-agent": CRAWLER })).text).toBe("200");
    expect(await counts(site.id, "device")).toEqual({ mobile: 1, bot: 1 });
    expect(await counts(site.id, "browser")).toEqual({ Safari: 1, "": 1 });
  });

  it("drops the query parameters in exclude_params, rebuilding the query as PHP does", async () => {
    const site = await newSite({ exclude_params: "utm_source\nfbclid" });
    await hit({
      page: `https://${site.domain}/p?utm_source=news&id=7&fbclid=abc&q=a%20b&utm_campaign=spring`,
    });
    expect(await counts(site.id, "page")).toEqual({ "/p?id=7&q=a+b&utm_campaign=spring": 1 });
    expect(await counts(site.id, "campaign")).toEqual({ spring: 1 });
  });

  it("drops every parameter for the entry &, keeping the campaign", async () => {
    const site = await newSite({ exclude_params: "&" });
    await hit({ page: `https://${site.domain}/landing?utm_campaign=fall&x=1` });
    expect(await counts(site.id, "page")).toEqual({ "/landing": 1 });
    expect(await counts(site.id, "campaign")).toEqual({ fall: 1 });
  });

  it("refuses hits once this month's pageviews reach the plan's limit", async () => {
    const limited = emulator.createAccount({ pageviewLimit: 2 });
    const account = await api(limited, "GET", "/account");
    const plan = (account.json.data as JsonObject).plan as JsonObject;
    expect((plan.features as JsonObject).pageviews).toBe(2);
    const first = await newSite({}, limited);
    const second = await newSite({}, limited);
    expect((await hit({ page: `https://${first.domain}/` })).text).toBe("200");
    expect((await hit({ page: `https://${second.domain}/` })).text).toBe("200");
    expect((await hit({ page: `https://${second.domain}/` })).text).toBe("403");
    expect((await hit({ page: `https://${first.domain}/`, event: { name: "click" } })).text).toBe("403");
  });

  it("erases a website's statistics with the website", async () => {
    const site = await newSite();
    await hit({ page: `https://${site.domain}/` });
    await api(owner, "DELETE", `/websites/${site.id}`);
    const again = await api(owner, "POST", "/websites", { domain: site.domain });
    const id = (again.json.data as JsonObject).id as number;
    expect(await counts(id, "pageviews")).toEqual({});
  });
});

describe("GET /api/v1/stats/{id}", () => {
  it("answers with the framework's paginator itself and the status field", async () => {
    const site = await newSite();
    await hit({ page: `https://${site.domain}/` });
    const { from, to } = RANGE();
    const reply = await stats(site.id, { name: "page" });
    const base = `${emulator.url}/api/v1/stats/${site.id}`;
    const link = (page: number) =>
      `${base}?name=page&from=${from}&to=${to}&search_by=value&sort_by=count&sort=desc&per_page=10&page=${page}`;
    expect(reply).toEqual({
      status: 200,
      json: {
        current_page: 1,
        data: [{ value: "/", count: 1 }],
        first_page_url: link(1),
        from: 1,
        last_page: 1,
        last_page_url: link(1),
        links: [
          { url: null, label: "&laquo; Previous", active: false },
          { url: link(1), label: "1", active: true },
          { url: null, label: "Next &raquo;", active: false },
        ],
        next_page_url: null,
        path: base,
        per_page: 10,
        prev_page_url: null,
        to: 1,
        total: 1,
        status: 200,
      },
    });
  });

  it("answers 422 with the field messages of the form request", async () => {
    const site = await newSite();
    const missing = await api(owner, "GET", `/stats/${site.id}`);
    expect(missing).toEqual({
      status: 422,
      json: {
        message: {
          name: ["The name field is required."],
          from: ["The from field is required."],
          to: ["The to field is required."],
        },
        status: 422,
      },
    });
    for (const [query, field, message] of [
      ["name=landingPage&from=2026-01-01&to=2026-01-31", "name", "The selected name is invalid."],
      ["name=page&from=2026-1-01&to=2026-01-31", "from", "The from field must match the format Y-m-d."],
      ["name=page&from=2026-01-01&to=2026-02-30", "to", "The to field must match the format Y-m-d."],
      ["name=page&from=01/01/2026&to=2026-01-31", "from", "The from field must match the format Y-m-d."],
    ] as const) {
      const reply = await api(owner, "GET", `/stats/${site.id}?${query}`);
      expect(reply, query).toEqual({ status: 422, json: { message: { [field]: [message] }, status: 422 } });
    }
  });

  it("validates before looking for the website; another account's website is a missing one", async () => {
    const site = await newSite();
    const stranger = emulator.createAccount();
    expect((await api(stranger, "GET", `/stats/${site.id}?name=nope`)).status).toBe(422);
    const foreign = await stats(site.id, { name: "page" }, stranger);
    const missing = await stats(999_999, { name: "page" }, stranger);
    expect(foreign).toEqual(missing);
    expect(foreign).toEqual({ status: 404, json: { message: "Resource not found.", status: 404 } });
  });

  it("sums the counts of each value over the dates, filters, orders and falls back silently", async () => {
    const site = await newSite();
    for (const path of ["/a", "/a", "/a", "/b", "/b", "/About", "/about", "/c%20d"]) {
      await hit({ page: `https://${site.domain}${path}`, referrer: `https://${site.domain}/` });
    }
    const rows = async (query: Record<string, string>) =>
      (await stats(site.id, { name: "page", ...query })).json;
    // "/About" and "/about" are one value for the database's collation, spelled as first seen.
    expect((await rows({})).data).toEqual([
      { value: "/a", count: 3 },
      { value: "/About", count: 2 },
      { value: "/b", count: 2 },
      { value: "/c%20d", count: 1 },
    ]);
    expect((await rows({ sort_by: "value", sort: "asc" })).data).toEqual([
      { value: "/a", count: 3 },
      { value: "/About", count: 2 },
      { value: "/b", count: 2 },
      { value: "/c%20d", count: 1 },
    ]);
    expect(((await rows({ sort: "asc" })).data as JsonObject[]).map((row) => row.count)).toEqual([
      1, 2, 2, 3,
    ]);
    // search is LIKE %term% without regard to case; "0" and "" filter nothing.
    expect((await rows({ search: "ABOUT" })).data).toEqual([{ value: "/About", count: 2 }]);
    expect((await rows({ search: "/_" })).total).toBe(4);
    expect((await rows({ search: "0" })).total).toBe(4);
    // Unknown sort_by, sort and per_page fall back to count, desc and 10.
    const fallback = await rows({ sort_by: "id", sort: "up", per_page: "7" });
    expect(fallback.per_page).toBe(10);
    expect(fallback.first_page_url).toContain("sort_by=count&sort=desc&per_page=10&page=1");
    expect((await rows({ per_page: "25" })).per_page).toBe(25);
    // Dates outside the range, or a range the wrong way round, select nothing.
    const empty = await rows({ from: utcDay(2), to: utcDay(1) });
    expect(empty).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1 });
  });

  it("pages through many values with the page parameter", async () => {
    const site = await newSite();
    for (let index = 0; index < 23; index += 1) {
      await hit({ page: `https://${site.domain}/p${String(index).padStart(2, "0")}` });
    }
    const page = async (number: string) =>
      (await stats(site.id, { name: "page", sort_by: "value", sort: "asc", page: number })).json;
    const third = await page("3");
    expect(third).toMatchObject({ current_page: 3, last_page: 3, from: 21, to: 23, total: 23 });
    expect((third.data as JsonObject[]).map((row) => row.value)).toEqual(["/p20", "/p21", "/p22"]);
    expect(third.prev_page_url).toContain("page=2");
    expect(third.next_page_url).toBeNull();
    expect((await page("nope")).current_page).toBe(1);
    expect(await page("9")).toMatchObject({ current_page: 9, data: [], from: null });
  });

  it("keeps the statistics in the data file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "webstats-stats-"));
    const dataFile = join(dir, "data.json");
    try {
      const first = await startEmulator({ requestsPerMinute: 0, dataFile });
      const account = first.createAccount();
      const id = await createdId(await postWebsite(first.url, account.apiKey, { domain: "kept.example" }));
      await fetch(`${first.url}/api/event`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ page: "https://kept.example/x" }),
      });
      await first.close();
      const second = await startEmulator({ requestsPerMinute: 0, dataFile });
      try {
        const reply = await fetch(
          `${second.url}/api/v1/stats/${id}?${new URLSearchParams({ name: "page", ...RANGE() }).toString()}`,
          { headers: { authorization: `Bearer ${account.apiKey}`, accept: "application/json" } },
        );
        expect(((await reply.json()) as { data: unknown }).data).toEqual([{ value: "/x", count: 1 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
