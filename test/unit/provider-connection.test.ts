import { afterEach, describe, expect, it } from "vitest";
import { clientFor, settingsFromConfig } from "../../provider/connection";
import { WebstatsError } from "../../sdk";

const config = (values: Record<string, string>) => (key: string) => values[key];

describe("provider connection settings", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("reads the stack configuration, trimming values and ignoring empty ones", () => {
    expect(
      settingsFromConfig(
        config({
          "webstats:baseUrl": " https://stats.example.com ",
          "webstats:apiKey": "   ",
          "webstats:requestsPerMinute": "30",
        }),
      ),
    ).toEqual({ baseUrl: "https://stats.example.com", requestsPerMinute: 30 });
  });

  it.each(["fast", "-1"])("refuses requestsPerMinute %j, naming the key", (value) => {
    expect(() => settingsFromConfig(config({ "webstats:requestsPerMinute": value }))).toThrow(
      /webstats:requestsPerMinute must be a non-negative number/,
    );
  });

  it("prefers a resource's connection to the stack settings, and shares one client per key", () => {
    const stack = { baseUrl: "https://stack.example.com", apiKey: "stack-key" };
    const fromStack = clientFor(undefined, stack);
    const fromConnection = clientFor({ baseUrl: "https://other.example.com", apiKey: "other" }, stack);
    expect(fromStack.baseUrl).toContain("stack.example.com");
    expect(fromConnection.baseUrl).toContain("other.example.com");
    expect(clientFor(undefined, stack)).toBe(fromStack);
    // A connection with only a key still uses the stack's installation.
    expect(clientFor({ apiKey: "second" }, stack).baseUrl).toContain("stack.example.com");
  });

  it("falls back to the environment", () => {
    process.env.WEBSTATS_BASE_URL = "https://env.example.com";
    process.env.WEBSTATS_API_KEY = "env-key";
    expect(clientFor(undefined, {}).baseUrl).toContain("env.example.com");
  });

  it("names every way to give credentials when none is given", () => {
    delete process.env.WEBSTATS_BASE_URL;
    delete process.env.WEBSTATS_API_KEY;
    expect(() => clientFor({ apiKey: "k" }, {})).toThrow(
      /WEBSTATS_BASE_URL[\s\S]*webstats:baseUrl[\s\S]*connection/,
    );
  });

  it("names where a bad setting came from, and keeps the client's error as the cause", () => {
    let caught: unknown;
    try {
      clientFor(undefined, { baseUrl: "stats.example.com", apiKey: "k" });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toMatch(/webstats:baseUrl/);
    expect((caught as Error).message).toMatch(/http:\/\/ or https:\/\//);
    expect((caught as Error).cause).toBeInstanceOf(WebstatsError);
    expect(() => clientFor({ baseUrl: "ftp://x.example", apiKey: "k" }, {})).toThrow(/connection\.baseUrl/);
    expect(() => clientFor(undefined, { baseUrl: "https://x.example", apiKey: "has space-sekrit" })).toThrow(
      /spaces[\s\S]*webstats:apiKey/,
    );
    expect(() =>
      clientFor(undefined, { baseUrl: "https://x.example", apiKey: "has space-sekrit" }),
    ).not.toThrow(/sekrit/);
  });
});
