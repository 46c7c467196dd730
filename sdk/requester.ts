// Sends one API call: builds the request, waits for the pacer, makes attempts, classifies the
// answer and retries per retry-policy.ts. The API key lives only inside this closure and the
// Authorization header; nothing it returns or throws can contain it.
import type { Clock } from "./clock";
import { RateLimitError, UnexpectedResponseError, type WebstatsError } from "./errors";
import type { RequestPacer } from "./pacer";
import { excerptOf, makeRedactor, REDACTED, type Redactor } from "./redact";
import { errorFromResponse, parseJson, type RequestLine } from "./response-errors";
import { decideRetry } from "./retry-policy";
import type { ClientSettings } from "./client-options";
import type { RequestEvent } from "./request-events";
import { sendOnce, type HttpMethod, type HttpResponse, type Route } from "./transport";
import { secretFormValues, type Decoded } from "./wire";

export interface RequesterDependencies {
  route: Route;
  pacer: RequestPacer;
  clock: Clock;
  random: () => number;
}

export interface ApiCall {
  method: HttpMethod;
  /** Below /api/v1, e.g. "/websites/5". */
  path: string;
  query?: URLSearchParams;
  form?: URLSearchParams;
}

export interface ApiAnswer {
  status: number;
  line: RequestLine;
  /** Redacted. */
  bodyText: string;
}

export interface Requester {
  send(call: ApiCall): Promise<ApiAnswer>;
  /** Parses and decodes a success body, or throws UnexpectedResponseError quoting it. */
  decode<T>(answer: ApiAnswer, decoder: (body: unknown) => Decoded<T>): T;
}

/** A query parameter whose value a log never shows, whatever the value. */
const SECRET_PARAMETER = /pass|secret|token|key|auth/i;

/** The path and query a log shows: secret-looking parameters' values hidden, then the secrets. */
function loggedPath(url: URL, redact: Redactor): string {
  const query = [...url.searchParams]
    .map(([name, value]) => {
      const shown = SECRET_PARAMETER.test(name) ? REDACTED : encodeURIComponent(value);
      return `${encodeURIComponent(name)}=${shown}`;
    })
    .join("&");
  return redact(query === "" ? url.pathname : `${url.pathname}?${query}`);
}

export function createRequester(settings: ClientSettings, deps: RequesterDependencies): Requester {
  const alwaysSecret = [settings.apiKey, ...(deps.route.proxy?.credentials ?? [])];
  const redact = makeRedactor(...alwaysSecret);
  /** The call's own secrets (a website's password) are hidden too, should the server echo them. */
  const redactorFor = (call: ApiCall): Redactor => {
    const own = secretFormValues(call.form);
    return own.length === 0 ? redact : makeRedactor(...alwaysSecret, ...own);
  };
  /** Tells the caller's hook what happened; a hook that throws does not fail the call. */
  const tell = (event: RequestEvent): void => {
    try {
      settings.onRequest?.(event);
    } catch {
      // A log's failure is not the request's.
    }
  };
  const fixedHeaders: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${settings.apiKey}`,
    "user-agent": settings.userAgent,
  };

  function requestLine(call: ApiCall): RequestLine {
    const url = new URL(settings.apiBaseUrl + call.path);
    const query = call.query?.toString();
    if (query) url.search = query;
    return { method: call.method, path: url.pathname + url.search, url };
  }

  async function attempt(
    call: ApiCall,
    line: RequestLine,
    redactCall: Redactor,
    retry: number,
  ): Promise<HttpResponse | WebstatsError> {
    const headers = call.form
      ? { ...fixedHeaders, "content-type": "application/x-www-form-urlencoded" }
      : fixedHeaders;
    const ticket = await deps.pacer.acquire();
    const named = { method: call.method, path: loggedPath(line.url, redactCall) };
    if (ticket.heldBy) tell({ kind: "paced", ...named, waitedMs: ticket.waitedMs, heldBy: ticket.heldBy });
    const sentAt = deps.clock.now();
    try {
      const response = await sendOnce(
        deps.route,
        { method: call.method, url: line.url, headers, body: call.form?.toString() },
        settings.timeoutMs,
        redactCall,
      );
      deps.pacer.answered(ticket, response.status, response.headers);
      tell({
        kind: "attempt",
        ...named,
        retry,
        durationMs: deps.clock.now() - sentAt,
        status: response.status,
      });
      return response;
    } catch (error) {
      deps.pacer.abandoned();
      const durationMs = deps.clock.now() - sentAt;
      tell({
        kind: "attempt",
        ...named,
        retry,
        durationMs,
        status: undefined,
        problem: redactCall(String((error as Error).message))
          .split(redactCall(line.path))
          .join(named.path),
      });
      return error as WebstatsError;
    }
  }

  async function send(call: ApiCall): Promise<ApiAnswer> {
    const line = requestLine(call);
    const redactCall = redactorFor(call);
    const startedAt = deps.clock.now();
    for (let retriesSoFar = 0; ; retriesSoFar += 1) {
      const result = await attempt(call, line, redactCall, retriesSoFar);
      if (!(result instanceof Error)) {
        if (result.status >= 200 && result.status < 300) {
          return { status: result.status, line, bodyText: result.bodyText };
        }
        // An earlier attempt may have deleted it before its answer was lost.
        if (call.method === "DELETE" && result.status === 404 && retriesSoFar > 0) {
          return { status: result.status, line, bodyText: result.bodyText };
        }
      }
      const error =
        result instanceof Error ? result : errorFromResponse(result, line, redactCall, deps.clock.now());
      const decision = decideRetry({
        method: call.method,
        error,
        retriesSoFar,
        maxRetries: settings.maxRetries,
        elapsedMs: deps.clock.now() - startedAt,
        deadlineMs: settings.retryDeadlineMs,
        random: deps.random,
      });
      if (!decision.retry) throw error;
      tell({
        kind: "retry",
        method: call.method,
        path: loggedPath(line.url, redactCall),
        retry: retriesSoFar + 1,
        maxRetries: settings.maxRetries,
        delayMs: error instanceof RateLimitError ? 0 : decision.delayMs,
        outcome: decision.outcome,
      });
      // After a 429 the pacer holds every request to this origin until the moment the window
      // ends; sleeping Retry-After here as well would add its rounding to whole seconds.
      if (!(error instanceof RateLimitError)) await deps.clock.sleep(decision.delayMs);
    }
  }

  function decode<T>(answer: ApiAnswer, decoder: (body: unknown) => Decoded<T>): T {
    const { status, line, bodyText } = answer;
    const fail = (problem: string) =>
      new UnexpectedResponseError(status, line.method, line.path, problem, excerptOf(bodyText, redact));
    const json = parseJson(bodyText);
    if (json === undefined) {
      throw fail(bodyText.trim() === "" ? "expected a JSON body but it was empty" : "expected a JSON body");
    }
    const decoded = decoder(json);
    if (!decoded.ok) throw fail(`the body does not have the expected shape (${decoded.problem})`);
    return decoded.value;
  }

  return { send, decode };
}
