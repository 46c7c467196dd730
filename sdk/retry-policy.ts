// When to try a request again, as data.
//
// undici ships RetryAgent/RetryHandler, which retries by status code and error code and honours
// Retry-After. It is not used here because the rules this API needs sit outside its model:
// - POST may be retried only when the server certainly did nothing (serverMayHaveActed, shared
//   with the provider's guard against duplicate creates); RetryHandler's rules go by method,
//   status and error code, so this would mean replacing its retry callback, leaving little of it
//   in use.
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
import { serverMayHaveActed } from "./server-acted";
import type { HttpMethod, RetryableOutcome } from "./request-events";

export type { RetryableOutcome };

// Update sets fields to given values and delete of a deleted website is detected, so repeating
// these is harmless whatever the server did; a repeated POST could create a second website, so it
// is repeated only when the server certainly did nothing (serverMayHaveActed).
const REPEATABLE: readonly HttpMethod[] = ["GET", "PUT", "PATCH", "DELETE"];

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * A certificate that cannot be verified, or a proxy that answered no (a 407, say), does not
 * change by asking again; a proxy that could not be reached may be back a moment later.
 */
function isLasting(error: ConnectionError): boolean {
  if (error.failedAt === "certificate") return true;
  return error.failedAt === "proxy" && !/^E[A-Z]+$/.test(error.code ?? "");
}

export function outcomeOf(error: WebstatsError): RetryableOutcome | undefined {
  if (error instanceof ConnectionError) return isLasting(error) ? undefined : "connection";
  if (error instanceof UnexpectedResponseError && error.truncated) return "connection";
  if (error instanceof TimeoutError) return "timeout";
  if (error instanceof RateLimitError) return "rate-limited";
  if (error instanceof ServerError && GATEWAY_STATUSES.has(error.status)) return "gateway";
  return undefined;
}

/** Whether this method may be sent again after this transient failure. */
export function mayRepeat(method: HttpMethod, error: WebstatsError): boolean {
  return REPEATABLE.includes(method) || !serverMayHaveActed(error);
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

/** A retry says the failure it repeats after (for a log of what the client did). */
export type RetryDecision =
  { retry: true; delayMs: number; outcome: RetryableOutcome } | { retry: false; reason: string };

export function decideRetry(context: RetryContext): RetryDecision {
  const outcome = outcomeOf(context.error);
  if (outcome === undefined) return { retry: false, reason: "not a transient failure" };
  if (!mayRepeat(context.method, context.error)) {
    return { retry: false, reason: `${context.method} is not repeated after ${outcome}` };
  }
  if (context.retriesSoFar >= context.maxRetries) return { retry: false, reason: "no retries left" };
  // The server's own wait wins over our guess; it is usually longer.
  const serverWait = context.error instanceof RateLimitError ? context.error.retryAfterMs : undefined;
  const delayMs = serverWait ?? backoffMs(context.retriesSoFar, context.random);
  if (context.elapsedMs + delayMs > context.deadlineMs) {
    return { retry: false, reason: "the retry deadline would pass" };
  }
  return { retry: true, delayMs, outcome };
}
