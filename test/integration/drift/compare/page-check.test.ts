// drift's page check against websites served on this machine: plain HTTP (https:// refused, so
// the check falls back as a browser does), HTTPS with a certificate of an authority made by this
// run and trusted as the installation's caCertFile, a redirect, the tracking code of another
// installation, the installation's script under a broken id, a snippet only inside a comment,
// a redirect loop, a page that never ends, a JSON answer, a huge page, a certificate that does
// not verify and a name that does not resolve: each a status with its reason, none a crash. No
// request to any website carries a credential, though the run is given the installation's API key
// and a proxy that asks for a password.
//
// And what a website cannot make the check do: request an address that is not public (a redirect
// to the metadata address or to a name resolving inside the network, refused with no request
// made there, unless intranet websites are allowed), build a URL of a domain that is no host
// name, or end a run (a page that throws in its parse, one nested too deep to parse in time, a
// run's deadline and request budget reached). The websites live on loopback addresses that the
// check takes as public (its test-only `takenAsPublic`); every other address is judged as in a
// run. Names resolve through a stub: no real private or public address is ever asked for, and
// the machine's resolver is never asked (test/support/stub-resolver.ts).
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { once } from "node:events";
import type { LookupFunction, AddressInfo, Socket } from "node:net";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse, Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkPage, PAGE_DEFAULTS } from "../../../../drift/compare/page-check";
import { checkEntryPages, checkPages } from "../../../../drift/compare/page-run";
import type * as PageHtml from "../../../../drift/compare/page-html";
import type { PageCheckOptions } from "../../../../drift/compare/page-check";
import { trackingCodeOf } from "../../../../core/tracking-code";
import type { DriftEntry } from "../../../../drift/model/entries";
import { WebstatsClient } from "../../../../sdk";
import { startForwardingProxy } from "../../../support/forwarding-proxy";
import type { ForwardingProxy } from "../../../support/forwarding-proxy";
import { makeCertificateAuthority } from "../../../support/network";
import { notFound, useStubResolver } from "../../../support/stub-resolver";
import { httpsWebsites, installation, page, snippet } from "../../../support/tracked-pages";

// Every name not resolved by the page check's own stub below, nor by a proxy, is not found.
useStubResolver();

// A page whose parse throws (as a recursive walk once did on deep pages): the marker makes it so.
const THROWS = "<!-- the parse of this page throws -->";
vi.mock("../../../../drift/compare/page-html", async (original) => {
  const actual = await original<typeof PageHtml>();
  return {
    ...actual,
    judgePage: async (html: string, host: string, signal: AbortSignal) => {
      if (html.includes(THROWS)) throw new RangeError("Maximum call stack size exceeded");
      return actual.judgePage(html, host, signal);
    },
  };
});

/**
 * Every page's deadline but those of the tests about deadlines: a page is never cut by its
 * deadline on a busy machine (a 256 KiB read took past 3 s beside other work on 2 cores), so the
 * deadline only ends a hang.
 */
const PAGE_TIMEOUT_MS = 60_000;

/**
 * deep.test's nesting, 500 KB of `<div>`: its read took 1.6 s on 2 cores kept busy by other work,
 * while its whole parse takes minutes (its cost grows with the square of the depth: 30,000 took
 * 36 s there), so its test's deadline (10 s) passes during the parse, not during the read.
 */
const DEEP = 100_000;

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
  "tometadata.test": (_req, res) =>
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "toname.test": (_req, res) =>
    res.writeHead(302, { location: `http://metadata.test:${metadataPort}/latest/meta-data/` }).end(),
  "tointranet.test": (_req, res) => res.writeHead(301, { location: "http://intranet.test/admin" }).end(),
  "tosecureintranet.test": (_req, res) =>
    res.writeHead(301, { location: "https://intranet.test/admin" }).end(),
  "tocleartext.test": (_req, res) => res.writeHead(302, { location: "http://plain.test/" }).end(),
  "toother.test": (_req, res) => res.writeHead(302, { location: "https://other.test/" }).end(),
  "tomapped.test": (_req, res) => res.writeHead(307, { location: "http://[::ffff:127.0.0.1]/" }).end(),
  "credentials.test": (_req, res) =>
    res.writeHead(302, { location: "https://someone:secret@tls.test/home/" }).end(),
  "throws.test": (_req, res) => html(res, page(`${THROWS}${snippet}`)),
  // A name of one label, which a text for NO_PROXY could hold.
  "towas.test": (_req, res) => res.writeHead(302, { location: "https://was/" }).end(),
  was: (_req, res) => html(res, page(snippet)),
  // Its connections recorded, to see them closed.
  "kept.test": (req, res) => {
    keptSockets.push(req.socket);
    if (req.url === "/") res.writeHead(301, { location: "/home/" }).end();
    else html(res, page(snippet));
  },
  // Redirects to https:// where nothing listens (plain.test's address).
  "torefused.test": (_req, res) => res.writeHead(302, { location: "https://plain.test/" }).end(),
  "deep.test": (_req, res) => html(res, `<!doctype html><body>${"<div>".repeat(DEEP)}${snippet}`),
};

