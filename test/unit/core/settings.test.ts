import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { rootCertificates } from "node:tls";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  checkPlainHttp,
  ClientRegistry,
  clientFromEnvironment,
  clientOptionsOf,
  connectionSettings,
} from "../../../core/clients";
import {
  connectionSettingNames,
  namespacedLookup,
  proxyVariables,
  resolveSettings,
} from "../../../core/settings";
import type { ConnectionInputs, ProviderSettings } from "../../../core/settings";
import { WebstatsError } from "../../../sdk";

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

  it("names where a bad setting came from, with the rule's own error", () => {
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
    // The settings are judged when they are resolved, by the rule the client applies.
    expect(caught).toBeInstanceOf(WebstatsError);
    expect((caught as Error).message).toMatch(/webstats:baseUrl/);
    expect((caught as Error).message).toMatch(/http:\/\/ or https:\/\//);
    expect(() => clients.clientFor({ baseUrl: "ftp://x.example", apiKey: "k" }, {})).toThrow(
      /connection\.baseUrl/,
    );
    const spaced = () =>
      fromStack({
        "webstats:baseUrl": "https://x.example",
        "webstats:apiKey": "has space-sekrit",
      });
    expect(spaced).toThrow(/webstats:apiKey[\s\S]*spaces/);
    expect(spaced).not.toThrow(/sekrit/);
    const spacedConnection = () => clients.clientFor({ apiKey: "has space-sekrit" }, stack);
    expect(spacedConnection).toThrow(/connection\.apiKey[\s\S]*spaces/);
    expect(spacedConnection).not.toThrow(/sekrit/);
  });
});

