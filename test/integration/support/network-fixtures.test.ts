// The network fixtures are real: the emulator speaks HTTPS with certificates from an authority
// this run made, each bad certificate fails the check it is meant to fail, and the forwarding
// proxy alone resolves the installation's name, records what it carried and holds to its
// credentials. Spoken to with Node's https and undici directly, not with the project's client.
import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import { createServer, type AddressInfo } from "node:net";
import { promisify } from "node:util";
import { ProxyAgent, request as undiciRequest } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../../emulator";
import {
  issueCertificate,
  makeCertificateAuthority,
  makeSelfSignedCertificate,
  startForwardingProxy,
  urlWithHost,
  writePemFiles,
  type CertificateAuthority,
  type ServerCertificate,
} from "../../support/network";
import { useStubResolver } from "../../support/stub-resolver";

const NAME = "stats.webstats.test";

// The name is the proxies' alone: node:dns's lookup finds no name here, never asking the machine.
useStubResolver();

let ca: CertificateAuthority;
let emulator: Emulator;
let account: EmulatorAccount;

interface Answer {
  status: number;
  body: string;
}

const apiHeaders = (): Record<string, string> => ({
  authorization: `Bearer ${account.apiKey}`,
  accept: "application/json",
});

/** GET /api/v1/account over HTTPS, on a fresh connection each time (no pooled socket hides a check). */
function getAccount(url: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `${url}/api/v1/account`,
      { ...options, headers: apiHeaders(), agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Asks the proxy for a tunnel and reports its status, then hangs up. */
function connectThrough(port: number, target: string, authorization?: string) {
  return new Promise<{ status: number; challenge: string | undefined }>((resolve, reject) => {
    const request = httpRequest({
      host: "127.0.0.1",
      port,
      method: "CONNECT",
      path: target,
      headers: authorization ? { "proxy-authorization": authorization } : {},
      agent: false,
    });
    // Node reports any answer to a CONNECT, a refusal too, as "connect".
    request.on("connect", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, challenge: response.headers["proxy-authenticate"] });
    });
    request.on("error", reject);
    request.end();
  });
}

async function withEmulator<T>(certificate: ServerCertificate, use: (e: Emulator) => Promise<T>): Promise<T> {
  const other = await startEmulator({
    requestsPerMinute: 0,
    tls: { key: certificate.keyPem, cert: certificate.certPem },
  });
  try {
    return await use(other);
  } finally {
    await other.close();
  }
}

beforeAll(async () => {
  ca = await makeCertificateAuthority("Webstats Test Authority");
  const leaf = await issueCertificate(ca, { dnsNames: [NAME], ipAddresses: ["127.0.0.1"] });
  emulator = await startEmulator({ requestsPerMinute: 0, tls: { key: leaf.keyPem, cert: leaf.certPem } });
  account = emulator.createAccount();
});

afterAll(() => emulator.close());

describe("the emulator over TLS", () => {
  it("answers on an https:// URL when the authority is trusted", async () => {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await getAccount(emulator.url, { ca: ca.certPem });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { id: account.id } });
  });

  it("fails verification when the authority is not trusted", async () => {
    await expect(getAccount(emulator.url)).rejects.toMatchObject({ code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
  });

  it("resets the connection for a reset fault, as over plain HTTP", async () => {
    // Node refuses to reset a TLS socket itself; the emulator resets the TCP socket under it.
    emulator.injectFault({ route: "GET /api/v1/account", kind: "reset", count: 1 });
    await expect(getAccount(emulator.url, { ca: ca.certPem })).rejects.toMatchObject({ code: "ECONNRESET" });
    expect((await getAccount(emulator.url, { ca: ca.certPem })).status).toBe(200);
  });

  it("is trusted by a new Node.js process through NODE_EXTRA_CA_CERTS and a PEM file", async () => {
    const files = writePemFiles({ "ca.pem": ca.certPem });
    try {
      const script = `require("node:https").get(process.argv[1], (r) => { console.log(r.statusCode); r.resume(); })`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["-e", script, `${emulator.url}/login`],
        {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: files.path("ca.pem") },
        },
      );
      expect(stdout.trim()).toBe("200");
    } finally {
      files.remove();
    }
  });

  it.each([
    [
      "an expired certificate",
      () =>
        issueCertificate(ca, {
          dnsNames: [NAME],
          ipAddresses: ["127.0.0.1"],
          notBefore: new Date(Date.now() - 2 * 86_400_000),
          notAfter: new Date(Date.now() - 86_400_000),
        }),
      "CERT_HAS_EXPIRED",
    ],
    [
      "a certificate for another name",
      () => issueCertificate(ca, { dnsNames: ["other.webstats.test"] }),
      "ERR_TLS_CERT_ALTNAME_INVALID",
    ],
    [
      "a self-signed certificate",
      () => makeSelfSignedCertificate({ dnsNames: [NAME], ipAddresses: ["127.0.0.1"] }),
      "DEPTH_ZERO_SELF_SIGNED_CERT",
    ],
  ])("refuses %s though the authority is trusted", async (_, make, code) => {
    await withEmulator(await make(), async (other) => {
      await expect(getAccount(other.url, { ca: ca.certPem })).rejects.toMatchObject({ code });
    });
  });
});