/** The connections kept.test was asked on. */
const keptSockets: Socket[] = [];

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
/** The authority that signed the websites' certificates, trusted as the installation's caCertFile. */
let authority: string;

/**
 * The stand-in of what lies inside a network (the metadata service, an admin page), on a loopback
 * address the check judges as it is: every request it receives is counted.
 */
let metadata: Server;
let metadataPort = 0;
const metadataRequests: string[] = [];

/** Every connection undici was about to make, by the host it was for. */
const connections: string[] = [];
const onConnect = (message: unknown) => {
  connections.push((message as { connectParams: { hostname: string } }).connectParams.hostname);
};

/**
 * Where the stub resolver sends each name: loopback, and 10.0.0.7 that is never reached. The
 * websites redirecting to http:// are plain ones too (https:// then to http:// is refused first).
 */
const addressOf = (hostname: string): string =>
  ({
    "plain.test": "127.0.0.2",
    "toname.test": "127.0.0.2",
    "tointranet.test": "127.0.0.2",
    "metadata.test": "127.0.0.3",
    "intranet.test": "10.0.0.7",
  })[hostname] ?? "127.0.0.1";
const resolved: string[] = [];

const listen = (server: Server, address: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, address, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  const ca = await makeCertificateAuthority("Page check test authority");
  authority = ca.certPem;
  const names = Object.keys(sites).filter((name) => name !== "plain.test" && name !== "selfsigned.test");
  tls = await httpsWebsites(ca, names, "selfsigned.test", handler);
  // Connections kept open for two minutes unless the client closes them (the Keep-Alive header
  // tells undici so).
  tls.keepAliveTimeout = 120_000;
  plain = createServer(handler);
  // Plain websites live at 127.0.0.2, where nothing answers HTTPS; the others at 127.0.0.1.
  const [httpsPort, httpPort] = await Promise.all([listen(tls, "127.0.0.1"), listen(plain, "127.0.0.2")]);
  metadata = createServer((req, res) => {
    metadataRequests.push(req.url ?? "");
    html(res, page("<p>ami-id</p>"));
  });
  metadataPort = await listen(metadata, "127.0.0.3");
  subscribe("undici:client:beforeConnect", onConnect);
  const lookup = ((hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
    if (!hostname.endsWith(".test")) return process.nextTick(() => callback(notFound(hostname)));
    const address = addressOf(hostname);
    resolved.push(`${hostname} ${address}`);
    const all = (opts as { all?: boolean }).all;
    if (all) callback(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  }) as unknown as LookupFunction;
  options = {
    ...PAGE_DEFAULTS,
    timeoutMs: PAGE_TIMEOUT_MS,
    maxBytes: 256 * 1024,
    network: { proxy: undefined, caCertificates: ca.certPem },
    lookup,
    ports: { https: httpsPort, http: httpPort },
    // The websites' stand-ins on this machine; every other address is judged as in a run.
    takenAsPublic: ["127.0.0.1", "127.0.0.2"],
  };
});
afterAll(() => {
  unsubscribe("undici:client:beforeConnect", onConnect);
  metadata?.closeAllConnections();
  metadata?.close();
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
    // slow.test never ends its page: any deadline ends it the same way, a short one sooner.
    const timeoutMs = domain === "slow.test" ? 1_000 : options.timeoutMs;
    expect(await checkPage(domain, installation, { ...options, timeoutMs })).toMatchObject(expected);
  });

  it("tells --verbose each request a page makes: its answer, where it redirects, how much it read", async () => {
    const lines: string[] = [];
    await checkPage("tls.test", installation, { ...options, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      expect.stringMatching(
        /^page https:\/\/tls\.test\/: 30[12378], redirect 1 to https:\/\/tls\.test\/home\/$/,
      ),
      expect.stringMatching(/^page https:\/\/tls\.test\/home\/: 200, \d+ bytes$/),
    ]);
  });

  it("falls back to http:// only when https:// refuses at the domain, not at a redirect's target", async () => {
    expect(await checkPage("torefused.test", installation, options)).toEqual({
      status: "unreachable",
      url: "https://plain.test/",
      reason: "https://plain.test refuses connections",
    });
  });

  it("says a certificate that does not verify, and a name that does not resolve", async () => {
    const unverified = await checkPage("selfsigned.test", installation, options);
    expect(unverified.status).toBe("unreachable");
    expect(unverified.reason).toMatch(/^the certificate of selfsigned\.test does not verify \(/);
    const nowhere = await checkPage("nowhere.invalid", installation, options);
    expect(nowhere).toMatchObject({ status: "unreachable" });
    expect(nowhere.reason).toBe("the name nowhere.invalid does not resolve (ENOTFOUND)");
  });

  it("verifies a website's certificate through a proxy given by URL, as without one", async () => {
    // The installation's dispatchers skip verification when told to: the page check's never do.
    const proxy = await startForwardingProxy({ resolve: { "selfsigned.test": "127.0.0.1" } });
    try {
      const result = await checkPage("selfsigned.test", installation, {
        ...options,
        network: { proxy: { url: proxy.url }, caCertificates: authority },
      });
      expect(result).toEqual({
        status: "unreachable",
        url: "https://selfsigned.test/",
        reason: "the certificate of selfsigned.test does not verify (DEPTH_ZERO_SELF_SIGNED_CERT)",
      });
      expect(proxy.connects.map((c) => c.host)).toEqual(["selfsigned.test"]);
    } finally {
      await proxy.close();
    }
  });

  it("sends no credential to any website: not the installation's API key, not the proxy's password", async () => {
    const apiKey = "installation-api-key-5d1e";
    const password = "proxy-password-93ab";
    // The run's settings: a proxy that asks for its password (it resolves the website's name, and
    // its tunnels to port 443 reach the test's HTTPS server), and the installation's authority.
    const proxy = await startForwardingProxy({
      username: "agent",
      password,
      resolve: { "tls.test": "127.0.0.1" },
      ports: { 443: options.ports!.https },
    });
    try {
      const client = new WebstatsClient({ baseUrl: installation, apiKey });
      const entry = { domain: "tls.test", id: 7, account: { url: installation } } as DriftEntry;
      const before = received.length;
      const [checked] = await checkEntryPages(
        [{ client, id: 7, domain: "tls.test" }],
        [entry],
        {
          apiKey: { value: apiKey, source: "WEBSTATS_API_KEY" },
          proxyUrl: { value: proxy.url, source: "WEBSTATS_PROXY_URL" },
          caCertFile: {
            value: { file: "company-root.pem", certificates: authority },
            source: "WEBSTATS_CA_CERT_FILE",
          },
        },
        { parallel: 1, timeoutMs: options.timeoutMs },
        () => {},
      );
      // Read through the proxy, its password accepted: the credentials were the run's to send.
      expect(checked?.page).toEqual({ status: "present", url: "https://tls.test/home/" });
      expect(proxy.connects.length).toBeGreaterThan(0);
      expect(proxy.connects).toEqual(
        proxy.connects.map(() => ({ host: "tls.test", port: 443, authorized: true })),
      );
      // What the website received: its home page and the page it redirects to, asked for with
      // these headers alone.
      const own = received.slice(before);
      expect(own.map((r) => r.host)).toEqual(["tls.test", "tls.test"]);
      const allowed = [
        "accept",
        "accept-encoding",
        "accept-language",
        "connection",
        "host",
        "sec-fetch-mode",
        "user-agent",
      ];
      for (const { headers } of own) {
        expect(Object.keys(headers).filter((name) => !allowed.includes(name))).toEqual([]);
        const sent = JSON.stringify(headers);
        for (const secret of [apiKey, password, Buffer.from(`agent:${password}`).toString("base64")])
          expect(sent).not.toContain(secret);
      }
    } finally {
      await proxy.close();
    }
  });
});

