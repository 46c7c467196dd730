// client.stats below the network: the query checks made before any request (names, dates of
// the calendar, the order of from and to, page sizes), the query's wire names, the decoding of
// the paginator answer as real servers send it (numbers as strings included), the error
// classes, and list() over several pages, against undici's MockAgent.
import { describe, expect, it } from "vitest";
import {
  NotFoundError,
  STAT_NAMES,
  UnexpectedResponseError,
  ValidationError,
  type StatsQuery,
} from "../../../sdk";
import { mockedClients } from "../../support/mocked-server";

const KEY = "stats-test-key-".padEnd(64, "0");
/** A mocked server on a fresh origin that records every request it answers. */
const setup = mockedClients("stats", { apiKey: KEY });

const VALID: StatsQuery = { name: "pageviews", from: "2026-11-01", to: "2026-11-30" };

/** The paginator as the server sends it, with the application's status field. */
function paginator(
  rows: unknown[],
  page = 1,
  lastPage = 1,
  perPage: unknown = 10,
  total: unknown = rows.length,
) {
  const url = (n: number) => `https://stats.example/api/v1/stats/5?name=page&page=${n}`;
  return {
    current_page: page,
    data: rows,
    first_page_url: url(1),
    from: rows.length > 0 ? 1 : null,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links: [],
    next_page_url: null,
    path: "https://stats.example/api/v1/stats/5",
    per_page: perPage,
    prev_page_url: null,
    to: rows.length > 0 ? rows.length : null,
    total,
    status: 200,
  };
}

describe("the query is checked before any request", () => {
  it.each([
    ["a date without leading zeros", { from: "2026-1-01" }],
    ["a date without dashes", { to: "20261130" }],
    ["a date and time", { from: "2026-11-01T00:00:00Z" }],
    ["a date with spaces", { from: " 2026-11-01" }],
    ["a Date object", { from: new Date("2026-11-01") }],
    ["no to", { to: undefined }],
    ["month 13", { to: "2026-13-01" }],
    ["month 0", { from: "2026-00-10" }],
    ["day 0", { from: "2026-11-00" }],
    ["April 31", { to: "2026-04-31" }],
    ["February 29 of a common year", { to: "2026-02-29" }],
    ["February 29 of 1900", { from: "1900-02-29", to: "2026-01-01" }],
    ["an unknown name", { name: "sessions" }],
    ["the server's spelling of a name", { name: "landing_page" }],
    ["no name", { name: undefined }],
    ["page 0", { page: 0 }],
    ["a fractional page", { page: 1.5 }],
    ["a sort key the server does not have", { sortBy: "date" }],
    ["a direction the server does not have", { sort: "up" }],
    ["a search that is not text", { search: 5 }],
  ])("%s: TypeError", async (_label, change) => {
    const { client, seen } = setup();
    const query = { ...VALID, ...change } as unknown as StatsQuery;
    expect(() => client.stats.list(5, query)).toThrow(TypeError);
    await expect(client.stats.listPage(5, query)).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });

  it.each([
    ["from after to", { from: "2026-11-02", to: "2026-11-01" }],
    ["from a year after to", { from: "2027-01-01", to: "2026-12-31" }],
    ["a page size the server ignores", { perPage: 20 }],
  ])("%s: RangeError", async (_label, change) => {
    const { client, seen } = setup();
    const query = { ...VALID, ...change } as unknown as StatsQuery;
    expect(() => client.stats.list(5, query)).toThrow(RangeError);
    await expect(client.stats.listPage(5, query)).rejects.toThrow(RangeError);
    expect(seen).toEqual([]);
  });

  it("suggests the camelCase name for the server's spelling", () => {
    const { client } = setup();
    const query = { ...VALID, name: "pageviews_hour" } as unknown as StatsQuery;
    expect(() => client.stats.list(5, query)).toThrow('did you mean "pageviewsHour"?');
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses the website id %s", (id) => {
    const { client } = setup();
    expect(() => client.stats.list(id, VALID)).toThrow(TypeError);
  });

  it.each([
    ["leap days", { from: "2024-02-29", to: "2024-02-29" }],
    ["2000 (a leap year)", { from: "2000-02-29", to: "2000-03-01" }],
    ["a single day", { from: "2026-12-31", to: "2026-12-31" }],
    ["every page size", { perPage: 25 }],
  ])("accepts %s", async (_label, change) => {
    const { client, server, answer } = setup();
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/, method: "GET" }).reply(answer(200, paginator([])));
    await expect(client.stats.listPage(5, { ...VALID, ...change } as StatsQuery)).resolves.toMatchObject({
      data: [],
    });
  });
});

