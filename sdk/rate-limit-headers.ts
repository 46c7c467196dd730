// Reading the server's rate-limit signals. Laravel's throttle sends X-RateLimit-Limit and
// X-RateLimit-Remaining on every answer, and on a 429 also Retry-After (seconds) and
// X-RateLimit-Reset (Unix time in seconds). Proxies may send Retry-After as an HTTP date.

export type ResponseHeaders = Record<string, string | undefined>;

export interface RateLimitSignals {
  /** Requests a window admits. */
  limit: number | undefined;
  /** Requests left in the current window. */
  remaining: number | undefined;
  /** X-RateLimit-Reset: when the window starts over, in milliseconds since the epoch. */
  resetAtMs: number | undefined;
  /** Retry-After: how long the server asked us to wait. */
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
  const limit = nonNegativeNumber(headers["x-ratelimit-limit"]);
  const remaining = nonNegativeNumber(headers["x-ratelimit-remaining"]);
  const resetSeconds = nonNegativeNumber(headers["x-ratelimit-reset"]);
  return {
    limit: limit === undefined || limit < 1 ? undefined : Math.floor(limit),
    remaining,
    resetAtMs: resetSeconds === undefined ? undefined : resetSeconds * 1000,
    retryAfterMs: parseRetryAfterMs(headers["retry-after"], nowMs),
  };
}

/**
 * When a refusal says the wait ends, or undefined when it does not say.
 *
 * X-RateLimit-Reset is exact (the window's end, kept by the server as a whole Unix second) when
 * our clock agrees with the server's, and Retry-After lets us check that: the server computed it
 * as Reset minus its own current second. Otherwise Retry-After counted from now is the safe
 * reading; it can be up to a second late, since the server rounds it to whole seconds.
 */
export function waitEndsAt(signals: RateLimitSignals, nowMs: number): number | undefined {
  const { resetAtMs, retryAfterMs } = signals;
  if (resetAtMs !== undefined && retryAfterMs !== undefined) {
    const serverSecond = (resetAtMs - retryAfterMs) / 1000;
    const ourSecond = Math.floor(nowMs / 1000);
    // The answer may arrive in the second after the one the server computed it in.
    if (serverSecond === ourSecond || serverSecond === ourSecond - 1) return resetAtMs;
  }
  if (retryAfterMs !== undefined) return nowMs + retryAfterMs;
  return resetAtMs;
}