/** A real certificate: the first authority Node.js trusts. */
const CERTIFICATE = rootCertificates[0]!;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
/** The caCertFile setting read from `file` (a file of CERTIFICATE), named by `source`. */
const caSetting = (file: string, source: string) => ({
  value: { file, certificates: `${CERTIFICATE.trim()}\n` },
  source,
});
/** A file of this text in a fresh temporary folder. */
function tempFile(name: string, text: string): string {
  const folder = mkdtempSync(join(tmpdir(), "webstats-settings-"));
  folders.push(folder);
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe("provider settings: how the installation is reached", () => {
  it("reads proxyUrl, caCertFile, skipTlsVerify and allowHttp from the stack configuration", () => {
    const caFile = tempFile("ca.pem", `${CERTIFICATE}\n`);
    expect(
      fromStack({
        "webstats:proxyUrl": " http://user:pass@proxy.example.com:3128/ ",
        "webstats:caCertFile": caFile,
        "webstats:skipTlsVerify": "true",
        "webstats:allowHttp": "1",
      }),
    ).toEqual({
      proxyUrl: { value: "http://user:pass@proxy.example.com:3128", source: "webstats:proxyUrl" },
      caCertFile: caSetting(caFile, "webstats:caCertFile"),
      skipTlsVerify: { value: true, source: "webstats:skipTlsVerify" },
      allowHttp: { value: true, source: "webstats:allowHttp" },
    });
  });

  it("reads them from their environment variables, and takes typed values from the configuration", () => {
    const caFile = tempFile("ca.pem", CERTIFICATE);
    const settings = resolveSettings((name) => ({ skipTlsVerify: false, allowHttp: true })[name as string], {
      WEBSTATS_PROXY_URL: "https://proxy.example.com:8443",
      WEBSTATS_CA_CERT_FILE: ` ${caFile} `,
      WEBSTATS_SKIP_TLS_VERIFY: "true",
      WEBSTATS_ALLOW_HTTP: "false",
    });
    expect(settings).toEqual({
      proxyUrl: { value: "https://proxy.example.com:8443", source: "WEBSTATS_PROXY_URL" },
      caCertFile: caSetting(caFile, "WEBSTATS_CA_CERT_FILE"),
      skipTlsVerify: { value: false, source: "webstats:skipTlsVerify" },
      allowHttp: { value: true, source: "webstats:allowHttp" },
    });
  });

  it("normalizes the base URL to the installation root when it is read", () => {
    expect(fromStack({ "webstats:baseUrl": "https://stats.example.com/api/v1/" }).baseUrl).toEqual({
      value: "https://stats.example.com",
      source: "webstats:baseUrl",
    });
    expect(
      resolveSettings(() => undefined, { WEBSTATS_BASE_URL: "https://x.example/stats/" }).baseUrl,
    ).toEqual({
      value: "https://x.example/stats",
      source: "WEBSTATS_BASE_URL",
    });
  });

  it.each([
    ["WEBSTATS_SKIP_TLS_VERIFY", "yes", 'WEBSTATS_SKIP_TLS_VERIFY must be true or false, not "yes".'],
    ["WEBSTATS_ALLOW_HTTP", "on", 'WEBSTATS_ALLOW_HTTP must be true or false, not "on".'],
  ])("refuses %s=%s", (variable, value, message) => {
    expect(() => resolveSettings(() => undefined, { [variable]: value })).toThrow(message);
  });

  it("refuses a bad proxyUrl without printing its credentials", () => {
    for (const [value, message] of [
      ["proxy.example.com:3128", /^webstats:proxyUrl is not a proxy address/],
      ["socks5://user:hunter2-pass@proxy.example.com:1080", /^webstats:proxyUrl is not a proxy address/],
      [
        "http://user:hunter2-pass@proxy.example.com:3128/path",
        /^webstats:proxyUrl \(http:\/\/\*\*\*@proxy\.example\.com:3128\/path\) must be a proxy's address only/,
      ],
    ] as const) {
      let caught: unknown;
      try {
        fromStack({ "webstats:proxyUrl": value });
      } catch (error) {
        caught = error;
      }
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).not.toContain("hunter2-pass");
    }
  });

  it("refuses a caCertFile that does not exist, naming the setting and the file", () => {
    const missing = join(tmpdir(), "webstats-no-such-folder", "ca.pem");
    expect(() => fromStack({ "webstats:caCertFile": missing })).toThrow(
      `webstats:caCertFile: the file ${missing} does not exist; give the path of a PEM file of the ` +
        "certificate authority (relative paths are read from the folder pulumi runs in).",
    );
  });

  it("refuses a caCertFile that cannot be read", () => {
    const folder = dirname(tempFile("ca.pem", CERTIFICATE));
    expect(() => resolveSettings(() => undefined, { WEBSTATS_CA_CERT_FILE: folder })).toThrow(
      `WEBSTATS_CA_CERT_FILE: the file ${folder} cannot be read (EISDIR); give the path of a PEM file`,
    );
  });

  it("refuses a caCertFile without a certificate, or with one that cannot be read", () => {
    const keyOnly = tempFile("key.pem", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    expect(() => fromStack({ "webstats:caCertFile": keyOnly })).toThrow(
      `webstats:caCertFile (${keyOnly}) holds no certificate: give a PEM file with one or more "-----BEGIN CERTIFICATE-----" blocks`,
    );
    const broken = tempFile(
      "broken.pem",
      `${CERTIFICATE}\n-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n`,
    );
    expect(() => fromStack({ "webstats:caCertFile": broken })).toThrow(
      new RegExp(
        `^webstats:caCertFile \\(${broken.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\): certificate 2 of 2 cannot be read`,
      ),
    );
  });
});

describe("provider settings: the proxy variables", () => {
  it("are absent when no proxy variable is set, NO_PROXY alone included", () => {
    expect(resolveSettings(() => undefined, {})).toEqual({});
    expect(resolveSettings(() => undefined, { NO_PROXY: "*" })).toEqual({});
    expect(proxyVariables({ no_proxy: ".internal", HTTPS_PROXY: "  " })).toBeUndefined();
  });

  it("are read in upper case, else in lower case; the upper case wins", () => {
    expect(
      resolveSettings(() => undefined, {
        HTTPS_PROXY: "http://upper-secure.example:3128",
        https_proxy: "http://lower-secure.example:3128",
        http_proxy: "http://lower-plain.example:3128",
        NO_PROXY: ".internal,localhost",
        no_proxy: "lower.example",
      }).proxyVariables,
    ).toEqual({
      httpsProxy: "http://upper-secure.example:3128",
      httpProxy: "http://lower-plain.example:3128",
      noProxy: ".internal,localhost",
    });
    expect(proxyVariables({ https_proxy: "http://lower.example:3128", no_proxy: "lower.example" })).toEqual({
      httpsProxy: "http://lower.example:3128",
      noProxy: "lower.example",
    });
  });

  it("take an address without a scheme as http://", () => {
    expect(
      proxyVariables({ HTTP_PROXY: "proxy.example.com:3128", HTTPS_PROXY: "user:pw@proxy.example.com:3128" }),
    ).toEqual({
      httpProxy: "http://proxy.example.com:3128",
      httpsProxy: "http://user:pw@proxy.example.com:3128",
    });
  });

  it("refuse a bad value naming the variable, never its credentials", () => {
    for (const [env, message] of [
      [
        { HTTPS_PROXY: "socks5://user:hunter2-pass@proxy.example.com:1080" },
        /^HTTPS_PROXY is not a proxy address/,
      ],
      [
        { http_proxy: "http://user:hunter2-pass@proxy.example.com:3128/x" },
        /^http_proxy \(http:\/\/\*\*\*@proxy\.example\.com:3128\/x\) must be/,
      ],
    ] as const) {
      let caught: unknown;
      try {
        resolveSettings(() => undefined, env);
      } catch (error) {
        caught = error;
      }
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).not.toContain("hunter2-pass");
    }
  });
});

