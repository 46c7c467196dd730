import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { START, fakeClock } from "../../support/fake-clock";
import {
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  type WebstatsClientOptions,
} from "../../../sdk";
import { checkClientOptions } from "../../../sdk/client-options";
import { proxyEndpoint } from "../../../sdk/connection-rules";
import { RequestPacer } from "../../../sdk/pacer";
import { createRequester } from "../../../sdk/requester";
import { backoffMs } from "../../../sdk/retry-policy";
import type { HttpMethod } from "../../../sdk/transport";
import { WebsitesApi } from "../../../sdk/websites";

const ORIGIN = "https://retry.test";
const agents: MockAgent[] = [];

type Step =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { errorCode: string; message?: string; fields?: Record<string, unknown> }
  | { slowMs: number };

/** A server that answers one request per step, in order; `attempts()` counts the steps used. */
function scriptedSetup(
  method: HttpMethod,
  steps: Step[],
  options: Partial<WebstatsClientOptions> = {},
  proxyUrl?: string,
) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const server = agent.get(ORIGIN);
  const path = "/api/v1/websites/1";
  for (const step of steps) {
    const interceptor = server.intercept({ path, method });
    if ("errorCode" in step) {
      interceptor.replyWithError(
        Object.assign(new Error(step.message ?? `simulated ${step.errorCode}`), {
          code: step.errorCode,
          ...step.fields,
        }),
      );
    } else if ("slowMs" in step) {
      interceptor.reply(200, {}).delay(step.slowMs);
    } else {
      interceptor.reply(step.status, step.body ?? {}, { headers: step.headers ?? {} });
    }
  }
  const clock = fakeClock();
  const settings = checkClientOptions({ baseUrl: ORIGIN, apiKey: "test-key-0123456789", ...options });
  const requester = createRequester(settings, {
    route: { dispatcher: agent, proxy: proxyUrl === undefined ? undefined : proxyEndpoint(proxyUrl) },
    pacer: new RequestPacer(clock),
    clock,
    random: () => 1,
  });
  return {
    clock,
    send: () => requester.send({ method, path: "/websites/1" }),
    websites: new WebsitesApi(requester),
    attempts: () => steps.length - agent.pendingInterceptors().length,
  };
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});

const ok: Step = { status: 200, body: { data: {} } };
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

describe("retry table: which failures are repeated, per method", () => {
  const failures: [string, Step, readonly HttpMethod[]][] = [
    ["502", { status: 502 }, ["GET", "PUT", "PATCH", "DELETE"]],
    ["503", { status: 503 }, ["GET", "PUT", "PATCH", "DELETE"]],
    ["504", { status: 504 }, ["GET", "PUT", "PATCH", "DELETE"]],
    ["429", { status: 429, headers: { "retry-after": "1" } }, METHODS],
    ["ECONNREFUSED", { errorCode: "ECONNREFUSED" }, METHODS],
    ["UND_ERR_CONNECT_TIMEOUT", { errorCode: "UND_ERR_CONNECT_TIMEOUT" }, METHODS],
    ["ECONNRESET", { errorCode: "ECONNRESET" }, ["GET", "PUT", "PATCH", "DELETE"]],
    ["UND_ERR_SOCKET", { errorCode: "UND_ERR_SOCKET" }, ["GET", "PUT", "PATCH", "DELETE"]],
    ["500", { status: 500 }, []],
    ["400", { status: 400 }, []],
    ["401", { status: 401 }, []],
    ["422", { status: 422 }, []],
  ];
  const cases = failures.flatMap(([label, step, retried]) =>
    METHODS.map((method) => [method, label, step, retried.includes(method)] as const),
  );

  it.each(cases)("%s after %s: retried = %s", async (method, _label, step, retried) => {
    const setup = scriptedSetup(method, [step, ok]);
    if (retried) {
      await expect(setup.send()).resolves.toMatchObject({ status: 200 });
      expect(setup.attempts()).toBe(2);
    } else {
      await expect(setup.send()).rejects.toThrow();
      expect(setup.attempts()).toBe(1);
    }
  });

  it.each(METHODS)("%s after a per-attempt timeout is repeated unless it is a POST", async (method) => {
    const setup = scriptedSetup(method, [{ slowMs: 500 }, ok], { timeoutMs: 20 });
    if (method !== "POST") {
      await expect(setup.send()).resolves.toMatchObject({ status: 200 });
      expect(setup.attempts()).toBe(2);
    } else {
      await expect(setup.send()).rejects.toBeInstanceOf(TimeoutError);
    }
  });
});

