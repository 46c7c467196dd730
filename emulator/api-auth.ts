// How the server finds the API key of a request, and when it answers a failed login with a
// redirect instead of JSON.
import type { IncomingHttpHeaders } from "node:http";
import type { RequestInput } from "./request-input";

/**
 * The framework's token guard looks in this order: an `api_token` query parameter, an
 * `api_token` body field, the Bearer token, then the password of Basic authentication.
 */
export function findApiToken(
  query: RequestInput,
  body: RequestInput,
  headers: IncomingHttpHeaders,
): string | undefined {
  for (const candidate of [query.api_token, body.api_token]) {
    if (typeof candidate === "string" && candidate !== "") return candidate;
  }
  const authorization = headers.authorization ?? "";
  const bearer = bearerToken(authorization);
  if (bearer) return bearer;
  return basicPassword(authorization);
}

/** The text after the last "Bearer ", cut at a comma, as the framework reads it. */
function bearerToken(authorization: string): string | undefined {
  const position = authorization.lastIndexOf("Bearer ");
  if (position === -1) return undefined;
  const token = authorization.slice(position + "Bearer ".length).split(",")[0];
  return token === "" ? undefined : token;
}

function basicPassword(authorization: string): string | undefined {
  if (!/^basic /i.test(authorization)) return undefined;
  const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const password = colon === -1 ? "" : decoded.slice(colon + 1);
  return password === "" ? undefined : password;
}

/** Accepted media types, most preferred first (by quality, then by position). */
function acceptedTypes(accept: string | undefined): string[] {
  if (!accept) return [];
  return accept
    .split(",")
    .map((entry, index) => {
      const [type = "", ...parameters] = entry.split(";").map((part) => part.trim());
      const qualityParameter = parameters.find((parameter) => parameter.toLowerCase().startsWith("q="));
      const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
      return { type: type.toLowerCase(), quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.type !== "")
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.type);
}

/**
 * Whether the client asked for JSON: its most preferred type is JSON, or it is an XHR request
 * that accepts anything. Only then does a failed login answer 401 instead of a redirect.
 */
export function expectsJson(headers: IncomingHttpHeaders): boolean {
  const types = acceptedTypes(headers.accept);
  const first = types[0];
  if (first !== undefined && (first.includes("/json") || first.includes("+json"))) return true;
  const isXhr = headers["x-requested-with"] === "XMLHttpRequest" && !headers["x-pjax"];
  const acceptsAnything = first === undefined || first === "*/*" || first === "*";
  return isXhr && acceptsAnything;
}
