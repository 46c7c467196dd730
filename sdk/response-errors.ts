// Turns a non-success HTTP answer into the matching error class, with a message of the form
// "<status> <METHOD> <path>: <what the server said>". The class is picked from a table by status,
// the words from the body (JSON message, field errors) or, for HTML pages from proxies, an excerpt.
import { STATUS_CODES } from "node:http";
import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnexpectedResponseError,
  ValidationError,
  type ApiErrorDetails,
  type WebstatsError,
} from "./errors";
import { readRateLimitSignals, waitEndsAt } from "./rate-limit-headers";
import { excerptOf, redactParsed, type Redactor } from "./redact";
import type { HttpResponse } from "./transport";
import { decodeErrorBody } from "./wire";

export interface RequestLine {
  method: string;
  /** Path and query below the origin. */
  path: string;
  url: URL;
}

/** The characters of a body that is not JSON an error keeps (redacted, then cut). */
export const BODY_QUOTED_AT_MOST = 2000;

type PlainErrorClass = new (details: ApiErrorDetails) => ApiError;

const CLASS_BY_STATUS: Record<number, PlainErrorClass> = {
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
};

/** JSON when it parses, else undefined: error bodies are often HTML from a proxy. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function formatFieldErrors(fieldErrors: Record<string, string[]>): string {
  return Object.entries(fieldErrors)
    .map(([field, texts]) => `${field}: ${texts.join(" ")}`)
    .join("; ");
}

function redirectError(response: HttpResponse, line: RequestLine, redact: Redactor): WebstatsError {
  const location = redact(response.headers.location ?? "");
  let target: URL | undefined;
  try {
    target = new URL(location, line.url);
  } catch {
    target = undefined;
  }
  if (target && /\/login\/?$/i.test(target.pathname)) {
    // The server sends unauthenticated browsers to its login page; for us that means the key failed.
    return new AuthenticationError({
      ...line,
      status: response.status,
      body: excerptOf(response.bodyText, redact, BODY_QUOTED_AT_MOST),
      detail: "the server redirected to its login page: the API key was not accepted.",
    });
  }
  return new UnexpectedResponseError(
    response.status,
    line.method,
    line.path,
    `unexpected redirect to ${location ? excerptOf(location, redact) : "(no Location)"}; check the base URL (http or https, path)`,
    excerptOf(response.bodyText, redact),
  );
}

export function errorFromResponse(
  response: HttpResponse,
  line: RequestLine,
  redact: Redactor,
  nowMs: number,
): WebstatsError {
  const { status, bodyText } = response;
  if (status >= 300 && status < 400) return redirectError(response, line, redact);

  const parsed = parseJson(bodyText);
  const json = parsed === undefined ? undefined : redactParsed(parsed, redact);
  const summary = decodeErrorBody(json);
  const hasFieldErrors = Object.keys(summary.fieldErrors).length > 0;
  const statusText = STATUS_CODES[status] ?? "Unexpected status";
  let detail: string;
  if (hasFieldErrors) detail = formatFieldErrors(summary.fieldErrors);
  else if (summary.message) detail = summary.message;
  else if (json === undefined && bodyText.trim() !== "") {
    detail = `${statusText} (body is not JSON: ${JSON.stringify(excerptOf(bodyText, redact))})`;
  } else detail = `${statusText}.`;

  const details: ApiErrorDetails = {
    status,
    method: line.method,
    path: line.path,
    // Bodies are redacted text; large HTML pages are cut to keep errors printable.
    body: json ?? excerptOf(bodyText, redact, BODY_QUOTED_AT_MOST),
    detail,
  };
  if (status === 422) return new ValidationError(details, summary.fieldErrors);
  if (status === 429) {
    const endsAt = waitEndsAt(readRateLimitSignals(response.headers, nowMs), nowMs);
    return new RateLimitError(details, endsAt === undefined ? undefined : Math.max(0, endsAt - nowMs));
  }
  if (status >= 500) return new ServerError(details);
  const ErrorClass = CLASS_BY_STATUS[status] ?? ApiError;
  return new ErrorClass(details);
}
