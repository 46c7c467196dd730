// drift's page check against the answers a website may give besides a page: a redirect without a
// Location, to something that is no URL, to a scheme that is no web page (javascript:, file:), an
// error status, no content type, a connection closed mid-answer, connections refused at both
// schemes, a name that does not resolve for now or fails with no code; redirects up to their
// bound and no further; any 2xx status and an HTML type however written; a page of exactly the
// size bound, and one byte over it; a proxy given by URL that closes the connection, and http://
// reached directly when only an HTTPS proxy is set; no connection left open once a page is
// judged; and the run's deadline passing between two redirects or while a page is parsed. Each is the website's status with its whole reason, and the address
// that answered. The websites answer plain HTTP at 127.0.0.2, where nothing listens on the port
// given for https:// (so the check falls back to http:// as a browser does); their names resolve
// through a table, never the machine's resolver (test/support/stub-resolver.ts).
import { once } from "node:events";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse, Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import type { AddressInfo, LookupFunction, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkPage, PAGE_DEFAULTS } from "../../../../drift/compare/page-check";
import type { PageCheckOptions } from "../../../../drift/compare/page-check";
import type * as PageHtml from "../../../../drift/compare/page-html";
import { tableLookup, useStubResolver } from "../../../support/stub-resolver";
import { installation, page, snippet } from "../../../support/tracked-pages";

useStubResolver();

/** A page holding this marker has the run's deadline pass once its parse begins. */
const ABORTS_RUN = "<!-- the run's deadline passes while this page is parsed -->";
const parsing = vi.hoisted(() => ({ abort: undefined as (() => void) | undefined }));
vi.mock("../../../../drift/compare/page-html", async (original) => {
  const actual = await original<typeof PageHtml>();
  return {
    ...actual,
    judgePage: async (html: string, host: string, signal: AbortSignal) => {
      if (html.includes(ABORTS_RUN)) parsing.abort?.();
      return actual.judgePage(html, host, signal);
    },
  };
});

/** The size bound of the page check here, in bytes. */
const EXACT = 4096;

const redirect = (status: number, location?: string) => (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(status, location === undefined ? {} : { location }).end();

/** What each website answers, by its name. */
const sites: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "nolocation.test": redirect(302),
  "emptylocation.test": redirect(301, ""),
  "notaurl.test": redirect(302, "http://[oops/"),
  "javascript.test": redirect(302, "javascript:alert(document.cookie)"),
  "file.test": redirect(307, "file:///etc/passwd"),
  // An error page that carries the snippet: an error status is no page, whatever its body.
  "notfound.test": (_req, res) => res.writeHead(404, { "content-type": "text/html" }).end(page(snippet)),
  "unavailable.test": (_req, res) => res.writeHead(503).end(),
  "untyped.test": (_req, res) => res.writeHead(200).end(page(snippet)),
  "closes.test": (req) => req.socket.destroy(),
  "twice.test": (req, res) =>
    req.url === "/"
      ? res.writeHead(302, { location: "/one" }).end()
      : req.url === "/one"
        ? res.writeHead(302, { location: "/two" }).end()
        : res.writeHead(200, { "content-type": "text/html" }).end(page(snippet)),
  "status299.test": (_req, res) => res.writeHead(299, { "content-type": "text/html" }).end(page(snippet)),
  "spaced.test": (_req, res) =>
    res.writeHead(200, { "content-type": " TEXT/HTML ; charset=utf-8" }).end(page(snippet)),
  "xhtml.test": (_req, res) =>
    res.writeHead(200, { "content-type": "application/xhtml+xml" }).end(page(snippet)),
  "exact.test": (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page("").padEnd(EXACT, " ")),
  "overpresent.test": (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page(snippet).padEnd(EXACT + 1, " ")),
  "over.test": (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page("").padEnd(EXACT + 1, " ")),
  "kept.test": (req, res) => {
    keptSockets.push(req.socket);
    res.writeHead(200, { "content-type": "text/html" }).end(page(snippet));
  },
  "parsing.test": (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page(`${ABORTS_RUN}${snippet}`)),
};

/** Names whose resolution fails: a resolver's temporary failure, and an error that has no code. */
const failures: Record<string, () => Error> = {
  "flaky.test": () =>
    Object.assign(new Error("getaddrinfo EAI_AGAIN flaky.test"), {
      code: "EAI_AGAIN",
      hostname: "flaky.test",
    }),
  "nocode.test": () => new Error("the resolver gave no answer"),
};

/** The connections kept.test's page was asked for on. */
const keptSockets: Socket[] = [];