describe("the page check goes nowhere a website points inside a network", () => {
  const hint = "(--page-allow-private allows intranet websites)";

  it("refuses a redirect to the metadata address before connecting, and tells nothing of it", async () => {
    connections.length = 0;
    const result = await checkPage("tometadata.test", installation, options);
    expect(result).toEqual({
      status: "unreachable",
      url: "https://tometadata.test/",
      reason: `refused: https://tometadata.test/ redirects to http://169.254.169.254/latest/meta-data/, and 169.254.169.254 is a link-local address, not a public one ${hint}`,
    });
    expect(connections).toEqual(["tometadata.test"]);
  });

  it("refuses a website whose domain is the metadata address, before any connection", async () => {
    connections.length = 0;
    expect(await checkPage("169.254.169.254", installation, options)).toEqual({
      status: "unreachable",
      reason: `refused: 169.254.169.254 is a link-local address, not a public one ${hint}`,
    });
    expect(connections).toEqual([]);
  });

  it("refuses a redirect to a name resolving to a loopback address: no request reaches it", async () => {
    metadataRequests.length = 0;
    resolved.length = 0;
    const result = await checkPage("toname.test", installation, options);
    expect(metadataRequests).toEqual([]);
    expect(result).toEqual({
      status: "unreachable",
      url: "http://toname.test/",
      reason: `refused: http://toname.test/ redirects to http://metadata.test:${metadataPort}/latest/meta-data/, and metadata.test resolves to 127.0.0.3, a loopback address, not a public one ${hint}`,
    });
    expect(resolved).toContain("metadata.test 127.0.0.3");
  });

  it("requests it when intranet websites are allowed (--page-allow-private)", async () => {
    metadataRequests.length = 0;
    const result = await checkPage("toname.test", installation, { ...options, allowPrivate: true });
    expect(result).toMatchObject({
      status: "missing",
      url: `http://metadata.test:${metadataPort}/latest/meta-data/`,
    });
    expect(metadataRequests).toEqual(["/latest/meta-data/"]);
  });

  it("refuses a name resolving to 10.0.0.7, as a website's domain and as a redirect's target", async () => {
    connections.length = 0;
    expect(await checkPage("intranet.test", installation, options)).toEqual({
      status: "unreachable",
      reason: `refused: intranet.test resolves to 10.0.0.7, a private address, not a public one ${hint}`,
    });
    expect(await checkPage("tointranet.test", installation, options)).toEqual({
      status: "unreachable",
      url: "http://tointranet.test/",
      reason: `refused: http://tointranet.test/ redirects to http://intranet.test/admin, and intranet.test resolves to 10.0.0.7, a private address, not a public one ${hint}`,
    });
    expect(resolved).toContain("intranet.test 10.0.0.7");
  });

  it("refuses the IPv4-mapped form of a loopback address", async () => {
    connections.length = 0;
    expect(await checkPage("tomapped.test", installation, options)).toMatchObject({
      status: "unreachable",
      reason: `refused: https://tomapped.test/ redirects to http://[::ffff:7f00:1]/, and ::ffff:7f00:1 is a loopback address in its IPv4-mapped form (127.0.0.1), not a public one ${hint}`,
    });
    expect(connections).toEqual(["tomapped.test"]);
  });

  it("refuses a redirect from https:// to http://, even to a page that would be present", async () => {
    const before = received.length;
    expect(await checkPage("tocleartext.test", installation, options)).toEqual({
      status: "unreachable",
      url: "https://tocleartext.test/",
      reason:
        "refused: https://tocleartext.test/ redirects to http://plain.test/, from https:// to a page sent in clear (http://)",
    });
    expect(received.slice(before).map((r) => r.host)).toEqual(["tocleartext.test"]);
  });

  it("quotes nothing of what a page at another host says: its status alone", async () => {
    expect(await checkPage("toother.test", installation, options)).toEqual({
      status: "wrong",
      url: "https://other.test/",
      reason:
        "the tracking code is broken or another installation's, on a page at other.test, another host than the website's (what that page says is not quoted)",
    });
  });

  it("sends no credential a website writes into its redirect, and reports none", async () => {
    const before = received.length;
    expect(await checkPage("credentials.test", installation, options)).toEqual({
      status: "present",
      url: "https://tls.test/home/",
    });
    const followed = received.slice(before).find((r) => r.host === "tls.test");
    expect(followed?.headers.authorization).toBeUndefined();
  });
});

