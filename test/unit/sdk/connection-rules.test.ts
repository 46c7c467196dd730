// The rules a connection setting follows (sdk/connection-rules.ts), each with values it accepts
// and values it refuses, and the messages that name where a value came from: the client's
// options and the provider's settings (core/settings.ts) are judged by these same rules.
//
// First: @peculiar/x509 finds its algorithms through tsyringe, which needs the Reflect metadata API.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { webcrypto } from "node:crypto";
import { rootCertificates } from "node:tls";
import { beforeAll, describe, expect, it } from "vitest";
import { WebstatsError } from "../../../sdk";
import {
  apiKey,
  boundedNumber,
  certificateBundle,
  installationPlace,
  installationRoot,
  isLoopbackHost,
  plainHttpAllowed,
  proxyAddress,
  proxyEndpoint,
  shownProxy,
} from "../../../sdk/connection-rules";
import { thrownBy } from "../../support/thrown";

x509.cryptoProvider.set(webcrypto);

/** The error a rule throws; every rule throws a WebstatsError. */
const refusal = (run: () => unknown) => thrownBy(WebstatsError, run);

/** A self-signed authority's certificate made now, PEM: a real certificate no file holds. */
async function freshAuthorityPem(name: string): Promise<string> {
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await webcrypto.subtle.generateKey(algorithm, false, ["sign", "verify"]);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}`,
    keys,
    signingAlgorithm: algorithm,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 3_600_000),
    extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
  });
  return certificate.toString("pem");
}

describe("installationRoot", () => {
  it.each([
    ["https://stats.example.com", "https://stats.example.com"],
    ["https://stats.example.com/", "https://stats.example.com"],
    ["https://stats.example.com/api/v1", "https://stats.example.com"],
    ["https://stats.example.com/API/V1/", "https://stats.example.com"],
    ["HTTPS://Stats.Example.com:443/", "https://stats.example.com"],
    ["http://127.0.0.1:8080//", "http://127.0.0.1:8080"],
    ["https://example.com/stats/", "https://example.com/stats"],
    ["https://example.com/stats/api/v1", "https://example.com/stats"],
  ])("accepts %s as %s", (raw, root) => {
    expect(installationRoot(raw, "the test")).toBe(root);
  });

  it.each([
    [
      "stats.example.com",
      'Invalid base URL "stats.example.com" (webstats:baseUrl): give the installation\'s address starting with http:// or https://, such as https://stats.example.com.',
    ],
    [
      "https://",
      'Invalid base URL "https://" (webstats:baseUrl): give the installation\'s address, such as https://stats.example.com.',
    ],
    [
      "ftp://stats.example.com",
      'Invalid base URL "ftp://stats.example.com" (webstats:baseUrl): it must start with http:// or https://.',
    ],
    [
      "https://stats.example.com/?x=1",
      'Invalid base URL "https://stats.example.com/?x=1" (webstats:baseUrl): remove the query string and fragment.',
    ],
    [
      "https://stats.example.com/#top",
      'Invalid base URL "https://stats.example.com/#top" (webstats:baseUrl): remove the query string and fragment.',
    ],
  ])("refuses %s", (raw, message) => {
    expect(refusal(() => installationRoot(raw, "webstats:baseUrl")).message).toBe(message);
  });

  it("refuses credentials in the address without quoting them", () => {
    const error = refusal(() =>
      installationRoot("https://admin:hunter2-pass@stats.example.com", "WEBSTATS_BASE_URL"),
    );
    expect(error.message).toBe(
      "Invalid base URL (WEBSTATS_BASE_URL): remove the user name and password from it; authentication uses the API key.",
    );
    expect(error.message).not.toContain("hunter2-pass");
  });
});

describe("apiKey", () => {
  it("accepts a key that can travel in a header", () => {
    const key = "Zq7".repeat(21) + "x";
    expect(apiKey(key, "webstats:apiKey")).toBe(key);
    expect(apiKey("short!key#with:symbols", "webstats:apiKey")).toBe("short!key#with:symbols");
  });

  it.each([
    ["a space", "abc def-secret"],
    ["a line break", "abc\ndef-secret"],
    ["a tab", "abc\tdef-secret"],
    ["a control character", "abc\u0000def-secret"],
    ["a delete character", "abc\u007fdef-secret"],
  ])("refuses a key with %s, never quoting it", (_label, key) => {
    const error = refusal(() => apiKey(key, "connection.apiKey"));
    expect(error.message).toBe(
      "The API key (connection.apiKey) contains spaces or control characters; check how it was copied.",
    );
    expect(error.message).not.toContain("secret");
  });
});

describe("boundedNumber", () => {
  it("accepts numbers within the rule", () => {
    expect(boundedNumber(0, "x", { min: 0, kind: "requests per minute" })).toBe(0);
    expect(boundedNumber(0.5, "x", { min: 0, kind: "requests per minute" })).toBe(0.5);
    expect(boundedNumber(1, "x", { integer: true, min: 1, kind: "milliseconds" })).toBe(1);
    expect(boundedNumber(30_000, "x", { integer: true, min: 1, kind: "milliseconds" })).toBe(30_000);
  });

  it.each([
    [-1, { min: 0, kind: "requests per minute" }, "a non-negative number of requests per minute", "-1"],
    [Number.NaN, { min: 0, kind: "milliseconds" }, "a non-negative number of milliseconds", "NaN"],
    [Infinity, { min: 0, kind: "milliseconds" }, "a non-negative number of milliseconds", "Infinity"],
    [0, { min: 1, kind: "milliseconds" }, "a number of milliseconds of at least 1", "0"],
    [
      1.5,
      { integer: true, min: 1, kind: "milliseconds" },
      "a whole number of milliseconds of at least 1",
      "1.5",
    ],
    [-2, { integer: true, min: 0, kind: "retries" }, "a whole number of retries of at least 0", "-2"],
  ])("refuses %s (%j)", (value, rule, what, shown) => {
    expect(refusal(() => boundedNumber(value, "The option", rule)).message).toBe(
      `The option must be ${what}, not "${shown}".`,
    );
  });

  it("quotes the value as the user wrote it", () => {
    expect(
      refusal(() =>
        boundedNumber(
          Number("fast"),
          "WEBSTATS_TIMEOUT_MS",
          { integer: true, min: 1, kind: "milliseconds" },
          "fast",
        ),
      ).message,
    ).toBe('WEBSTATS_TIMEOUT_MS must be a whole number of milliseconds of at least 1, not "fast".');
  });
});

describe("isLoopbackHost", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "localhost.",
    "x.localhost",
    "stats.dev.localhost",
    "127.0.0.1",
    "127.1.2.3",
    "127.255.255.254",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "[::ffff:127.0.0.1]",
  ])("%s is this machine", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    "stats.example.com",
    "localhost.example.com",
    "notlocalhost",
    "mylocalhost",
    "128.0.0.1",
    "10.0.0.1",
    "0.0.0.0",
    "::",
    "::2",
    "[::2]",
    "::ffff:10.0.0.1",
    "127.example.com",
  ])("%s is not", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("plainHttpAllowed", () => {
  const sources = { baseUrl: "webstats:baseUrl", allowHttp: "webstats:allowHttp" };

  it.each([
    ["https to any host", "https://stats.example.com", false],
    ["http to localhost", "http://localhost:8080", false],
    ["http to 127.x", "http://127.0.0.2:8080", false],
    ["http to ::1", "http://[::1]:8080", false],
    ["http to a .localhost name", "http://stats.localhost", false],
    ["http to another host with allowHttp", "http://stats.example.com", true],
  ])("accepts %s", (_label, root, allowHttp) => {
    expect(() => plainHttpAllowed(root, allowHttp, sources)).not.toThrow();
  });

  it.each(["http://stats.example.com", "http://10.0.0.5:8080", "http://[fd00::1]:8080"])(
    "refuses %s without allowHttp, naming both settings",
    (root) => {
      expect(refusal(() => plainHttpAllowed(root, false, sources)).message).toBe(
        `Refusing to send the API key in clear to ${new URL(root).origin} (webstats:baseUrl): use https://, ` +
          "or set webstats:allowHttp to true to accept plain HTTP to this installation.",
      );
    },
  );
});

