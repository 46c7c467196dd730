// Reading the server's rate-limit signals. Laravel's throttle sends X-RateLimit-Limit and
// X-RateLimit-Remaining on every answer, and on a 429 also Retry-After (seconds) and
// X-RateLimit-Reset (Unix time in seconds). Proxies may send Retry-After as an HTTP date.

export type ResponseHeaders = Record<string, string | undefined>;

export interface RateLimitSignals {
  /** Requests left in the current window. */
  remaining: number | undefined;
  /** When the window starts over, in milliseconds since the epoch. */
  resetAtMs: number | undefined;
  /** How long the server asked us to wait, from Retry-After or else X-RateLimit-Reset. */
  retryAfterMs: number | undefined;
}

function nonNegativeNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** Retry-After is either delay-seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  const seconds = nonNegativeNumber(value);
  if (seconds !== undefined) return seconds * 1000;
  if (value === undefined) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Header names are expected in lower case, as undici delivers them. */
export function readRateLimitSignals(headers: ResponseHeaders, nowMs: number): RateLimitSignals {
  const remaining = nonNegativeNumber(headers["x-ratelimit-remaining"]);
  const resetSeconds = nonNegativeNumber(headers["x-ratelimit-reset"]);
  const resetAtMs = resetSeconds === undefined ? undefined : resetSeconds * 1000;
  const retryAfterMs =
    parseRetryAfterMs(headers["retry-after"], nowMs) ??
    (resetAtMs === undefined ? undefined : Math.max(0, resetAtMs - nowMs));
  return { remaining, resetAtMs, retryAfterMs };
}