describe("the forwarding proxy", () => {
  it("alone reaches the installation's name, through a CONNECT tunnel it records", async () => {
    const port = Number(new URL(emulator.url).port);
    const byName = urlWithHost(emulator.url, NAME);
    expect(byName).toBe(`https://${NAME}:${port}`);
    const direct = getAccount(byName, { ca: ca.certPem });
    // Not found by node:dns's lookup, the one the direct request asks (a stub here).
    await expect(direct).rejects.toMatchObject({ code: "ENOTFOUND" });

    const proxy = await startForwardingProxy({ resolve: { [NAME]: "127.0.0.1" } });
    const dispatcher = new ProxyAgent({ uri: proxy.url, requestTls: { ca: ca.certPem } });
    try {
      const answer = await undiciRequest(`${byName}/api/v1/account`, { dispatcher, headers: apiHeaders() });
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.json()).toMatchObject({ data: { id: account.id } });
      expect(proxy.connects).toEqual([{ host: NAME, port, authorized: true }]);
      expect(proxy.requests).toEqual([]);
    } finally {
      await dispatcher.close();
      await proxy.close();
    }
  });

  it("forwards plain HTTP requests and records them", async () => {
    const plain = await startEmulator({ requestsPerMinute: 0 });
    const proxy = await startForwardingProxy({ resolve: { "plain.webstats.test": "127.0.0.1" } });
    try {
      const url = `${urlWithHost(plain.url, "plain.webstats.test")}/login`;
      const status = await new Promise<number>((resolve, reject) => {
        // A request to a proxy names the whole URL as its target.
        const request = httpRequest({ host: "127.0.0.1", port: proxy.port, path: url, agent: false }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end();
      });
      expect(status).toBe(200);
      expect(proxy.requests).toEqual([{ method: "GET", url, authorized: true }]);
      expect(proxy.connects).toEqual([]);
    } finally {
      await proxy.close();
      await plain.close();
    }
  });

  it("answers 502 to a tunnel it cannot open, as proxies do, instead of hanging up", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const proxy = await startForwardingProxy({ resolve: { "closed.webstats.test": "127.0.0.1" } });
    try {
      expect((await connectThrough(proxy.port, "nowhere.webstats.test:443")).status).toBe(502);
      expect((await connectThrough(proxy.port, `closed.webstats.test:${closedPort}`)).status).toBe(502);
    } finally {
      await proxy.close();
    }
  });

  it("requires its credentials when it has them", async () => {
    const proxy = await startForwardingProxy({
      username: "proxy-user",
      password: "p@ss: word",
      resolve: { [NAME]: "127.0.0.1" },
    });
    const byName = urlWithHost(emulator.url, NAME);
    const target = new URL(byName).host;
    const basic = (userinfo: string): string => `Basic ${Buffer.from(userinfo).toString("base64")}`;
    const dispatcher = new ProxyAgent({ uri: proxy.url, requestTls: { ca: ca.certPem } });
    try {
      expect(proxy.url).toBe(`http://proxy-user:p%40ss%3A%20word@127.0.0.1:${proxy.port}`);
      const without = await connectThrough(proxy.port, target);
      expect(without).toEqual({ status: 407, challenge: expect.stringMatching(/^Basic /) as string });
      expect((await connectThrough(proxy.port, target, basic("proxy-user:wrong"))).status).toBe(407);

      const answer = await undiciRequest(`${byName}/api/v1/account`, { dispatcher, headers: apiHeaders() });
      expect(answer.statusCode).toBe(200);
      await answer.body.dump();
      expect(proxy.connects.map((connect) => connect.authorized)).toEqual([false, false, true]);
    } finally {
      await dispatcher.close();
      await proxy.close();
    }
  });
});
