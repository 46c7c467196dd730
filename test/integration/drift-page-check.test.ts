// drift's page check against websites served on this machine: plain HTTP (https:// refused, so
// the check falls back as a browser does), HTTPS with a certificate of an authority made by this
// run and trusted as the installation's caCertFile, a redirect, the tracking code of another
// installation, the installation's script under a broken id, a snippet only inside a comment,
// a redirect loop, a page that never ends, a JSON answer, a huge page, a certificate that does
// not verify and a name that does not resolve: each a status with its reason, none a crash. No
// request to any website carries a credential.
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction, AddressInfo } from "node:net";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse, Server } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { createSecureContext } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, PAGE_DEFAULTS } from "../../drift/compare/page-check";
import type { PageCheckOptions } from "../../drift/compare/page-check";
import { trackingCodeOf } from "../../core/tracking-code";
import { issueCertificate, makeCertificateAuthority, makeSelfSignedCertificate } from "../support/network";

const installation = "https://stats.example.com";
const snippet = trackingCodeOf(installation, {}).trackingCode;
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title>${body}</head><body>Hi</body></html>`;

/** What each website answers, by its name. */
const sites: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "plain.test": (_req, res) => html(res, page(snippet)),
  "tls.test": (req, res) =>
    req.url === "/"
      ? res.writeHead(301, { location: "/home/" }).end()
      : html(res, `<!doctype html><body><p>x</p>${snippet}</body>`),
  "other.test": (_req, res) =>
    html(res, page(trackingCodeOf("https://analytics.elsewhere.example", {}).trackingCode)),
  "badid.test": (_req, res) => html(res, page(snippet.replace('id="ZwSg9rf6GA"', 'id="tracking"'))),
  "commented.test": (_req, res) => html(res, page(`<!-- ${snippet} -->`)),
  "loop.test": (_req, res) => res.writeHead(302, { location: "https://loop.test/" }).end(),
  "slow.test": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<!doctype html><html><head>");
  },
  "json.test": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
  "huge.test": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    const filler = `<p>${"lorem ipsum ".repeat(80)}</p>\n`;
    for (let i = 0; i < 4000; i++) res.write(filler);
    res.end(snippet);
  },
  "selfsigned.test": (_req, res) => html(res, page(snippet)),
};

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
}

/** Every request a website received: its name and headers. */
const received: { host: string; headers: IncomingMessage["headers"] }[] = [];
const handler = (req: IncomingMessage, res: ServerResponse) => {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  received.push({ host, headers: req.headers });
  const site = sites[host];
  if (site) site(req, res);
  else res.writeHead(404).end();
};

let plain: Server;
let tls: Server;
let options: PageCheckOptions;

const listen = (server: Server, address: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, address, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  const ca = await makeCertificateAuthority("Page check test authority");
  const names = Object.keys(sites).filter((name) => name !== "plain.test" && name !== "selfsigned.test");
  const issued = await issueCertificate(ca, { dnsNames: names });
  const unverified = await makeSelfSignedCertificate({ dnsNames: ["selfsigned.test"] });
  const unverifiedContext = createSecureContext({ cert: unverified.certPem, key: unverified.keyPem });
  tls = createTlsServer(
    {
      cert: issued.certPem,
      key: issued.keyPem,
      SNICallback: (name, done) => done(null, name === "selfsigned.test" ? unverifiedContext : undefined),
    },
    handler,
  );
  plain = createServer(handler);
  // Plain websites live at 127.0.0.2, where nothing answers HTTPS; the others at 127.0.0.1.
  const [httpsPort, httpPort] = await Promise.all([listen(tls, "127.0.0.1"), listen(plain, "127.0.0.2")]);
  const lookup = ((hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
    if (!hostname.endsWith(".test")) return dnsLookup(hostname, opts, callback as never);
    const address = hostname === "plain.test" ? "127.0.0.2" : "127.0.0.1";
    const all = (opts as { all?: boolean }).all;
    if (all) callback(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  }) as unknown as LookupFunction;
  options = {
    ...PAGE_DEFAULTS,
    timeoutMs: 3_000,
    maxBytes: 256 * 1024,
    network: { proxy: undefined, caCertificates: ca.certPem },
    lookup,
    ports: { https: httpsPort, http: httpPort },
    // The websites' stand-ins on this machine; every other address is judged as in a run.
    takenAsPublic: ["127.0.0.1", "127.0.0.2"],
  };
});
afterAll(() => {
  plain?.closeAllConnections();
  tls?.closeAllConnections();
  plain?.close();
  tls?.close();
});

describe("the page check", () => {
  it.each([
    ["plain.test", { status: "present", url: "http://plain.test/" }],
    ["tls.test", { status: "present", url: "https://tls.test/home/" }],
    [
      "other.test",
      {
        status: "wrong",
        reason:
          "the tracking code sends its hits to another installation: https://analytics.elsewhere.example instead of https://stats.example.com",
      },
    ],
    [
      "badid.test",
      {
        status: "wrong",
        reason:
          'a tracking script is there with the id "tracking" instead of "ZwSg9rf6GA": it cannot find itself and sends nothing',
      },
    ],
    ["commented.test", { status: "missing", reason: "no tracking code in the home page" }],
    [
      "loop.test",
      { status: "unreachable", reason: "more than 10 redirects (the last to https://loop.test/)" },
    ],
    ["slow.test", { status: "unreachable", reason: "no complete answer from https://slow.test in time" }],
    [
      "json.test",
      { status: "unreachable", reason: "https://json.test/ is application/json, not an HTML page" },
    ],
    [
      "huge.test",
      {
        status: "unreachable",
        reason: "the page is larger than 262144 bytes, and its first 262144 hold no tracking code",
      },
    ],
  ])("%s: %o", async (domain, expected) => {
    expect(await checkPage(domain, installation, options)).toMatchObject(expected);
  });

  it("says a certificate that does not verify, and a name that does not resolve", async () => {
    const unverified = await checkPage("selfsigned.test", installation, options);
    expect(unverified.status).toBe("unreachable");
    expect(unverified.reason).toMatch(/^the certificate of selfsigned\.test does not verify \(/);
    const nowhere = await checkPage("nowhere.invalid", installation, options);
    expect(nowhere).toMatchObject({ status: "unreachable" });
    expect(nowhere.reason).toMatch(/^the name nowhere\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\)$/);
  });

  it("sends no credential to any website: no Authorization, no cookie", () => {
    expect(received.length).toBeGreaterThan(0);
    for (const { headers } of received) {
      const allowed = [
        "accept",
        "accept-encoding",
        "accept-language",
        "connection",
        "host",
        "sec-fetch-mode",
        "user-agent",
      ];
      expect(Object.keys(headers).filter((name) => !allowed.includes(name))).toEqual([]);
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
    }
  });
});
