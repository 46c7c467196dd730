// One HTTP attempt: send, read the whole body as text, and turn transport failures into
// ConnectionError or TimeoutError. Status codes are not judged here. Redirects are never followed
// (undici's request() does not by default): a redirect to the login page means a rejected key and
// must stay visible.
import { request, type Dispatcher } from "undici";
import { atProxy, atProxyCertificate, describeConnectionFailure } from "./connection-failures";
import type { ProxyEndpoint } from "./connection-rules";
import { ConnectionError, TimeoutError, UnexpectedResponseError } from "./errors";
import type { ResponseHeaders } from "./rate-limit-headers";
import { excerptOf, type Redactor } from "./redact";

import type { HttpMethod } from "./request-events";

export type { HttpMethod };

export interface HttpRequest {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  /** Already redacted. */
  bodyText: string;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  const flat: ResponseHeaders = {};
  for (const [name, value] of Object.entries(raw)) {
    flat[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  }
  return flat;
}

function errorCode(error: unknown): string | undefined {
  if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
  return undefined;
}

/**
 * The cause kept on a ConnectionError is a fresh, redacted copy: the original may hold sockets and
 * request details that have no business in logs.
 */
function sanitizedCause(error: unknown, redact: Redactor): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redact(original.message));
  copy.name = original.name;
  const code = errorCode(original);
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

type Marked = Record<string | symbol, unknown>;

/**
 * The fields of a system error that say where it happened, with its message redacted; and of its
 * cause, the mark of an https:// proxy's certificate and the certificate's code, which undici's
 * SecureProxyConnectionError (UND_ERR_PRX_TLS) holds there.
 */
function whereItFailed(error: unknown, cause: Error) {
  const original = (typeof error === "object" && error !== null ? error : {}) as Marked;
  const inner = (
    typeof original.cause === "object" && original.cause !== null ? original.cause : {}
  ) as Marked;
  return {
    [atProxy]: original[atProxy],
    [atProxyCertificate]: original[atProxyCertificate],
    cause: { [atProxyCertificate]: inner[atProxyCertificate], code: inner.code },
    code: original.code,
    address: original.address,
    port: original.port,
    hostname: original.hostname,
    message: cause.message,
  };
}

/** How one attempt reaches the server: the dispatcher, and the proxy it may go through. */
export interface Route {
  dispatcher: Dispatcher;
  /** The proxy that applies to the installation (NO_PROXY may still send it direct). */
  proxy: ProxyEndpoint | undefined;
}

export async function sendOnce(
  route: Route,
  req: HttpRequest,
  timeoutMs: number,
  redact: Redactor,
): Promise<HttpResponse> {
  const path = req.url.pathname + req.url.search;
  // One timer for the whole attempt (connect, headers and body), so a server that dribbles a body
  // cannot hold us forever. The flag tells our own abort apart from any other failure.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await request(req.url, {
      dispatcher: route.dispatcher,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
    });
    // Chunk by chunk rather than body.text(), to keep what arrived when the connection drops.
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
    } catch (error) {
      if (timedOut) throw error;
      const received = Buffer.concat(chunks);
      throw new UnexpectedResponseError(
        response.statusCode,
        req.method,
        path,
        `the response body was cut short after ${received.length} bytes (${errorCode(error) ?? "connection closed"})`,
        excerptOf(received.toString("utf8"), redact),
        { truncated: true, cause: sanitizedCause(error, redact) },
      );
    }
    return {
      status: response.statusCode,
      headers: flattenHeaders(response.headers),
      bodyText: redact(Buffer.concat(chunks).toString("utf8")),
    };
  } catch (error) {
    if (timedOut) throw new TimeoutError(req.method, path, timeoutMs);
    if (error instanceof UnexpectedResponseError) throw error;
    const code = errorCode(error);
    const cause = sanitizedCause(error, redact);
    const failure = describeConnectionFailure(req.url.origin, route.proxy, whereItFailed(error, cause), code);
    throw new ConnectionError(req.method, path, failure.detail, code, cause, failure.failedAt);
  } finally {
    clearTimeout(timer);
  }
}
