// One API request from routing to answer, in the server's order: router (405s never reach the
// application), throttle (before authentication, so bad keys count too), authentication, plan
// check, endpoint. The tracker's route shares the throttle and has no authentication. Injected
// faults wrap the whole of it.
import type { IncomingHttpHeaders } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { showAccount } from "./account-handler";
import { expectsJson, findApiToken } from "./api-auth";
import { matchApiRoute, type ApiAction } from "./api-routes";
import { faultOutcome, type ApiOutcome } from "./fault-outcomes";
import type { FaultRegistry, FaultSelection } from "./faults";
import {
  methodNotAllowed,
  noApiAccess,
  notFound,
  redirectResponse,
  tooManyAttempts,
  unauthenticated,
  type ApiResponse,
} from "./http-responses";
import type { RequestCounters } from "./request-counters";
import type { RequestInput } from "./request-input";
import type { EmulatorStore } from "./store";
import { showStats } from "./stats-handler";
import type { ClientThrottle } from "./throttle";
import { recordEvent } from "./tracking-event";
import type { EmulatorQuirks, StoredAccount } from "./types";
import {
  createWebsite,
  deleteWebsite,
  listWebsites,
  showWebsite,
  updateWebsite,
  type HandlerContext,
} from "./website-handlers";

export interface ApiRequest {
  method: string;
  /** Without query string. */
  path: string;
  query: RequestInput;
  body: RequestInput;
  headers: IncomingHttpHeaders;
  clientIp: string;
  /** "http://host:port" as the client addressed the server; links in responses use it. */
  origin: string;
}

export interface PipelineDependencies {
  store: EmulatorStore;
  quirks: EmulatorQuirks;
  throttle: ClientThrottle;
  faults: FaultRegistry;
  counters: RequestCounters;
  now: () => Date;
}

export async function handleApiRequest(deps: PipelineDependencies, request: ApiRequest): Promise<ApiOutcome> {
  const match = matchApiRoute(request.method, request.path);
  const routeKey = `${request.method} ${match.template}`;
  deps.counters.record(routeKey, Date.now());
  const faults: FaultSelection =
    deps.faults.size > 0 ? deps.faults.select(request.method, match.template, request.path) : {};
  const { latency, disruption } = faults;

  if (latency && latency.phase === "before") await sleep(latency.latencyMs);
  if (disruption && disruption.phase === "before") {
    return faultOutcome(disruption, undefined, deps.throttle.requestsPerMinute, Date.now(), request.origin);
  }

  let response: ApiResponse;
  if (match.kind === "method-not-allowed") {
    response = methodNotAllowed(request.method, request.path, match.allowed);
  } else if (match.kind === "options") {
    response = { status: 200, headers: { allow: match.allowed.join(", ") }, body: { type: "empty" } };
  } else {
    response = throttledResponse(deps, request, match.action, match.id);
    if (response.status === 429) deps.counters.recordThrottled(routeKey);
  }

  if (latency && latency.phase === "after") await sleep(latency.latencyMs);
  if (disruption && disruption.phase === "after") {
    return faultOutcome(disruption, response, deps.throttle.requestsPerMinute, Date.now(), request.origin);
  }
  return { kind: "respond", response };
}

function throttledResponse(
  deps: PipelineDependencies,
  request: ApiRequest,
  action: ApiAction,
  id: string | undefined,
): ApiResponse {
  const decision = deps.throttle.hit(request.clientIp);
  if (decision && !decision.allowed) return tooManyAttempts(decision.headers);
  const response =
    action === "recordEvent"
      ? recordEvent(
          deps.store,
          {
            input: { ...request.query, ...request.body },
            headers: request.headers,
            clientIp: request.clientIp,
          },
          deps.now(),
        )
      : authenticatedResponse(deps, request, action, id);
  if (decision) Object.assign(response.headers, decision.headers);
  return response;
}

function authenticatedResponse(
  deps: PipelineDependencies,
  request: ApiRequest,
  action: ApiAction,
  id: string | undefined,
): ApiResponse {
  const token = findApiToken(request.query, request.body, request.headers);
  const account = token === undefined ? undefined : deps.store.findAccountByApiKey(token);
  if (!account) {
    // A browser (anything not asking for JSON) is sent to the login page instead.
    const redirect = deps.quirks.redirectWithoutAcceptJson && !expectsJson(request.headers);
    return redirect ? redirectResponse(`${request.origin}/login`) : unauthenticated();
  }
  if (!account.apiAccess) return noApiAccess();
  return runAction(deps, request, account, action, id);
}

function runAction(
  deps: PipelineDependencies,
  request: ApiRequest,
  account: StoredAccount,
  action: ApiAction,
  id: string | undefined,
): ApiResponse {
  const context: HandlerContext = {
    store: deps.store,
    quirks: deps.quirks,
    account,
    now: deps.now(),
    listingUrl: `${request.origin}/api/v1/websites`,
    apiUrl: `${request.origin}/api/v1`,
  };
  // Body fields win over query parameters of the same name, as in the framework's input().
  const input: RequestInput = { ...request.query, ...request.body };
  switch (action) {
    case "listWebsites":
      return listWebsites(context, request.query);
    case "createWebsite":
      return createWebsite(context, input);
    case "showWebsite":
      return showWebsite(context, id);
    case "updateWebsite":
      return updateWebsite(context, id, input);
    case "deleteWebsite":
      return deleteWebsite(context, id);
    case "showAccount":
      return showAccount(account);
    case "showStats":
      return showStats(context, id, input);
    case "recordEvent":
      // Reached without authentication in throttledResponse; never with an account.
      return notFound();
    case "unknownRoute":
      return notFound();
  }
}
