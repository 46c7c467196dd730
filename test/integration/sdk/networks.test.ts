// The typed client over real networks: HTTPS to an installation whose certificate a private
// authority made at test time signed, through a real forwarding proxy that alone knows the
// installation's name. Each certificate problem a user meets is told apart (self-signed, unknown
// authority, another name, expired) with the two settings that fix it; a proxy is used when it
// applies and not when NO_PROXY says so; a proxy that cannot be reached or refuses is named,
// without its credentials; an https:// proxy whose own certificate does not verify is named
// (without its credentials), with the reason and what to do; plain HTTP to another machine is
// refused before any request.
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import { ConnectionError, WebstatsClient, type WebstatsClientOptions } from "../../../sdk";
import {
  issueCertificate,
  makeCertificateAuthority,
  makeSelfSignedCertificate,
  startForwardingProxy,
  type CertificateAuthority,
  type ForwardingProxy,
  type ServerCertificate,
} from "../../support/network";
import { useStubResolver } from "../../support/stub-resolver";

const NAME = "stats.webstats.test";

// The installation's name is the proxies' alone: node:dns's lookup finds no name here but the
// https:// proxies' own (proxy.test, on loopback), never asking the machine.
useStubResolver({ "proxy.test": "127.0.0.1" });

const DAY_MS = 86_400_000;

let ca: CertificateAuthority;
let otherCa: CertificateAuthority;
/** One emulator per certificate, all holding the same account's data independently. */
const servers: Record<string, Emulator> = {};
let account: EmulatorAccount;
let proxy: ForwardingProxy;
let guarded: ForwardingProxy;

beforeAll(async () => {
  ca = await makeCertificateAuthority("Webstats Test Root");
  otherCa = await makeCertificateAuthority("Someone Else's Root");
  const certificates = {
    good: await issueCertificate(ca, { dnsNames: [NAME], ipAddresses: ["127.0.0.1"] }),
    unknown: await issueCertificate(otherCa, { dnsNames: [NAME] }),
    otherName: await issueCertificate(ca, { dnsNames: ["elsewhere.webstats.test"] }),
    expired: await issueCertificate(ca, {
      dnsNames: [NAME],
      notBefore: new Date(Date.now() - 3 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    }),
    selfSigned: await makeSelfSignedCertificate({ dnsNames: [NAME] }),
  };
  for (const [kind, certificate] of Object.entries(certificates)) {
    servers[kind] = await startEmulator({
      requestsPerMinute: 0,
      tls: { key: certificate.keyPem, cert: certificate.certPem },
    });
  }
  account = servers.good!.createAccount({ name: "Networks" });
  const resolve = { [NAME]: "127.0.0.1" };
  proxy = await startForwardingProxy({ resolve });
  guarded = await startForwardingProxy({ resolve, username: "agent", password: "proxy-secret-1" });
});

afterAll(async () => {
  await Promise.all([...Object.values(servers).map((s) => s.close()), proxy?.close(), guarded?.close()]);
});

const portOf = (emulator: Emulator) => new URL(emulator.url).port;
/** The installation by the name only the proxy resolves. */
const byName = (kind = "good") => `https://${NAME}:${portOf(servers[kind]!)}`;

function client(options: Partial<WebstatsClientOptions>): WebstatsClient {
  return new WebstatsClient({ baseUrl: byName(), apiKey: account.apiKey, maxRetries: 0, ...options });
}

async function failure(run: Promise<unknown>): Promise<ConnectionError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectionError);
  return error as ConnectionError;
}

