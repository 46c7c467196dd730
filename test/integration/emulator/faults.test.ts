// Injected faults: proxy error pages, dropped and cut-off responses, delays and 429s, before or
// after the request was served.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { apiRequest, createdId, postWebsite } from "../../support/emulator-api";

let emulator: Emulator;
let account: EmulatorAccount;

const createWebsite = (domain: string) => postWebsite(emulator.url, account.apiKey, { domain });
const listWebsites = () => apiRequest(emulator.url, account.apiKey, "GET", "/websites");

const stored = (domain: string): boolean =>
  emulator.listWebsites(account.id).some((site) => site.domain === domain);

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount();
});

afterEach(() => {
  emulator.clearFaults();
});

afterAll(async () => {
  await emulator.close();
});

describe("status faults", () => {
  it("answer with a proxy's HTML error page instead of handling the request", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "status", status: 502 });
    const response = await createWebsite("status-before.example");
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toBe("<html><body><h1>502 Bad Gateway</h1></body></html>");
    expect(stored("status-before.example")).toBe(false);
  });

  it("with phase after, make the change and still answer with the error page", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "status", status: 504, phase: "after" });
    const response = await createWebsite("status-after.example");
    expect(response.status).toBe(504);
    expect(await response.text()).toContain("504 Gateway Timeout");
    expect(stored("status-after.example")).toBe(true);
  });

  it("default to 502", async () => {
    emulator.injectFault({ kind: "status" });
    expect((await listWebsites()).status).toBe(502);
  });
});

describe("connection faults", () => {
  it("reset drops the connection without any response", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "reset" });
    await expect(createWebsite("reset-before.example")).rejects.toThrow();
    expect(stored("reset-before.example")).toBe(false);
  });

  it("reset after handling leaves the change made", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "reset", phase: "after" });
    await expect(createWebsite("reset-after.example")).rejects.toThrow();
    expect(stored("reset-after.example")).toBe(true);
  });

  it("truncate sends status and JSON headers, then only part of the body", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "truncate", phase: "after" });
    const response = await createWebsite("truncate-after.example");
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("application/json");
    await expect(response.text()).rejects.toThrow();
    expect(stored("truncate-after.example")).toBe(true);
  });

  it("truncate before handling cuts a stand-in body and changes nothing", async () => {
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "truncate" });
    const response = await createWebsite("truncate-before.example");
    await expect(response.json()).rejects.toThrow();
    expect(stored("truncate-before.example")).toBe(false);
  });
});

describe("latency and rate-limit faults", () => {
  it("latency delays the answer, which is otherwise normal", async () => {
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "latency", latencyMs: 300 });
    const started = performance.now();
    const response = await listWebsites();
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("rate-limit answers 429 with the given Retry-After", async () => {
    emulator.injectFault({ kind: "rate-limit", retryAfterSeconds: 7 });
    const response = await listWebsites();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(response.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({ message: "Too Many Attempts." });
  });
});

describe("selection", () => {
  it("applies only to the matching method and route template", async () => {
    emulator.injectFault({ route: "GET /api/v1/websites/:id", kind: "status", status: 503 });
    expect((await listWebsites()).status).toBe(200);
    const created = await createWebsite("selection.example");
    const shown = await apiRequest(
      emulator.url,
      account.apiKey,
      "GET",
      `/websites/${await createdId(created)}`,
    );
    expect(shown.status).toBe(503);
  });

  it("matches any method with *", async () => {
    emulator.injectFault({ route: "* /api/v1/websites", kind: "status", status: 500 });
    expect((await listWebsites()).status).toBe(500);
    expect((await createWebsite("any-method.example")).status).toBe(500);
  });

  it("stops after count matching requests", async () => {
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "status", count: 2 });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await listWebsites()).status);
    expect(statuses).toEqual([502, 502, 200, 200]);
  });

  it("never strikes at rate 0 and always at rate 1", async () => {
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "status", rate: 0 });
    expect((await listWebsites()).status).toBe(200);
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "status", status: 503, rate: 1 });
    expect((await listWebsites()).status).toBe(503);
  });

  it("is gone after clearFaults", async () => {
    emulator.injectFault({ kind: "status" });
    emulator.clearFaults();
    expect((await listWebsites()).status).toBe(200);
  });

  it("counts faulted requests", async () => {
    emulator.resetRequestCounts();
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "reset" });
    await expect(listWebsites()).rejects.toThrow();
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/websites": 1 });
  });

  it("refuses a malformed fault", () => {
    expect(() => emulator.injectFault({ kind: "status", route: "GET websites" })).toThrow(/route/);
    expect(() => emulator.injectFault({ kind: "status", rate: 2 })).toThrow();
  });
});