describe("the page check through a proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY)", () => {
  const hint = "(--page-allow-private allows intranet websites)";
  let proxy: ForwardingProxy;
  /** The proxy resolves these names itself, as a company's proxy resolves the websites'. */
  beforeAll(async () => {
    proxy = await startForwardingProxy({
      resolve: {
        "tometadata.test": "127.0.0.1",
        "toname.test": "127.0.0.1",
        "metadata.test": "127.0.0.3",
        "kept.test": "127.0.0.1",
        "towas.test": "127.0.0.1",
        "tosecureintranet.test": "127.0.0.1",
        "intranet.test": "127.0.0.3",
        was: "127.0.0.1",
      },
    });
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const through = (noProxy: string): PageCheckOptions => ({
    ...options,
    network: { ...options.network, proxy: { httpsProxy: proxy.url, httpProxy: proxy.url, noProxy } },
  });

  it("refuses a redirect to the metadata address before asking the proxy", async () => {
    proxy.connects.length = 0;
    const result = await checkPage("tometadata.test", installation, through(""));
    expect(result.status).toBe("unreachable");
    expect(result.reason).toMatch(
      /^refused: https:\/\/tometadata\.test\/ redirects to http:\/\/169\.254\.169\.254\//,
    );
    expect(proxy.connects.map((c) => c.host)).toEqual(["tometadata.test"]);
  });

  it("closes every tunnel it opened once the page is judged, a redirect's too", async () => {
    keptSockets.length = 0;
    expect(await checkPage("kept.test", installation, through(""))).toEqual({
      status: "present",
      url: "https://kept.test/home/",
    });
    expect(keptSockets.length).toBeGreaterThan(0);
    // The time limit only guards a tunnel left open.
    for (const socket of keptSockets) if (!socket.destroyed) await once(socket, "close");
    expect(keptSockets.map((socket) => socket.destroyed)).toEqual(keptSockets.map(() => true));
  }, 20_000);

  it("sends every name through the proxy when no NO_PROXY is given, whatever the process's NO_PROXY", async () => {
    vi.stubEnv("NO_PROXY", "was");
    vi.stubEnv("no_proxy", "was");
    try {
      const proxied = { httpsProxy: proxy.url, httpProxy: proxy.url };
      expect(
        await checkPage("towas.test", installation, {
          ...options,
          network: { ...options.network, proxy: proxied },
        }),
      ).toEqual({ status: "present", url: "https://was/" });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("lets a public address through to the proxy: only addresses that are not public are refused", async () => {
    // A proxy that asks for credentials not given: it answers 407 and connects nowhere.
    const guarded = await startForwardingProxy({ username: "agent", password: "not-given" });
    try {
      const bare = `http://127.0.0.1:${guarded.port}`;
      const result = await checkPage("93.184.216.34", installation, {
        ...options,
        network: { ...options.network, proxy: { httpsProxy: bare, httpProxy: bare, noProxy: "" } },
      });
      // Not refused by the check: asked for at the proxy, which refused it.
      expect(result).toEqual({
        status: "unreachable",
        url: "https://93.184.216.34/",
        reason: "https://93.184.216.34 could not be read (UND_ERR_ABORTED)",
      });
      expect(guarded.connects).toEqual([
        { host: "93.184.216.34", port: options.ports!.https, authorized: false },
      ]);
    } finally {
      await guarded.close();
    }
  });

  it("resolves names here first: one that points inside is refused, and the proxy never asked for it", async () => {
    // intranet.test resolves here to 10.0.0.7 (never reached), and at the proxy to the stand-in.
    proxy.connects.length = 0;
    resolved.length = 0;
    metadataRequests.length = 0;
    expect(await checkPage("intranet.test", installation, through(""))).toEqual({
      status: "unreachable",
      reason: `refused: intranet.test resolves to 10.0.0.7, a private address, not a public one ${hint}`,
    });
    expect(await checkPage("tosecureintranet.test", installation, through(""))).toEqual({
      status: "unreachable",
      url: "https://tosecureintranet.test/",
      reason: `refused: https://tosecureintranet.test/ redirects to https://intranet.test/admin, and intranet.test resolves to 10.0.0.7, a private address, not a public one ${hint}`,
    });
    expect(resolved).toEqual([
      "intranet.test 10.0.0.7",
      "tosecureintranet.test 127.0.0.1",
      "intranet.test 10.0.0.7",
    ]);
    expect(proxy.connects.map((c) => c.host)).toEqual(["tosecureintranet.test"]);
    expect(metadataRequests).toEqual([]);
  });

  it("leaves a name that does not resolve here to the proxy, and quotes nothing its page says", async () => {
    // `was` resolves at the proxy alone; its page is another host's than the website's.
    proxy.connects.length = 0;
    const result = await checkPage("towas.test", installation, through(""));
    expect(result).toEqual({ status: "present", url: "https://was/" });
    expect(proxy.connects.map((c) => c.host)).toEqual(["towas.test", "was"]);
  });

  it("checks the names NO_PROXY sends directly, as without a proxy", async () => {
    const direct = through("intranet.test");
    expect((await checkPage("tosecureintranet.test", installation, direct)).reason).toMatch(
      /, and intranet\.test resolves to 10\.0\.0\.7, a private address, not a public one /,
    );
    expect((await checkPage("intranet.test", installation, direct)).reason).toMatch(
      /^refused: intranet\.test resolves to 10\.0\.0\.7, a private address, not a public one /,
    );
  });
});

describe("no website and no page ends the run", () => {
  it("gives a domain that is no host name its own status, while the others are checked", async () => {
    const results = await checkPages(
      [
        { domain: "my shop.example.org", host: installation },
        { domain: "plain.test", host: installation },
        { domain: "127.0.0.1:8080/admin?x=1#.com", host: installation },
        { domain: "tls.test", host: installation },
        { domain: "<img src=x onerror=alert(1)>.example.org", host: installation },
      ],
      options,
      { parallel: 2, runTimeoutMs: 60_000 },
    );
    expect(results.map((r) => r.status)).toEqual([
      "unreachable",
      "present",
      "unreachable",
      "present",
      "unreachable",
    ]);
    expect(results[0]).toEqual({
      status: "unreachable",
      reason:
        'no page requested, the domain is not a host name: The part "my shop" of the domain may only contain letters, digits and hyphens, and may not start or end with a hyphen',
    });
    expect(results[2]?.reason).toMatch(
      /^no page requested, the domain is not a host name: .*contains a path/,
    );
    expect(results[4]?.reason).toMatch(/^no page requested, the domain is not a host name: /);
  });

  it("gives a page whose parse throws its own status, while the others are checked", async () => {
    const results = await checkPages(
      [
        { domain: "throws.test", host: installation },
        { domain: "plain.test", host: installation },
      ],
      options,
      { parallel: 1, runTimeoutMs: 60_000 },
    );
    expect(results).toEqual([
      {
        status: "unreachable",
        url: "https://throws.test/",
        reason: "the page could not be parsed (Maximum call stack size exceeded)",
      },
      { status: "present", url: "http://plain.test/" },
    ]);
  });

  it("stops parsing a page nested too deep at the page's deadline", async () => {
    // A whole parse of this page takes minutes: the reason says it was stopped. The deadline is
    // far longer than the page's read on a busy machine, and far shorter than its parse anywhere.
    const result = await checkPage("deep.test", installation, {
      ...options,
      maxBytes: PAGE_DEFAULTS.maxBytes,
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({ status: "unreachable", url: "https://deep.test/" });
    expect(result.reason).toMatch(/^the page \(\d+ characters\) could not be parsed in time: /);
  }, 60_000);

  it("stops at the run's request budget: the websites after it say so", async () => {
    // Two websites: 12 requests in all (what one page may make alone); the loop takes 11.
    const results = await checkPages(
      [
        { domain: "loop.test", host: installation },
        { domain: "plain.test", host: installation },
      ],
      options,
      { parallel: 1, runTimeoutMs: 60_000 },
    );
    expect(results[0]).toMatchObject({
      status: "unreachable",
      reason: "more than 10 redirects (the last to https://loop.test/)",
    });
    expect(results[1]).toEqual({
      status: "unreachable",
      reason: "not read: the page check's budget of 12 requests for the whole run was spent",
    });
  });

  it("stops at the run's deadline: the page in progress and the websites after it say so", async () => {
    const results = await checkPages(
      [
        { domain: "slow.test", host: installation },
        { domain: "plain.test", host: installation },
      ],
      { ...options, timeoutMs: 30_000 },
      { parallel: 1, runTimeoutMs: 500 },
    );
    const reason =
      "not read: the page check's bound of 0.5 s for the whole run was reached (--page-run-timeout)";
    expect(results).toEqual([
      { status: "unreachable", url: "https://slow.test/", reason },
      { status: "unreachable", reason },
    ]);
  });
});
