// Request bodies as the server's framework reads them: form bodies and JSON (by content type,
// like its isJson check). A body it cannot read is treated as empty rather than refused, which is
// what the framework does too: validation then reports the missing fields.
import type { FastifyInstance } from "fastify";

/**
 * Bodies larger than this are refused with 413 before they reach the API, as the web server in
 * front of an installation does with its default limit. No legitimate request comes near it.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const contentType = (request.headers["content-type"] ?? "").toLowerCase();
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (contentType.includes("/json") || contentType.includes("+json")) done(null, parseJsonObject(text));
    else if (contentType.startsWith("application/x-www-form-urlencoded")) done(null, parseUrlEncoded(text));
    else done(null, undefined);
  });
}

/** Repeated keys keep the last value, as PHP does. */
export function parseUrlEncoded(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
