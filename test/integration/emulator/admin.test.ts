// The control surface: /_emulator admin routes over HTTP, out-of-band changes and request counters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount, type StoredWebsite } from "../../../emulator";
import { apiRequest, createdId, postWebsite } from "../../support/emulator-api";

const ADMIN_TOKEN = "admin-secret-token";
let emulator: Emulator;

function admin(method: string, path: string, body?: unknown, token = ADMIN_TOKEN): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const api = (key: string, method: string, path: string, form?: string) =>
  apiRequest(emulator.url, key, method, path, form);

async function createdWebsiteId(key: string, domain: string): Promise<number> {
  const response = await postWebsite(emulator.url, key, { domain });
  expect(response.status).toBe(201);
  return createdId(response);
}

beforeAll(async () => {
  emulator = await startEmulator({ adminToken: ADMIN_TOKEN, requestsPerMinute: 0 });
});

afterAll(async () => {
  await emulator.close();
});

describe("admin routes", () => {
  it("refuse a missing or wrong admin token with 401", async () => {
    expect((await fetch(`${emulator.url}/_emulator/counters`)).status).toBe(401);
    expect((await admin("GET", "/counters", undefined, "not-the-token")).status).toBe(401);
    expect((await admin("POST", "/accounts", {}, "not-the-token")).status).toBe(401);
    expect(emulator.listAccounts()).toEqual([]);
  });

  it("create accounts whose keys work on the API", async () => {
    const response = await admin("POST", "/accounts", { name: "Via HTTP", websiteLimit: 3 });
    expect(response.status).toBe(201);
    const account = (await response.json()) as EmulatorAccount;
    expect(account.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    const shown = await api(account.apiKey, "GET", "/account");
    expect(await shown.json()).toMatchObject({
      data: { name: "Via HTTP", plan: { features: { websites: 3 } } },
    });
    const listed = (await (await admin("GET", "/accounts")).json()) as EmulatorAccount[];
    expect(listed.map((entry) => entry.id)).toContain(account.id);
  });

  it("change and delete websites out of band, and list them per account", async () => {
    const account = emulator.createAccount();
    const other = emulator.createAccount();
    const id = await createdWebsiteId(account.apiKey, "admin-patch.example");
    await createdWebsiteId(other.apiKey, "admin-other.example");

    const patched = await admin("PATCH", `/websites/${id}`, {
      email: 1,
      exclude_params: "gclid",
      favorite: true,
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id, email: 1, exclude_params: "gclid", favorite: true });
    const shown = (await (await api(account.apiKey, "GET", `/websites/${id}`)).json()) as {
      data: StoredWebsite;
    };
    expect(shown.data).toMatchObject({ email: 1, favorite: true });

    const listed = (await (await admin("GET", `/websites?account=${account.id}`)).json()) as StoredWebsite[];
    expect(listed.map((site) => site.domain)).toEqual(["admin-patch.example"]);

    expect((await admin("PATCH", `/websites/${id}`, { privacy: 7 })).status).toBe(400);
    expect((await admin("PATCH", "/websites/99999", { email: 1 })).status).toBe(404);
    expect((await admin("DELETE", `/websites/${id}`)).status).toBe(200);
    expect((await api(account.apiKey, "GET", `/websites/${id}`)).status).toBe(404);
    expect((await admin("DELETE", `/websites/${id}`)).status).toBe(404);
  });

  it("inject and clear faults", async () => {
    const account = emulator.createAccount();
    const injected = await admin("POST", "/faults", {
      route: "GET /api/v1/account",
      kind: "status",
      status: 503,
    });
    expect(injected.status).toBe(201);
    expect(await injected.json()).toEqual({ id: expect.any(String) as string });
    expect((await api(account.apiKey, "GET", "/account")).status).toBe(503);
    expect((await admin("DELETE", "/faults")).status).toBe(204);
    expect((await api(account.apiKey, "GET", "/account")).status).toBe(200);
    expect((await admin("POST", "/faults", { kind: "explode" })).status).toBe(400);
    expect((await admin("POST", "/faults", { kind: "status", route: "nonsense here" })).status).toBe(400);
  });

  it("set the throttle", async () => {
    const account = emulator.createAccount();
    expect(await (await admin("PUT", "/throttle", { requestsPerMinute: 2 })).json()).toEqual({
      requestsPerMinute: 2,
    });
    const statuses = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push((await api(account.apiKey, "GET", "/account")).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Admin routes are never throttled.
    expect((await admin("GET", "/counters")).status).toBe(200);
    await admin("PUT", "/throttle", { requestsPerMinute: 0 });
    expect((await api(account.apiKey, "GET", "/account")).status).toBe(200);
  });

  it("read and reset the request counters, which leave admin calls out", async () => {
    const account = emulator.createAccount();
    expect((await admin("DELETE", "/counters")).status).toBe(204);
    const id = await createdWebsiteId(account.apiKey, "counted.example");
    await api(account.apiKey, "GET", `/websites/${id}`);
    await api(account.apiKey, "GET", `/websites/${id}`);
    await api(account.apiKey, "PATCH", `/websites/${id}`, "email=1");
    await api("bad-key", "GET", "/websites");
    await api(account.apiKey, "GET", "/nowhere");
    await admin("GET", "/websites");
    expect(await (await admin("GET", "/counters")).json()).toEqual({
      "POST /api/v1/websites": 1,
      "GET /api/v1/websites/:id": 2,
      "PATCH /api/v1/websites/:id": 1,
      "GET /api/v1/websites": 1,
      "GET /api/v1/*": 1,
    });
    expect(emulator.requestCounts()["GET /api/v1/websites/:id"]).toBe(2);
    emulator.resetRequestCounts();
    expect(emulator.requestCounts()).toEqual({});
  });
});

describe("programmatic controls", () => {
  it("updateWebsite changes stored values, clears with empty strings and throws for a missing website", async () => {
    const account = emulator.createAccount();
    const id = await createdWebsiteId(account.apiKey, "programmatic.example");
    emulator.updateWebsite(id, { exclude_ips: "10.0.0.1", privacy: 1 });
    expect(emulator.getWebsite(id)).toMatchObject({ exclude_ips: "10.0.0.1", privacy: 1 });
    emulator.updateWebsite(id, { exclude_ips: "" });
    expect(emulator.getWebsite(id)?.exclude_ips).toBeNull();
    expect(() => emulator.updateWebsite(123456, { email: 1 })).toThrow(/does not exist/);
  });

  it("getWebsite returns a copy that cannot change the store", async () => {
    const account = emulator.createAccount();
    const id = await createdWebsiteId(account.apiKey, "copy.example");
    const copy = emulator.getWebsite(id);
    if (!copy) throw new Error("missing website");
    copy.domain = "changed.example";
    expect(emulator.getWebsite(id)?.domain).toBe("copy.example");
  });

  it("deleteWebsite reports whether there was something to delete", async () => {
    const account = emulator.createAccount();
    const id = await createdWebsiteId(account.apiKey, "programmatic-delete.example");
    expect(emulator.deleteWebsite(id)).toBe(true);
    expect(emulator.deleteWebsite(id)).toBe(false);
  });
});
