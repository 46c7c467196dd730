// The client's options, checked by checkClientOptions: explicit values only (the client reads no
// environment variable; core/settings.ts does, test/unit/core/settings.test.ts), the defaults,
// the installation root, the numbers, the User-Agent and how the installation is reached.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SDK_VERSION, WebstatsClient, WebstatsError, type WebstatsClientOptions } from "../../../sdk";
import { checkClientOptions, DEFAULTS } from "../../../sdk/client-options";
import { thrownBy } from "../../support/thrown";

const KEY = "k".repeat(64);
const BASE = "https://x.example";

/** The WebstatsError the checks of the client's options throw. */
const optionsError = (run: () => unknown) => thrownBy(WebstatsError, run);

const check = (options: Partial<WebstatsClientOptions>) =>
  checkClientOptions({ baseUrl: BASE, apiKey: KEY, ...options });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("checkClientOptions", () => {
  it("trims the values and applies the defaults", () => {
    const settings = checkClientOptions({
      baseUrl: "  https://stats.example.com  ",
      apiKey: ` ${KEY}\n`,
      requestsPerMinute: 30,
    });
    expect(settings).toEqual({
      baseUrl: "https://stats.example.com",
      apiBaseUrl: "https://stats.example.com/api/v1",
      place: { origin: "https://stats.example.com", secure: true, loopback: false },
      apiKey: KEY,
      requestsPerMinute: 30,
      timeoutMs: 30_000,
      maxRetries: 4,
      retryDeadlineMs: 120_000,
      userAgent: `pulumi-webstats/${SDK_VERSION}`,
      network: { proxy: undefined, caCertificates: undefined, skipTlsVerify: false },
    });
    expect(DEFAULTS).toEqual({
      timeoutMs: 30_000,
      maxRetries: 4,
      retryDeadlineMs: 120_000,
      requestsPerMinute: 0,
    });
  });

  it("names the option when the API key is missing or blank", () => {
    for (const apiKey of [undefined, "", "   "]) {
      const error = optionsError(() =>
        checkClientOptions({ baseUrl: BASE, apiKey } as unknown as WebstatsClientOptions),
      );
      expect(error.message).toBe("No API key: pass the apiKey option.");
    }
  });

  it("names the option when the base URL is missing or blank", () => {
    for (const baseUrl of [undefined, "", "  "]) {
      const error = optionsError(() =>
        checkClientOptions({ baseUrl, apiKey: KEY } as unknown as WebstatsClientOptions),
      );
      expect(error.message).toBe("No base URL: pass the baseUrl option.");
    }
  });

  it("reads no environment variable: the client constructor reports the same errors", () => {
    vi.stubEnv("WEBSTATS_BASE_URL", "https://env.example.com");
    vi.stubEnv("WEBSTATS_API_KEY", KEY);
    vi.stubEnv("WEBSTATS_TIMEOUT_MS", "2500");
    vi.stubEnv("WEBSTATS_REQUESTS_PER_MINUTE", "fast");
    vi.stubEnv("HTTPS_PROXY", "http://proxy.example.com:3128");
    expect(() => new WebstatsClient({ baseUrl: BASE, apiKey: "" })).toThrow(
      "No API key: pass the apiKey option.",
    );
    expect(() => new WebstatsClient({ baseUrl: " ", apiKey: KEY })).toThrow(
      "No base URL: pass the baseUrl option.",
    );
    const settings = check({});
    expect(settings.timeoutMs).toBe(30_000);
    expect(settings.requestsPerMinute).toBe(0);
    expect(settings.network.proxy).toBeUndefined();
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
    const settings = check({ baseUrl: input });
    expect(settings.baseUrl).toBe(root);
    expect(settings.apiBaseUrl).toBe(`${root}/api/v1`);
  });

  it.each([
    ["stats.example.com", /Invalid base URL.*\(baseUrl option\)/],
    ["ftp://stats.example.com", /http:\/\/ or https:\/\//],
    ["https://user:pw@stats.example.com", /user name and password/],
    ["https://stats.example.com/?x=1", /query string/],
  ])("rejects base URL %s", (input, message) => {
    expect(optionsError(() => check({ baseUrl: input })).message).toMatch(message);
  });

  it("does not quote a malformed key", () => {
    const error = optionsError(() => check({ apiKey: "abc def-secret" }));
    expect(error.message).toBe(
      "The API key (apiKey option) contains spaces or control characters; check how it was copied.",
    );
    expect(error.message).not.toContain("secret");
  });

  it.each([
    [
      { requestsPerMinute: -1 },
      'The requestsPerMinute option must be a non-negative number of requests per minute, not "-1".',
    ],
    [{ timeoutMs: 0 }, 'The timeoutMs option must be a number of milliseconds of at least 1, not "0".'],
    [
      { maxRetries: 1.5 },
      'The maxRetries option must be a whole number of retries of at least 0, not "1.5".',
    ],
    [
      { retryDeadlineMs: Number.NaN },
      'The retryDeadlineMs option must be a non-negative number of milliseconds, not "NaN".',
    ],
  ])("rejects numbers %j", (options, message) => {
    expect(optionsError(() => check(options)).message).toBe(message);
  });

  it("takes the numbers given, and the per-attempt timeout from the option only", () => {
    expect(check({ timeoutMs: 10, maxRetries: 0, retryDeadlineMs: 0, requestsPerMinute: 0.5 })).toMatchObject(
      {
        timeoutMs: 10,
        maxRetries: 0,
        retryDeadlineMs: 0,
        requestsPerMinute: 0.5,
      },
    );
  });

  it("builds the User-Agent from the package version, with an optional suffix", () => {
    expect(check({}).userAgent).toBe(`pulumi-webstats/${SDK_VERSION}`);
    expect(check({ userAgent: "my-tool/2" }).userAgent).toBe(`pulumi-webstats/${SDK_VERSION} my-tool/2`);
    expect(check({ userAgent: "   " }).userAgent).toBe(`pulumi-webstats/${SDK_VERSION}`);
    expect(optionsError(() => check({ userAgent: "my-tool/2\r\nX-Injected: 1" })).message).toBe(
      "Invalid userAgent option: it must not contain line breaks or control characters.",
    );
  });

  it("keeps SDK_VERSION equal to package.json", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(SDK_VERSION).toBe(manifest.version);
  });

  it("exposes the installation root on the client", () => {
    expect(new WebstatsClient({ baseUrl: "https://x.example/api/v1/", apiKey: KEY }).baseUrl).toBe(
      "https://x.example",
    );
  });
});