let plain: Server;
/** Listens at 127.0.0.1 only: at 127.0.0.2 its port refuses connections, as https:// does there. */
let elsewhere: Server;
let options: PageCheckOptions;

const listen = (server: Server, address: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, address, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  plain = createServer((req, res) => {
    const site = sites[(req.headers.host ?? "").replace(/:\d+$/, "")];
    if (site) site(req, res);
    else res.writeHead(404).end();
  });
  // Connections kept open for two minutes unless the client closes them (the Keep-Alive header
  // tells undici so).
  plain.keepAliveTimeout = 120_000;
  elsewhere = createServer((_req, res) => res.writeHead(500).end());
  const [httpPort, httpsPort] = await Promise.all([
    listen(plain, "127.0.0.2"),
    listen(elsewhere, "127.0.0.1"),
  ]);
  const table = tableLookup({
    ...Object.fromEntries(Object.keys(sites).map((name) => [name, "127.0.0.2"])),
    // Nothing listens there, on either port.
    "refused.test": "127.0.0.3",
  }) as unknown as (...args: unknown[]) => void;
  options = {
    ...PAGE_DEFAULTS,
    maxBytes: EXACT,
    // A page's deadline only ends a hang: a busy machine reads these pages in seconds.
    timeoutMs: 60_000,
    network: { proxy: undefined, caCertificates: undefined },
    lookup: ((hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
      const failure = failures[hostname];
      if (failure) process.nextTick(() => callback(failure()));
      else table(hostname, opts, callback);
    }) as unknown as LookupFunction,
    ports: { https: httpsPort, http: httpPort },
    takenAsPublic: ["127.0.0.2", "127.0.0.3"],
  };
});
afterAll(() => {
  plain?.closeAllConnections();
  plain?.close();
  elsewhere?.close();
});