describe("retry table: failures before the installation is reached", () => {
  const PROXY = "http://proxy-user:proxy-pass@10.9.8.7:3128";
  type ErrorStep = Extract<Step, { errorCode: string }>;
  const failures: [string, ErrorStep, string | undefined, "certificate" | "proxy", readonly HttpMethod[]][] =
    [
      ["an expired certificate", { errorCode: "CERT_HAS_EXPIRED" }, undefined, "certificate", []],
      [
        "a self-signed certificate",
        { errorCode: "DEPTH_ZERO_SELF_SIGNED_CERT" },
        undefined,
        "certificate",
        [],
      ],
      [
        "a certificate of another name",
        { errorCode: "ERR_TLS_CERT_ALTNAME_INVALID" },
        undefined,
        "certificate",
        [],
      ],
      [
        "a certificate of an unknown authority",
        { errorCode: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" },
        PROXY,
        "certificate",
        [],
      ],
      [
        "a proxy asking for credentials (tunnel)",
        { errorCode: "UND_ERR_ABORTED", message: "Proxy response (407) !== 200 when HTTP Tunneling" },
        PROXY,
        "proxy",
        [],
      ],
      [
        "a proxy asking for credentials (forwarding)",
        { errorCode: "UND_ERR_INVALID_ARG", message: "Proxy Authentication Required (407)" },
        PROXY,
        "proxy",
        [],
      ],
      [
        "a proxy refusing the tunnel",
        { errorCode: "UND_ERR_ABORTED", message: "Proxy response (403) !== 200 when HTTP Tunneling" },
        PROXY,
        "proxy",
        [],
      ],
      [
        "a proxy closing the connection instead of a tunnel",
        { errorCode: "UND_ERR_PRX_CONN", message: "the proxy closed the connection before it answered" },
        PROXY,
        "proxy",
        [],
      ],
      [
        "a proxy refusing connections",
        { errorCode: "ECONNREFUSED", fields: { address: "10.9.8.7", port: 3128 } },
        PROXY,
        "proxy",
        METHODS,
      ],
      [
        "a proxy whose name does not resolve",
        { errorCode: "ENOTFOUND", fields: { hostname: "proxy.corp.example" } },
        "http://proxy.corp.example:3128",
        "proxy",
        METHODS,
      ],
    ];
  const cases = failures.flatMap(([label, step, proxyUrl, failedAt, retried]) =>
    METHODS.map((method) => [method, label, retried.includes(method), step, proxyUrl, failedAt] as const),
  );

  it.each(cases)("%s after %s: retried = %s", async (method, _label, retried, step, proxyUrl, failedAt) => {
    const setup = scriptedSetup(method, [step, ok], {}, proxyUrl);
    if (retried) {
      await expect(setup.send()).resolves.toMatchObject({ status: 200 });
      expect(setup.attempts()).toBe(2);
    } else {
      const error = await setup.send().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ failedAt, code: step.errorCode });
      expect(setup.attempts()).toBe(1);
      expect(setup.clock.sleeps).toEqual([]);
    }
  });

  it("a failure of the installation itself is repeated as before while a proxy is configured", async () => {
    // NO_PROXY sent the request direct: the refused address is the installation's, not the proxy's.
    const setup = scriptedSetup(
      "POST",
      [{ errorCode: "ECONNREFUSED", fields: { address: "192.0.2.10", port: 443 } }, ok],
      {},
      PROXY,
    );
    await expect(setup.send()).resolves.toMatchObject({ status: 200 });
    expect(setup.attempts()).toBe(2);
  });
});