describe("checkClientOptions: plain HTTP", () => {
  it("refuses http:// to another machine, naming the allowHttp option", () => {
    const error = optionsError(() => check({ baseUrl: "http://stats.example.com/api/v1" }));
    expect(error.message).toBe(
      "Refusing to send the API key in clear to http://stats.example.com (baseUrl option): use https://, " +
        "or set the allowHttp option to true to accept plain HTTP to this installation.",
    );
    expect(error.message).not.toContain(KEY);
    expect(() => new WebstatsClient({ baseUrl: "http://stats.example.com", apiKey: KEY })).toThrow(
      /allowHttp option/,
    );
  });

  it.each(["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080", "http://api.localhost"])(
    "accepts http:// to this machine (%s)",
    (baseUrl) => {
      expect(check({ baseUrl }).baseUrl).toBe(baseUrl);
      expect(check({ baseUrl }).place).toEqual({ origin: baseUrl, secure: false, loopback: true });
    },
  );

  it("accepts http:// to another machine with allowHttp", () => {
    expect(check({ baseUrl: "http://stats.example.com", allowHttp: true }).baseUrl).toBe(
      "http://stats.example.com",
    );
    expect(() => check({ baseUrl: "http://stats.example.com", allowHttp: false })).toThrow(/in clear/);
  });
});

describe("checkClientOptions: network", () => {
  it("checks a proxy given by URL and never quotes its credentials", () => {
    expect(check({ proxy: { url: "http://proxy.example.com:3128/" } }).network.proxy).toEqual({
      url: "http://proxy.example.com:3128",
    });
    expect(
      check({ proxy: { url: "http://user:hunter2-pass@proxy.example.com:3128" } }).network.proxy,
    ).toEqual({ url: "http://user:hunter2-pass@proxy.example.com:3128" });
    const bad = optionsError(() => check({ proxy: { url: "socks5://user:hunter2-pass@proxy:1080" } }));
    expect(bad.message).toMatch(/^proxy\.url option is not a proxy address/);
    expect(bad.message).not.toContain("hunter2-pass");
    const withPath = optionsError(() => check({ proxy: { url: "http://user:hunter2-pass@proxy:3128/x" } }));
    expect(withPath.message).toBe(
      "proxy.url option (http://***@proxy:3128/x) must be a proxy's address only: remove the path, query and fragment.",
    );
    expect(withPath.message).not.toContain("hunter2-pass");
  });

  it("checks the proxy variables' values, leaving blank ones out", () => {
    expect(
      check({
        proxy: { httpsProxy: " http://proxy.example.com:3128 ", httpProxy: " ", noProxy: " .internal " },
      }).network.proxy,
    ).toEqual({ httpsProxy: "http://proxy.example.com:3128", noProxy: ".internal" });
    expect(check({ proxy: {} }).network.proxy).toEqual({});
    expect(() => check({ proxy: { httpProxy: "proxy.example.com" } })).toThrow(
      /^proxy\.httpProxy option is not a proxy address/,
    );
    expect(() => check({ proxy: { httpsProxy: "ftp://proxy" } })).toThrow(
      /^proxy\.httpsProxy option is not a proxy address/,
    );
  });

  it("checks the extra authorities and keeps the certificates only", () => {
    const certificate = rootCertificates[0]!;
    const bundle = `# a comment\n${certificate}\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n`;
    expect(check({ caCertificates: bundle }).network.caCertificates).toBe(`${certificate.trim()}\n`);
    expect(() => check({ caCertificates: "not a certificate" })).toThrow(
      /^The caCertificates option holds no certificate/,
    );
  });

  it("turns skipTlsVerify on only when it is true", () => {
    expect(check({ skipTlsVerify: true }).network.skipTlsVerify).toBe(true);
    expect(check({ skipTlsVerify: false }).network.skipTlsVerify).toBe(false);
    expect(check({}).network.skipTlsVerify).toBe(false);
  });
});
