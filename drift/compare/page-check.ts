// `drift --check-pages`: whether a website's home page carries its installation's tracking code.
// One GET of the home page per website, as a browser asks for it: `https://` first, `http://`
// only when nothing listens there, redirects followed up to a bound; the answer read up to a size
// bound and parsed by a real HTML parser (page-html.ts), all within one deadline. The request
// carries no credential of any kind: the API key is the installation's and never leaves for a
// website. Proxies and authorities are the installation's settings; a website's certificate, and
// an https:// proxy's own, are always verified (skipTlsVerify is about the installation alone),
// and a failure of the proxy's is said of the proxy, not of the website behind it.
//
// A website is data from the server, and its page data from the web: neither stops the run nor
// steers it. The domain must be a host name before any URL is built from it; a destination that
// is not public (sdk/public-address.ts) is refused at every hop unless the user allowed intranet
// websites: an IP literal before connecting, a name where the connection resolves it. Through a
// proxy, a name is resolved here first too, and refused when it points inside; one that does not
// resolve here is the proxy's to resolve. A redirect from https:// to http:// is refused: no page
// is judged from a page sent in clear. Names are resolved by the page's own resolver
// (page-resolver.ts) and connections bounded by its deadline (page-connections.ts). Every failure
// is the website's status with its reason, never the run's.
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { domainToASCII } from "node:url";
import { request } from "undici";
import {
  atProxyCertificate,
  certificateReason,
  isCertificateFailure,
  TRUST_AUTHORITY,
} from "../../sdk/connection-failures";
import type { NetworkSettings } from "../../sdk/client-options";
import { domainProblem } from "../../sdk/domain";
import { isNotPublicError, notPublic, publicOnlyLookup } from "../../sdk/public-address";
import type { PageCheck } from "../model/entries";
import { PageConnections } from "./page-connections";
import { judgePage, ParseTimeout } from "./page-html";
import { quotePageText } from "../model/page-quote";
import { isNameFailure, pageLookup } from "./page-resolver";
import type { PageResolverOptions } from "./page-resolver";

/** The bounds a whole run of page checks shares (page-run.ts). */
export interface PageRunBounds {
  /** Aborted when the run's deadline has passed: no page starts or goes on after it. */
  signal: AbortSignal;
  /** Why a page was not read, or not to its end, once `signal` is aborted. */
  deadlineReason: string;
  /** The requests the run may still make, shared by all its pages, and how many it had. */
  requests: { left: number; total: number };
}

export interface PageCheckOptions {
  /** How the installation is reached: its proxies and authorities serve the websites too. */
  network: Omit<NetworkSettings, "skipTlsVerify">;
  /** One page's deadline, from the first connection to its judgement. */
  timeoutMs: number;
  /** How much of a page is read. */
  maxBytes: number;
  /** How many redirects are followed (browsers stop at 20). */
  maxRedirects: number;
  /** Intranet websites: addresses that are not public are requested too (--page-allow-private). */
  allowPrivate?: boolean;
  /** The run's deadline and request budget, when the page is one of a run's. */
  run?: PageRunBounds;
  /** Name resolution instead of the page's resolver (a test's websites on this machine). */
  lookup?: LookupFunction;
  /** The page's resolver's name servers and hosts instead of the system's (a test's). */
  resolver?: PageResolverOptions;
  /** The ports of addresses that name none, instead of 443 and 80 (a test's websites). */
  ports?: { https: number; http: number };
  /**
   * A test's websites on this machine: these addresses count as public ones, every other address
   * is judged as in a run (so a test proves the refusals without allowing them all).
   */
  takenAsPublic?: readonly string[];
  /** --verbose: a line for each request a page makes and what it answered (core/verbose-log.ts). */
  log?: (line: string) => void;
}

export const PAGE_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 10 };

/** The most requests one page may make: https:// where nothing listens, then http:// and its redirects. */
export const pageRequestsAtMost = (maxRedirects: number): number => 2 + maxRedirects;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A header that says who asks, and nothing else: no cookie, no key. */
const HEADERS = {
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  "user-agent": "pulumi-webstats drift --check-pages",
};

const ALLOW_PRIVATE_HINT = "--page-allow-private allows intranet websites";

/**
 * The host name a website's page is read at, or why there is none: the domain as the server
 * stores it is any text shaped like `label.label.tld` (spaces, ports, paths, `user:pw@`, markup),
 * so it must follow the domain rules (sdk/domain.ts) before a URL is built from it. A name with
 * letters beyond ASCII is read at its ASCII (punycode) form, as a browser does.
 */