describe("the page check of a website that answers no page", () => {
  it.each([
    ["nolocation.test", "http://nolocation.test/ answered 302 without a Location"],
    ["emptylocation.test", "http://emptylocation.test/ answered 301 without a Location"],
    ["notaurl.test", 'http://notaurl.test/ redirects to "http://[oops/", not a URL'],
    [
      "javascript.test",
      "http://javascript.test/ redirects to javascript: javascript:alert(document.cookie), not a web page",
    ],
    ["file.test", "http://file.test/ redirects to file: file:///etc/passwd, not a web page"],
    ["notfound.test", "http://notfound.test/ answered HTTP 404"],
    ["unavailable.test", "http://unavailable.test/ answered HTTP 503"],
    ["closes.test", "http://closes.test could not be read (UND_ERR_SOCKET)"],
  ])("%s: %s", async (domain, reason) => {
    expect(await checkPage(domain, installation, options)).toEqual({
      status: "unreachable",
      url: `http://${domain}/`,
      reason,
    });
  });

  it.each([
    ["refused.test", "http://refused.test refuses connections", { url: "http://refused.test/" }],
    ["flaky.test", "the name flaky.test does not resolve (EAI_AGAIN)", { url: "https://flaky.test/" }],
    [
      "nocode.test",
      "https://nocode.test could not be read (the resolver gave no answer)",
      { url: "https://nocode.test/" },
    ],
  ])("%s: %s", async (domain, reason, where) => {
    expect(await checkPage(domain, installation, options)).toEqual({
      status: "unreachable",
      ...where,
      reason,
    });
  });

  it("says the deadline when a lookup fails once it has passed, before its timer has run", async () => {
    // The lookup holds the process past the deadline, then fails as a resolver's time-out does:
    // the deadline's timer has had no turn yet when the failure is judged.
    const lookup = ((_hostname: string, _opts: object, callback: (...args: unknown[]) => void) => {
      const until = performance.now() + 150;
      while (performance.now() < until);
      const timeout = Object.assign(new Error("queryA ETIMEOUT late.test"), { code: "ETIMEOUT" });
      process.nextTick(() => callback(timeout));
    }) as unknown as LookupFunction;
    expect(await checkPage("late.test", installation, { ...options, timeoutMs: 100, lookup })).toEqual({
      status: "unreachable",
      url: "https://late.test/",
      reason: "no complete answer from https://late.test in time",
    });
  });

  it("follows as many redirects as it is given, and no more", async () => {
    expect(await checkPage("twice.test", installation, { ...options, maxRedirects: 2 })).toEqual({
      status: "present",
      url: "http://twice.test/two",
    });
    expect(await checkPage("twice.test", installation, { ...options, maxRedirects: 1 })).toEqual({
      status: "unreachable",
      url: "http://twice.test/one",
      reason: "more than 1 redirects (the last to /two)",
    });
  });

  it("reads a page of any 2xx status, and of an HTML content type however written", async () => {
    for (const domain of ["status299.test", "spaced.test", "xhtml.test"]) {
      expect(await checkPage(domain, installation, options)).toEqual({
        status: "present",
        url: `http://${domain}/`,
      });
    }
  });

  it("reads a page of exactly its size bound whole, and says one byte over it is larger", async () => {
    expect(await checkPage("exact.test", installation, options)).toEqual({
      status: "missing",
      url: "http://exact.test/",
      reason: "no tracking code in the home page",
    });
    expect(await checkPage("over.test", installation, options)).toEqual({
      status: "unreachable",
      url: "http://over.test/",
      reason: `the page is larger than ${EXACT} bytes, and its first ${EXACT} hold no tracking code`,
    });
    // Larger, but the tracking code is in what was read.
    expect(await checkPage("overpresent.test", installation, options)).toEqual({
      status: "present",
      url: "http://overpresent.test/",
    });
  });

  it("closes its connections once the page is judged", async () => {
    expect(await checkPage("kept.test", installation, options)).toEqual({
      status: "present",
      url: "http://kept.test/",
    });
    expect(keptSockets).toHaveLength(1);
    // The time limit only guards a connection left open.
    if (!keptSockets[0]!.destroyed) await once(keptSockets[0]!, "close");
    expect(keptSockets[0]!.destroyed).toBe(true);
  }, 20_000);

  it("reads a page that names no content type as HTML, as a browser does", async () => {
    expect(await checkPage("untyped.test", installation, options)).toEqual({
      status: "present",
      url: "http://untyped.test/",
    });
  });

  it("requests nothing more once the run's deadline passes between two redirects", async () => {
    const run = new AbortController();
    const deadlineReason = "not read: the page check's bound of 60 s for the whole run was reached";
    const requests = { left: 12, total: 12 };
    // The bound of redirects is read when a redirect has been answered, before the next request:
    // the run's deadline passes right then.
    const bounds = {
      get maxRedirects() {
        run.abort();
        return 10;
      },
    };
    const result = await checkPage(
      "twice.test",
      installation,
      Object.defineProperties(
        { ...options, run: { signal: run.signal, deadlineReason, requests } },
        Object.getOwnPropertyDescriptors(bounds),
      ),
    );
    expect(result).toEqual({ status: "unreachable", url: "http://twice.test/", reason: deadlineReason });
    // https:// refused, then http://: the redirect's target was never asked for.
    expect(requests.left).toBe(10);
  });

  it("says a proxy given by URL that closes the connection instead of answering", async () => {
    // undici's own proxy agent reconnects without end to such a proxy (nodejs/undici#3897); the
    // time limit only guards that hang.
    const closer = createNetServer((socket) => socket.destroy());
    const port = await listen(closer as unknown as Server, "127.0.0.1");
    try {
      expect(
        await checkPage("untyped.test", installation, {
          ...options,
          timeoutMs: 3_000,
          network: { proxy: { url: `http://127.0.0.1:${port}` }, caCertificates: undefined },
        }),
      ).toEqual({
        status: "unreachable",
        url: "https://untyped.test/",
        reason: "https://untyped.test could not be read (UND_ERR_PRX_CONN)",
      });
    } finally {
      closer.close();
    }
  }, 15_000);

  it("reaches http:// directly when only an HTTPS proxy is set, whatever the process's environment", async () => {
    // Where nothing listens: a request sent through it fails.
    vi.stubEnv("HTTP_PROXY", `http://127.0.0.3:${options.ports!.http}`);
    vi.stubEnv("http_proxy", `http://127.0.0.3:${options.ports!.http}`);
    try {
      expect(
        await checkPage("untyped.test", installation, {
          ...options,
          network: {
            proxy: { httpsProxy: `http://127.0.0.3:${options.ports!.http}`, noProxy: "" },
            caCertificates: undefined,
          },
        }),
      ).toEqual({ status: "present", url: "http://untyped.test/" });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("says the run's deadline, not the page's, when it passes while the page is parsed", async () => {
    const run = new AbortController();
    parsing.abort = () => run.abort();
    const deadlineReason = "not read: the page check's bound of 60 s for the whole run was reached";
    try {
      expect(
        await checkPage("parsing.test", installation, {
          ...options,
          run: { signal: run.signal, deadlineReason, requests: { left: 12, total: 12 } },
        }),
      ).toEqual({ status: "unreachable", url: "http://parsing.test/", reason: deadlineReason });
    } finally {
      parsing.abort = undefined;
    }
  });
});
