import { MockAgent } from "undici";
import { describe, expect, it } from "vitest";
import { START, fakeClock } from "../support/fake-clock";
import { RateLimitError } from "../../sdk";
import { pacerForOrigin, RequestPacer } from "../../sdk/pacer";
import { parseRetryAfterMs, readRateLimitSignals } from "../../sdk/rate-limit-headers";
import { createRequester } from "../../sdk/requester";
import { resolveClientSettings } from "../../sdk/settings";

async function startTimes(pacer: RequestPacer, clock: { time: number }, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await pacer.acquire();
    times.push(clock.time - START);
  }
  return times;
}

describe("rate-limit headers", () => {
  it.each([
    ["3", 3000],
    ["0", 0],
    ["1.5", 1500],
    [new Date(START + 4000).toUTCString(), 4000],
    [new Date(START - 4000).toUTCString(), 0],
    ["soon", undefined],
    [undefined, undefined],
  ])("Retry-After %j -> %j ms", (value, expected) => {
    expect(parseRetryAfterMs(value, START)).toBe(expected);
  });

  it("reads remaining, reset and the wait", () => {
    expect(
      readRateLimitSignals(
        {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(START / 1000 + 30),
          "x-ratelimit-limit": "60",
        },
        START,
      ),
    ).toEqual({ remaining: 0, resetAtMs: START + 30_000, retryAfterMs: 30_000 });
    expect(readRateLimitSignals({}, START)).toEqual({
      remaining: undefined,
      resetAtMs: undefined,
      retryAfterMs: undefined,
    });
  });
});

describe("RequestPacer", () => {
  it("does not wait without a limit or signals", async () => {
    const clock = fakeClock();
    expect(await startTimes(new RequestPacer(clock), clock, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it("spaces requests evenly for requestsPerMinute", async () => {
    const clock = fakeClock();
    expect(await startTimes(new RequestPacer(clock, 120), clock, 4)).toEqual([0, 500, 1000, 1500]);
  });

  it("keeps the slowest rate asked for by clients of the same origin", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock, 120);
    pacer.limitTo(60);
    pacer.limitTo(600);
    pacer.limitTo(0);
    expect(await startTimes(pacer, clock, 3)).toEqual([0, 1000, 2000]);
  });

  it("queues concurrent callers in call order", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock, 60);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => pacer.acquire().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    expect(clock.time - START).toBe(2000);
  });

  it("holds requests after a 429 until Retry-After has passed", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.observe(429, { "retry-after": "5" });
    expect(await startTimes(pacer, clock, 2)).toEqual([5000, 5000]);
  });

  it("ignores Retry-After on a success", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.observe(200, { "retry-after": "5" });
    expect(await startTimes(pacer, clock, 1)).toEqual([0]);
  });

  it("spends the remaining budget, then waits for the window reset", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.observe(200, { "x-ratelimit-remaining": "2", "x-ratelimit-reset": String(START / 1000 + 20) });
    expect(await startTimes(pacer, clock, 3)).toEqual([0, 0, 20_000]);
  });

  it("cannot wait out a spent budget without a reset time, so lets the server say how long", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.observe(200, { "x-ratelimit-remaining": "0" });
    expect(await startTimes(pacer, clock, 1)).toEqual([0]);
  });

  it("is shared per origin across the process", () => {
    const a = pacerForOrigin("http://pacer-shared.test", 0);
    expect(pacerForOrigin("http://pacer-shared.test", 0)).toBe(a);
    expect(pacerForOrigin("http://pacer-other.test", 0)).not.toBe(a);
  });
});

describe("pacing between clients of one origin", () => {
  it("a 429 seen by one client makes the other wait", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const server = agent.get("http://pacer.test");
    server
      .intercept({ path: "/api/v1/account" })
      .reply(429, { message: "Too Many Attempts." }, { headers: { "retry-after": "9" } });
    server.intercept({ path: "/api/v1/account" }).reply(200, {});
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    const make = () =>
      createRequester(
        resolveClientSettings({ baseUrl: "http://pacer.test", apiKey: "k-0123456789", maxRetries: 0 }, {}),
        {
          dispatcher: agent,
          pacer,
          clock,
          random: () => 0,
        },
      );
    await expect(make().send({ method: "GET", path: "/account" })).rejects.toBeInstanceOf(RateLimitError);
    await make().send({ method: "GET", path: "/account" });
    expect(clock.sleeps).toEqual([9000]);
    await agent.close();
  });
});
