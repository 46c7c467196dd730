// What the reads of one operation cost: the same number of requests however their arrival is
// spread in time (a busy machine spreads them, a quiet one bunches them), for refreshes (by id)
// and adoptions (by domain); a website absent from the listing confirmed with one GET; a
// website this process changed read from the server, not from the listing taken before. The
// account is an in-memory stand-in that counts each call the reader makes of the client (the
// same reads over real HTTP: test/integration/core/refresh-reads.test.ts).
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../sdk";
import type { ListWebsitesParams, Page, Website, WebstatsClient } from "../../../sdk";
import { PaginatedList } from "../../../sdk/paginated-list";
import { WebsiteReader } from "../../../core/website-reader";
import { liveWebsite } from "../../support/drift-entries";

const site = (id: number): Website => liveWebsite(id, `site-${id}.example.com`);

/** An account of `count` websites (ids 1 to count) behind the client calls the reader makes. */
function account(count: number) {
  const websites = new Map<number, Website>();
  for (let id = 1; id <= count; id++) websites.set(id, site(id));
  const calls: string[] = [];
  // Each answer takes a turn of the event loop, as an HTTP answer would.
  const answer = async <T>(call: string, value: () => T): Promise<T> => {
    calls.push(call);
    await delay(1);
    return value();
  };
  const listPage = ({ page = 1, perPage = 10 }: ListWebsitesParams = {}): Promise<Page<Website>> =>
    answer(`list page ${page}`, () => {
      const newestFirst = [...websites.values()].sort((a, b) => b.id - a.id);
      return {
        data: newestFirst.slice((page - 1) * perPage, page * perPage).map((w) => ({ ...w })),
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(newestFirst.length / perPage)),
        perPage,
        total: newestFirst.length,
      };
    });
  const client = {
    websites: {
      listPage,
      list: () =>
        new PaginatedList(
          (page) => client.websites.listPage({ page, perPage: 100 }),
          1,
          (w: Website) => w.id,
        ),
      get: (id: number) =>
        answer(`get ${id}`, () => {
          const found = websites.get(id);
          if (!found)
            throw new NotFoundError({
              status: 404,
              method: "GET",
              path: `/websites/${id}`,
              body: {},
              detail: "Resource not found.",
            });
          return { ...found };
        }),
      findByDomain: (domain: string) =>
        answer(`find ${domain}`, () => [...websites.values()].find((w) => w.domain === domain)),
    },
  } as unknown as WebstatsClient;
  return { client, websites, calls };
}

type Read = (reader: WebsiteReader) => Promise<Website | undefined>;

/** The same reads three ways: all at once, one after another, and apart by more than a timer's turn. */
const arrivals = {
  together: (reads: Read[], reader: WebsiteReader) => Promise.all(reads.map((read) => read(reader))),
  oneAfterAnother: async (reads: Read[], reader: WebsiteReader) => {
    const results = [];
    for (const read of reads) results.push(await read(reader));
    return results;
  },
  apart: (reads: Read[], reader: WebsiteReader) =>
    Promise.all(reads.map((read, i) => delay(i * 40).then(() => read(reader)))),
};

/** The calls of the same reads, arriving each way. */
async function callsByArrival(
  count: number,
  reads: Read[],
  before?: (a: ReturnType<typeof account>) => void,
) {
  const byArrival: Record<string, { calls: string[]; results: (number | undefined)[] }> = {};
  for (const [name, arrive] of Object.entries(arrivals)) {
    const a = account(count);
    before?.(a);
    const results = await arrive(reads, new WebsiteReader(a.client));
    byArrival[name] = { calls: [...a.calls].sort(), results: results.map((w) => w?.id) };
  }
  return byArrival;
}

const byId =
  (id: number): Read =>
  (reader) =>
    reader.read(id);
const byDomain =
  (domain: string): Read =>
  (reader) =>
    reader.findByDomain(domain);

