// When to try a request again, as data.
//
// undici ships RetryAgent/RetryHandler, which retries by status code and error code and honours
// Retry-After. It is not used here because the rules this API needs sit outside its model:
// - POST may be retried only when the server certainly did nothing (connection refused, or a 429
//   from the throttle, which runs before any work); RetryHandler's rules go by method, status and
//   error code, so this would mean replacing its retry callback, leaving little of it in use.
// - One overall deadline across attempts and waits, not only a retry count.
// - A DELETE answered 404 after an earlier attempt counts as done (that attempt may have deleted).
// - Each attempt has to pass through the shared pacer and report its headers to it.
// - When retries run out the caller needs the typed error of the last answer (with its body),
//   whereas RetryHandler surfaces its own RequestRetryError without the body.
// A small table plus one loop (requester.ts) states all of that in plain sight.
import {
  ConnectionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  type WebstatsError,
} from "./errors";
import type { HttpMethod } from "./transport";

/** What went wrong with an attempt, as far as retrying is concerned. */
export type RetryableOutcome =
  | "not-sent" // the connection was never established: nothing reached the server
  | "connection-lost" // the connection broke, perhaps mid-body; the server may or may not have acted
  | "timeout" // no complete answer in time; the server may still be working on it
  | "rate-limited" // 429: the throttle turned the request away before it was handled
  | "gateway"; // 502/503/504: usually a proxy that could not reach the application

const EVERY_METHOD: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
// Update sets fields to given values and delete of a deleted website is detected, so repeating
// these is harmless; a repeated POST could create a second website.
const REPEATABLE: readonly HttpMethod[] = ["GET", "PUT", "PATCH", "DELETE"];

export const RETRY_TABLE: Readonly<Record<RetryableOutcome, readonly HttpMethod[]>> = {
  "not-sent": EVERY_METHOD,
  "connection-lost": REPEATABLE,
  timeout: REPEATABLE,
  "rate-limited": EVERY_METHOD,
  gateway: REPEATABLE,
};

/** Connection error codes that mean no byte of the request reached the server. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT"]);
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function outcomeOf(error: WebstatsError): RetryableOutcome | undefined {
  if (error instanceof ConnectionError) {
    return error.code !== undefined && NOT_SENT_CODES.has(error.code) ? "not-sent" : "connection-lost";
  }
  if (error instanceof UnexpectedResponseError && error.truncated) return "connection-lost";
  if (error instanceof TimeoutError) return "timeout";
  if (error instanceof RateLimitError) return "rate-limited";
  if (error instanceof ServerError && GATEWAY_STATUSES.has(error.status)) return "gateway";
  return undefined;
}

export const BACKOFF = { baseMs: 250, capMs: 8_000 };

/** Exponential backoff with full jitter: a random wait up to base * 2^retryIndex, capped. */
export function backoffMs(retryIndex: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

export interface RetryContext {
  method: HttpMethod;
  error: WebstatsError;
  /** Retries already made (0 after the first attempt). */
  retriesSoFar: number;
  maxRetries: number;
  /** Time since the call began, and the budget for it. */
  elapsedMs: number;
  deadlineMs: number;
  random: () => number;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

export function decideRetry(context: RetryContext): RetryDecision {
  const outcome = outcomeOf(context.error);
  if (outcome === undefined) return { retry: false, reason: "not a transient failure" };
  if (!RETRY_TABLE[outcome].includes(context.method)) {
    return { retry: false, reason: `${context.method} is not repeated after ${outcome}` };
  }
  if (context.retriesSoFar >= context.maxRetries) return { retry: false, reason: "no retries left" };
  // The server's own wait wins over our guess; it is usually longer.
  const serverWait = context.error instanceof RateLimitError ? context.error.retryAfterMs : undefined;
  const delayMs = serverWait ?? backoffMs(context.retriesSoFar, context.random);
  if (context.elapsedMs + delayMs > context.deadlineMs) {
    return { retry: false, reason: "the retry deadline would pass" };
  }
  return { retry: true, delayMs };
}
