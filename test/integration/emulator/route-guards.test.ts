// Every route against every way of getting in without the right credential: API routes refuse
// all missing, malformed and wrong keys without acting; another account's website looks exactly
// like a website that does not exist; admin routes refuse everything but the admin token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  NO_QUIRKS,
  startEmulator,
  type Emulator,
  type EmulatorAccount,
  type StoredWebsite,
} from "../../../emulator";
import { ROUTES } from "../../../emulator/api-routes";

interface Route {
  method: string;
  /** With ":id" standing for the owner's website. */
  path: string;
  form?: string;
}

const API_ROUTES: Route[] = [
  { method: "GET", path: "/api/v1/websites" },
  { method: "HEAD", path: "/api/v1/websites" },
  { method: "POST", path: "/api/v1/websites", form: "domain=intruder.example" },
  { method: "GET", path: "/api/v1/websites/:id" },
  { method: "PUT", path: "/api/v1/websites/:id", form: "email=1&privacy=1" },
  { method: "PATCH", path: "/api/v1/websites/:id", form: "email=1&exclude_ips=192.0.2.1" },
  { method: "DELETE", path: "/api/v1/websites/:id" },
  { method: "GET", path: "/api/v1/account" },
  { method: "GET", path: "/api/v1/stats/:id" },
];

let emulator: Emulator;
let owner: EmulatorAccount;
let ownerSite: StoredWebsite;

/** Ways of presenting no valid API key, each as headers plus a query string. */
function refusedCredentials(): [string, Record<string, string>, string][] {
  const key = owner.apiKey;
  const sameLength = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
  return [
    ["no Authorization header", {}, ""],
    ["an empty Authorization header", { authorization: "" }, ""],
    ["an empty bearer token", { authorization: "Bearer " }, ""],
    ["the word Bearer alone", { authorization: "Bearer" }, ""],
    ["another scheme", { authorization: `Token ${key}` }, ""],
    ["the scheme in lower case", { authorization: `bearer ${key}` }, ""],
    ["a wrong key of the same length", { authorization: `Bearer ${sameLength}` }, ""],
    ["the key cut short", { authorization: `Bearer ${key.slice(0, -1)}` }, ""],
    ["the key with a suffix", { authorization: `Bearer ${key}x` }, ""],
    ["Basic with a wrong password", { authorization: `Basic ${btoa(`user:${sameLength}`)}` }, ""],
    ["Basic with the key as user name", { authorization: `Basic ${btoa(`${key}:`)}` }, ""],
    ["a wrong api_token parameter", {}, `?api_token=${sameLength}`],
    ["an empty api_token parameter", {}, "?api_token="],
  ];
}

function url(route: Route, query = ""): string {
  return `${emulator.url}${route.path.replace(":id", String(ownerSite.id))}${query}`;
}

