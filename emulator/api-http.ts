// Connects the request pipeline to the HTTP server: turns a raw request into pipeline input and
// writes the outcome, including the deliberately broken ones (dropped and cut-off responses).
import { Socket } from "node:net";
import { TLSSocket } from "node:tls";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PREFIX, EVENT_PATH } from "./api-routes";
import { parseUrlEncoded } from "./body-parsers";
import { handleApiRequest, type PipelineDependencies } from "./api-pipeline";
import type { ApiOutcome } from "./fault-outcomes";
import { encodeJsonLikePhp, type ApiResponse } from "./http-responses";
import { cleanRequestInput } from "./request-input";

export type ApiHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createApiHandler(deps: PipelineDependencies): ApiHandler {
  return async (request, reply) => {
    const queryStart = request.url.indexOf("?");
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    if (answeredCors(request, reply)) return;
    const queryString = queryStart === -1 ? "" : request.url.slice(queryStart + 1);
    const outcome = await handleApiRequest(deps, {
      method: request.method,
      path,
      query: cleanRequestInput(parseUrlEncoded(queryString)),
      body: cleanRequestInput(request.body),
      headers: request.headers,
      clientIp: request.ip,
      origin: `${request.protocol}://${request.host}`,
    });
    writeOutcome(request, reply, outcome);
  };
}

/**
 * Cross-origin requests, as the server's CORS middleware answers them for every path under
 * /api/ (any origin, credentials allowed, so the origin is echoed; no caching of a preflight): a
 * page's tracking script posts JSON to /api/event from the website's origin, which a browser
 * sends only after a preflight. A preflight is answered here, before routing, as the middleware
 * does; other requests get the headers and go on. True when the request was answered.
 */
function answeredCors(request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  reply.header("access-control-allow-origin", origin);
  reply.header("access-control-allow-credentials", "true");
  reply.header("vary", "Origin");
  const asked = request.headers["access-control-request-method"];
  if (request.method !== "OPTIONS" || typeof asked !== "string") return false;
  reply.header("access-control-allow-methods", asked);
  const headers = request.headers["access-control-request-headers"];
  if (typeof headers === "string") reply.header("access-control-allow-headers", headers);
  reply.header("access-control-max-age", "0");
  void reply.code(204).send();
  return true;
}

export function registerApiRoutes(app: FastifyInstance, handler: ApiHandler): void {
  for (const url of [API_PREFIX, `${API_PREFIX}/*`, EVENT_PATH]) {
    app.route({ method: [...ALL_METHODS], url, handler, exposeHeadRoute: false });
  }
  // Methods Fastify has no route for (PROPFIND, ...) still reach the API's router, which answers
  // them after authentication with 405 as the server does. Elsewhere a bare 404: Fastify's own
  // echoes the whole URL, query string and any api_token in it included.
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return handler(request, reply);
    return reply.code(404).send({ message: "Not Found." });
  });
}

/**
 * For Fastify's `frameworkErrors`: a path with broken percent-encoding is not refused with 400
 * before authentication but handed to the API (which keeps such a segment as it is), and nowhere
 * is the path echoed back.
 */
export function answerFrameworkError(
  handler: ApiHandler,
): (error: Error, request: FastifyRequest, reply: FastifyReply) => void {
  return (_error, request, reply) => {
    if (isApiPath(request.url)) void handler(request, reply);
    else void reply.code(400).send({ message: "Bad Request." });
  };
}

function isApiPath(url: string): boolean {
  if (url.replace(/\?.*$/s, "").replace(/\/+$/, "") === EVENT_PATH) return true;
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

interface SerializedBody {
  contentType: string | undefined;
  payload: string;
}

function serializeBody(response: ApiResponse): SerializedBody {
  switch (response.body.type) {
    case "json":
      return { contentType: "application/json", payload: encodeJsonLikePhp(response.body.value) };
    case "html":
      return { contentType: "text/html; charset=UTF-8", payload: response.body.html };
    case "empty":
      return { contentType: undefined, payload: "" };
  }
}

function writeOutcome(request: FastifyRequest, reply: FastifyReply, outcome: ApiOutcome): void {
  if (outcome.kind === "reset") {
    reply.hijack();
    // A TCP reset rather than an orderly close: what a crashed proxy looks like to the client.
    resetConnection(request.raw.socket);
    return;
  }
  const { contentType, payload } = serializeBody(outcome.response);
  const headers: Record<string, string> = {
    "cache-control": "no-cache, private",
    ...outcome.response.headers,
  };
  if (contentType) headers["content-type"] = contentType;

  if (outcome.kind === "truncate") {
    reply.hijack();
    const bytes = Buffer.from(payload, "utf8");
    const raw = reply.raw;
    // Announce the full length, send half, then hang up: the client sees a status and headers
    // but can never read a whole body.
    raw.writeHead(outcome.response.status, { ...headers, "content-length": String(bytes.length) });
    raw.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => request.raw.socket.destroy());
    return;
  }
  void reply.code(outcome.response.status).headers(headers).send(payload);
}

/**
 * Resets the TCP connection under a request. Node refuses to reset a TLS socket itself
 * (ERR_INVALID_HANDLE_TYPE), so over HTTPS the TCP socket it wraps (`_parent`, undocumented) is
 * reset; should that ever be missing, the connection is closed without a TLS goodbye instead.
 */
function resetConnection(socket: Socket): void {
  if (!(socket instanceof TLSSocket)) {
    socket.resetAndDestroy();
    return;
  }
  const tcp = (socket as TLSSocket & { _parent?: unknown })._parent;
  if (tcp instanceof Socket) tcp.resetAndDestroy();
  socket.destroy();
}