describe("installationPlace", () => {
  it.each([
    ["https://stats.example.com", { origin: "https://stats.example.com", secure: true, loopback: false }],
    ["https://example.com:8443/stats", { origin: "https://example.com:8443", secure: true, loopback: false }],
    ["http://stats.example.com", { origin: "http://stats.example.com", secure: false, loopback: false }],
    ["http://127.0.0.1:8080", { origin: "http://127.0.0.1:8080", secure: false, loopback: true }],
    ["http://[::1]:8080", { origin: "http://[::1]:8080", secure: false, loopback: true }],
    ["https://stats.localhost", { origin: "https://stats.localhost", secure: true, loopback: true }],
  ])("takes %s apart", (root, place) => {
    expect(installationPlace(root)).toEqual(place);
  });
});

describe("proxyEndpoint", () => {
  it("takes a proxy's address apart: shown without credentials, its host and port, its credentials", () => {
    expect(proxyEndpoint("http://proxy-user:p%40ss-word@proxy.example.com:3128")).toEqual({
      url: "http://proxy-user:p%40ss-word@proxy.example.com:3128",
      shown: "http://***@proxy.example.com:3128",
      host: "proxy.example.com",
      port: 3128,
      credentials: ["proxy-user", "p@ss-word"],
    });
  });

  it("knows the default ports and IPv6 hosts, and keeps short credentials out of the redaction", () => {
    expect(proxyEndpoint("http://10.0.0.1")).toMatchObject({ host: "10.0.0.1", port: 80, credentials: [] });
    expect(proxyEndpoint("https://proxy.example.com")).toMatchObject({ port: 443 });
    expect(proxyEndpoint("http://[fd00::1]:3128")).toMatchObject({ host: "fd00::1", port: 3128 });
    // Parts shorter than 4 characters would redact common words in every message.
    expect(proxyEndpoint("http://bob:pw@proxy.example.com:3128").credentials).toEqual([]);
  });
});

