// Checks a client's options by the connection rules and applies the defaults. The options are
// resolved values: reading them from a stack configuration or the environment is the business of
// the settings module above the sdk (core/settings.ts), which judges them by the same rules.
import {
  apiKey as checkedApiKey,
  boundedNumber,
  certificateBundle,
  installationPlace,
  installationRoot,
  plainHttpAllowed,
  proxyAddress,
} from "./connection-rules";
import { WebstatsError } from "./errors";
import type { RequestObserver } from "./request-events";
import type { ProxyChoice, WebstatsClientOptions } from "./types";
import { SDK_VERSION } from "./version";

/** How requests reach the installation: through which proxy, trusting which authorities. */
export interface NetworkSettings {
  proxy: ProxyChoice | undefined;
  /** Extra PEM authorities, or undefined for the system's alone. */
  caCertificates: string | undefined;
  skipTlsVerify: boolean;
}

/** The checked settings a client runs with, defaults applied. @internal */
export interface ClientSettings {
  /** The installation root without a trailing slash, e.g. https://stats.example.com. */
  baseUrl: string;
  /** baseUrl + "/api/v1". */
  apiBaseUrl: string;
  /** The installation's origin, and whether it is reached over TLS and is this machine. */
  place: { origin: string; secure: boolean; loopback: boolean };
  /** The API key (a secret: never log it). */
  apiKey: string;
  /** Limit for one attempt, in milliseconds. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** No retry starts later than this many milliseconds after the call began. */
  retryDeadlineMs: number;
  /** Fixed client-side spacing; 0 follows only the server's rate-limit headers. */
  requestsPerMinute: number;
  /** The whole User-Agent header sent with every request. */
  userAgent: string;
  network: NetworkSettings;
  /** Told what the client does, when the caller asked. */
  onRequest: RequestObserver | undefined;
}

/** @internal */
export const DEFAULTS = { timeoutMs: 30_000, maxRetries: 4, retryDeadlineMs: 120_000, requestsPerMinute: 0 };

const given = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

function checkedProxy(proxy: ProxyChoice | undefined): ProxyChoice | undefined {
  if (proxy === undefined) return undefined;
  if ("url" in proxy) return { url: proxyAddress(proxy.url, "proxy.url option") };
  const httpsProxy = given(proxy.httpsProxy);
  const httpProxy = given(proxy.httpProxy);
  return {
    ...(httpsProxy !== undefined ? { httpsProxy: proxyAddress(httpsProxy, "proxy.httpsProxy option") } : {}),
    ...(httpProxy !== undefined ? { httpProxy: proxyAddress(httpProxy, "proxy.httpProxy option") } : {}),
    ...(given(proxy.noProxy) !== undefined ? { noProxy: given(proxy.noProxy) } : {}),
  };
}

/**
 * Checks every option and applies the defaults; throws a WebstatsError naming the option of a
 * missing or bad value (never quoting the key).
 * @internal
 */
export function checkClientOptions(options: WebstatsClientOptions): ClientSettings {
  const rawBaseUrl = given(options.baseUrl);
  if (rawBaseUrl === undefined) throw new WebstatsError("No base URL: pass the baseUrl option.");
  const baseUrl = installationRoot(rawBaseUrl, "baseUrl option");
  plainHttpAllowed(baseUrl, options.allowHttp === true, {
    baseUrl: "baseUrl option",
    allowHttp: "the allowHttp option",
  });
  const key = given(options.apiKey);
  if (key === undefined) throw new WebstatsError("No API key: pass the apiKey option.");

  const extraAgent = options.userAgent?.trim();
  if (extraAgent && [...extraAgent].some((char) => char.charCodeAt(0) < 0x20)) {
    throw new WebstatsError(
      "Invalid userAgent option: it must not contain line breaks or control characters.",
    );
  }
  if (options.onRequest !== undefined && typeof options.onRequest !== "function") {
    throw new WebstatsError("Invalid onRequest option: it must be a function.");
  }
  const number = (value: number | undefined, name: string, fallback: number, integer = false) =>
    value === undefined
      ? fallback
      : boundedNumber(value, `The ${name} option`, {
          integer,
          min: name === "timeoutMs" ? 1 : 0,
          kind: unitOf(name),
        });
  return {
    baseUrl,
    apiBaseUrl: `${baseUrl}/api/v1`,
    place: installationPlace(baseUrl),
    apiKey: checkedApiKey(key, "apiKey option"),
    timeoutMs: number(options.timeoutMs, "timeoutMs", DEFAULTS.timeoutMs),
    maxRetries: number(options.maxRetries, "maxRetries", DEFAULTS.maxRetries, true),
    retryDeadlineMs: number(options.retryDeadlineMs, "retryDeadlineMs", DEFAULTS.retryDeadlineMs),
    requestsPerMinute: number(options.requestsPerMinute, "requestsPerMinute", DEFAULTS.requestsPerMinute),
    userAgent: extraAgent ? `pulumi-webstats/${SDK_VERSION} ${extraAgent}` : `pulumi-webstats/${SDK_VERSION}`,
    network: {
      proxy: checkedProxy(options.proxy),
      caCertificates:
        options.caCertificates === undefined
          ? undefined
          : certificateBundle(options.caCertificates, "The caCertificates option"),
      skipTlsVerify: options.skipTlsVerify === true,
    },
    onRequest: options.onRequest,
  };
}

function unitOf(name: string): string {
  if (name === "maxRetries") return "retries";
  if (name === "requestsPerMinute") return "requests per minute";
  return "milliseconds";
}