export function pageHost(domain: string): { host: string } | { problem: string } {
  const lower = domain.toLowerCase();
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(lower) ? lower : domainToASCII(lower);
  const problem =
    domainProblem(ascii === "" ? lower : ascii) ?? (ascii === "" ? "it is no host name" : undefined);
  if (problem !== undefined) {
    return { problem: `no page requested, the domain is not a host name: ${problem.replace(/\.$/, "")}` };
  }
  // What a URL makes of the name must be the name itself: no number form, no escape decoded.
  let parsed: string | undefined;
  try {
    parsed = new URL(`https://${ascii}/`).hostname;
  } catch {
    parsed = undefined;
  }
  if (parsed !== ascii) {
    return {
      problem: `no page requested, the domain is not a host name: a URL reads it as ${parsed ?? "nothing"}`,
    };
  }
  return { host: ascii };
}

/**
 * A page that could not be read or judged: the reason, the address to report (the one that failed
 * or the last that answered, never one refused), and the network's error at the first request.
 */
class PageFailure extends Error {
  constructor(
    message: string,
    readonly url?: URL,
    readonly firstFailure?: unknown,
  ) {
    super(message);
  }
}

const codeOf = (error: unknown): string | undefined =>
  (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;

/**
 * What to do about an https:// proxy's certificate: reach the proxy by a name it holds, or trust
 * its authority. The page check verifies every certificate: skipTlsVerify, which lets the
 * installation's requests through such a proxy, does not apply here.
 */
function proxyCertificateReason(proxy: string, code: string | undefined): string {
  const what =
    code === "ERR_TLS_CERT_ALTNAME_INVALID"
      ? "Name the proxy in its address as its certificate does"
      : `${TRUST_AUTHORITY} (skipTlsVerify does not apply to the page check)`;
  return `the certificate of the proxy ${proxy} does not verify: ${certificateReason(code)} (${code}). ${what}.`;
}

/** Why a request failed, in a few words a user acts on. */
function failureReason(error: unknown, url: URL, timedOut: boolean): string {
  if (timedOut) return `no complete answer from ${url.origin} in time`;
  const code = codeOf(error);
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (isCertificateFailure(cause) || isCertificateFailure(error)) {
    // The proxy's own certificate, alone or as the cause of undici's SecureProxyConnectionError
    // (UND_ERR_PRX_TLS): the code to give is the certificate's, not the wrapper's.
    const proxy = (cause as { [atProxyCertificate]?: string })[atProxyCertificate];
    if (proxy !== undefined) return proxyCertificateReason(proxy, codeOf(cause));
    return `the certificate of ${url.host} does not verify (${code ?? (cause as Error).message})`;
  }
  if (isNameFailure(error) || isNameFailure(cause))
    return `the name ${url.hostname} does not resolve (${code})`;
  if (code === "ECONNREFUSED") return `${url.origin} refuses connections`;
  return `${url.origin} could not be read (${code ?? (error as Error).message})`;
}

/** What is said of a destination that is not public, and how it was reached. */
function refusal(what: string, hop: { from: URL; to: URL } | undefined): string {
  const via = hop ? `${hop.from.href} redirects to ${hop.to.href}, and ` : "";
  return `refused: ${via}${what}, not a public one (${ALLOW_PRIVATE_HINT})`;
}

/** A redirect being followed: the page that redirected, and where to. */
interface Hop {
  from: URL;
  to: URL;
}

/** How a page is read: its checks, connections and bounds, for one website. */
class PageReader {
  private readonly connections: PageConnections;
  private readonly resolution: { lookup: LookupFunction; close: () => void };
  private readonly lookup: LookupFunction;
  private readonly isPublic: (address: string) => boolean;
  readonly deadline: AbortSignal;
  readonly signal: AbortSignal;
  /** When the deadline passes (performance.now()): a busy process may run its timer later. */
  private readonly deadlineAt: number;

  constructor(private readonly options: PageCheckOptions) {
    const standIns = new Set(options.takenAsPublic ?? []);
    this.isPublic = (address) => standIns.has(address) || notPublic(address) === undefined;
    this.deadlineAt = performance.now() + options.timeoutMs;
    this.deadline = AbortSignal.timeout(options.timeoutMs);
    this.signal = options.run ? AbortSignal.any([this.deadline, options.run.signal]) : this.deadline;
    this.resolution = options.lookup
      ? { lookup: options.lookup, close: () => {} }
      : pageLookup(this.signal, options.resolver);
    const resolve = this.resolution.lookup;
    this.lookup = options.allowPrivate ? resolve : publicOnlyLookup(resolve, this.isPublic);
    this.connections = new PageConnections({
      network: options.network,
      lookup: this.lookup,
      signal: this.signal,
      timeoutMs: options.timeoutMs,
    });
  }

  /** Where a request for `url` really goes: the test's ports for addresses that name none. */
  private connectUrl(url: URL): URL {
    const ports = this.options.ports;
    if (!ports || url.port !== "") return url;
    const target = new URL(url);
    target.port = String(url.protocol === "https:" ? ports.https : ports.http);
    return target;
  }

  /**
   * Whether `host`, a name sent to a proxy, resolves here to an address that is not public: the
   * proxy would reach it as well. A name that does not resolve here is left to the proxy.
   */
  private resolvesInside(host: string): Promise<unknown> {
    return new Promise((resolve) =>
      this.lookup(host, { all: true }, (error) => resolve(isNotPublicError(error) ? error : undefined)),
    );
  }

  /**
   * Decides whether a hop is requested, before any connection: throws a PageFailure when it is
   * refused (a redirect from https:// to http://, an address that is not public, a name that a
   * proxy would reach it by) or when the run is spent. The one place each request is decided.
   */
  private async admit(url: URL, hop: Hop | undefined): Promise<void> {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!this.options.allowPrivate && isIP(host) !== 0 && !this.isPublic(host)) {
      throw new PageFailure(refusal(`${host} is ${notPublic(host)}`, hop), hop?.from);
    }
    if (hop && hop.from.protocol === "https:" && hop.to.protocol === "http:") {
      throw new PageFailure(
        `refused: ${hop.from.href} redirects to ${hop.to.href}, from https:// to a page sent in clear (http://)`,
        hop.from,
      );
    }
    if (!this.options.allowPrivate && isIP(host) === 0 && this.connections.proxyOf(url) !== undefined) {
      const inside = await this.resolvesInside(host);
      if (inside !== undefined) throw this.failedAt(inside, url, hop);
    }
    const run = this.options.run;
    if (run?.signal.aborted) throw new PageFailure(run.deadlineReason, hop?.from);
    if (run) {
      if (run.requests.left <= 0) {
        throw new PageFailure(
          `not read: the page check's budget of ${run.requests.total} requests for the whole run was spent`,
          hop?.from,
        );
      }
      run.requests.left--;
    }
  }

  /** The reason of a request that failed at `url`. */
  private failedAt(error: unknown, url: URL, hop: Hop | undefined): PageFailure {
    if (error instanceof PageFailure) return error;
    if (isNotPublicError(error)) {
      return new PageFailure(
        refusal(`${error.hostname} resolves to ${error.address}, ${error.kind}`, hop),
        hop?.from,
      );
    }
    const run = this.options.run;
    // A failure that comes once the deadline has passed is the deadline's, even before its timer
    // has run: the resolver's own time-out, say, ending a moment after it on a busy machine.
    const timedOut = this.deadline.aborted || performance.now() >= this.deadlineAt;
    if (run?.signal.aborted && !timedOut) return new PageFailure(run.deadlineReason, url);
    const reason = failureReason(error, url, timedOut);
    return new PageFailure(reason, url, hop === undefined ? error : undefined);
  }

  /** Reads one page, following redirects; throws a PageFailure with the reason. */
  async fetch(start: URL) {
    let url = start;
    let hop: Hop | undefined;
    for (let redirects = 0; ; redirects++) {
      try {
        await this.admit(url, hop);
        const target = this.connectUrl(url);
        const response = await request(target, {
          method: "GET",
          headers: { ...HEADERS, host: url.host },
          dispatcher: this.connections.dispatcherFor(target),
          signal: this.signal,
          maxRedirections: 0,
        } as Parameters<typeof request>[1]);
        if (REDIRECTS.has(response.statusCode)) {
          await response.body.dump();
          const location = response.headers.location;
          if (typeof location !== "string" || location === "") {
            throw new PageFailure(`${url.href} answered ${response.statusCode} without a Location`, url);
          }
          if (redirects >= this.options.maxRedirects) {
            throw new PageFailure(
              `more than ${this.options.maxRedirects} redirects (the last to ${quotePageText(location)})`,
              url,
            );
          }
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new PageFailure(
              `${url.href} redirects to ${JSON.stringify(quotePageText(location))}, not a URL`,
              url,
            );
          }
          if (next.protocol !== "https:" && next.protocol !== "http:") {
            throw new PageFailure(
              `${url.href} redirects to ${next.protocol} ${next.href}, not a web page`,
              url,
            );
          }
          // No credential leaves, not even one a website writes into its redirect.
          next.username = "";
          next.password = "";
          this.options.log?.(
            `page ${url.href}: ${response.statusCode}, redirect ${redirects + 1} to ${next.href}`,
          );
          hop = { from: url, to: next };
          url = next;
          continue;
        }
        if (response.statusCode < 200 || response.statusCode > 299) {
          await response.body.dump();
          throw new PageFailure(`${url.href} answered HTTP ${response.statusCode}`, url);
        }
        const type = String(response.headers["content-type"] ?? "")
          .split(";")[0]!
          .trim()
          .toLowerCase();
        if (type !== "" && type !== "text/html" && type !== "application/xhtml+xml") {
          await response.body.dump();
          throw new PageFailure(`${url.href} is ${quotePageText(type)}, not an HTML page`, url);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          size += chunk.length;
          // Over the bound, not at it: a page of exactly maxBytes is read whole, not called larger.
          if (size > this.options.maxBytes) {
            truncated = true;
            response.body.destroy();
            break;
          }
        }
        const html = Buffer.concat(chunks).subarray(0, this.options.maxBytes).toString("utf8");
        this.options.log?.(
          `page ${url.href}: ${response.statusCode}, ${truncated ? `cut at ${this.options.maxBytes}` : size} bytes`,
        );
        return { url, html, truncated };
      } catch (error) {
        throw this.failedAt(error, url, hop);
      }
    }
  }

  /** Judges a page read, within the same deadline; throws a PageFailure when it cannot. */
  async judge(page: { url: URL; html: string; truncated: boolean }, host: string): Promise<PageCheck> {
    let judged;
    try {
      judged = await judgePage(page.html, host, this.signal);
    } catch (error) {
      const run = this.options.run;
      if (run?.signal.aborted && !this.deadline.aborted) throw new PageFailure(run.deadlineReason, page.url);
      if (error instanceof ParseTimeout) {
        throw new PageFailure(
          `the page (${page.html.length} characters) could not be parsed in time: its elements are nested too deep or too many`,
          page.url,
        );
      }
      throw new PageFailure(`the page could not be parsed (${(error as Error).message})`, page.url);
    }
    const { cut, ...judgement } = judged;
    // A page cut short (by its bytes or its parts) says nothing of its rest: only present holds.
    if (judgement.status !== "present" && cut) {
      const parts = cut.parts.toLocaleString("en-US");
      return {
        status: "unreachable",
        url: page.url.href,
        reason: `the page has more than ${parts} elements, attributes, texts and comments (a parse keeps no more), and its first ${parts} hold no tracking code`,
      };
    }
    if (judgement.status !== "present" && page.truncated) {
      return {
        status: "unreachable",
        url: page.url.href,
        reason: `the page is larger than ${this.options.maxBytes} bytes, and its first ${this.options.maxBytes} hold no tracking code`,
      };
    }
    return { ...judgement, url: page.url.href };
  }

  /** Ends the page: its connections and its queries, whatever state they are in. */
  close() {
    this.connections.close();
    this.resolution.close();
  }
}

