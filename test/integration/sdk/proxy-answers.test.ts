// Answers a proxy or a misconfigured server gives instead of the API's, through the emulator's
// faults: the client turns each into the error a caller can act on, and repeats only what it may.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { AuthenticationError, RateLimitError, UnexpectedResponseError, WebstatsClient } from "../../../sdk";

let emulator: Emulator;
let client: WebstatsClient;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount();
  client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey, maxRetries: 1 });
});
afterEach(() => emulator.clearFaults());
afterAll(() => emulator.close());

describe("answers that are not the API's", () => {
  it("a page instead of JSON is an UnexpectedResponseError quoting its start", async () => {
    emulator.injectFault({ route: "GET /api/v1/account", kind: "html" });
    const error = await client.account.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).excerpt).toContain("<html>");
  });

  it("a redirect to the login page is an AuthenticationError", async () => {
    emulator.injectFault({ route: "GET /api/v1/account", kind: "login-redirect" });
    await expect(client.account.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("a 429 without Retry-After is waited out with backoff and repeated", async () => {
    emulator.injectFault({
      route: "GET /api/v1/account",
      kind: "rate-limit",
      retryAfterSeconds: null,
      count: 1,
    });
    emulator.resetRequestCounts();
    expect((await client.account.get()).id).toBeGreaterThan(0);
    expect(emulator.requestCounts()["GET /api/v1/account"]).toBe(2);
  });

  it("a 429 without Retry-After that persists ends in a RateLimitError without a wait from the server", async () => {
    emulator.injectFault({ route: "GET /api/v1/account", kind: "rate-limit", retryAfterSeconds: null });
    const error = await client.account.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeUndefined();
  });
});