describe("connectionSettings", () => {
  const caFile = () => tempFile("ca.pem", CERTIFICATE);

  it("names the settings a connection may carry", () => {
    expect(connectionSettingNames).toEqual([
      "baseUrl",
      "apiKey",
      "proxyUrl",
      "caCertFile",
      "skipTlsVerify",
      "allowHttp",
    ]);
  });

  it("keeps the provider's settings without a connection", () => {
    const settings = fromStack({
      "webstats:baseUrl": "https://stack.example.com",
      "webstats:apiKey": "stack-key",
    });
    expect(connectionSettings(undefined, settings)).toBe(settings);
    expect(connectionSettings({}, settings)).toEqual(settings);
  });

  it("lets each setting of the connection win, setting by setting, named connection.NAME", () => {
    const file = caFile();
    const settings = resolveSettings(
      config({
        "webstats:baseUrl": "https://stack.example.com",
        "webstats:apiKey": "stack-key",
        "webstats:proxyUrl": "http://stack-proxy.example:3128",
        "webstats:timeoutMs": "5000",
        "webstats:skipTlsVerify": "true",
      }),
      { HTTPS_PROXY: "http://env-proxy.example:3128" },
    );
    const merged = connectionSettings(
      { baseUrl: " https://own.example.com/api/v1 ", apiKey: "", caCertFile: file, skipTlsVerify: false },
      settings,
    );
    expect(merged).toEqual({
      baseUrl: { value: "https://own.example.com", source: "connection.baseUrl" },
      apiKey: { value: "stack-key", source: "webstats:apiKey" },
      proxyUrl: { value: "http://stack-proxy.example:3128", source: "webstats:proxyUrl" },
      timeoutMs: { value: 5000, source: "webstats:timeoutMs" },
      caCertFile: caSetting(file, "connection.caCertFile"),
      skipTlsVerify: { value: false, source: "connection.skipTlsVerify" },
      proxyVariables: { httpsProxy: "http://env-proxy.example:3128" },
    });
    expect(
      connectionSettings({ proxyUrl: "http://own-proxy.example:3128", allowHttp: true }, settings),
    ).toMatchObject({
      proxyUrl: { value: "http://own-proxy.example:3128", source: "connection.proxyUrl" },
      allowHttp: { value: true, source: "connection.allowHttp" },
    });
  });

  it("ignores what is not a connection setting, and judges each value by its rule", () => {
    const settings = fromStack({ "webstats:timeoutMs": "5000" });
    const odd = { timeoutMs: "1", adoptExisting: true } as unknown as ConnectionInputs;
    expect(connectionSettings(odd, settings)).toEqual(settings);
    expect(() => connectionSettings({ proxyUrl: "ftp://user:hunter2-pass@proxy" }, settings)).toThrow(
      /^connection\.proxyUrl is not a proxy address/,
    );
    expect(() => connectionSettings({ caCertFile: join(tmpdir(), "no-such-ca.pem") }, settings)).toThrow(
      /^connection\.caCertFile: the file .* does not exist/,
    );
  });
});