describe("the request", () => {
  it("spells the query as the server does", async () => {
    const { client, server, seen, answer } = setup();
    server.intercept({ path: /^\/api\/v1\/stats\/9\?/, method: "GET" }).reply(answer(200, paginator([])));
    await client.stats.listPage(9, {
      name: "landingPage",
      from: "2026-11-01",
      to: "2026-11-24",
      search: "/docs",
      sortBy: "value",
      sort: "asc",
      perPage: 50,
      page: 2,
    });
    const url = new URL(seen[0]!.path, "http://x");
    expect(url.pathname).toBe("/api/v1/stats/9");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: "landing_page",
      from: "2026-11-01",
      to: "2026-11-24",
      search: "/docs",
      sort_by: "value",
      sort: "asc",
      per_page: "50",
      page: "2",
    });
  });

  it("sends every name in the server's spelling", async () => {
    const { client, server, seen, answer } = setup();
    server
      .intercept({ path: /^\/api\/v1\/stats\/1\?/, method: "GET" })
      .reply(answer(200, paginator([])))
      .times(STAT_NAMES.length);
    for (const name of STAT_NAMES) await client.stats.listPage(1, { ...VALID, name });
    const sent = seen.map(({ path }) => new URL(path, "http://x").searchParams.get("name"));
    expect(sent).toEqual([
      "browser",
      "campaign",
      "city",
      "continent",
      "country",
      "device",
      "event",
      "landing_page",
      "language",
      "os",
      "page",
      "pageviews",
      "pageviews_hour",
      "referrer",
      "resolution",
      "visitors",
      "visitors_hour",
    ]);
  });
});

describe("decoding the answer", () => {
  it("reads the paginator's top-level page fields", async () => {
    const { client, server, answer } = setup();
    const rows = [
      { value: "2026-11-24", count: 5 },
      { value: "2026-11-23", count: 2 },
    ];
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/ }).reply(answer(200, paginator(rows, 2, 4, 25, 80)));
    expect(await client.stats.listPage(5, VALID)).toEqual({
      data: rows,
      currentPage: 2,
      lastPage: 4,
      perPage: 25,
      total: 80,
    });
  });

  it("takes numbers sent as strings, numeric values as text and null values as empty", async () => {
    const { client, server, answer } = setup();
    const body = {
      ...paginator([], 1, 1, "10", "3"),
      current_page: "1",
      last_page: "1",
      data: [
        { value: "Chrome", count: "12" },
        { value: 1920, count: 3 },
        { value: null, count: "1" },
      ],
    };
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/ }).reply(answer(200, body));
    expect(await client.stats.listPage(5, VALID)).toEqual({
      data: [
        { value: "Chrome", count: 12 },
        { value: "1920", count: 3 },
        { value: "", count: 1 },
      ],
      currentPage: 1,
      lastPage: 1,
      perPage: 10,
      total: 3,
    });
  });

  it("takes a bare list of rows as one whole page", async () => {
    const { client, server, answer } = setup();
    server
      .intercept({ path: /^\/api\/v1\/stats\/5\?/ })
      .reply(answer(200, { data: [{ value: "/", count: 1 }] }));
    expect(await client.stats.listPage(5, VALID)).toEqual({
      data: [{ value: "/", count: 1 }],
      currentPage: 1,
      lastPage: 1,
      perPage: 1,
      total: 1,
    });
  });

  it.each([
    ["rows that are not a list", { data: { value: "/", count: 1 } }],
    ["a count that is not a number", paginator([{ value: "/", count: "many" }])],
    ["a fractional count", paginator([{ value: "/", count: 1.5 }])],
    ["a row without a count", paginator([{ value: "/" }])],
  ])("refuses %s with UnexpectedResponseError", async (_label, body) => {
    const { client, server, answer } = setup();
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/ }).reply(answer(200, body));
    await expect(client.stats.listPage(5, VALID)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it("turns the server's 422 into a ValidationError keyed by field", async () => {
    const { client, server, answer } = setup();
    const body = {
      message: {
        name: ["The selected name is invalid."],
        from: ["The from field must match the format Y-m-d."],
      },
      status: 422,
    };
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/ }).reply(answer(422, body));
    const error = await client.stats.listPage(5, VALID).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual(body.message);
  });

  it("turns 404 into a NotFoundError", async () => {
    const { client, server, answer } = setup();
    server
      .intercept({ path: /^\/api\/v1\/stats\/5\?/ })
      .reply(answer(404, { message: "Resource not found.", status: 404 }));
    await expect(client.stats.listPage(5, VALID)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("list()", () => {
  it("walks the pages at 100 rows each, yielding a row that moved to the next page once", async () => {
    const { client, server, seen, answer } = setup();
    const pageParam = (path: string) => new URL(path, "http://x").searchParams.get("page");
    /** Page `page` of 2, at 100 rows each, 3 rows in all: `rows`. */
    const servePage = (page: number, rows: { value: string; count: number }[]) =>
      server
        .intercept({
          path: (path) => path.startsWith("/api/v1/stats/5?") && pageParam(path) === String(page),
        })
        .reply(answer(200, paginator(rows, page, 2, 100, 3)));
    servePage(1, [
      { value: "/a", count: 9 },
      { value: "/b", count: 8 },
    ]);
    // "/b" was counted again between the two requests and now sits on page 2 as well.
    servePage(2, [
      { value: "/b", count: 9 },
      { value: "/c", count: 1 },
    ]);
    const rows = await client.stats.list(5, VALID);
    expect(rows.map((row) => row.value)).toEqual(["/a", "/b", "/c"]);
    expect(seen.map(({ path }) => new URL(path, "http://x").searchParams.get("per_page"))).toEqual([
      "100",
      "100",
    ]);
  });

  it("starts at the given page and stops at an empty one", async () => {
    const { client, server, seen, answer } = setup();
    server.intercept({ path: /^\/api\/v1\/stats\/5\?/ }).reply(answer(200, paginator([], 3, 9)));
    expect(await client.stats.list(5, { ...VALID, page: 3, perPage: 10 })).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.path, "http://x").searchParams.get("page")).toBe("3");
  });
});
