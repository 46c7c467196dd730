// The error tree callers can catch by class. HTTP errors (ApiError and children) carry the request
// line and the server's body; transport errors (connection, timeout) and undecodable bodies are
// separate branches so callers never mistake one for the other. Every text reaching these
// constructors has already been redacted (see redact.ts).

export class WebstatsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface ApiErrorDetails {
  status: number;
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
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;

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
  readonly fieldErrors: Record<string, string[]>;

  constructor(details: ApiErrorDetails, fieldErrors: Record<string, string[]>) {
    super(details);
    this.fieldErrors = fieldErrors;
  }
}

/** 429: too many requests; retryAfterMs is how long the server asked us to wait, when it said. */
export class RateLimitError extends ApiError {
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails, retryAfterMs: number | undefined) {
    super(details);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx, including HTML error pages from proxies in front of the server. */
export class ServerError extends ApiError {}

/** No HTTP response: the connection could not be made or broke before the response was complete. */
export class ConnectionError extends WebstatsError {
  readonly method: string;
  readonly path: string;
  /** The system or undici error code, e.g. ECONNREFUSED or UND_ERR_SOCKET. */
  readonly code: string | undefined;

  constructor(method: string, path: string, detail: string, code: string | undefined, cause: Error) {
    super(`${method} ${path}: ${detail}`, { cause });
    this.method = method;
    this.path = path;
    this.code = code;
  }
}

/** One attempt took longer than timeoutMs. */
export class TimeoutError extends WebstatsError {
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number;

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
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly excerpt: string;
  readonly truncated: boolean;

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
