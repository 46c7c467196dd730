import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SDK_VERSION, WebstatsClient, WebstatsError } from "../../sdk";
import { resolveClientSettings } from "../../sdk/settings";

const KEY = "k".repeat(64);

function settingsError(run: () => unknown): WebstatsError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebstatsError);
    return error as WebstatsError;
  }
  throw new Error("expected a WebstatsError");
}

describe("resolveClientSettings", () => {
  it("falls back to the environment, trimmed", () => {
    const settings = resolveClientSettings(
      {},
      {
        WEBSTATS_BASE_URL: "  https://stats.example.com  ",
        WEBSTATS_API_KEY: ` ${KEY}\n`,
        WEBSTATS_REQUESTS_PER_MINUTE: "30",
      },
    );
    expect(settings).toMatchObject({
      baseUrl: "https://stats.example.com",
      apiBaseUrl: "https://stats.example.com/api/v1",
      apiKey: KEY,
      requestsPerMinute: 30,
      timeoutMs: 30_000,
      maxRetries: 4,
      retryDeadlineMs: 120_000,
    });
  });

  it("prefers options over the environment and treats empty options as unset", () => {
    const env = { WEBSTATS_BASE_URL: "https://env.example.com", WEBSTATS_API_KEY: "env-key-0123456789" };
    expect(resolveClientSettings({ baseUrl: "https://opt.example.com", apiKey: KEY }, env)).toMatchObject({
      baseUrl: "https://opt.example.com",
      apiKey: KEY,
    });
    expect(resolveClientSettings({ baseUrl: "  ", apiKey: "" }, env)).toMatchObject({
      baseUrl: "https://env.example.com",
      apiKey: "env-key-0123456789",
    });
  });

  it("names both the option and the variable when the API key is missing", () => {
    const error = settingsError(() =>
      resolveClientSettings({ baseUrl: "https://x.example" }, { WEBSTATS_API_KEY: "   " }),
    );
    expect(error.message).toBe("No API key: pass the apiKey option or set WEBSTATS_API_KEY.");
  });

  it("names both the option and the variable when the base URL is missing", () => {
    const error = settingsError(() => resolveClientSettings({ apiKey: KEY }, {}));
    expect(error.message).toBe("No base URL: pass the baseUrl option or set WEBSTATS_BASE_URL.");
  });

  it("the client constructor reports the same errors", () => {
    const saved = { ...process.env };
    delete process.env.WEBSTATS_API_KEY;
    try {
      expect(() => new WebstatsClient({ baseUrl: "https://x.example" })).toThrow(/WEBSTATS_API_KEY/);
    } finally {
      process.env = saved;
    }
  });

  it.each([
    ["https://stats.example.com", "https://stats.example.com"],
    ["https://stats.example.com/", "https://stats.example.com"],
    ["https://stats.example.com/api/v1", "https://stats.example.com"],
    ["https://stats.example.com/api/v1/", "https://stats.example.com"],
    ["http://127.0.0.1:8080//", "http://127.0.0.1:8080"],
    ["https://example.com/stats/", "https://example.com/stats"],
    ["https://example.com/stats/api/v1", "https://example.com/stats"],
  ])("base URL %s becomes installation root %s", (input, root) => {
    const settings = resolveClientSettings({ baseUrl: input, apiKey: KEY }, {});
    expect(settings.baseUrl).toBe(root);
    expect(settings.apiBaseUrl).toBe(`${root}/api/v1`);
  });

  it.each([
    ["stats.example.com", /Invalid base URL/],
    ["ftp://stats.example.com", /http:\/\/ or https:\/\//],
    ["https://user:pw@stats.example.com", /user name and password/],
    ["https://stats.example.com/?x=1", /query string/],
  ])("rejects base URL %s", (input, message) => {
    expect(settingsError(() => resolveClientSettings({ baseUrl: input, apiKey: KEY }, {})).message).toMatch(
      message,
    );
  });

  it("does not quote a malformed key", () => {
    const error = settingsError(() =>
      resolveClientSettings({ baseUrl: "https://x.example", apiKey: "abc def-secret" }, {}),
    );
    expect(error.message).not.toContain("secret");
  });

  it.each([
    [{ requestsPerMinute: -1 }, {}, /requestsPerMinute/],
    [{}, { WEBSTATS_REQUESTS_PER_MINUTE: "fast" }, /WEBSTATS_REQUESTS_PER_MINUTE/],
    [{ timeoutMs: 0 }, {}, /timeoutMs/],
    [{ maxRetries: 1.5 }, {}, /maxRetries.*whole number/],
    [{ retryDeadlineMs: Number.NaN }, {}, /retryDeadlineMs/],
  ])("rejects numbers %j %j", (options, env, message) => {
    const error = settingsError(() =>
      resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY, ...options }, env),
    );
    expect(error.message).toMatch(message);
  });

  it("builds the User-Agent from the package version, with an optional suffix", () => {
    expect(resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY }, {}).userAgent).toBe(
      `pulumi-webstats/${SDK_VERSION}`,
    );
    expect(
      resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY, userAgent: "my-tool/2" }, {})
        .userAgent,
    ).toBe(`pulumi-webstats/${SDK_VERSION} my-tool/2`);
  });

  it("keeps SDK_VERSION equal to package.json", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(SDK_VERSION).toBe(manifest.version);
  });

  it("exposes the installation root on the client", () => {
    expect(new WebstatsClient({ baseUrl: "https://x.example/api/v1/", apiKey: KEY }).baseUrl).toBe(
      "https://x.example",
    );
  });

  it("takes the per-attempt timeout from WEBSTATS_TIMEOUT_MS when the option is not given", () => {
    const env = { WEBSTATS_TIMEOUT_MS: " 2500 " };
    expect(resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY }, env).timeoutMs).toBe(2500);
    expect(
      resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY, timeoutMs: 10 }, env).timeoutMs,
    ).toBe(10);
    expect(() =>
      resolveClientSettings({ baseUrl: "https://x.example", apiKey: KEY }, { WEBSTATS_TIMEOUT_MS: "soon" }),
    ).toThrow(/WEBSTATS_TIMEOUT_MS/);
  });
});
