// The rules a connection setting must follow, each written once. The client applies them to its
// options; the provider's settings module (core/settings.ts) uses them as the parsers of its
// table, so a value from the stack configuration or the environment is judged by the same rule
// and the message names where the value came from (`source`).
import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { WebstatsError } from "./errors";

const fail = (message: string): never => {
  throw new WebstatsError(message);
};

/** Such characters cannot travel in an HTTP header. */
const hasSpaceOrControl = (text: string): boolean =>
  [...text].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f);

/** Accepts the root, the root with a trailing slash, or the root with /api/v1 already on it. */
export function installationRoot(raw: string, source: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    fail(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): give the installation's address starting with http:// or https://, such as https://stats.example.com.`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): give the installation's address, such as https://stats.example.com.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    fail(`Invalid base URL ${JSON.stringify(raw)} (${source}): it must start with http:// or https://.`);
  }
  if (url.username || url.password) {
    // Credentials in the URL would show up in every error message; the API key is the credential.
    fail(
      `Invalid base URL (${source}): remove the user name and password from it; authentication uses the API key.`,
    );
  }
  if (url.search || url.hash) {
    fail(`Invalid base URL ${JSON.stringify(raw)} (${source}): remove the query string and fragment.`);
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/i, "");
  return `${url.origin}${path}`;
}

/** An API key that can travel in the Authorization header; the message never quotes it. */
export function apiKey(raw: string, source: string): string {
  if (hasSpaceOrControl(raw)) {
    fail(`The API key (${source}) contains spaces or control characters; check how it was copied.`);
  }
  return raw;
}

/** A number within a rule; `kind` says what it counts, `shown` how the user wrote it. */
export function boundedNumber(
  value: number,
  source: string,
  rule: { integer?: boolean; min: number; kind: string },
  shown: string = String(value),
): number {
  const fits = Number.isFinite(value) && value >= rule.min && (!rule.integer || Number.isInteger(value));
  if (!fits) {
    const what =
      rule.min === 0 && !rule.integer
        ? `a non-negative number of ${rule.kind}`
        : `${rule.integer ? "a whole number" : "a number"} of ${rule.kind} of at least ${rule.min}`;
    fail(`${source} must be ${what}, not "${shown}".`);
  }
  return value;
}

/** Host names that always mean this machine: their traffic never leaves it. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  // IPv4-mapped loopback, in either spelling (URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1).
  if (isIP(host) === 6) return host === "::1" || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
  return false;
}

/**
 * The API key travels in every request's header: plain http:// is accepted for this machine
 * only, unless the user accepted it for this installation (an intranet server without TLS).
 */
export function plainHttpAllowed(
  root: string,
  allowHttp: boolean,
  sources: { baseUrl: string; allowHttp: string },
): void {
  const url = new URL(root);
  if (url.protocol !== "http:" || allowHttp || isLoopbackHost(url.hostname)) return;
  fail(
    `Refusing to send the API key in clear to ${url.origin} (${sources.baseUrl}): use https://, ` +
      `or set ${sources.allowHttp} to true to accept plain HTTP to this installation.`,
  );
}

/** Where an installation's root is, taken apart once: its origin, and whether it is this machine. */
export function installationPlace(root: string): { origin: string; secure: boolean; loopback: boolean } {
  const url = new URL(root);
  return { origin: url.origin, secure: url.protocol === "https:", loopback: isLoopbackHost(url.hostname) };
}

/** A checked proxy address, taken apart once: how it is printed, where it listens, its credentials. */
export interface ProxyEndpoint {
  url: string;
  /** Without the user name and password. */
  shown: string;
  host: string;
  port: number;
  /** The user name and password as sent: kept out of every message like the key. */
  credentials: string[];
}

export function proxyEndpoint(proxyUrl: string): ProxyEndpoint {
  const url = new URL(proxyUrl);
  return {
    url: proxyUrl,
    shown: shownProxy(proxyUrl),
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    credentials: [url.username, url.password]
      .filter((part) => part.length >= 4)
      .map((part) => decodeURIComponent(part)),
  };
}

/** A proxy's address as it may be printed: without the user name and password. */
export function shownProxy(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    const hadCredentials = url.username !== "" || url.password !== "";
    url.username = "";
    url.password = "";
    const shown = url.href.replace(/\/$/, "");
    return hadCredentials ? shown.replace("://", "://***@") : shown;
  } catch {
    return "(an unreadable proxy address)";
  }
}

/** An HTTP or HTTPS forward proxy's address, e.g. `http://user:secret@proxy.example.com:3128`. */
export function proxyAddress(raw: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  // The value is never quoted: it may hold the proxy's password.
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    return fail(
      `${source} is not a proxy address: give it as http://host:port or https://host:port ` +
        `(with user:password@ before the host when the proxy asks for them).`,
    );
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    fail(
      `${source} (${shownProxy(raw)}) must be a proxy's address only: remove the path, query and fragment.`,
    );
  }
  return url.href.replace(/\/$/, "");
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM bundle, each checked: at least one, and every one readable. Returns
 * the bundle as certificates only (a key or other block in the file is left out).
 */
export function certificateBundle(pem: string, source: string): string {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    fail(
      `${source} holds no certificate: give a PEM file with one or more "-----BEGIN CERTIFICATE-----" blocks (the authority that signed the installation's certificate).`,
    );
  }
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch (error) {
      fail(
        `${source}: certificate ${index + 1} of ${blocks.length} cannot be read (${(error as Error).message}).`,
      );
    }
  });
  return `${blocks.join("\n")}\n`;
}
