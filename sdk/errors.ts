// The error tree callers can catch by class. HTTP errors (ApiError and children) carry the request
// line and the server's body; transport errors (connection, timeout) and undecodable bodies are
// separate branches so callers never mistake one for the other. Every text reaching these
// constructors has already been redacted (see redact.ts).

/** The base of every error this package's client throws. */
export class WebstatsError extends Error {
  /** The message names the request and what went wrong; `cause` keeps the underlying error. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** What an {@link ApiError} is built from. */
export interface ApiErrorDetails {
  /** The HTTP status code. */
  status: number;
  /** The HTTP method, e.g. GET. */
  method: string;
  /** Path and query below the origin, e.g. /api/v1/websites/5. */
  path: string;
  /** The parsed JSON body, or its text when it was not JSON. */
  body: unknown;
  /** What went wrong, in words; becomes the part after the colon in the message. */
  detail: string;
}

/** The server answered with a status that is not a success. */
export class ApiError extends WebstatsError {
  /** The HTTP status code. */
  readonly status: number;
  /** The HTTP method of the request, e.g. GET. */
  readonly method: string;
  /** Path and query below the origin, e.g. /api/v1/websites/5. */
  readonly path: string;
  /** The parsed JSON body of the answer, or its text when it was not JSON. */
  readonly body: unknown;

  /** Builds the message "<status> <method> <path>: <detail>". */
  constructor(details: ApiErrorDetails) {
    super(`${details.status} ${details.method} ${details.path}: ${details.detail}`);
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.body = details.body;
  }
}

/** 401, or a redirect to the login page: the API key was missing or not accepted. */
export class AuthenticationError extends ApiError {}

/** 403: the key is valid but the account's plan has no API access. */
export class PermissionDeniedError extends ApiError {}

/** 404: no such resource for this account (another account's website looks the same). */
export class NotFoundError extends ApiError {}

/** 422: the server rejected the input; fieldErrors is keyed by domain-model field name. */
export class ValidationError extends ApiError {
  /** The server's messages by domain-model field name, e.g. `{ domain: ["The domain has already been taken."] }`. */
  readonly fieldErrors: Record<string, string[]>;

  /** @internal Built from the server's 422 answer. */
  constructor(details: ApiErrorDetails, fieldErrors: Record<string, string[]>) {
    super(details);
    this.fieldErrors = fieldErrors;
  }
}

/** 429: too many requests; retryAfterMs is how long the server asked us to wait, when it said. */
export class RateLimitError extends ApiError {
  /** How long the server asked to wait, in milliseconds, or undefined when it did not say. */
  readonly retryAfterMs: number | undefined;

  /** @internal Built from the server's 429 answer. */
  constructor(details: ApiErrorDetails, retryAfterMs: number | undefined) {
    super(details);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx, including HTML error pages from proxies in front of the server. */
export class ServerError extends ApiError {}

/** No HTTP response: the connection could not be made or broke before the response was complete. */
export class ConnectionError extends WebstatsError {
  /** The HTTP method of the request. */
  readonly method: string;
  /** Path and query below the origin. */
  readonly path: string;
  /** The system or undici error code, e.g. ECONNREFUSED or UND_ERR_SOCKET. */
  readonly code: string | undefined;
  /**
   * What failed before the installation was reached, when it is known: its certificate, or an
   * https:// proxy's own, could not be verified; or the proxy in between refused or could not be
   * reached. Neither is repeated.
   */
  readonly failedAt: "certificate" | "proxy" | undefined;

  /** @internal Built by the transport from the underlying error. */
  constructor(
    method: string,
    path: string,
    detail: string,
    code: string | undefined,
    cause: Error,
    failedAt?: "certificate" | "proxy",
  ) {
    super(`${method} ${path}: ${detail}`, { cause });
    this.method = method;
    this.path = path;
    this.code = code;
    this.failedAt = failedAt;
  }
}

/** One attempt took longer than timeoutMs. */
export class TimeoutError extends WebstatsError {
  /** The HTTP method of the request. */
  readonly method: string;
  /** Path and query below the origin. */
  readonly path: string;
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  /** @internal Built by the transport when an attempt runs out of time. */
  constructor(method: string, path: string, timeoutMs: number) {
    super(`${method} ${path}: no complete response within ${timeoutMs} ms.`);
    this.method = method;
    this.path = path;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The body was not JSON, not the shape this sdk expects, or cut short (the connection closed
 * before the announced length arrived: `truncated`). excerpt quotes its start.
 */
export class UnexpectedResponseError extends WebstatsError {
  /** The HTTP status code of the answer. */
  readonly status: number;
  /** The HTTP method of the request. */
  readonly method: string;
  /** Path and query below the origin. */
  readonly path: string;
  /** The start of the body, quoted in the message. */
  readonly excerpt: string;
  /** Whether the connection closed before the announced body length arrived. */
  readonly truncated: boolean;

  /** @internal Built when an answer cannot be decoded. */
  constructor(
    status: number,
    method: string,
    path: string,
    problem: string,
    excerpt: string,
    options: { truncated?: boolean; cause?: Error } = {},
  ) {
    super(`${status} ${method} ${path}: ${problem}: ${JSON.stringify(excerpt)}`, { cause: options.cause });
    this.status = status;
    this.method = method;
    this.path = path;
    this.excerpt = excerpt;
    this.truncated = options.truncated ?? false;
  }
}