/**
 * A judgement as the report may give it: what a page at another host than the website's says (a
 * redirect took the check there, maybe through a proxy into a network) is never quoted, only its
 * status, in words of the check's own.
 */
function unquoted(judged: PageCheck, page: URL, websiteHost: string): PageCheck {
  if (page.hostname === websiteHost) return judged;
  if (judged.status === "missing") return { ...judged, reason: "no tracking code in the home page" };
  if (judged.status !== "wrong") return judged;
  return {
    ...judged,
    reason: `the tracking code is broken or another installation's, on a page at ${page.host}, another host than the website's (what that page says is not quoted)`,
  };
}

/**
 * Checks one website's home page: `https://DOMAIN/`, then `http://DOMAIN/` when nothing listens
 * there. Never throws: every failure (the domain, an address refused, the network, the size, the
 * parse, the run's bounds, anything thrown) is an `unreachable` status with its reason; `url` is
 * the last address that answered, never one refused.
 */
export async function checkPage(domain: string, host: string, options: PageCheckOptions): Promise<PageCheck> {
  const name = pageHost(domain);
  if ("problem" in name) return { status: "unreachable", reason: name.problem };
  let reader: PageReader | undefined;
  try {
    if (options.run?.signal.aborted) return { status: "unreachable", reason: options.run.deadlineReason };
    reader = new PageReader(options);
    let page;
    try {
      page = await reader.fetch(new URL(`https://${name.host}/`));
    } catch (error) {
      // Refused by the website's address, not by a name server.
      const refusedFirst =
        error instanceof PageFailure &&
        codeOf(error.firstFailure) === "ECONNREFUSED" &&
        !isNameFailure(error.firstFailure);
      if (!refusedFirst) throw error;
      page = await reader.fetch(new URL(`http://${name.host}/`));
    }
    return unquoted(await reader.judge(page, host), page.url, name.host);
  } catch (error) {
    if (error instanceof PageFailure) {
      return { status: "unreachable", ...(error.url ? { url: error.url.href } : {}), reason: error.message };
    }
    return {
      status: "unreachable",
      reason: `the page check failed: ${(error as Error)?.message ?? String(error)}`,
    };
  } finally {
    reader?.close();
  }
}
