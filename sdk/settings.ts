// Turns constructor options plus environment variables into checked settings. Options win over the
// environment; values are trimmed and an empty value counts as unset, so `WEBSTATS_API_KEY=` in a
// shell profile does not silently become a key. Messages name both ways of providing a value.
import { WebstatsError } from "./errors";
import type { WebstatsClientOptions } from "./types";
import { SDK_VERSION } from "./version";

/** Environment variable read when the baseUrl option is not given. */
export const ENV_BASE_URL = "WEBSTATS_BASE_URL";
/** Environment variable read when the apiKey option is not given. */
export const ENV_API_KEY = "WEBSTATS_API_KEY";
/** Environment variable read when the requestsPerMinute option is not given. */
export const ENV_REQUESTS_PER_MINUTE = "WEBSTATS_REQUESTS_PER_MINUTE";
/** Environment variable read when the timeoutMs option is not given. */
export const ENV_TIMEOUT_MS = "WEBSTATS_TIMEOUT_MS";

/** The checked settings a client runs with: options and environment merged, defaults applied. @internal */
export interface ClientSettings {
  /** The installation root without a trailing slash, e.g. https://stats.example.com. */
  baseUrl: string;
  /** baseUrl + "/api/v1". */
  apiBaseUrl: string;
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
}

/** @internal */
export const DEFAULTS = { timeoutMs: 30_000, maxRetries: 4, retryDeadlineMs: 120_000, requestsPerMinute: 0 };

/** Environment variables by name, as in `process.env`. @internal */
export type Environment = Record<string, string | undefined>;

function firstGiven(option: string | undefined, envValue: string | undefined): string | undefined {
  for (const candidate of [option, envValue]) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed;
  }
  return undefined;
}

/** Such characters cannot travel in an HTTP header. */
function hasSpaceOrControl(text: string): boolean {
  return [...text].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f);
}

/** Accepts the root, the root with a trailing slash, or the root with /api/v1 already on it. @internal */
export function installationRoot(raw: string, source: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new WebstatsError(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): give the installation's address starting with http:// or https://, such as https://stats.example.com.`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebstatsError(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): give the installation's address, such as https://stats.example.com.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new WebstatsError(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): it must start with http:// or https://.`,
    );
  }
  if (url.username || url.password) {
    // Credentials in the URL would show up in every error message; the API key is the credential.
    throw new WebstatsError(
      `Invalid base URL (${source}): remove the user name and password from it; authentication uses the API key.`,
    );
  }
  if (url.search || url.hash) {
    throw new WebstatsError(
      `Invalid base URL ${JSON.stringify(raw)} (${source}): remove the query string and fragment.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/i, "");
  return `${url.origin}${path}`;
}

function numberSetting(
  value: number | string | undefined,
  name: string,
  fallback: number,
  rule: { integer?: boolean; min: number },
): number {
  if (value === undefined) return fallback;
  const number = typeof value === "number" ? value : Number(value);
  const fits = Number.isFinite(number) && number >= rule.min && (!rule.integer || Number.isInteger(number));
  if (!fits) {
    const kind = rule.integer ? "a whole number" : "a number";
    throw new WebstatsError(`Invalid ${name} ${JSON.stringify(value)}: use ${kind} of at least ${rule.min}.`);
  }
  return number;
}

/**
 * Merges client options with the environment (options win; blank values count as unset),
 * applies defaults and checks every value; throws a WebstatsError that names the option and
 * the environment variable of a missing or bad value.
 * @internal
 */
export function resolveClientSettings(
  options: WebstatsClientOptions = {},
  env: Environment = process.env,
): ClientSettings {
  const rawBaseUrl = firstGiven(options.baseUrl, env[ENV_BASE_URL]);
  if (rawBaseUrl === undefined) {
    throw new WebstatsError(`No base URL: pass the baseUrl option or set ${ENV_BASE_URL}.`);
  }
  const baseUrlSource = options.baseUrl?.trim() ? "baseUrl option" : ENV_BASE_URL;
  const baseUrl = installationRoot(rawBaseUrl, baseUrlSource);

  const apiKey = firstGiven(options.apiKey, env[ENV_API_KEY]);
  if (apiKey === undefined) {
    throw new WebstatsError(`No API key: pass the apiKey option or set ${ENV_API_KEY}.`);
  }
  if (hasSpaceOrControl(apiKey)) {
    // Said without quoting the key: it is a secret even when malformed.
    throw new WebstatsError("The API key contains spaces or control characters; check how it was copied.");
  }

  const rpmFromEnv = firstGiven(undefined, env[ENV_REQUESTS_PER_MINUTE]);
  const requestsPerMinute =
    options.requestsPerMinute !== undefined
      ? numberSetting(options.requestsPerMinute, "requestsPerMinute option", 0, { min: 0 })
      : numberSetting(rpmFromEnv, ENV_REQUESTS_PER_MINUTE, DEFAULTS.requestsPerMinute, { min: 0 });

  const extraAgent = options.userAgent?.trim();
  if (extraAgent && [...extraAgent].some((char) => char.charCodeAt(0) < 0x20)) {
    throw new WebstatsError(
      "Invalid userAgent option: it must not contain line breaks or control characters.",
    );
  }
  return {
    baseUrl,
    apiBaseUrl: `${baseUrl}/api/v1`,
    apiKey,
    timeoutMs:
      options.timeoutMs !== undefined
        ? numberSetting(options.timeoutMs, "timeoutMs option", DEFAULTS.timeoutMs, { min: 1 })
        : numberSetting(firstGiven(undefined, env[ENV_TIMEOUT_MS]), ENV_TIMEOUT_MS, DEFAULTS.timeoutMs, {
            min: 1,
          }),
    maxRetries: numberSetting(options.maxRetries, "maxRetries option", DEFAULTS.maxRetries, {
      integer: true,
      min: 0,
    }),
    retryDeadlineMs: numberSetting(
      options.retryDeadlineMs,
      "retryDeadlineMs option",
      DEFAULTS.retryDeadlineMs,
      {
        min: 0,
      },
    ),
    requestsPerMinute,
    userAgent: extraAgent ? `pulumi-webstats/${SDK_VERSION} ${extraAgent}` : `pulumi-webstats/${SDK_VERSION}`,
  };
}
