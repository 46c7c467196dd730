// The client's onRequest hook (sdk/client-options.ts): an `attempt` per request sent (status or
// problem, duration on the injected clock, retries before it), a `retry` per repeat with its wait
// and cause, a `paced` per pacing wait with what held it; every text redacted (the key, a
// website's password, query values named like secrets); a hook that throws fails nothing.
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { fakeClock } from "../../support/fake-clock";
import type { RequestEvent, WebstatsClientOptions } from "../../../sdk";
import { checkClientOptions } from "../../../sdk/client-options";
import { RequestPacer } from "../../../sdk/pacer";
import { createRequester, type ApiCall } from "../../../sdk/requester";
import { BACKOFF } from "../../../sdk/retry-policy";

const ORIGIN = "https://events.test";
const KEY = "events-key-0123456789abcdef";
const agents: MockAgent[] = [];

type Step = { status: number; headers?: Record<string, string>; delayMs?: number } | { errorMessage: string };

/** A server answering `steps` in order, whatever the path; the hook's events collected. */
function setup(steps: Step[], options: Partial<WebstatsClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const server = agent.get(ORIGIN);
  for (const step of steps) {
    const interceptor = server.intercept({ path: () => true, method: () => true });
    if ("errorMessage" in step) {
      interceptor.replyWithError(Object.assign(new Error(step.errorMessage), { code: "ECONNRESET" }));
    } else {
      interceptor.reply(step.status, { data: {} }, { headers: step.headers ?? {} });
    }
  }
  const events: RequestEvent[] = [];
  const clock = fakeClock();
  const settings = checkClientOptions({
    baseUrl: ORIGIN,
    apiKey: KEY,
    onRequest: (event) => events.push(event),
    ...options,
  });
  const requester = createRequester(settings, {
    route: { dispatcher: agent, proxy: undefined },
    pacer: new RequestPacer(clock, settings.requestsPerMinute),
    clock,
    // The longest backoff of each retry: its wait is BACKOFF.baseMs * 2^retry, exactly.
    random: () => 0.999_999_999,
  });
  const send = (call: Partial<ApiCall> = {}) =>
    requester.send({ method: "GET", path: "/websites/1", ...call });
  return { events, send };
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});

describe("the onRequest hook", () => {
  it("is told each attempt: method, path, status, duration and the retries before it", async () => {
    const { events, send } = setup([{ status: 200 }]);
    await send();
    expect(events).toEqual([
      { kind: "attempt", method: "GET", path: "/api/v1/websites/1", retry: 0, durationMs: 0, status: 200 },
    ]);
  });

  it("is told each retry with its wait and cause, and the attempts around it", async () => {
    const { events, send } = setup([{ status: 502 }, { errorMessage: "socket hang up" }, { status: 200 }]);
    await send({ method: "PUT", form: new URLSearchParams({ domain: "a.example.com" }) });
    const path = "/api/v1/websites/1";
    expect(events).toEqual([
      { kind: "attempt", method: "PUT", path, retry: 0, durationMs: 0, status: 502 },
      {
        kind: "retry",
        method: "PUT",
        path,
        retry: 1,
        maxRetries: 4,
        delayMs: BACKOFF.baseMs - 1,
        outcome: "gateway",
      },
      {
        kind: "attempt",
        method: "PUT",
        path,
        retry: 1,
        durationMs: 0,
        status: undefined,
        problem: expect.stringMatching(/ECONNRESET/) as string,
      },
      {
        kind: "retry",
        method: "PUT",
        path,
        retry: 2,
        maxRetries: 4,
        delayMs: 2 * BACKOFF.baseMs - 1,
        outcome: "connection",
      },
      { kind: "attempt", method: "PUT", path, retry: 2, durationMs: 0, status: 200 },
    ]);
  });

  it("is told each pacing wait and what held the request: the fixed spacing, the server's window", async () => {
    const spaced = setup([{ status: 200 }, { status: 200 }], { requestsPerMinute: 30 });
    await spaced.send();
    await spaced.send();
    expect(spaced.events.filter((e) => e.kind === "paced")).toEqual([
      { kind: "paced", method: "GET", path: "/api/v1/websites/1", waitedMs: 2000, heldBy: "spacing" },
    ]);

    const refused = setup([{ status: 429, headers: { "retry-after": "3" } }, { status: 200 }]);
    await refused.send();
    expect(refused.events.map((e) => [e.kind, e.kind === "attempt" ? e.status : undefined])).toEqual([
      ["attempt", 429],
      ["retry", undefined],
      ["paced", undefined],
      ["attempt", 200],
    ]);
    // After a 429 the pacer holds the request until the window ends; the client itself waits not.
    expect(refused.events[1]).toMatchObject({ kind: "retry", delayMs: 0, outcome: "rate-limited" });
    expect(refused.events[2]).toMatchObject({ kind: "paced", waitedMs: 3000, heldBy: "window" });
  });

  it("never shows the key, a website's password or a query value named like a secret", async () => {
    const password = "website-password-42";
    const { events, send } = setup([
      { errorMessage: `reset while sending Bearer ${KEY} and password=${password}` },
      { status: 200 },
    ]);
    await send({
      method: "PATCH",
      query: new URLSearchParams({ search: KEY, token: "t0ken-value", page: "2" }),
      form: new URLSearchParams({ password }),
    });
    const text = JSON.stringify(events);
    expect(events.length).toBeGreaterThan(1);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(text).not.toContain(password);
    expect(text).not.toContain("t0ken-value");
    expect(events[0]).toMatchObject({ path: "/api/v1/websites/1?search=[REDACTED]&token=[REDACTED]&page=2" });
  });

  it("fails no request when it throws", async () => {
    const { send } = setup([{ status: 200 }], {
      onRequest: () => {
        throw new Error("the log is broken");
      },
    });
    await expect(send()).resolves.toMatchObject({ status: 200 });
  });

  it("is refused when it is not a function", () => {
    expect(() =>
      checkClientOptions({ baseUrl: ORIGIN, apiKey: KEY, onRequest: "log" as unknown as () => void }),
    ).toThrow(/Invalid onRequest option: it must be a function/);
  });
});