describe("a private certificate authority", () => {
  it("is trusted with caCertificates, besides the system's, through the proxy", async () => {
    const before = proxy.connects.length;
    const got = await client({ proxy: { url: proxy.url }, caCertificates: ca.certPem }).account.get();
    expect(got.id).toBe(account.id);
    expect(proxy.connects.slice(before)).toEqual([
      expect.objectContaining({ host: NAME, port: Number(portOf(servers.good!)) }),
    ]);
  });

  it.each([
    ["selfSigned", "it is self-signed", "DEPTH_ZERO_SELF_SIGNED_CERT"],
    ["unknown", "it is signed by an unknown authority", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"],
    ["otherName", "it was issued for another name", "ERR_TLS_CERT_ALTNAME_INVALID"],
    ["expired", "it has expired", "CERT_HAS_EXPIRED"],
  ])("tells a %s certificate apart, names the installation and both settings", async (kind, why, code) => {
    const connects = proxy.connects.length;
    const error = await failure(
      new WebstatsClient({
        baseUrl: byName(kind),
        apiKey: account.apiKey,
        proxy: { url: proxy.url },
        caCertificates: ca.certPem,
      }).account.get(),
    );
    expect(error.message).toContain(
      `the certificate of ${byName(kind)} could not be verified: ${why} (${code})`,
    );
    expect(error.message).toMatch(/caCertFile.*skipTlsVerify/);
    expect(error.failedAt).toBe("certificate");
    // Not repeated, although retries were allowed by default: one tunnel only.
    expect(proxy.connects.length - connects).toBe(1);
  });

  it("is not trusted without caCertificates: the system's authorities do not know it", async () => {
    const error = await failure(client({ proxy: { url: proxy.url } }).account.get());
    expect(error.message).toContain("signed by an unknown authority");
  });

  it("is not checked at all with skipTlsVerify", async () => {
    const got = await client({ proxy: { url: proxy.url }, skipTlsVerify: true }).account.get();
    expect(got.id).toBe(account.id);
    // Any certificate, even another authority's for another name.
    const stranger = servers.otherName!.createAccount();
    const other = new WebstatsClient({
      baseUrl: byName("otherName"),
      apiKey: stranger.apiKey,
      proxy: { url: proxy.url },
      skipTlsVerify: true,
    });
    expect((await other.account.get()).id).toBe(stranger.id);
  });
});

describe("proxies", () => {
  it("the environment's HTTPS_PROXY is used for an https:// installation, HTTP_PROXY is not", async () => {
    const before = proxy.connects.length;
    await client({ proxy: { httpsProxy: proxy.url }, caCertificates: ca.certPem }).account.get();
    expect(proxy.connects.length - before).toBe(1);
    const error = await failure(
      client({ proxy: { httpProxy: proxy.url }, caCertificates: ca.certPem }).account.get(),
    );
    expect(error.message).toContain(`cannot resolve the host of ${byName()}`);
  });

  it.each([
    ["the host among others", `other.example, ${NAME}`],
    ["a suffix with a dot", "other.example,.webstats.test"],
    ["a suffix without one", "webstats.test"],
    ["the host and its port", `${NAME}:PORT`],
    // Only as the whole value, as Go and curl read it.
    ["everything", "*"],
  ])("NO_PROXY naming %s sends the request around the proxy", async (_, value) => {
    const noProxy = value.replace("PORT", portOf(servers.good!));
    const before = proxy.connects.length;
    const error = await failure(
      client({ proxy: { httpsProxy: proxy.url, noProxy }, caCertificates: ca.certPem }).account.get(),
    );
    // Direct, the made-up name cannot be resolved: only the proxy knows it.
    expect(error.message).toContain(`cannot resolve the host of ${byName()}`);
    expect(proxy.connects.length).toBe(before);
  });

  it("NO_PROXY for another port or host leaves the proxy in use", async () => {
    const before = proxy.connects.length;
    const noProxy = `${NAME}:1, stats.webstats.testing`;
    await client({ proxy: { httpsProxy: proxy.url, noProxy }, caCertificates: ca.certPem }).account.get();
    expect(proxy.connects.length - before).toBe(1);
  });

  it("never sends this machine's own addresses through the environment's proxy", async () => {
    const before = proxy.connects.length;
    const direct = new WebstatsClient({
      baseUrl: servers.good!.url,
      apiKey: account.apiKey,
      proxy: { httpsProxy: proxy.url },
      caCertificates: ca.certPem,
    });
    await expect(direct.account.get()).resolves.toMatchObject({ id: account.id });
    expect(proxy.connects.length).toBe(before);
  });

  it("sends credentials in the proxy's address, and never shows them", async () => {
    const withCredentials = guarded.url;
    const got = await client({ proxy: { url: withCredentials }, caCertificates: ca.certPem }).account.get();
    expect(got.id).toBe(account.id);
    const wrong = `http://agent:not-the-password@127.0.0.1:${guarded.port}`;
    const error = await failure(client({ proxy: { url: wrong }, caCertificates: ca.certPem }).account.get());
    expect(error.failedAt).toBe("proxy");
    expect(error.message).toContain(
      `the proxy http://***@127.0.0.1:${guarded.port} asks for credentials (407)`,
    );
    expect(`${error.message} ${String(error.cause)}`).not.toContain("not-the-password");
  });

  it("names the proxy, not the installation, when the proxy cannot be reached", async () => {
    const gone = await startForwardingProxy();
    const url = `http://user:hidden-word@127.0.0.1:${gone.port}`;
    await gone.close();
    const error = await failure(client({ proxy: { url }, caCertificates: ca.certPem }).account.get());
    expect(error.failedAt).toBe("proxy");
    expect(error.message).toContain(`connection refused by the proxy http://***@127.0.0.1:${gone.port}`);
    expect(error.message).not.toContain(NAME);
    expect(error.message).not.toContain("hidden-word");
  });
});

/** The two ways a proxy is given: its URL, or the standard variables (with no NO_PROXY). */
const ways = [
  ["given by URL", (url: string) => ({ url })],
  ["set by HTTPS_PROXY", (url: string) => ({ httpsProxy: url, httpProxy: url, noProxy: "" })],
] as const;

/**
 * The account read through an https:// proxy serving `certificate` at
 * https://agent:tls-secret-1@proxy.test:PORT, with the test's authority as caCertificates: what
 * the call gave or threw, the proxy's port, and the tunnels it was asked for.
 */
async function throughTlsProxy(
  certificate: ServerCertificate,
  way: (typeof ways)[number][1],
  options: Partial<WebstatsClientOptions> = {},
) {
  const tlsProxy = await startForwardingProxy({
    tls: certificate,
    hostname: "proxy.test",
    username: "agent",
    password: "tls-secret-1",
    resolve: { [NAME]: "127.0.0.1" },
  });
  try {
    let got: Awaited<ReturnType<WebstatsClient["account"]["get"]>> | undefined;
    let error: unknown;
    try {
      got = await client({ proxy: way(tlsProxy.url), caCertificates: ca.certPem, ...options }).account.get();
    } catch (thrown) {
      error = thrown;
    }
    return { got, error, port: tlsProxy.port, connects: tlsProxy.connects };
  } finally {
    await tlsProxy.close();
  }
}

const TRUST =
  "Set caCertFile to a PEM file of the authority that signed it, or skipTlsVerify to true to accept " +
  "any certificate (then nothing proves who answers).";

describe.each(ways)("an https:// proxy %s", (_way, way) => {
  it("is reached when its certificate is of the authority given as caCertificates", async () => {
    const certificate = await issueCertificate(ca, { dnsNames: ["proxy.test"] });
    const { got, connects } = await throughTlsProxy(certificate, way);
    expect(got?.id).toBe(account.id);
    expect(connects).toEqual([{ host: NAME, port: Number(portOf(servers.good!)), authorized: true }]);
  });

  it.each([
    ["self-signed", "it is self-signed", "DEPTH_ZERO_SELF_SIGNED_CERT"],
    [
      "of an authority not trusted",
      "it is signed by an unknown authority",
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    ],
  ])(
    "whose certificate is %s is named, not the installation, with both settings",
    async (kind, why, code) => {
      const certificate =
        kind === "self-signed"
          ? await makeSelfSignedCertificate({ dnsNames: ["proxy.test"] })
          : await issueCertificate(otherCa, { dnsNames: ["proxy.test"] });
      const { error, port, connects } = await throughTlsProxy(certificate, way);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).message).toBe(
        `GET /api/v1/account: the certificate of the proxy https://***@proxy.test:${port} does not verify: ${why} (${code}). ${TRUST}`,
      );
      expect((error as ConnectionError).failedAt).toBe("certificate");
      expect(connects).toEqual([]);
    },
  );

  it("whose certificate is for another name is named, with the name to give it", async () => {
    const certificate = await issueCertificate(ca, { dnsNames: ["other-proxy.test"] });
    const { error, port, connects } = await throughTlsProxy(certificate, way);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toBe(
      `GET /api/v1/account: the certificate of the proxy https://***@proxy.test:${port} does not verify: it was issued for another name (ERR_TLS_CERT_ALTNAME_INVALID). Name the proxy in its address as its certificate does.`,
    );
    expect((error as ConnectionError).failedAt).toBe("certificate");
    expect(connects).toEqual([]);
  });

  it("is reached with skipTlsVerify whatever its certificate, as the message says", async () => {
    const certificate = await makeSelfSignedCertificate({ dnsNames: ["other-proxy.test"] });
    const { got, connects } = await throughTlsProxy(certificate, way, { skipTlsVerify: true });
    expect(got?.id).toBe(account.id);
    expect(connects).toHaveLength(1);
  });
});

