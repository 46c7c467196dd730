// The website and account endpoints of the emulator over real HTTP: envelopes, status codes,
// field types per endpoint, and the list endpoint's filters and pagination.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { apiHeaders, apiRequest, postWebsite } from "../../support/emulator-api";

type JsonObject = Record<string, unknown>;
interface Reply {
  status: number;
  headers: Headers;
  json: JsonObject;
}

let emulator: Emulator;
let account: EmulatorAccount;

/** `method path` (below /api/v1) with the key of `key`'s account (the owner's unless given), and its answer. */
async function call(
  method: string,
  path: string,
  form?: Record<string, string>,
  key = account.apiKey,
): Promise<Reply> {
  const response = await apiRequest(emulator.url, key, method, path, form);
  return { status: response.status, headers: response.headers, json: (await response.json()) as JsonObject };
}

const dataOf = (reply: Reply): JsonObject => reply.json.data as JsonObject;
const listOf = (reply: Reply): JsonObject[] => reply.json.data as JsonObject[];
const metaOf = (reply: Reply): JsonObject => reply.json.meta as JsonObject;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount({ name: "Owner", email: "owner@example.com" });
});

afterAll(async () => {
  await emulator.close();
});

describe("create", () => {
  it("answers 201 with the record, echoing form strings and null for omitted privacy and email", async () => {
    const reply = await call("POST", "/websites", { domain: "create-echo.example", exclude_ips: "10.0.0.1" });
    expect(reply.status).toBe(201);
    expect(reply.json.status).toBe(201);
    expect(dataOf(reply)).toEqual({
      id: expect.any(Number) as number,
      domain: "create-echo.example",
      privacy: null,
      email: null,
      password: false,
      exclude_bots: 1,
      exclude_ips: "10.0.0.1",
      favorite: false,
      favorited_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/) as string,
      updated_at: expect.stringMatching(/\.000000Z$/) as string,
    });
  });

  it("echoes submitted values with their request types and stores integers", async () => {
    const reply = await call("POST", "/websites", {
      domain: "create-types.example",
      privacy: "1",
      email: "1",
      exclude_bots: "0",
      exclude_params: "utm_source\nfbclid",
    });
    expect(dataOf(reply)).toMatchObject({ privacy: "1", email: "1", exclude_bots: "0" });
    expect(dataOf(reply)).not.toHaveProperty("exclude_params");
    const stored = emulator.getWebsite(dataOf(reply).id as number);
    expect(stored).toMatchObject({
      privacy: 1,
      email: 1,
      exclude_bots: 0,
      exclude_params: "utm_source\nfbclid",
    });
  });

  it("keeps JSON integers as integers in the echo", async () => {
    const response = await fetch(`${emulator.url}/api/v1/websites`, {
      method: "POST",
      headers: apiHeaders(account.apiKey, { "content-type": "application/json" }),
      body: JSON.stringify({ domain: "create-json.example", privacy: 0, email: 1 }),
    });
    const body = (await response.json()) as { data: JsonObject };
    expect(response.status).toBe(201);
    expect(body.data).toMatchObject({ privacy: 0, email: 1, exclude_bots: 1 });
  });

  it("gives ids from one increasing counter", async () => {
    const first = dataOf(await call("POST", "/websites", { domain: "counter-a.example" })).id as number;
    const second = dataOf(await call("POST", "/websites", { domain: "counter-b.example" })).id as number;
    expect(second).toBe(first + 1);
  });
});

describe("show", () => {
  it("returns integers, a password flag and never exclude_params", async () => {
    const created = await call("POST", "/websites", {
      domain: "show.example",
      privacy: "2",
      password: "secret",
      email: "0",
      exclude_bots: "1",
      exclude_params: "ref",
    });
    const reply = await call("GET", `/websites/${String(dataOf(created).id)}`);
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe(200);
    expect(dataOf(reply)).toMatchObject({
      domain: "show.example",
      privacy: 2,
      email: 0,
      exclude_bots: 1,
      password: true,
    });
    expect(dataOf(reply)).not.toHaveProperty("exclude_params");
    expect(JSON.stringify(reply.json)).not.toContain("secret");
  });

  it("answers 404 with the application's body for an unknown id", async () => {
    const reply = await call("GET", "/websites/999999");
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ message: "Resource not found.", status: 404 });
  });
});

