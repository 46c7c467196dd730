// Who may call what: authentication and its redirect, plans without API access, isolation of
// accounts from each other, and how unknown routes and methods are answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";

let emulator: Emulator;
let owner: EmulatorAccount;
let stranger: EmulatorAccount;
let ownerSiteId: number;

function request(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { redirect: "manual", ...init });
}

function asAccount(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, accept: "application/json", ...extra };
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  owner = emulator.createAccount();
  stranger = emulator.createAccount();
  const response = await request("/api/v1/websites", {
    method: "POST",
    headers: asAccount(owner.apiKey, { "content-type": "application/x-www-form-urlencoded" }),
    body: "domain=owned.example",
  });
  ownerSiteId = ((await response.json()) as { data: { id: number } }).data.id;
});

afterAll(async () => {
  await emulator.close();
});

describe("authentication", () => {
  it("answers 401 without a status field for a missing or wrong key", async () => {
    for (const headers of [{ accept: "application/json" }, asAccount("x".repeat(64))]) {
      const response = await request("/api/v1/websites", { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it("redirects to /login instead when the client does not ask for JSON", async () => {
    const response = await request("/api/v1/websites", { headers: { authorization: "Bearer wrong" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${emulator.url}/login`);
    const followed = await fetch(`${emulator.url}/api/v1/account`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get("content-type")).toContain("text/html");
  });

  it("serves an authenticated request without Accept header normally", async () => {
    const response = await request("/api/v1/account", {
      headers: { authorization: `Bearer ${owner.apiKey}` },
    });
    expect(response.status).toBe(200);
  });

  it("also takes the key as an api_token query or body parameter", async () => {
    const byQuery = await request(`/api/v1/account?api_token=${owner.apiKey}`, {
      headers: { accept: "application/json" },
    });
    expect(byQuery.status).toBe(200);
    const byBody = await request("/api/v1/websites", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: `api_token=${owner.apiKey}&domain=token-in-body.example`,
    });
    expect(byBody.status).toBe(201);
  });

  it("answers 403 for every call of an account whose plan has no API access", async () => {
    const blocked = emulator.createAccount({ apiAccess: false });
    for (const path of ["/api/v1/account", "/api/v1/websites", `/api/v1/websites/${ownerSiteId}`]) {
      const response = await request(path, { headers: asAccount(blocked.apiKey) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: "You don't have access to this feature.",
        status: 403,
      });
    }
  });
});

describe("tenant isolation", () => {
  it("hides another account's website from show, update, delete and list", async () => {
    const path = `/api/v1/websites/${ownerSiteId}`;
    expect((await request(path, { headers: asAccount(stranger.apiKey) })).status).toBe(404);
    expect((await request(path, { method: "DELETE", headers: asAccount(stranger.apiKey) })).status).toBe(404);
    const update = await request(path, {
      method: "PATCH",
      headers: asAccount(stranger.apiKey, { "content-type": "application/x-www-form-urlencoded" }),
      body: "email=1",
    });
    expect(update.status).toBe(500);
    const list = (await (
      await request("/api/v1/websites", { headers: asAccount(stranger.apiKey) })
    ).json()) as {
      data: unknown[];
      meta: { total: number };
    };
    expect(list.data).toEqual([]);
    expect(list.meta.total).toBe(0);
    expect(emulator.getWebsite(ownerSiteId)).toMatchObject({ domain: "owned.example", email: null });
  });
});

describe("routing", () => {
  it("answers 500 for an update of a website that does not exist", async () => {
    const response = await request("/api/v1/websites/987654", {
      method: "PUT",
      headers: asAccount(owner.apiKey, { "content-type": "application/x-www-form-urlencoded" }),
      body: "email=1",
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Server Error" });
  });

  it("answers unknown GETs with 404 after authentication", async () => {
    const authenticated = await request("/api/v1/nothing-here", { headers: asAccount(owner.apiKey) });
    expect(authenticated.status).toBe(404);
    expect(await authenticated.json()).toEqual({ message: "Resource not found.", status: 404 });
    const anonymous = await request("/api/v1/nothing-here", { headers: { accept: "application/json" } });
    expect(anonymous.status).toBe(401);
  });

  it("answers other methods on unknown or read-only paths with 405 and an Allow header", async () => {
    const unknown = await request("/api/v1/nothing-here", {
      method: "POST",
      headers: asAccount(owner.apiKey),
    });
    expect(unknown.status).toBe(405);
    expect(unknown.headers.get("allow")).toBe("GET, HEAD");
    const account = await request("/api/v1/account", { method: "DELETE", headers: asAccount(owner.apiKey) });
    expect(account.status).toBe(405);
    expect(((await account.json()) as { message: string }).message).toContain(
      "DELETE method is not supported",
    );
    const collection = await request("/api/v1/websites", { method: "PUT", headers: asAccount(owner.apiKey) });
    expect(collection.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("routes methods the HTTP framework does not know through the API's router, echoing no query", async () => {
    const response = await request(`/api/v1/websites?api_token=${owner.apiKey}`, {
      method: "PROPFIND",
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await response.text()).not.toContain(owner.apiKey);
  });

  it("hands a path with broken percent-encoding to the API instead of refusing it first", async () => {
    const path = "/api/v1/websites/%zz";
    const anonymous = await request(path, { headers: { accept: "application/json" } });
    expect(anonymous.status).toBe(401);
    const authenticated = await request(`${path}?api_token=${owner.apiKey}`, {
      headers: { accept: "application/json" },
    });
    expect(authenticated.status).toBe(404);
    expect(await authenticated.text()).not.toContain(owner.apiKey);
  });

  it("answers paths outside the API with a bare 404 or 400 that does not echo the URL", async () => {
    for (const [path, status] of [
      [`/elsewhere?api_token=${owner.apiKey}`, 404],
      [`/elsewhere/%zz?api_token=${owner.apiKey}`, 400],
    ] as const) {
      const response = await request(path);
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(text).not.toContain(owner.apiKey);
      expect(text).not.toContain("elsewhere");
    }
  });

  it("treats a non-numeric id as a missing website", async () => {
    const response = await request("/api/v1/websites/abc", { headers: asAccount(owner.apiKey) });
    expect(response.status).toBe(404);
  });
});
