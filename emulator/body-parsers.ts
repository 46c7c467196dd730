// Request bodies as the server's framework reads them: form bodies and JSON (by content type,
// like its isJson check). A body it cannot read is treated as empty rather than refused, which is
// what the framework does too: validation then reports the missing fields.
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Bodies larger than this are refused with 413 before they reach the API, as the web server in
 * front of an installation does with its default limit. No legitimate request comes near it.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** PHP's json_decode gives up on deeper structures, and the framework then sees no input at all. */
export const MAX_JSON_DEPTH = 512;

/** The Content-Type each request arrived with, before the hook below replaced it. */
const declaredContentTypes = new WeakMap<FastifyRequest["raw"], string>();

/**
 * The framework answers 415 to a Content-Type it cannot parse ("", "text", "a b") before any
 * route runs, so such a request skipped authentication: 415 where the server says 401. The
 * server itself never refuses a content type. So the header is put aside and replaced by one the
 * framework accepts, and the single catch-all parser decides from the original.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const declared = request.headers["content-type"];
    if (declared !== undefined) {
      declaredContentTypes.set(request.raw, declared);
      request.headers["content-type"] = "application/octet-stream";
    }
    done();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const contentType = (declaredContentTypes.get(request.raw) ?? "").toLowerCase();
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

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return nestingDepth(value) > MAX_JSON_DEPTH ? undefined : (value as Record<string, unknown>);
}

/**
 * Levels of arrays and objects (a scalar is 0, `[[1]]` is 2), measured without recursion:
 * JSON.parse accepts nesting far deeper than the call stack, and whatever walks the value
 * afterwards must not meet such a structure.
 */
export function nestingDepth(root: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[root, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value !== "object" || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return deepest;
}
