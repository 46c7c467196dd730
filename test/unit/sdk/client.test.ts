import { describe, expect, it } from "vitest";
import { mockedClients } from "../../support/mocked-server";
import { wireWebsite } from "../../support/wire-records";
import { NotFoundError, SDK_VERSION, ServerError, type Website } from "../../../sdk";
import type { NetworkSettings } from "../../../sdk/client-options";
import { installationPlace } from "../../../sdk/connection-rules";
import { proxyFor, sharedDispatcherFor } from "../../../sdk/dispatchers";

const KEY = "client-test-key-".padEnd(64, "0");
const record = wireWebsite;

function listBody(ids: number[], page: number, lastPage: number, perPage = 100) {
  return {
    data: ids.map((id) => record(id)),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: 999 },
    status: 200,
  };
}

/** A mocked server on a fresh origin that records every request it answers; the baseUrl ends in a slash. */
const setup = mockedClients("client", { apiKey: KEY, basePath: "/" });

describe("requests", () => {
  it("send the API headers and a form body", async () => {
    const { client, server, seen, answer } = setup();
    server.intercept({ path: "/api/v1/websites", method: "POST" }).reply(answer(201, { data: record(1) }));
    await client.websites.create({ domain: "example.com", excludeIps: ["1.2.3.4", "::1"] });
    expect(seen[0]!.headers).toMatchObject({
      accept: "application/json",
      authorization: `Bearer ${KEY}`,
      "user-agent": `pulumi-webstats/${SDK_VERSION}`,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      domain: "example.com",
      privacy: "0",
      email: "0",
      exclude_bots: "1",
      exclude_ips: "1.2.3.4\n::1",
    });
  });

  it("reads without a content type", async () => {
    const { client, server, seen, answer } = setup();
    server.intercept({ path: "/api/v1/account" }).reply(
      answer(200, {
        data: { id: 1, name: "A", email: "a@example.com", plan: null, created_at: null },
        status: 200,
      }),
    );
    await expect(client.account.get()).resolves.toMatchObject({ id: 1, plan: null });
    expect(seen[0]!.headers).not.toHaveProperty("content-type");
    expect(seen[0]!.method).toBe("GET");
  });

  it("updates with PATCH and only the given fields", async () => {
    const { client, server, seen, answer } = setup();
    server
      .intercept({ path: "/api/v1/websites/4", method: "PATCH" })
      .reply(
        answer(200, { data: { ...record(4), favorite: true, favorited_at: "2024-06-01T00:00:00.000000Z" } }),
      );
    const website = await client.websites.update(4, { favorite: true, excludeIps: [] });
    expect(seen[0]!.body).toBe("exclude_ips=&favorite=1");
    expect(website).toMatchObject({ id: 4, favorite: true, favoritedAt: "2024-06-01T00:00:00Z" });
  });

  it("deletes and resolves to nothing", async () => {
    const { client, server, seen, answer } = setup();
    server
      .intercept({ path: "/api/v1/websites/4", method: "DELETE" })
      .reply(answer(200, { id: 4, object: "website", deleted: true, status: 200 }));
    await expect(client.websites.delete(4)).resolves.toBeUndefined();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /api/v1/websites/4"]);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses website id %s before sending", async (id) => {
    const { client } = setup();
    await expect(client.websites.get(id)).rejects.toThrow(/positive whole number/);
  });
});

describe("listing", () => {
  it("walks every page with per_page 100 and yields each website once", async () => {
    const { client, server, seen, answer } = setup();
    const path = (page: number) => `/api/v1/websites?per_page=100&page=${page}`;
    server.intercept({ path: path(1) }).reply(answer(200, listBody([1, 2, 3], 1, 3)));
    // Website 3 slid onto page 2 because another was deleted meanwhile: it must not repeat.
    server.intercept({ path: path(2) }).reply(answer(200, listBody([3, 4, 5], 2, 3)));
    server.intercept({ path: path(3) }).reply(answer(200, listBody([6], 3, 3)));
    const ids: number[] = [];
    for await (const website of client.websites.list()) ids.push(website.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toHaveLength(3);
  });

  it("can be awaited to collect everything, with filters passed through", async () => {
    const { client, server, answer } = setup();
    const query = "favorite=1&sort_by=domain&sort=asc&per_page=25";
    server
      .intercept({ path: `/api/v1/websites?${query}&page=1` })
      .reply(answer(200, listBody([1], 1, 2, 25)));
    server
      .intercept({ path: `/api/v1/websites?${query}&page=2` })
      .reply(answer(200, listBody([2], 2, 2, 25)));
    const websites: Website[] = await client.websites.list({
      favorite: true,
      sortBy: "domain",
      sort: "asc",
      perPage: 25,
    });
    expect(websites.map((w) => w.id)).toEqual([1, 2]);
  });

  it("stops at an empty page even if meta promises more", async () => {
    const { client, server, answer } = setup();
    server.intercept({ path: "/api/v1/websites?per_page=100&page=1" }).reply(answer(200, listBody([], 1, 5)));
    await expect(client.websites.list()).resolves.toEqual([]);
  });

  it("listPage returns one page with its meta", async () => {
    const { client, server, answer } = setup();
    server.intercept({ path: "/api/v1/websites?page=2" }).reply(
      answer(200, {
        data: [record(11)],
        meta: { current_page: "2", last_page: "3", per_page: "10", total: "21" },
      }),
    );
    await expect(client.websites.listPage({ page: 2 })).resolves.toMatchObject({
      currentPage: 2,
      lastPage: 3,
      perPage: 10,
      total: 21,
      data: [{ id: 11 }],
    });
  });
});

describe("findByDomain", () => {
  it("searches with the normalised domain and keeps only an exact match", async () => {
    const { client, server, seen, answer } = setup();
    server.intercept({ path: "/api/v1/websites?search=example.com&per_page=100&page=1" }).reply(
      answer(200, {
        data: [record(1, "myexample.com"), record(2, "example.com.au"), record(3, "example.com")],
        meta: { current_page: 1, last_page: 1, per_page: 100, total: 3 },
      }),
    );
    await expect(client.websites.findByDomain("  https://www.Example.com ")).resolves.toMatchObject({
      id: 3,
    });
    expect(seen).toHaveLength(1);
  });

  it("returns undefined when only similar domains exist", async () => {
    const { client, server, answer } = setup();
    server
      .intercept({ path: "/api/v1/websites?search=example.com&per_page=100&page=1" })
      .reply(answer(200, listBody([], 1, 1)));
    await expect(client.websites.findByDomain("example.com")).resolves.toBeUndefined();
  });
});

describe("update of a missing website", () => {
  it("turns the server's 500 into NotFoundError after a GET confirms it is gone", async () => {
    const { client, server, seen, answer } = setup();
    server
      .intercept({ path: "/api/v1/websites/9", method: "PATCH" })
      .reply(answer(500, { message: "Server Error" }));
    server.intercept({ path: "/api/v1/websites/9" }).reply(answer(404, { message: "Resource not found." }));
    const error = await client.websites.update(9, { email: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toMatch(
      /^404 PATCH \/api\/v1\/websites\/9: Resource not found\./,
    );
    expect(seen.map((r) => r.method)).toEqual(["PATCH", "GET"]);
  });

  it("keeps the 500 when the website exists", async () => {
    const { client, server, answer } = setup();
    server
      .intercept({ path: "/api/v1/websites/9", method: "PATCH" })
      .reply(answer(500, { message: "Server Error" }));
    server.intercept({ path: "/api/v1/websites/9" }).reply(answer(200, { data: record(9) }));
    await expect(client.websites.update(9, { email: true })).rejects.toBeInstanceOf(ServerError);
  });
});

const direct: NetworkSettings = { proxy: undefined, caCertificates: undefined, skipTlsVerify: false };

describe("shared dispatchers", () => {
  it("are one per origin and way of reaching it for the process", () => {
    expect(sharedDispatcherFor(installationPlace("https://pool.test"), direct)).toBe(
      sharedDispatcherFor(installationPlace("https://pool.test"), { ...direct }),
    );
    expect(sharedDispatcherFor(installationPlace("https://pool.test"), direct)).not.toBe(
      sharedDispatcherFor(installationPlace("https://pool-2.test"), direct),
    );
    const proxied = { ...direct, proxy: { url: "http://proxy.test:3128" } };
    expect(sharedDispatcherFor(installationPlace("https://pool.test"), proxied)).toBe(
      sharedDispatcherFor(installationPlace("https://pool.test"), { ...proxied }),
    );
    expect(sharedDispatcherFor(installationPlace("https://pool.test"), proxied)).not.toBe(
      sharedDispatcherFor(installationPlace("https://pool.test"), direct),
    );
    expect(
      sharedDispatcherFor(installationPlace("https://pool.test"), { ...direct, skipTlsVerify: true }),
    ).not.toBe(sharedDispatcherFor(installationPlace("https://pool.test"), direct));
  });
});

describe("proxyFor", () => {
  const variables = (proxy: NetworkSettings["proxy"]): NetworkSettings => ({ ...direct, proxy });

  it("is none without a proxy", () => {
    expect(proxyFor(installationPlace("https://stats.example.com"), direct)).toBeUndefined();
  });

  it("takes a proxy given by URL for every origin, this machine's included", () => {
    const network = variables({ url: "http://proxy.test:3128" });
    expect(proxyFor(installationPlace("https://stats.example.com"), network)).toBe("http://proxy.test:3128");
    expect(proxyFor(installationPlace("http://stats.example.com"), network)).toBe("http://proxy.test:3128");
    expect(proxyFor(installationPlace("http://127.0.0.1:8080"), network)).toBe("http://proxy.test:3128");
  });

  it("takes HTTPS_PROXY's value for https:// and HTTP_PROXY's for http://, never for this machine", () => {
    const network = variables({ httpsProxy: "http://secure.test:3128", httpProxy: "http://plain.test:3128" });
    expect(proxyFor(installationPlace("https://stats.example.com"), network)).toBe("http://secure.test:3128");
    expect(proxyFor(installationPlace("http://stats.example.com"), network)).toBe("http://plain.test:3128");
    for (const origin of [
      "http://127.0.0.1:8080",
      "https://localhost",
      "http://[::1]:8080",
      "https://a.localhost",
    ]) {
      expect(proxyFor(installationPlace(origin), network), origin).toBeUndefined();
    }
    // Like Go and curl: HTTP_PROXY alone does not apply to https://.
    expect(
      proxyFor(
        installationPlace("https://stats.example.com"),
        variables({ httpProxy: "http://plain.test:3128" }),
      ),
    ).toBe(undefined);
  });
});