describe("update", () => {
  async function createSite(domain: string): Promise<number> {
    const reply = await call("POST", "/websites", { domain, privacy: "0", email: "0", exclude_bots: "1" });
    return dataOf(reply).id as number;
  }

  it("changes only the fields sent, ignores domain, and echoes form strings", async () => {
    const id = await createSite("update-partial.example");
    const reply = await call("PATCH", `/websites/${id}`, { email: "1", domain: "other.example" });
    expect(reply.status).toBe(200);
    expect(dataOf(reply)).toMatchObject({
      domain: "update-partial.example",
      email: "1",
      privacy: 0,
      exclude_bots: 1,
    });
    expect(emulator.getWebsite(id)).toMatchObject({ domain: "update-partial.example", email: 1, privacy: 0 });
  });

  it("accepts PUT like PATCH", async () => {
    const id = await createSite("update-put.example");
    const reply = await call("PUT", `/websites/${id}`, { exclude_bots: "0" });
    expect(reply.status).toBe(200);
    expect(emulator.getWebsite(id)?.exclude_bots).toBe(0);
  });

  it("stores an empty string as null, clearing a list", async () => {
    const id = await createSite("update-clear.example");
    await call("PATCH", `/websites/${id}`, { exclude_ips: "10.0.0.1\n10.0.0.2", exclude_params: "a" });
    expect(emulator.getWebsite(id)).toMatchObject({ exclude_ips: "10.0.0.1\n10.0.0.2", exclude_params: "a" });
    const reply = await call("PATCH", `/websites/${id}`, { exclude_ips: "", exclude_params: "" });
    expect(dataOf(reply).exclude_ips).toBeNull();
    expect(emulator.getWebsite(id)).toMatchObject({ exclude_ips: null, exclude_params: null });
  });

  it("stamps favorited_at on a truthy favorite, ISO in the update and Y-m-d H:i:s on GET; falsy clears it", async () => {
    const id = await createSite("update-favorite.example");
    const set = await call("PATCH", `/websites/${id}`, { favorite: "true" });
    expect(dataOf(set)).toMatchObject({ favorite: true });
    expect(dataOf(set).favorited_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const shown = await call("GET", `/websites/${id}`);
    expect(dataOf(shown).favorited_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const again = await call("PATCH", `/websites/${id}`, { favorite: "1" });
    expect(dataOf(again).favorite).toBe(true);
    expect(dataOf(again).favorited_at).toMatch(/T.*\.\d{6}Z$/);

    const cleared = await call("PATCH", `/websites/${id}`, { favorite: "0" });
    expect(dataOf(cleared)).toMatchObject({ favorite: false, favorited_at: null });
    expect(emulator.getWebsite(id)).toMatchObject({ favorite: false, favorited_at: null });
  });

  it("leaves favorited_at in column form when favorite is not sent", async () => {
    const id = await createSite("update-favorite-kept.example");
    await call("PATCH", `/websites/${id}`, { favorite: "1" });
    const reply = await call("PATCH", `/websites/${id}`, { email: "1" });
    expect(dataOf(reply).favorited_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe("delete", () => {
  it("answers the deletion object and erases the website", async () => {
    const created = await call("POST", "/websites", { domain: "delete-me.example" });
    const id = dataOf(created).id as number;
    const reply = await call("DELETE", `/websites/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ id, object: "website", deleted: true, status: 200 });
    expect(emulator.getWebsite(id)).toBeUndefined();
    expect((await call("DELETE", `/websites/${id}`)).status).toBe(404);
    // The domain is free again once the website is gone.
    expect((await call("POST", "/websites", { domain: "delete-me.example" })).status).toBe(201);
  });
});

describe("account", () => {
  it("describes the key's account and its plan", async () => {
    const reply = await call("GET", "/account");
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      data: {
        id: account.id,
        name: "Owner",
        email: "owner@example.com",
        plan: { features: { websites: -1, api: 1 } },
      },
      status: 200,
    });
    expect(dataOf(reply)).toHaveProperty("avatar_url");
    expect(dataOf(reply).created_at).toMatch(/\.000000Z$/);
  });
});

describe("list", () => {
  let lister: EmulatorAccount;
  const listDomains = ["alpha.test", "bravo.test", "charlie.test", "delta.test", "echo-site.test"];

  const list = (query: string) => call("GET", `/websites${query}`, undefined, lister.apiKey);
  const domainsOf = (reply: Reply): unknown[] => listOf(reply).map((site) => site.domain);

  beforeAll(async () => {
    lister = emulator.createAccount();
    for (const domain of listDomains) {
      expect((await postWebsite(emulator.url, lister.apiKey, { domain })).status).toBe(201);
    }
    const bravo = emulator.listWebsites(lister.id).find((site) => site.domain === "bravo.test");
    if (!bravo) throw new Error("bravo.test missing");
    emulator.updateWebsite(bravo.id, { favorite: true });
  });

  it("defaults to newest first, 10 per page, inside the paginated envelope", async () => {
    const reply = await list("");
    expect(reply.status).toBe(200);
    expect(domainsOf(reply)).toEqual([...listDomains].reverse());
    expect(reply.json.status).toBe(200);
    expect(metaOf(reply)).toMatchObject({
      current_page: 1,
      from: 1,
      to: 5,
      last_page: 1,
      per_page: 10,
      total: 5,
    });
    expect(metaOf(reply).path).toBe(`${emulator.url}/api/v1/websites`);
    expect(reply.json.links).toMatchObject({ prev: null, next: null });
    expect(listOf(reply)[0]).toMatchObject({ privacy: null, email: null, exclude_bots: 1 });
  });

  it("sorts by domain ascending and falls back to defaults on invalid values", async () => {
    expect(domainsOf(await list("?sort_by=domain&sort=asc"))).toEqual(listDomains);
    expect(domainsOf(await list("?sort_by=bogus&sort=sideways"))).toEqual([...listDomains].reverse());
  });

  it("searches substrings case-insensitively, with LIKE wildcards left active", async () => {
    expect(domainsOf(await list("?search=HARL"))).toEqual(["charlie.test"]);
    expect(domainsOf(await list("?search=a_p"))).toEqual(["alpha.test"]);
    expect(domainsOf(await list("?search=-")).length).toBe(1);
  });

  it("filters favorites only for 0 or 1", async () => {
    expect(domainsOf(await list("?favorite=1"))).toEqual(["bravo.test"]);
    expect(domainsOf(await list("?favorite=0"))).not.toContain("bravo.test");
    expect(domainsOf(await list("?favorite=0")).length).toBe(4);
    expect(domainsOf(await list("?favorite=true")).length).toBe(5);
  });

  it("pages with page and per_page, keeping the query in the links", async () => {
    for (let index = 0; index < 21; index += 1) {
      expect((await postWebsite(emulator.url, lister.apiKey, { domain: `page-${index}.test` })).status).toBe(
        201,
      );
    }
    const second = await list("?per_page=25&page=2&sort_by=domain&sort=asc");
    expect(metaOf(second)).toMatchObject({
      current_page: 2,
      from: 26,
      to: 26,
      last_page: 2,
      per_page: 25,
      total: 26,
    });
    expect(listOf(second)).toHaveLength(1);
    const links = second.json.links as JsonObject;
    expect(links.prev).toBe(
      `${emulator.url}/api/v1/websites?search_by=domain&sort_by=domain&sort=asc&per_page=25&page=1`,
    );
    expect(links.next).toBeNull();
    const pageLinks = metaOf(second).links as JsonObject[];
    expect(pageLinks.map((link) => link.label)).toEqual(["&laquo; Previous", "1", "2", "Next &raquo;"]);
    expect(pageLinks[2]).toMatchObject({ active: true });

    const invalidPerPage = await list("?per_page=7");
    expect(metaOf(invalidPerPage).per_page).toBe(10);
    expect(listOf(invalidPerPage)).toHaveLength(10);

    const beyond = await list("?page=9");
    expect(listOf(beyond)).toEqual([]);
    expect(metaOf(beyond)).toMatchObject({ current_page: 9, from: null, to: null });
  });

  it("writes URLs with escaped slashes, as the server's JSON encoder does", async () => {
    const response = await apiRequest(emulator.url, lister.apiKey, "GET", "/websites");
    expect(await response.text()).toContain("http:\\/\\/");
  });
});