describe("a proxy named by its host name", () => {
  it("is named when it refuses, although the error holds the address its name resolved to", async () => {
    const gone = await startForwardingProxy();
    await gone.close();
    const error = await failure(
      client({ proxy: { url: `http://localhost:${gone.port}` }, caCertificates: ca.certPem }).account.get(),
    );
    expect(error.failedAt).toBe("proxy");
    expect(error.message).toContain(`connection refused by the proxy http://localhost:${gone.port}`);
  });
});

describe("plain HTTP", () => {
  it("is refused for another machine before any request, naming allowHttp", () => {
    expect(() => new WebstatsClient({ baseUrl: "http://stats.example.com", apiKey: "k".repeat(64) })).toThrow(
      /Refusing to send the API key in clear to http:\/\/stats\.example\.com .*allowHttp option/,
    );
  });

  it("is accepted for this machine, and for another one with allowHttp", async () => {
    const plain = await startEmulator({ requestsPerMinute: 0 });
    try {
      const own = plain.createAccount();
      const local = new WebstatsClient({ baseUrl: plain.url, apiKey: own.apiKey });
      await expect(local.account.get()).resolves.toMatchObject({ id: own.id });
      const named = `http://${NAME}:${portOf(plain)}`;
      const before = proxy.requests.length;
      const allowed = new WebstatsClient({
        baseUrl: named,
        apiKey: own.apiKey,
        allowHttp: true,
        proxy: { httpProxy: proxy.url },
      });
      await expect(allowed.account.get()).resolves.toMatchObject({ id: own.id });
      expect(proxy.requests.length + proxy.connects.length).toBeGreaterThan(before);
    } finally {
      await plain.close();
    }
  });
});

describe("a proxy that hangs up on tunnel requests", () => {
  it("fails the request once, naming the proxy, instead of reconnecting without end", async () => {
    // A proxy that accepts the connection and closes it without answering, as some middleboxes do.
    let connections = 0;
    const rude = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => rude.listen(0, "127.0.0.1", resolve));
    const port = (rude.address() as AddressInfo).port;
    try {
      const error = await failure(
        client({
          proxy: { url: `http://127.0.0.1:${port}` },
          caCertificates: ca.certPem,
          timeoutMs: 5_000,
        }).account.get(),
      );
      expect(error.failedAt).toBe("proxy");
      expect(error.message).toContain(
        `the proxy http://127.0.0.1:${port} closed the connection instead of opening a tunnel`,
      );
      expect(connections).toBe(1);
    } finally {
      rude.close();
    }
  });
});
