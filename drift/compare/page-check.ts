// `drift --check-pages`: whether a website's home page carries its installation's tracking code.
// One GET of the home page per website, as a browser asks for it: `https://` first, `http://`
// only when nothing answers there, redirects followed up to a bound; the answer read up to a size
// bound within one deadline and parsed by a real HTML parser (parse5, the WHATWG algorithm
// browsers use), so a snippet inside a comment or a `<noscript>` does not count. The request
// carries no credential of any kind: the API key is the installation's and never leaves for a
// website. Proxies and authorities are the installation's settings; a website's certificate is
// always verified (skipTlsVerify is about the installation alone).
//
// Every failure is the website's status with its reason, never the run's.
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { Agent, request } from "undici";
import type { Dispatcher } from "undici";
import { isCertificateFailure } from "../../sdk/connection-failures";
import { installationPlace } from "../../sdk/connection-rules";
import type { NetworkSettings } from "../../sdk/client-options";
import { sharedDispatcherFor } from "../../sdk/dispatchers";
import { TRACKING_SCRIPT_ID, TRACKING_SCRIPT_PATH } from "../../core/tracking-code";
import type { PageCheck, PageStatus } from "../model/entries";

export interface PageCheckOptions {
  /** How the installation is reached: its proxies and authorities serve the websites too. */
  network: Omit<NetworkSettings, "skipTlsVerify">;
  /** One page's deadline, from the first connection to the last byte read. */
  timeoutMs: number;
  /** How much of a page is read. */
  maxBytes: number;
  /** How many redirects are followed (browsers stop at 20). */
  maxRedirects: number;
  /** Name resolution instead of the system's (a test's websites on this machine). */
  lookup?: LookupFunction;
  /** The ports of addresses that name none, instead of 443 and 80 (a test's websites). */
  ports?: { https: number; http: number };
}

export const PAGE_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 10 };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A header that says who asks, and nothing else: no cookie, no key. */
const HEADERS = {
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  "user-agent": "pulumi-webstats drift --check-pages",
};

/** Which dispatcher reaches `url`: the installation's proxy when one applies, else a direct connection. */
function dispatcherFor(url: URL, options: PageCheckOptions, direct: Dispatcher): Dispatcher {
  const place = installationPlace(url.origin);
  const network = { ...options.network, skipTlsVerify: false };
  const proxied = network.proxy !== undefined && !place.loopback;
  return proxied ? sharedDispatcherFor(place, network) : direct;
}

/** Where a request for `url` really goes: the test's ports for addresses that name none. */
function connectUrl(url: URL, options: PageCheckOptions): URL {
  if (!options.ports || url.port !== "") return url;
  const target = new URL(url);
  target.port = String(url.protocol === "https:" ? options.ports.https : options.ports.http);
  return target;
}

/** Why a request failed, in a few words a user acts on. */
function failureReason(error: unknown, url: URL, timedOut: boolean): string {
  if (timedOut) return `no complete answer from ${url.origin} in time`;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (isCertificateFailure(cause) || isCertificateFailure(error)) {
    return `the certificate of ${url.host} does not verify (${code ?? (cause as Error).message})`;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `the name ${url.hostname} does not resolve (${code})`;
  if (code === "ECONNREFUSED") return `${url.origin} refuses connections`;
  return `${url.origin} could not be read (${code ?? (error as Error).message})`;
}

/** Whether https:// failed in a way after which a browser typed a bare name tries http://. */
const nothingListens = (error: unknown): boolean => {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "ECONNREFUSED";
};

interface Page {
  url: URL;
  html: string;
  truncated: boolean;
}

/** Reads one page, following redirects; throws a PageFailure with the reason. */
async function fetchPage(start: URL, options: PageCheckOptions, signal: AbortSignal, direct: Dispatcher) {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const target = connectUrl(url, options);
    const response = await request(target, {
      method: "GET",
      headers: { ...HEADERS, host: url.host },
      dispatcher: dispatcherFor(target, options, direct),
      signal,
      maxRedirections: 0,
    } as Parameters<typeof request>[1]);
    if (REDIRECTS.has(response.statusCode)) {
      await response.body.dump();
      const location = response.headers.location;
      if (typeof location !== "string" || location === "") {
        throw new PageFailure(`${url.href} answered ${response.statusCode} without a Location`, url);
      }
      if (redirects >= options.maxRedirects) {
        throw new PageFailure(`more than ${options.maxRedirects} redirects (the last to ${location})`, url);
      }
      const next = new URL(location, url);
      if (next.protocol !== "https:" && next.protocol !== "http:") {
        throw new PageFailure(`${url.href} redirects to ${next.protocol} ${next.href}, not a web page`, url);
      }
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
      throw new PageFailure(`${url.href} is ${type}, not an HTML page`, url);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= options.maxBytes) {
        truncated = true;
        response.body.destroy();
        break;
      }
    }
    const html = Buffer.concat(chunks).subarray(0, options.maxBytes).toString("utf8");
    return { url, html, truncated } satisfies Page;
  }
}