describe("the reads of one operation", () => {
  it("cost one listing, whether they arrive together, one after another or apart", async () => {
    // 150 websites: two pages of 100; some reads need the second.
    const reads = [150, 3, 75, 120, 1, 42].map(byId);
    const seen = await callsByArrival(150, reads);
    for (const [name, { calls, results }] of Object.entries(seen)) {
      expect(results, name).toEqual([150, 3, 75, 120, 1, 42]);
      expect(calls, name).toEqual(["list page 1", "list page 2"]);
    }
  });

  it("read only as many pages as the wanted websites need", async () => {
    // The newest hundred are on the first page: nothing needs the second.
    const seen = await callsByArrival(150, [150, 140, 51].map(byId));
    for (const [name, { calls }] of Object.entries(seen)) expect(calls, name).toEqual(["list page 1"]);
  });

  it("cost one request for a lone read of an account of a hundred websites or fewer", async () => {
    const seen = await callsByArrival(80, [byId(7)]);
    for (const [name, { calls }] of Object.entries(seen)) expect(calls, name).toEqual(["list page 1"]);
  });

  it("look domains up in the same listing, found or not, however they arrive", async () => {
    const reads = ["site-5.example.com", "WWW.Site-140.example.com", "new.example.com"].map(byDomain);
    const seen = await callsByArrival(150, reads);
    for (const [name, { calls, results }] of Object.entries(seen)) {
      expect(results, name).toEqual([5, 140, undefined]);
      expect(calls, name).toEqual(["list page 1", "list page 2"]);
    }
  });

  it("confirm a website absent from the listing with one GET, however they arrive", async () => {
    const reads = [10, 11, 12].map(byId);
    const seen = await callsByArrival(30, reads, (a) => a.websites.delete(11));
    for (const [name, { calls, results }] of Object.entries(seen)) {
      expect(results, name).toEqual([10, undefined, 12]);
      expect(calls, name).toEqual(["get 11", "list page 1"]);
    }
  });
});

describe("a website this process changed", () => {
  it("is read from the server afterwards, and the other reads keep the listing", async () => {
    const a = account(30);
    const reader = new WebsiteReader(a.client);
    expect((await reader.read(4))?.email).toBe(false);
    a.websites.set(4, { ...site(4), email: true });
    reader.changed({ id: 4, domain: "site-4.example.com" });
    expect((await reader.read(4))?.email).toBe(true);
    expect((await reader.findByDomain("site-4.example.com"))?.email).toBe(true);
    expect((await reader.read(5))?.id).toBe(5);
    expect(a.calls).toEqual(["list page 1", "get 4", "find site-4.example.com"]);
  });

  it("is read from the server when only its domain is known (a create that adopted it)", async () => {
    const a = account(30);
    const reader = new WebsiteReader(a.client);
    await reader.read(1);
    reader.changed({ domain: "https://www.SITE-9.example.com" });
    await reader.read(9);
    expect(a.calls).toEqual(["list page 1", "get 9"]);
  });

  it("deleted, is not served from the listing taken before", async () => {
    const a = account(30);
    const reader = new WebsiteReader(a.client);
    await reader.read(1);
    a.websites.delete(2);
    reader.changed({ id: 2 });
    expect(await reader.read(2)).toBeUndefined();
  });
});

it("does not keep a listing that failed: the next read lists again", async () => {
  const a = account(30);
  const listPage = a.client.websites.listPage.bind(a.client.websites);
  let failures = 1;
  a.client.websites.listPage = (params) =>
    failures-- > 0 ? Promise.reject(new Error("502")) : listPage(params);
  const reader = new WebsiteReader(a.client);
  await expect(Promise.all([reader.read(1), reader.read(2)])).rejects.toThrow("502");
  expect((await Promise.all([reader.read(1), reader.read(2)])).map((w) => w?.id)).toEqual([1, 2]);
  // Served by a new listing (the failed page is not counted), not by a GET for each website, as
  // the ended walk of the failed listing would have it.
  expect(a.calls).toEqual(["list page 1"]);
});

it("passes on a failed GET other than not found, never taking the website for gone", async () => {
  const a = account(30);
  a.client.websites.get = () => Promise.reject(new Error("503 Service Unavailable"));
  const reader = new WebsiteReader(a.client);
  reader.changed({ id: 4 });
  await expect(reader.read(4)).rejects.toThrow(new Error("503 Service Unavailable"));
});
