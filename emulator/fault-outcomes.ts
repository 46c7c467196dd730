// What an injected fault does to the answer a client receives.
import type { ActiveFault } from "./faults";
import {
  htmlResponse,
  jsonResponse,
  proxyErrorPage,
  redirectResponse,
  tooManyAttempts,
  type ApiResponse,
} from "./http-responses";

/** "reset" drops the connection; "truncate" sends the headers and part of the body, then drops it. */
export type ApiOutcome =
  | { kind: "respond"; response: ApiResponse }
  | { kind: "reset" }
  | { kind: "truncate"; response: ApiResponse };

/**
 * `handled` is the real answer when the fault strikes after the request was served (the change
 * is made, the client cannot know); before that there is none and a stand-in body is cut short.
 */
export function faultOutcome(
  fault: ActiveFault,
  handled: ApiResponse | undefined,
  requestsPerMinute: number,
  now: number,
  origin: string,
): ApiOutcome {
  switch (fault.kind) {
    case "status":
      return { kind: "respond", response: proxyErrorPage(fault.status) };
    case "reset":
      return { kind: "reset" };
    case "truncate":
      return { kind: "truncate", response: handled ?? jsonResponse(200, { data: [], status: 200 }) };
    case "rate-limit": {
      const retryAfter = fault.retryAfterSeconds;
      const headers: Record<string, string> = {
        "x-ratelimit-limit": String(requestsPerMinute > 0 ? requestsPerMinute : 60),
        "x-ratelimit-remaining": "0",
      };
      if (retryAfter !== null) {
        headers["retry-after"] = String(retryAfter);
        headers["x-ratelimit-reset"] = String(Math.floor(now / 1000) + retryAfter);
      }
      return { kind: "respond", response: tooManyAttempts(headers) };
    }
    case "html":
      // A success status with a page instead of JSON: a captive portal or a misrouted proxy.
      return { kind: "respond", response: htmlResponse(200, "<html><body><h1>Welcome</h1></body></html>") };
    case "login-redirect":
      // What the server answers when it takes a request for a browser's.
      return { kind: "respond", response: redirectResponse(`${origin}/login`) };
    case "latency":
      return { kind: "respond", response: handled ?? jsonResponse(200, {}) };
  }
}
