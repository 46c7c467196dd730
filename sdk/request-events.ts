// What a client tells its `onRequest` hook (WebstatsClientOptions), in a module of its own that
// imports nothing: the public surface names these types, and a declaration of them must not pull
// in the modules that act (the transport, the pacer, the retry loop).

/** The HTTP methods the API is asked with. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What went wrong with an attempt, as far as retrying is concerned. */
export type RetryableOutcome =
  | "connection" // no complete answer: refused, reset, or cut short mid-body
  | "timeout" // no complete answer in time; the server may still be working on it
  | "rate-limited" // 429: the throttle turned the request away before it was handled
  | "gateway"; // 502/503/504: usually a proxy that could not reach the application

/** What held a request back: the fixed spacing, the server's window, or answers still to come. */
export type PacingCause = "spacing" | "window" | "answers";

/** The request every RequestEvent is about. */
export interface RequestNamed {
  /** The HTTP method. */
  method: HttpMethod;
  /**
   * e.g. /api/v1/websites?page=2: the API key, the call's own secrets (a website's password) and
   * the value of any query parameter named like a secret are [REDACTED].
   */
  path: string;
}

/**
 * What a client did, told to its `onRequest` hook as it happens, for a log of a run: an
 * `attempt` each time a request is sent (its answer's status, or the problem when none came), a
 * `retry` when it is sent again, a `paced` when the pacer held it back first. Every text in it
 * is redacted as errors are; server text may still hold control characters: neutralise it
 * before showing it.
 */
export type RequestEvent =
  | (RequestNamed & {
      /** A request sent, and what came of it. */
      kind: "attempt";
      /** Retries made before this attempt: 0 for the first. */
      retry: number;
      /** From the request's start to its whole answer (or its failure), in milliseconds. */
      durationMs: number;
      /** The answer's status, or undefined when no answer came (see `problem`). */
      status: number | undefined;
      /** Why the attempt failed, when it did: the error's message. */
      problem?: string;
    })
  | (RequestNamed & {
      /** The request is about to be sent again. */
      kind: "retry";
      /** The retry about to be made: 1 for the first. */
      retry: number;
      /** The most retries the client makes (its `maxRetries`). */
      maxRetries: number;
      /** The client's own wait first; after a 429 it is 0 and the pacer holds the request instead. */
      delayMs: number;
      /** The failure the retry repeats the request after. */
      outcome: RetryableOutcome;
    })
  | (RequestNamed & {
      /** The pacer held the request back before it was sent. */
      kind: "paced";
      /** How long the pacer held the request before sending it. */
      waitedMs: number;
      /** Why: the client's own spacing, or the server's rate-limit window. */
      heldBy: PacingCause;
    });

/**
 * Told every RequestEvent of a client, synchronously; what it throws is ignored (a log must not
 * fail a request).
 */
export type RequestObserver = (event: RequestEvent) => void;
