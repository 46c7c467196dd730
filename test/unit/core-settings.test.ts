import { describe, expect, it } from "vitest";
import { ClientRegistry } from "../../core/clients";
import { namespacedLookup, resolveSettings } from "../../core/settings";
import type { ProviderSettings } from "../../core/settings";
import { WebstatsError } from "../../sdk";

const config = (values: Record<string, string>) => namespacedLookup((key) => values[key]);
/** Settings as the stack configuration gives them, with no environment. */
const fromStack = (values: Record<string, string>): ProviderSettings => resolveSettings(config(values), {});

describe("provider settings", () => {
  it("reads the stack configuration, trimming values and ignoring empty ones", () => {
    expect(
      fromStack({
        "webstats:baseUrl": " https://stats.example.com ",
        "webstats:apiKey": "   ",
        "webstats:requestsPerMinute": "30",
      }),
    ).toEqual({
      baseUrl: { value: "https://stats.example.com", source: "webstats:baseUrl" },
      requestsPerMinute: { value: 30, source: "webstats:requestsPerMinute" },
    });
  });

  it.each(["fast", "-1"])("refuses requestsPerMinute %j, naming the key", (value) => {
    expect(() => fromStack({ "webstats:requestsPerMinute": value })).toThrow(
      /webstats:requestsPerMinute must be a non-negative number/,
    );
  });

  it("says the same of a bad value from the environment, naming the variable", () => {
    expect(() => resolveSettings(() => undefined, { WEBSTATS_REQUESTS_PER_MINUTE: "fast" })).toThrow(
      'WEBSTATS_REQUESTS_PER_MINUTE must be a non-negative number of requests per minute, not "fast".',
    );
    expect(() => resolveSettings(() => undefined, { WEBSTATS_TIMEOUT_MS: "1.5" })).toThrow(
      /WEBSTATS_TIMEOUT_MS must be a whole number of milliseconds/,
    );
    expect(() => fromStack({ "webstats:adoptExisting": "maybe" })).toThrow(
      'webstats:adoptExisting must be true or false, not "maybe".',
    );
  });

  it("prefers the stack configuration to the environment, and takes typed values", () => {
    const settings = resolveSettings((name) => ({ adoptExisting: true, timeoutMs: 2000 })[name as string], {
      WEBSTATS_ADOPT_EXISTING: "false",
      WEBSTATS_BASE_URL: "https://env.example.com",
    });
    expect(settings).toEqual({
      baseUrl: { value: "https://env.example.com", source: "WEBSTATS_BASE_URL" },
      adoptExisting: { value: true, source: "webstats:adoptExisting" },
      timeoutMs: { value: 2000, source: "webstats:timeoutMs" },
    });
  });
});

describe("provider clients", () => {
  const stack = fromStack({
    "webstats:baseUrl": "https://stack.example.com",
    "webstats:apiKey": "stack-key",
  });

  it("prefers a resource's connection to the stack settings, and shares one client per key", () => {
    const clients = new ClientRegistry();
    const fromStackSettings = clients.clientFor(undefined, stack);
    const fromConnection = clients.clientFor(
      { baseUrl: "https://other.example.com", apiKey: "other" },
      stack,
    );
    expect(fromStackSettings.baseUrl).toContain("stack.example.com");
    expect(fromConnection.baseUrl).toContain("other.example.com");
    expect(clients.clientFor(undefined, stack)).toBe(fromStackSettings);
    // A connection with only a key still uses the stack's installation.
    expect(clients.clientFor({ apiKey: "second" }, stack).baseUrl).toContain("stack.example.com");
    // Another host's registry has clients of its own.
    expect(new ClientRegistry().clientFor(undefined, stack)).not.toBe(fromStackSettings);
  });

  it("falls back to the environment", () => {
    const settings = resolveSettings(() => undefined, {
      WEBSTATS_BASE_URL: "https://env.example.com",
      WEBSTATS_API_KEY: "env-key",
    });
    expect(new ClientRegistry().clientFor(undefined, settings).baseUrl).toContain("env.example.com");
  });

  it("names every way to give credentials when none is given", () => {
    expect(() => new ClientRegistry().clientFor({ apiKey: "k" }, {})).toThrow(
      /WEBSTATS_BASE_URL[\s\S]*webstats:baseUrl[\s\S]*connection/,
    );
  });

  it("names where a bad setting came from, and keeps the client's error as the cause", () => {
    const clients = new ClientRegistry();
    let caught: unknown;
    try {
      clients.clientFor(
        undefined,
        fromStack({ "webstats:baseUrl": "stats.example.com", "webstats:apiKey": "k" }),
      );
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toMatch(/webstats:baseUrl/);
    expect((caught as Error).message).toMatch(/http:\/\/ or https:\/\//);
    expect((caught as Error).cause).toBeInstanceOf(WebstatsError);
    expect(() => clients.clientFor({ baseUrl: "ftp://x.example", apiKey: "k" }, {})).toThrow(
      /connection\.baseUrl/,
    );
    const spaced = fromStack({
      "webstats:baseUrl": "https://x.example",
      "webstats:apiKey": "has space-sekrit",
    });
    expect(() => clients.clientFor(undefined, spaced)).toThrow(/spaces[\s\S]*webstats:apiKey/);
    expect(() => clients.clientFor(undefined, spaced)).not.toThrow(/sekrit/);
  });
});
