// What an injected fault does to the answer a client receives.
import type { ActiveFault } from "./faults";
import { jsonResponse, proxyErrorPage, tooManyAttempts, type ApiResponse } from "./http-responses";

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
      const response = tooManyAttempts({
        "x-ratelimit-limit": String(requestsPerMinute > 0 ? requestsPerMinute : 60),
        "x-ratelimit-remaining": "0",
        "retry-after": String(retryAfter),
        "x-ratelimit-reset": String(Math.floor(now / 1000) + retryAfter),
      });
      return { kind: "respond", response };
    }
    case "latency":
      return { kind: "respond", response: handled ?? jsonResponse(200, {}) };
  }
}
