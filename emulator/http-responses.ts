// Responses of the API routes, built as plain values so the request pipeline can inspect,
// decorate or replace them before anything is written to the socket.
import type { EmulatorQuirks } from "./types";
import type { FieldErrors } from "./website-validation";

export type ResponseBody =
  { type: "json"; value: unknown } | { type: "html"; html: string } | { type: "empty" };

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: ResponseBody;
}

export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return { status, headers, body: { type: "json", value } };
}

export function htmlResponse(
  status: number,
  html: string,
  headers: Record<string, string> = {},
): ApiResponse {
  return { status, headers, body: { type: "html", html } };
}

export function notFound(): ApiResponse {
  return jsonResponse(404, { message: "Resource not found.", status: 404 });
}

/** No `status` field: this one comes from the framework, not from the application. */
export function unauthenticated(): ApiResponse {
  return jsonResponse(401, { message: "Unauthenticated." });
}

export function noApiAccess(): ApiResponse {
  return jsonResponse(403, { message: "You don't have access to this feature.", status: 403 });
}

export function serverError(): ApiResponse {
  return jsonResponse(500, { message: "Server Error" });
}

export function validationFailed(errors: FieldErrors, quirks: EmulatorQuirks): ApiResponse {
  if (quirks.objectValidationMessages) return jsonResponse(422, { message: errors, status: 422 });
  return jsonResponse(422, { message: "The given data was invalid.", errors, status: 422 });
}

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): ApiResponse {
  const route = path.replace(/^\/+/, "");
  const message = `The ${method} method is not supported for route ${route}. Supported methods: ${allowed.join(", ")}.`;
  return jsonResponse(405, { message }, { allow: allowed.join(", ") });
}

export function tooManyAttempts(headers: Record<string, string>): ApiResponse {
  return jsonResponse(429, { message: "Too Many Attempts." }, headers);
}

/** The page a browser is sent to when it is not logged in. */
export function redirectResponse(location: string): ApiResponse {
  const escaped = escapeHtml(location);
  const html =
    `<!DOCTYPE html>\n<html><head><meta charset="UTF-8" />` +
    `<meta http-equiv="refresh" content="0;url='${escaped}'" /><title>Redirecting to ${escaped}</title></head>` +
    `<body>Redirecting to <a href="${escaped}">${escaped}</a>.</body></html>`;
  return htmlResponse(302, html, { location });
}

const REASON_PHRASES: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The bare error page a reverse proxy puts in front of the application when it fails. */
export function proxyErrorPage(status: number): ApiResponse {
  const title = `${status} ${REASON_PHRASES[status] ?? "Error"}`;
  return htmlResponse(status, `<html><body><h1>${title}</h1></body></html>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * JSON as the server's PHP encoder writes it: slashes escaped and every non-ASCII character as
 * \uXXXX. Both are valid JSON; clients that compare raw bytes would notice.
 */
export function encodeJsonLikePhp(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(
      /[\u0080-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
}