describe("shownProxy", () => {
  it.each([
    ["http://proxy.example.com:3128", "http://proxy.example.com:3128"],
    ["http://proxy.example.com:3128/", "http://proxy.example.com:3128"],
    ["http://user:hunter2-pass@proxy.example.com:3128", "http://***@proxy.example.com:3128"],
    ["http://only-user@proxy.example.com:3128", "http://***@proxy.example.com:3128"],
    ["https://:hunter2-pass@proxy.example.com", "https://***@proxy.example.com"],
    ["not a url hunter2-pass", "(an unreadable proxy address)"],
  ])("shows %s as %s", (raw, shown) => {
    expect(shownProxy(raw)).toBe(shown);
  });
});

describe("proxyAddress", () => {
  it.each([
    ["http://proxy.example.com:3128", "http://proxy.example.com:3128"],
    ["http://proxy.example.com:3128/", "http://proxy.example.com:3128"],
    ["https://proxy.example.com", "https://proxy.example.com"],
    ["HTTP://Proxy.Example.com:3128", "http://proxy.example.com:3128"],
    ["http://user:p%40ss@proxy.example.com:3128", "http://user:p%40ss@proxy.example.com:3128"],
    ["http://10.0.0.1:8080", "http://10.0.0.1:8080"],
    ["http://[fd00::1]:8080", "http://[fd00::1]:8080"],
  ])("accepts %s as %s", (raw, address) => {
    expect(proxyAddress(raw, "webstats:proxyUrl")).toBe(address);
  });

  const notAProxy =
    "webstats:proxyUrl is not a proxy address: give it as http://host:port or https://host:port " +
    "(with user:password@ before the host when the proxy asks for them).";

  it.each([
    ["without a scheme", "user:hunter2-pass@proxy.example.com:3128"],
    ["of another scheme", "socks5://user:hunter2-pass@proxy.example.com:1080"],
    ["that is not a URL", "http://user:hunter2-pass@"],
    ["without a host", "http://"],
    ["of a file", "file:///hunter2-pass"],
  ])("refuses an address %s, never quoting it", (_label, raw) => {
    const error = refusal(() => proxyAddress(raw, "webstats:proxyUrl"));
    expect(error.message).toBe(notAProxy);
    expect(error.message).not.toContain("hunter2-pass");
  });

  it.each([
    [
      "a path",
      "http://user:hunter2-pass@proxy.example.com:3128/proxy",
      "http://***@proxy.example.com:3128/proxy",
    ],
    [
      "a query",
      "http://user:hunter2-pass@proxy.example.com:3128/?a=1",
      "http://***@proxy.example.com:3128/?a=1",
    ],
    ["a fragment", "http://proxy.example.com:3128/#x", "http://proxy.example.com:3128/#x"],
  ])("refuses an address with %s, showing it without credentials", (_label, raw, shown) => {
    const error = refusal(() => proxyAddress(raw, "HTTPS_PROXY"));
    expect(error.message).toBe(
      `HTTPS_PROXY (${shown}) must be a proxy's address only: remove the path, query and fragment.`,
    );
    expect(error.message).not.toContain("hunter2-pass");
    expect(error.message).not.toContain("user:");
  });
});