describe("waits between attempts", () => {
  it("backs off exponentially with full jitter, capped at 8 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((index) => backoffMs(index, () => 1))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffMs(3, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0)).toBe(0);
  });

  it("gives up after maxRetries with the last error", async () => {
    const setup = scriptedSetup(
      "GET",
      Array.from({ length: 6 }, () => ({ status: 502 })),
      { maxRetries: 3 },
    );
    await expect(setup.send()).rejects.toBeInstanceOf(ServerError);
    expect(setup.attempts()).toBe(4);
    expect(setup.clock.sleeps).toEqual([250, 500, 1000]);
  });

  it("honours Retry-After in seconds", async () => {
    const setup = scriptedSetup("GET", [{ status: 429, headers: { "retry-after": "3" } }, ok]);
    await setup.send();
    expect(setup.clock.sleeps).toEqual([3000]);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const at = new Date(START + 5000).toUTCString();
    const setup = scriptedSetup("GET", [{ status: 429, headers: { "retry-after": at } }, ok]);
    await setup.send();
    expect(setup.clock.sleeps).toEqual([5000]);
  });

  it("falls back to X-RateLimit-Reset when Retry-After is missing", async () => {
    const reset = String((START + 7000) / 1000);
    const setup = scriptedSetup("GET", [{ status: 429, headers: { "x-ratelimit-reset": reset } }, ok]);
    await setup.send();
    expect(setup.clock.sleeps).toEqual([7000]);
  });

  it("does not start a wait that would end past the deadline", async () => {
    const setup = scriptedSetup("GET", [{ status: 429, headers: { "retry-after": "5" } }, ok], {
      retryDeadlineMs: 4000,
    });
    const error = await setup.send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(setup.attempts()).toBe(1);
    expect(setup.clock.sleeps).toEqual([]);
  });

  it("stops backing off once the deadline is near", async () => {
    const setup = scriptedSetup(
      "GET",
      Array.from({ length: 6 }, () => ({ status: 503 })),
      {
        retryDeadlineMs: 1000,
      },
    );
    await expect(setup.send()).rejects.toBeInstanceOf(ServerError);
    // 250 + 500 = 750 ms spent; another 1000 would pass the 1000 ms deadline.
    expect(setup.clock.sleeps).toEqual([250, 500]);
    expect(setup.attempts()).toBe(3);
  });

  it("makes a single attempt with maxRetries 0", async () => {
    const setup = scriptedSetup("GET", [{ errorCode: "ECONNREFUSED" }, ok], { maxRetries: 0 });
    await expect(setup.send()).rejects.toBeInstanceOf(ConnectionError);
    expect(setup.attempts()).toBe(1);
  });
});

describe("DELETE answered 404 after a retry", () => {
  it("counts as done when an earlier attempt may have deleted it", async () => {
    const setup = scriptedSetup("DELETE", [
      { status: 502 },
      { status: 404, body: { message: "Resource not found." } },
    ]);
    await expect(setup.websites.delete(1)).resolves.toBeUndefined();
    expect(setup.attempts()).toBe(2);
  });

  it("still fails with NotFoundError on a first attempt", async () => {
    const setup = scriptedSetup("DELETE", [{ status: 404, body: { message: "Resource not found." } }]);
    await expect(setup.websites.delete(1)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("GET 404 after a retry is still an error", async () => {
    const setup = scriptedSetup("GET", [
      { status: 502 },
      { status: 404, body: { message: "Resource not found." } },
    ]);
    await expect(setup.websites.get(1)).rejects.toBeInstanceOf(NotFoundError);
  });
});