async function call(
  route: Route,
  headers: Record<string, string>,
  query = "",
): Promise<{ status: number; text: string; location: string | null }> {
  const response = await fetch(url(route, query), {
    method: route.method,
    headers: {
      ...headers,
      ...(route.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: route.form,
    redirect: "manual",
  });
  return { status: response.status, text: await response.text(), location: response.headers.get("location") };
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
});

beforeEach(async () => {
  // A fresh owner and website per test keeps every case independent of the others' writes.
  for (const site of emulator.listWebsites()) emulator.deleteWebsite(site.id);
  owner = emulator.createAccount();
  await fetch(`${emulator.url}/api/v1/websites`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${owner.apiKey}`,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "domain=guarded.example",
  });
  const [site] = emulator.listWebsites(owner.id);
  if (!site) throw new Error("the owner's website was not created");
  ownerSite = site;
});

afterAll(async () => {
  await emulator.close();
});

/** Nothing a refused request may change: the owner's website, and no website anywhere else. */
function expectUntouched(): void {
  expect(emulator.listWebsites()).toEqual([ownerSite]);
}

describe("API routes without a valid key", () => {
  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: refused for every missing or wrong credential, 401 JSON or 302 to /login",
    async (_name, route) => {
      for (const [label, headers, query] of refusedCredentials()) {
        const asJson = await call(route, { accept: "application/json", ...headers }, query);
        expect(asJson.status, label).toBe(401);
        if (route.method !== "HEAD")
          expect(JSON.parse(asJson.text), label).toEqual({ message: "Unauthenticated." });

        const asBrowser = await call(route, headers, query);
        expect(asBrowser.status, label).toBe(302);
        expect(asBrowser.location, label).toBe(`${emulator.url}/login`);
        expectUntouched();
      }
    },
  );

  it.each(["", "text", "a b", "application/json; charset", "multipart/form-data"])(
    "refuses with 401 whatever the Content-Type (%j), before looking at the body",
    async (contentType) => {
      for (const route of API_ROUTES.filter((candidate) => candidate.form)) {
        const response = await fetch(url(route), {
          method: route.method,
          headers: { accept: "application/json", "content-type": contentType },
          body: route.form,
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
      }
      expectUntouched();
    },
  );

  it("covers every route the emulator serves", () => {
    const guarded = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));
    for (const route of ROUTES) {
      for (const method of Object.keys(route.actions)) {
        expect(guarded).toContain(`${method} ${route.template}`);
      }
    }
  });

  it("answers 401 without a redirect on every route when that quirk is off", async () => {
    const tidy = await startEmulator({ requestsPerMinute: 0, quirks: NO_QUIRKS });
    try {
      for (const route of API_ROUTES) {
        const response = await fetch(`${tidy.url}${route.path.replace(":id", "1")}`, {
          method: route.method,
          redirect: "manual",
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
      }
    } finally {
      await tidy.close();
    }
  });
});

describe("another account's website", () => {
  // The statistics route validates its query first; test/integration/emulator/stats.test.ts covers it.
  const byId: Route[] = API_ROUTES.filter((route) => route.path.startsWith("/api/v1/websites/"));

  it.each(byId.map((route) => [route.method, route] as const))(
    "%s: answered exactly as a website that does not exist, and left alone",
    async (_method, route) => {
      const stranger = emulator.createAccount();
      const headers = { authorization: `Bearer ${stranger.apiKey}`, accept: "application/json" };
      const foreign = await call(route, headers);
      const missing = await call({ ...route, path: route.path.replace(":id", "999999") }, headers);
      expect(foreign).toEqual(missing);
      // The real server's update dereferences a missing website and fails with 500.
      expect(foreign.status).toBe(route.method === "PUT" || route.method === "PATCH" ? 500 : 404);
      expect(foreign.text).not.toContain("guarded.example");
      expectUntouched();
    },
  );

  it("is a 404 on show, update and delete once the 500 quirk is off", async () => {
    const tidy = await startEmulator({ requestsPerMinute: 0, quirks: NO_QUIRKS });
    try {
      const first = tidy.createAccount();
      const second = tidy.createAccount();
      const created = await fetch(`${tidy.url}/api/v1/websites`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${first.apiKey}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "domain=tidy-guarded.example",
      });
      const { id } = ((await created.json()) as { data: { id: number } }).data;
      const before = tidy.getWebsite(id);
      for (const route of byId) {
        const response = await fetch(`${tidy.url}${route.path.replace(":id", String(id))}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${second.apiKey}`,
            ...(route.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
          body: route.form,
        });
        expect(response.status, route.method).toBe(404);
      }
      expect(tidy.getWebsite(id)).toEqual(before);
    } finally {
      await tidy.close();
    }
  });

  it("shows each key only its own account", async () => {
    const stranger = emulator.createAccount({ name: "Stranger", email: "stranger@example.com" });
    const reply = await call(
      { method: "GET", path: "/api/v1/account" },
      { authorization: `Bearer ${stranger.apiKey}`, accept: "application/json" },
    );
    const { data } = JSON.parse(reply.text) as { data: { id: number; email: string } };
    expect(data).toMatchObject({ id: stranger.id, email: "stranger@example.com" });
    expect(reply.text).not.toContain(owner.email);
  });
});

describe("admin routes without the admin token", () => {
  const ADMIN_ROUTES: { method: string; path: string; body?: unknown }[] = [
    { method: "POST", path: "/_emulator/accounts", body: { name: "Intruder" } },
    { method: "GET", path: "/_emulator/accounts" },
    { method: "GET", path: "/_emulator/websites" },
    { method: "PATCH", path: "/_emulator/websites/:id", body: { email: 1 } },
    { method: "DELETE", path: "/_emulator/websites/:id" },
    { method: "POST", path: "/_emulator/faults", body: { kind: "reset" } },
    { method: "DELETE", path: "/_emulator/faults" },
    { method: "PUT", path: "/_emulator/throttle", body: { requestsPerMinute: 1 } },
    { method: "GET", path: "/_emulator/counters" },
    { method: "DELETE", path: "/_emulator/counters" },
  ];

  function refusedAdminHeaders(): [string, Record<string, string>][] {
    const token = emulator.adminToken;
    return [
      ["no Authorization header", {}],
      ["an empty bearer token", { authorization: "Bearer " }],
      // The last character changed, always to another one: "x" alone would be the token itself
      // whenever the random token ends in "x".
      ["a wrong token", { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}` }],
      ["the token with a suffix", { authorization: `Bearer ${token}x` }],
      ["the token without a scheme", { authorization: token }],
      ["Basic with the token", { authorization: `Basic ${btoa(`admin:${token}`)}` }],
      ["an account's API key", { authorization: `Bearer ${owner.apiKey}` }],
    ];
  }

  it.each(ADMIN_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: 401 and nothing changes",
    async (_name, route) => {
      const accountsBefore = emulator.listAccounts();
      const countsBefore = emulator.requestCounts();
      for (const [label, headers] of refusedAdminHeaders()) {
        const response = await fetch(`${emulator.url}${route.path.replace(":id", String(ownerSite.id))}`, {
          method: route.method,
          headers: { ...headers, ...(route.body ? { "content-type": "application/json" } : {}) },
          body: route.body ? JSON.stringify(route.body) : undefined,
        });
        expect(response.status, label).toBe(401);
        expect(await response.json(), label).toEqual({ message: "Missing or wrong admin token." });
      }
      expect(emulator.listAccounts()).toEqual(accountsBefore);
      expect(emulator.requestCounts()).toEqual(countsBefore);
      expectUntouched();
      // No fault and no throttle were installed: the API still answers normally.
      const check = await call(
        { method: "GET", path: "/api/v1/account" },
        { authorization: `Bearer ${owner.apiKey}` },
      );
      expect(check.status).toBe(200);
    },
  );
});
