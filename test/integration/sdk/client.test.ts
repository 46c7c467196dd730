// The sdk against the emulator over real HTTP: every method, pagination, each error class as the
// server produces it, retries under injected faults (request counters prove the attempt counts)
// and isolation between accounts.
import { createServer } from "node:net";
import { inspect } from "node:util";
import { Agent, type Dispatcher } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import {
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
  WebstatsClient,
  type WebstatsClientOptions,
} from "../../../sdk";
import { liveWebsite } from "../../support/wire-records";
import { rejectionOf } from "../../support/thrown";
import { useEmulator } from "../../support/emulator-for-tests";

const WEBSITE_ROUTE = "/api/v1/websites/:id";
let emu: Emulator;
let owner: EmulatorAccount;
let client: WebstatsClient;
let domainCounter = 0;

function clientFor(account: EmulatorAccount, options: Partial<WebstatsClientOptions> = {}): WebstatsClient {
  return new WebstatsClient({ baseUrl: emu.url, apiKey: account.apiKey, ...options });
}

/** Domains are unique across the installation, so each test takes fresh ones. */
function freshDomain(label = "site"): string {
  domainCounter += 1;
  return `${label}-${domainCounter}.example.org`;
}

/** The error `promise` rejects with: every failure of the client is an Error. */
const failureOf = (promise: PromiseLike<unknown>) => rejectionOf(Error, promise);

beforeAll(async () => {
  emu = await startEmulator({ port: 0, requestsPerMinute: 0 });
  owner = emu.createAccount();
  client = clientFor(owner);
});

afterEach(() => {
  emu.clearFaults();
  emu.resetRequestCounts();
});

afterAll(async () => {
  await emu.close();
});