describe("clientOptionsOf", () => {
  const KEY = "options-key-".padEnd(64, "0");
  const withKey = (values: Record<string, string>) => fromStack({ "webstats:apiKey": KEY, ...values });

  it("says what is missing and every way to set it", () => {
    expect(() => clientOptionsOf({})).toThrow(
      "No address of the Website Statistics Service installation: set the WEBSTATS_BASE_URL environment variable, " +
        "the stack configuration (pulumi config set webstats:baseUrl https://stats.example.com), " +
        "or connection.baseUrl of the resource or function.",
    );
    expect(() => clientOptionsOf(fromStack({ "webstats:baseUrl": "https://x.example" }))).toThrow(
      "No API key for the Website Statistics Service: set the WEBSTATS_API_KEY environment variable, " +
        "the stack configuration (pulumi config set --secret webstats:apiKey <key>), " +
        "or connection.apiKey of the resource or function.",
    );
  });

  it("refuses http:// to another machine, naming where the address came from and allowHttp", () => {
    expect(() => clientOptionsOf(withKey({ "webstats:baseUrl": "http://stats.example.com" }))).toThrow(
      "Refusing to send the API key in clear to http://stats.example.com (webstats:baseUrl): use https://, " +
        "or set webstats:allowHttp (or WEBSTATS_ALLOW_HTTP) to true to accept plain HTTP to this installation.",
    );
    const fromConnection = connectionSettings({ baseUrl: "http://10.1.2.3:8080" }, withKey({}));
    expect(() => clientOptionsOf(fromConnection)).toThrow(
      "Refusing to send the API key in clear to http://10.1.2.3:8080 (connection.baseUrl): use https://, " +
        "or set connection.allowHttp to true to accept plain HTTP to this installation.",
    );
    expect(() => clientOptionsOf(fromConnection)).not.toThrow(KEY);
    const fromEnvironment = resolveSettings(() => undefined, {
      WEBSTATS_BASE_URL: "http://stats.example.com",
      WEBSTATS_API_KEY: KEY,
    });
    expect(() => clientOptionsOf(fromEnvironment)).toThrow(
      "(WEBSTATS_BASE_URL): use https://, or set WEBSTATS_ALLOW_HTTP (or webstats:allowHttp in a stack) to true",
    );
  });

  it("names an explicit provider's allowHttp when its baseUrl is plain http://", () => {
    const settings: ProviderSettings = {
      baseUrl: { value: "http://stats.example.com", source: "baseUrl of provider second" },
      apiKey: { value: KEY, source: "apiKey of provider second" },
    };
    expect(() => checkPlainHttp(settings)).toThrow(
      "Refusing to send the API key in clear to http://stats.example.com (baseUrl of provider second): use https://, " +
        "or set allowHttp of provider second to true to accept plain HTTP to this installation.",
    );
    expect(() => checkPlainHttp({})).not.toThrow();
  });

  it.each(["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "http://stats.localhost"])(
    "accepts http:// to this machine (%s)",
    (baseUrl) => {
      expect(clientOptionsOf(withKey({ "webstats:baseUrl": baseUrl }))).toEqual({ baseUrl, apiKey: KEY });
    },
  );

  it("accepts http:// to another machine with allowHttp, from any of its places", () => {
    expect(
      clientOptionsOf(
        withKey({ "webstats:baseUrl": "http://stats.example.com", "webstats:allowHttp": "true" }),
      ),
    ).toEqual({ baseUrl: "http://stats.example.com", apiKey: KEY, allowHttp: true });
    const viaConnection = connectionSettings(
      { baseUrl: "http://stats.example.com", allowHttp: true },
      withKey({}),
    );
    expect(clientOptionsOf(viaConnection)).toMatchObject({ allowHttp: true });
  });

  it("passes every setting the client takes", () => {
    const file = tempFile("ca.pem", CERTIFICATE);
    const settings = resolveSettings(
      config({
        "webstats:baseUrl": "https://stats.example.com",
        "webstats:apiKey": KEY,
        "webstats:requestsPerMinute": "30",
        "webstats:timeoutMs": "2500",
        "webstats:caCertFile": file,
        "webstats:skipTlsVerify": "true",
        "webstats:adoptExisting": "true",
      }),
      { HTTPS_PROXY: "http://proxy.example:3128", NO_PROXY: ".internal" },
    );
    expect(clientOptionsOf(settings)).toEqual({
      baseUrl: "https://stats.example.com",
      apiKey: KEY,
      requestsPerMinute: 30,
      timeoutMs: 2500,
      proxy: { httpsProxy: "http://proxy.example:3128", noProxy: ".internal" },
      caCertificates: `${CERTIFICATE.trim()}\n`,
      skipTlsVerify: true,
    });
  });

  it("prefers proxyUrl to the proxy variables", () => {
    const settings = resolveSettings(
      config({
        "webstats:baseUrl": "https://stats.example.com",
        "webstats:apiKey": KEY,
        "webstats:proxyUrl": "http://own.example:3128",
      }),
      { HTTPS_PROXY: "http://env.example:3128" },
    );
    expect(clientOptionsOf(settings).proxy).toEqual({ url: "http://own.example:3128" });
  });
});

describe("ClientRegistry: unverified certificates", () => {
  const KEY = "registry-key-".padEnd(64, "0");

  it("says once per installation that its certificate is not verified, naming where that was set", () => {
    const notify = vi.fn<(message: string) => void>();
    const clients = new ClientRegistry(notify);
    const settings = fromStack({
      "webstats:baseUrl": "https://unverified.example.com",
      "webstats:apiKey": KEY,
      "webstats:skipTlsVerify": "true",
    });
    clients.clientFor(undefined, settings);
    clients.clientFor(undefined, settings);
    // Another key and another timeout make another client of the same installation: no second notice.
    clients.clientFor({ apiKey: "second-key" }, settings);
    clients.clientFor(undefined, { ...settings, timeoutMs: { value: 100, source: "webstats:timeoutMs" } });
    expect(notify.mock.calls).toEqual([
      [
        "the certificate of https://unverified.example.com is not verified (webstats:skipTlsVerify is true): " +
          "any server on the way can answer as this installation and read the API key.",
      ],
    ]);
    clients.clientFor({ baseUrl: "https://other.example.com", skipTlsVerify: true }, settings);
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify.mock.calls[1]![0]).toBe(
      "the certificate of https://other.example.com is not verified (connection.skipTlsVerify is true): " +
        "any server on the way can answer as this installation and read the API key.",
    );
    expect(notify.mock.calls.flat().join("\n")).not.toContain(KEY);
  });

  it("says nothing when certificates are verified", () => {
    const notify = vi.fn<(message: string) => void>();
    const clients = new ClientRegistry(notify);
    const settings = fromStack({
      "webstats:baseUrl": "https://verified.example.com",
      "webstats:apiKey": KEY,
    });
    clients.clientFor(undefined, settings);
    clients.clientFor(
      { skipTlsVerify: false },
      { ...settings, skipTlsVerify: { value: true, source: "WEBSTATS_SKIP_TLS_VERIFY" } },
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it("keeps one client per installation, key and way of reaching it", () => {
    const clients = new ClientRegistry(() => {});
    const settings = fromStack({ "webstats:baseUrl": "https://stats.example.com", "webstats:apiKey": KEY });
    const plain = clients.clientFor(undefined, settings);
    expect(clients.clientFor({}, settings)).toBe(plain);
    expect(clients.clientFor({ proxyUrl: "http://proxy.example:3128" }, settings)).not.toBe(plain);
    expect(clients.clientFor({ skipTlsVerify: true }, settings)).not.toBe(plain);
  });
});

describe("clientFromEnvironment", () => {
  it("configures a client from the environment given, as the provider reads it", () => {
    const client = clientFromEnvironment({
      WEBSTATS_BASE_URL: "https://env.example.com/api/v1",
      WEBSTATS_API_KEY: "env-key",
      HTTPS_PROXY: "proxy.example:3128",
    });
    expect(client.baseUrl).toBe("https://env.example.com");
    expect(() => clientFromEnvironment({ WEBSTATS_BASE_URL: "https://env.example.com" })).toThrow(
      /No API key/,
    );
    expect(() =>
      clientFromEnvironment({ WEBSTATS_BASE_URL: "http://env.example.com", WEBSTATS_API_KEY: "env-key" }),
    ).toThrow(/WEBSTATS_BASE_URL\): use https:\/\/, or set WEBSTATS_ALLOW_HTTP/);
  });
});