class PageFailure extends Error {
  constructor(
    message: string,
    readonly url: URL,
  ) {
    super(message);
  }
}

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Every `<script>` element of a parsed document, in document order (templates' content included). */
function scripts(node: Node, found: Element[] = []): Element[] {
  if ("tagName" in node && node.tagName === "script") found.push(node);
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) scripts(child, found);
  const content = (node as { content?: Node }).content;
  if (content) scripts(content, found);
  return found;
}

const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/** An address without the trailing `/` that changes nothing. */
const bare = (address: string): string => address.trim().replace(/\/+$/, "");

/**
 * What a page's HTML says of the tracking code of the installation at `host` (its root URL):
 * present when a script with the fixed id posts to that installation; wrong when it posts to
 * another, has no `data-host` or `src`, or when the installation's script is there under another
 * id (the script would not find itself); missing otherwise.
 */
export function judgeHtml(
  html: string,
  host: string,
): { status: Exclude<PageStatus, "unreachable">; reason?: string } {
  const all = scripts(parse(html));
  const ours = all.filter((s) => attribute(s, "id") === TRACKING_SCRIPT_ID);
  for (const script of ours) {
    const dataHost = attribute(script, "data-host");
    if (dataHost !== undefined && bare(dataHost) === bare(host) && attribute(script, "src")) {
      return { status: "present" };
    }
  }
  const first = ours[0];
  if (first) {
    const dataHost = attribute(first, "data-host");
    if (dataHost === undefined || dataHost.trim() === "")
      return { status: "wrong", reason: "the tracking code has no data-host" };
    if (!attribute(first, "src")) return { status: "wrong", reason: "the tracking code has no src" };
    return {
      status: "wrong",
      reason: `the tracking code sends its hits to another installation: ${dataHost} instead of ${host}`,
    };
  }
  const stray = all.find((s) => {
    const src = attribute(s, "src") ?? "";
    return attribute(s, "data-host") !== undefined || src.endsWith(TRACKING_SCRIPT_PATH);
  });
  if (stray) {
    const id = attribute(stray, "id");
    return {
      status: "wrong",
      reason: `a tracking script is there ${id ? `with the id "${id}"` : "without its id"} instead of "${TRACKING_SCRIPT_ID}": it cannot find itself and sends nothing`,
    };
  }
  return { status: "missing", reason: "no tracking code in the home page" };
}

/**
 * Checks one website's home page: `https://DOMAIN/`, then `http://DOMAIN/` when nothing listens
 * there. Never throws: every failure is an `unreachable` status with its reason.
 */
export async function checkPage(domain: string, host: string, options: PageCheckOptions): Promise<PageCheck> {
  const direct = new Agent({
    connect: {
      ...(options.network.caCertificates !== undefined
        ? { ca: [...rootCertificates, options.network.caCertificates] }
        : {}),
      lookup: options.lookup ?? dnsLookup,
    },
  });
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let page: Page | undefined;
  let last: URL = new URL(`https://${domain}/`);
  try {
    try {
      page = await fetchPage(last, options, deadline, direct);
    } catch (error) {
      if (error instanceof PageFailure || !nothingListens(error)) throw error;
      last = new URL(`http://${domain}/`);
      page = await fetchPage(last, options, deadline, direct);
    }
  } catch (error) {
    const url = error instanceof PageFailure ? error.url : last;
    const reason = error instanceof PageFailure ? error.message : failureReason(error, url, deadline.aborted);
    return { status: "unreachable", url: url.href, reason };
  } finally {
    void direct.close();
  }
  const judged = judgeHtml(page.html, host);
  if (judged.status !== "present" && page.truncated) {
    return {
      status: "unreachable",
      url: page.url.href,
      reason: `the page is larger than ${options.maxBytes} bytes, and its first ${options.maxBytes} hold no tracking code`,
    };
  }
  return { ...judged, url: page.url.href };
}