describe("certificateBundle", () => {
  let fresh: string;
  let other: string;
  beforeAll(async () => {
    [fresh, other] = await Promise.all([
      freshAuthorityPem("Webstats Test CA"),
      freshAuthorityPem("Another CA"),
    ]);
  });

  it("accepts a certificate made now, and keeps the certificates only", () => {
    expect(certificateBundle(fresh, "caCertificates")).toBe(`${fresh.trim()}\n`);
    const file = [
      "Bag Attributes: a comment openssl writes",
      fresh,
      "-----BEGIN PRIVATE KEY-----",
      "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg",
      "-----END PRIVATE KEY-----",
      other,
      rootCertificates[0]!,
    ].join("\n");
    expect(certificateBundle(file, "caCertificates")).toBe(
      `${[fresh.trim(), other.trim(), rootCertificates[0]!.trim()].join("\n")}\n`,
    );
  });

  it("accepts Windows line endings", () => {
    const crlf = fresh.replace(/\n/g, "\r\n");
    expect(certificateBundle(crlf, "caCertificates")).toContain("-----BEGIN CERTIFICATE-----");
  });

  it.each([
    ["an empty file", ""],
    ["text", "not a certificate"],
    ["a key alone", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"],
    ["a certificate without its end", "-----BEGIN CERTIFICATE-----\nAAAA\n"],
  ])("refuses %s, saying what to give", (_label, pem) => {
    expect(refusal(() => certificateBundle(pem, "webstats:caCertFile (/etc/ca.pem)")).message).toBe(
      'webstats:caCertFile (/etc/ca.pem) holds no certificate: give a PEM file with one or more "-----BEGIN CERTIFICATE-----" blocks (the authority that signed the installation\'s certificate).',
    );
  });

  it("refuses a bundle with a certificate that cannot be read, saying which", () => {
    const broken = "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----";
    const error = refusal(() =>
      certificateBundle(`${fresh}\n${broken}\n${other}`, "The caCertificates option"),
    );
    expect(error.message).toMatch(/^The caCertificates option: certificate 2 of 3 cannot be read \(.+\)\.$/);
  });
});
