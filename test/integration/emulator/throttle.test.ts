// The request throttle: per client IP, before authentication, with the framework's headers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";

let emulator: Emulator;
let account: EmulatorAccount;

function getAccount(key: string): Promise<Response> {
  return fetch(`${emulator.url}/api/v1/account`, {
    headers: { authorization: `Bearer ${key}`, accept: "application/json" },
  });
}

beforeAll(async () => {
  emulator = await startEmulator();
  account = emulator.createAccount();
});

beforeEach(() => {
  emulator.setRequestsPerMinute(5);
});

afterAll(async () => {
  await emulator.close();
});

describe("throttle", () => {
  it("allows 60 requests a minute by default", async () => {
    const fresh = await startEmulator();
    try {
      const response = await fetch(`${fresh.url}/api/v1/account`, {
        headers: { accept: "application/json" },
      });
      expect(response.headers.get("x-ratelimit-limit")).toBe("60");
      expect(response.headers.get("x-ratelimit-remaining")).toBe("59");
    } finally {
      await fresh.close();
    }
  });

  it("takes the window length from rateWindowSeconds and counts the refusals", async () => {
    // Ten seconds: long enough that the second request falls in the first one's window however
    // busy the machine (a stall that long is a hang), short enough to wait for it to end.
    const short = await startEmulator({ requestsPerMinute: 1, rateWindowSeconds: 10 });
    try {
      const get = () => fetch(`${short.url}/api/v1/account`, { headers: { accept: "application/json" } });
      expect((await get()).status).toBe(401);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(10);
      const resetAt = Number(refused.headers.get("x-ratelimit-reset")) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, resetAt - Date.now())));
      expect((await get()).status).toBe(401);
      expect(short.requestCounts()).toEqual({ "GET /api/v1/account": 3 });
      expect(short.throttledRequestCounts()).toEqual({ "GET /api/v1/account": 1 });
      const span = short.requestSpan()!;
      // The last request was let through, so it arrived once the window had ended.
      expect(span.lastAt).toBeGreaterThanOrEqual(resetAt);
      expect(span.firstAt).toBeLessThan(resetAt);
    } finally {
      await short.close();
    }
  });

  it("counts down X-RateLimit-Remaining, then answers 429 with Retry-After and X-RateLimit-Reset", async () => {
    const remaining: (string | null)[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await getAccount(account.apiKey);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBe("5");
      remaining.push(response.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);

    const sentAt = Math.floor(Date.now() / 1000);
    const refused = await getAccount(account.apiKey);
    const answeredAt = Math.ceil(Date.now() / 1000);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Too Many Attempts." });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The reset is the server's clock when it answered plus Retry-After: between sending and reading.
    const reset = Number(refused.headers.get("x-ratelimit-reset"));
    expect(reset - retryAfter).toBeGreaterThanOrEqual(sentAt);
    expect(reset - retryAfter).toBeLessThanOrEqual(answeredAt);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("counts requests with bad keys too, and recovers when the window starts over", async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await getAccount("bad-key")).status).toBe(401);
    }
    expect((await getAccount(account.apiKey)).status).toBe(429);
    emulator.setRequestsPerMinute(5);
    expect((await getAccount(account.apiKey)).status).toBe(200);
  });

  it("is shared by all accounts from one client", async () => {
    const other = emulator.createAccount();
    for (let index = 0; index < 5; index += 1) await getAccount(account.apiKey);
    expect((await getAccount(other.apiKey)).status).toBe(429);
  });

  it("leaves 405 answers (no matching route) without rate-limit headers and uncounted", async () => {
    for (let index = 0; index < 7; index += 1) {
      const response = await fetch(`${emulator.url}/api/v1/account`, { method: "POST" });
      expect(response.status).toBe(405);
      expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    }
    expect((await getAccount(account.apiKey)).headers.get("x-ratelimit-remaining")).toBe("4");
  });

  it("sends no rate-limit headers and never refuses when turned off", async () => {
    emulator.setRequestsPerMinute(0);
    for (let index = 0; index < 12; index += 1) {
      const response = await getAccount(account.apiKey);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});