describe("every client method", () => {
  it("creates with the documented defaults, even though the server would store null", async () => {
    const domain = freshDomain();
    const created = await client.websites.create({ domain: `https://www.${domain.toUpperCase()}` });
    const { createdAt, updatedAt } = created;
    expect(created).toEqual(liveWebsite(created.id, domain, { createdAt, updatedAt }));
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(await client.websites.get(created.id)).toEqual(created);
  });

  it("creates with every field and reads the same values back", async () => {
    const created = await client.websites.create({
      domain: freshDomain(),
      privacy: "password",
      password: "hunter2",
      email: true,
      excludeBots: false,
      excludeParams: ["utm_source", "&"],
      excludeIps: ["192.0.2.1", "2001:db8::/32"],
    });
    expect(created).toMatchObject({
      privacy: "password",
      hasPassword: true,
      email: true,
      excludeBots: false,
    });
    expect(await client.websites.get(created.id)).toMatchObject({
      privacy: "password",
      hasPassword: true,
      email: true,
      excludeBots: false,
      excludeIps: ["192.0.2.1", "2001:db8::/32"],
    });
    expect(JSON.stringify(created)).not.toContain("hunter2");
  });

  it("updates only the given fields, clears lists, and sets favorite", async () => {
    const { id } = await client.websites.create({
      domain: freshDomain(),
      excludeIps: ["192.0.2.1"],
      email: true,
    });
    const updated = await client.websites.update(id, { privacy: "private", excludeIps: [], favorite: true });
    expect(updated).toMatchObject({ privacy: "private", excludeIps: [], favorite: true, email: true });
    expect(updated.favoritedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // GET spells favorited_at differently from the update answer; the sdk makes them equal.
    const read = await client.websites.get(id);
    expect(read.favoritedAt).toBe(updated.favoritedAt);
    expect(emu.requestCounts()[`PATCH ${WEBSITE_ROUTE}`]).toBe(1);

    const unfavored = await client.websites.update(id, { favorite: false });
    expect(unfavored).toMatchObject({ favorite: false, favoritedAt: null, privacy: "private" });
  });

  it("deletes", async () => {
    const { id } = await client.websites.create({ domain: freshDomain() });
    await client.websites.delete(id);
    await expect(client.websites.get(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.websites.delete(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reads the account", async () => {
    const account = await client.account.get();
    expect(account).toMatchObject({ id: owner.id, name: owner.name, email: owner.email });
    expect(account.plan?.features.api).toBe(true);
    expect(account.plan?.features.websites).toBe(-1);
  });
});

describe("listing", () => {
  const total = 230;
  let lister: WebstatsClient;
  const ids: number[] = [];

  beforeAll(async () => {
    const account = emu.createAccount();
    lister = clientFor(account);
    for (let i = 0; i < total; i += 1) {
      ids.push((await lister.websites.create({ domain: freshDomain("page") })).id);
    }
  });

  it("yields every website of every page once, 100 per page", async () => {
    emu.resetRequestCounts();
    const seen: number[] = [];
    for await (const website of lister.websites.list()) seen.push(website.id);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(emu.requestCounts()["GET /api/v1/websites"]).toBe(3);
  });

  it("collects everything when awaited, in the requested order", async () => {
    const websites = await lister.websites.list({ sortBy: "id", sort: "asc", perPage: 50 });
    expect(websites.map((w) => w.id)).toEqual([...ids].sort((a, b) => a - b));
  });

  it("returns one page with its meta from listPage", async () => {
    const page = await lister.websites.listPage({ perPage: 100, page: 3 });
    expect(page).toMatchObject({ currentPage: 3, lastPage: 3, perPage: 100, total });
    expect(page.data).toHaveLength(30);
    const firstDefault = await lister.websites.listPage();
    expect(firstDefault).toMatchObject({ currentPage: 1, perPage: 10, lastPage: 23 });
  });
});

describe("findByDomain", () => {
  it("finds the exact domain among substring matches", async () => {
    const base = freshDomain("shop");
    const wanted = await client.websites.create({ domain: base });
    await client.websites.create({ domain: `my${base}` });
    await client.websites.create({ domain: `${base.replace(".example.org", "")}.example.org.uk` });
    await expect(client.websites.findByDomain(`HTTPS://www.${base}`)).resolves.toMatchObject({
      id: wanted.id,
    });
    await expect(client.websites.findByDomain(`x${base}`)).resolves.toBeUndefined();
  });
});

describe("errors from the real server", () => {
  it("401 for a wrong key", async () => {
    const error = await failureOf(
      new WebstatsClient({ baseUrl: emu.url, apiKey: "w".repeat(64) }).account.get(),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe("401 GET /api/v1/account: Unauthenticated.");
    expect(inspect(error, { depth: Infinity }) + JSON.stringify(error)).not.toContain("w".repeat(64));
  });

  it("a redirect to the login page, as sent to requests without Accept, is an AuthenticationError", async () => {
    const error = await failureOf(
      new WebstatsClient({
        baseUrl: emu.url,
        apiKey: "w".repeat(64),
        dispatcher: withoutAcceptHeader(),
      }).account.get(),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 302 });
    expect(error.message).toMatch(/login page/);
  });

  it("403 for an account without API access", async () => {
    const error = await failureOf(clientFor(emu.createAccount({ apiAccess: false })).websites.list());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.message).toBe(
      "403 GET /api/v1/websites?per_page=100&page=1: You don't have access to this feature.",
    );
  });

  it("404 for a missing website", async () => {
    const error = await failureOf(client.websites.get(999_999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("404 GET /api/v1/websites/999999: Resource not found.");
  });

  it("NotFoundError for an update of a missing website, although the server answers 500", async () => {
    await expect(client.websites.update(999_999, { email: true })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("422 with field errors for a taken domain", async () => {
    const domain = freshDomain();
    await client.websites.create({ domain });
    const error = await failureOf(client.websites.create({ domain }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe("422 POST /api/v1/websites: domain: The domain has already been taken.");
    expect((error as ValidationError).fieldErrors).toEqual({
      domain: ["The domain has already been taken."],
    });
  });

  it("422 for a domain the server rejects", async () => {
    const error = await failureOf(client.websites.create({ domain: "localhost" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fieldErrors)).toEqual(["domain"]);
  });

  it("5xx from a proxy error page", async () => {
    emu.injectFault({ route: `GET ${WEBSITE_ROUTE}`, kind: "status", status: 503 });
    const error = await failureOf(clientFor(owner, { maxRetries: 0 }).websites.get(1));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toMatch(/^503 GET \/api\/v1\/websites\/1: Service Unavailable/);
  });

  it("UnexpectedResponseError for a body cut short", async () => {
    emu.injectFault({ route: "GET /api/v1/account", kind: "truncate" });
    const error = await failureOf(clientFor(owner, { maxRetries: 0 }).account.get());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ truncated: true, status: 200 });
    expect(error.message).toMatch(/cut short/);
    expect(error.message).not.toContain(owner.apiKey);
  });

  it("ConnectionError when nothing listens", async () => {
    const port = await closedPort();
    const error = await failureOf(
      new WebstatsClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: owner.apiKey,
        maxRetries: 1,
      }).account.get(),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe("ECONNREFUSED");
  });

  it("TimeoutError when the answer is slow", async () => {
    emu.injectFault({ route: "GET /api/v1/account", kind: "latency", latencyMs: 1_000, count: 1 });
    const error = await failureOf(clientFor(owner, { timeoutMs: 100, maxRetries: 0 }).account.get());
    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe("retries under injected faults", () => {
  it("GET goes through two 502s", async () => {
    const { id } = await client.websites.create({ domain: freshDomain() });
    emu.injectFault({ route: `GET ${WEBSITE_ROUTE}`, kind: "status", status: 502, count: 2 });
    await expect(client.websites.get(id)).resolves.toMatchObject({ id });
    expect(emu.requestCounts()[`GET ${WEBSITE_ROUTE}`]).toBe(3);
  });

  it("GET goes through a reset connection and a cut-short body", async () => {
    emu.injectFault({ route: "GET /api/v1/account", kind: "reset", count: 1 });
    emu.injectFault({ route: "GET /api/v1/account", kind: "truncate", count: 1 });
    await expect(client.account.get()).resolves.toMatchObject({ id: owner.id });
    expect(emu.requestCounts()["GET /api/v1/account"]).toBe(3);
  });

  it("POST is not repeated after a 502", async () => {
    const domain = freshDomain();
    emu.injectFault({ route: "POST /api/v1/websites", kind: "status", status: 502, count: 1 });
    await expect(client.websites.create({ domain })).rejects.toBeInstanceOf(ServerError);
    expect(emu.requestCounts()["POST /api/v1/websites"]).toBe(1);
    await expect(client.websites.findByDomain(domain)).resolves.toBeUndefined();
  });

  it("shows why: a 502 after the server acted hides a created website", async () => {
    const domain = freshDomain();
    emu.injectFault({
      route: "POST /api/v1/websites",
      kind: "status",
      status: 502,
      phase: "after",
      count: 1,
    });
    await expect(client.websites.create({ domain })).rejects.toBeInstanceOf(ServerError);
    expect(emu.requestCounts()["POST /api/v1/websites"]).toBe(1);
    // The website exists although the caller saw a failure: a blind retry would have met 422.
    await expect(client.websites.findByDomain(domain)).resolves.toMatchObject({ domain });
  });

  it("POST is repeated after a 429, which the throttle answers before doing anything", async () => {
    const domain = freshDomain();
    emu.injectFault({ route: "POST /api/v1/websites", kind: "rate-limit", retryAfterSeconds: 0, count: 1 });
    await expect(client.websites.create({ domain })).resolves.toMatchObject({ domain });
    expect(emu.requestCounts()["POST /api/v1/websites"]).toBe(2);
  });

  it("DELETE whose answer was lost counts as done when the retry finds nothing", async () => {
    const { id } = await client.websites.create({ domain: freshDomain() });
    emu.injectFault({ route: `DELETE ${WEBSITE_ROUTE}`, kind: "reset", phase: "after", count: 1 });
    await expect(client.websites.delete(id)).resolves.toBeUndefined();
    expect(emu.requestCounts()[`DELETE ${WEBSITE_ROUTE}`]).toBe(2);
    expect(emu.getWebsite(id)).toBeUndefined();
  });
});

describe("rate limiting", () => {
  // A separate emulator, so its 429s pause only its own origin's pacer.
  const throttled = useEmulator({ port: 0, requestsPerMinute: 2 });

  it("429 with the server's wait when retries are off", async () => {
    const account = throttled().createAccount();
    const limited = new WebstatsClient({ baseUrl: throttled().url, apiKey: account.apiKey, maxRetries: 0 });
    await limited.account.get();
    await limited.account.get();
    const error = await failureOf(limited.account.get());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toBe("429 GET /api/v1/account: Too Many Attempts.");
    const wait = (error as RateLimitError).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
  });
});

describe("a parallel start under the server's throttle", () => {
  // Its own emulator (and so its own origin's pacer), with 4 requests per 2-second window.
  const small = useEmulator({ port: 0, requestsPerMinute: 4, rateWindowSeconds: 2 });

  it("is refused at most once per window it fills, even before the first answer", async () => {
    const account = small().createAccount();
    const started = new WebstatsClient({ baseUrl: small().url, apiKey: account.apiKey });
    // Ten creates at once, as the engine starts them: the first goes alone, and its answer says
    // how many more the window admits; without that, all ten would go and six be refused.
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => started.websites.create({ domain: `parallel-${i}.example.com` })),
    );
    expect(created).toHaveLength(10);
    const refused = Object.values(small().throttledRequestCounts()).reduce((a, b) => a + b, 0);
    expect(refused).toBeLessThanOrEqual(Math.ceil(10 / 4));
  });
});

describe("client-side pacing", () => {
  // A separate emulator: the pacer is shared per origin and keeps the slowest rate it was given.
  const paced = useEmulator({ port: 0, requestsPerMinute: 0 });

  it("spaces requests for requestsPerMinute", async () => {
    const account = paced().createAccount();
    const spaced = new WebstatsClient({
      baseUrl: paced().url,
      apiKey: account.apiKey,
      requestsPerMinute: 600,
    });
    const started = Date.now();
    for (let i = 0; i < 4; i += 1) await spaced.account.get();
    // Four starts 100 ms apart: at least 300 ms from the first to the last.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(paced().requestCounts()["GET /api/v1/account"]).toBe(4);
  });
});

describe("tenant isolation", () => {
  it("another account can neither see nor change a website", async () => {
    const mine = await client.websites.create({ domain: freshDomain() });
    const stranger = clientFor(emu.createAccount());
    await expect(stranger.websites.get(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.websites.update(mine.id, { email: true })).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.websites.delete(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.websites.list()).resolves.toEqual([]);
    await expect(stranger.websites.findByDomain(mine.domain)).resolves.toBeUndefined();
    // Domains are unique across the installation, not per account.
    await expect(stranger.websites.create({ domain: mine.domain })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.websites.get(mine.id)).resolves.toMatchObject({ email: false });
  });
});

/** A dispatcher that drops the Accept header, to see what the server does then. */
function withoutAcceptHeader(): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => {
    const headers = { ...(options.headers as Record<string, string>) };
    delete headers.accept;
    return dispatch({ ...options, headers }, handler);
  });
}

/** A port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
