// Request bodies as the server's framework reads them: form bodies and JSON (by content type,
// like its isJson check). A body it cannot read is treated as empty rather than refused, which is
// what the framework does too: validation then reports the missing fields.
import type { FastifyInstance } from "fastify";

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
