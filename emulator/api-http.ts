// Connects the request pipeline to the HTTP server: turns a raw request into pipeline input and
// writes the outcome, including the deliberately broken ones (dropped and cut-off responses).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PREFIX } from "./api-routes";
import { parseUrlEncoded } from "./body-parsers";
import { handleApiRequest, type PipelineDependencies } from "./api-pipeline";
import type { ApiOutcome } from "./fault-outcomes";
import { encodeJsonLikePhp, type ApiResponse } from "./http-responses";
import { cleanRequestInput } from "./request-input";

export function registerApiRoutes(app: FastifyInstance, deps: PipelineDependencies): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const queryStart = request.url.indexOf("?");
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
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
  for (const url of [API_PREFIX, `${API_PREFIX}/*`]) {
    app.route({ method: [...ALL_METHODS], url, handler, exposeHeadRoute: false });
  }
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
    request.raw.socket.resetAndDestroy();
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
