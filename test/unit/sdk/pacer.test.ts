import { MockAgent } from "undici";
import { describe, expect, it } from "vitest";
import { START, fakeClock } from "../../support/fake-clock";
import { simulatedClock } from "../../support/simulated-clock";
import { ClientThrottle } from "../../../emulator/throttle";
import { RateLimitError } from "../../../sdk";
import { checkClientOptions } from "../../../sdk/client-options";
import { pacerForOrigin, RequestPacer } from "../../../sdk/pacer";
import { parseRetryAfterMs, readRateLimitSignals, waitEndsAt } from "../../../sdk/rate-limit-headers";
import { createRequester } from "../../../sdk/requester";

async function startTimes(pacer: RequestPacer, clock: { time: number }, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const ticket = await pacer.acquire();
    times.push(clock.time - START);
    pacer.answered(ticket, 200, {});
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

  it("reads limit, remaining, reset and Retry-After", () => {
    expect(
      readRateLimitSignals(
        {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(START / 1000 + 30),
          "x-ratelimit-limit": "60",
          "retry-after": "30",
        },
        START,
      ),
    ).toEqual({ limit: 60, remaining: 0, resetAtMs: START + 30_000, retryAfterMs: 30_000 });
    expect(readRateLimitSignals({}, START)).toEqual({
      limit: undefined,
      remaining: undefined,
      resetAtMs: undefined,
      retryAfterMs: undefined,
    });
  });

  describe("waitEndsAt", () => {
    const at = (ms: number) => START + ms;
    const signals = (resetSecond: number, retryAfter: number) =>
      readRateLimitSignals(
        { "x-ratelimit-reset": String(resetSecond), "retry-after": String(retryAfter) },
        0,
      );

    it("takes X-RateLimit-Reset to the millisecond when Retry-After agrees with our clock", () => {
      // 700 ms into a second; the window ends 3 whole seconds after that second's start.
      const now = at(10_700);
      expect(waitEndsAt(signals(START / 1000 + 13, 3), now)).toBe(at(13_000));
      // Computed by the server in second 10, arriving just after second 11 began.
      expect(waitEndsAt(signals(START / 1000 + 13, 3), at(11_001))).toBe(at(13_000));
    });

    it("counts Retry-After from now when the server's clock disagrees with ours", () => {
      const now = at(10_700);
      expect(waitEndsAt(signals(START / 1000 + 50, 3), now)).toBe(now + 3000);
    });

    it("uses whichever header there is", () => {
      expect(waitEndsAt({ ...signals(0, 0), resetAtMs: undefined, retryAfterMs: 2000 }, START)).toBe(
        START + 2000,
      );
      expect(waitEndsAt({ ...signals(0, 0), resetAtMs: START + 5000, retryAfterMs: undefined }, START)).toBe(
        START + 5000,
      );
      expect(waitEndsAt({ ...signals(0, 0), resetAtMs: undefined, retryAfterMs: undefined }, START)).toBe(
        undefined,
      );
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
    await Promise.all(
      [1, 2, 3].map((n) =>
        pacer.acquire().then((ticket) => {
          order.push(n);
          pacer.answered(ticket, 200, {});
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3]);
    expect(clock.time - START).toBe(2000);
  });

  it("holds requests after a 429 until the window's end, to the millisecond", async () => {
    const clock = fakeClock();
    clock.time = START + 400;
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 429, {
      "retry-after": "5",
      "x-ratelimit-reset": String(START / 1000 + 5),
    });
    // Retry-After alone would say 5400; the window ends at second 5.
    expect(await startTimes(pacer, clock, 2)).toEqual([5000, 5000]);
  });

  it("holds for Retry-After from now when that is all a 429 says", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 429, { "retry-after": "5" });
    expect(await startTimes(pacer, clock, 2)).toEqual([5000, 5000]);
  });

  it("asks again shortly when a 429 names a moment already past", async () => {
    const clock = fakeClock();
    clock.time = START + 400;
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 429, {
      "retry-after": "0",
      "x-ratelimit-reset": String(START / 1000),
    });
    expect(await startTimes(pacer, clock, 1)).toEqual([500]);
  });

  it("ignores Retry-After on a success", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 200, { "retry-after": "5" });
    expect(await startTimes(pacer, clock, 1)).toEqual([0]);
  });

  it("holds new requests while the ones in flight may spend the last of the budget", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    const first = await pacer.acquire();
    pacer.answered(first, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "2" });
    const inFlight = [await pacer.acquire(), await pacer.acquire()];
    let third = false;
    const next = pacer.acquire().then((ticket) => {
      third = true;
      return ticket;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    // The server counted one of them after the other: one more may go, then none.
    pacer.answered(inFlight[0]!, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "1" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    pacer.answered(inFlight[1]!, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "1" });
    await next;
    expect(third).toBe(true);
  });

  it("sends one request alone until the first answer says what the server allows", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    const first = await pacer.acquire();
    const started: number[] = [];
    const rest = [2, 3, 4].map((n) => pacer.acquire().then((ticket) => (started.push(n), ticket)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([]);
    // Two more fit in the window: they go together, the third waits for their answers.
    pacer.answered(first, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "2" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([2, 3]);
    const [second] = await Promise.all(rest.slice(0, 2));
    pacer.answered(second!, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "0" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([2, 3]);
  });

  it("lets the next request go when the first ends without an answer, and learns from its answer", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    await pacer.acquire();
    let next = false;
    const waiting = pacer.acquire().then((ticket) => ((next = true), ticket));
    await new Promise((resolve) => setImmediate(resolve));
    expect(next).toBe(false);
    pacer.abandoned();
    const ticket = await waiting;
    // Still alone: an abandoned request taught nothing.
    let third = false;
    void pacer.acquire().then(() => (third = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    pacer.answered(ticket, 200, {});
    await new Promise((resolve) => setImmediate(resolve));
    // No limit reported: nothing holds requests back any more.
    expect(third).toBe(true);
    expect(await startTimes(pacer, clock, 3)).toEqual([0, 0, 0]);
  });

  it("once the budget is spent, sends one request alone to learn when the window ends", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 200, { "x-ratelimit-limit": "1", "x-ratelimit-remaining": "0" });
    const probe = await pacer.acquire();
    let second = false;
    void pacer.acquire().then(() => (second = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    pacer.answered(probe, 429, { "retry-after": "7", "x-ratelimit-reset": String(START / 1000 + 7) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(true);
    expect(clock.time - START).toBe(7000);
  });

  it("an older answer arriving late does not raise the budget", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    pacer.answered(await pacer.acquire(), 200, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" });
    const [a, b] = [await pacer.acquire(), await pacer.acquire()];
    // b was counted last (1 left) but a's answer (2 left) arrives after it.
    pacer.answered(b, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "1" });
    pacer.answered(a, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "2" });
    const last = await pacer.acquire();
    pacer.answered(last, 200, { "x-ratelimit-limit": "3", "x-ratelimit-remaining": "0" });
    let more = false;
    const probe = pacer.acquire().then((ticket) => {
      more = true;
      return ticket;
    });
    await probe;
    // Only as a lone request asking when the window ends.
    expect(more).toBe(true);
    let another = false;
    void pacer.acquire().then(() => (another = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(another).toBe(false);
  });

  it("is shared per origin across the process", () => {
    const a = pacerForOrigin("http://pacer-shared.test", 0);
    expect(pacerForOrigin("http://pacer-shared.test", 0)).toBe(a);
    expect(pacerForOrigin("http://pacer-other.test", 0)).not.toBe(a);
  });
});

describe("pacing against the server's fixed windows (simulated time)", () => {
  /**
   * `count` requests, `concurrency` at a time, each taking `latencyMs` and counted by a throttle
   * that works as the server's when it arrives halfway. Returns when the last one finished and
   * how many were refused.
   */
  async function simulate(options: {
    count: number;
    concurrency: number;
    limit: number;
    windowSeconds: number;
    latencyMs: number;
    startAt: number;
  }) {
    const clock = simulatedClock(options.startAt);
    const throttle = new ClientThrottle(options.limit, clock.now, options.windowSeconds);
    const pacer = new RequestPacer(clock);
    let refused = 0;
    let firstSentAt: number | undefined;
    let next = 0;
    const request = async () => {
      for (;;) {
        const ticket = await pacer.acquire();
        firstSentAt ??= clock.now();
        await clock.sleep(options.latencyMs / 2);
        const decision = throttle.hit("client")!;
        await clock.sleep(options.latencyMs / 2);
        pacer.answered(ticket, decision.allowed ? 200 : 429, decision.headers);
        if (decision.allowed) return;
        refused += 1;
      }
    };
    const worker = async () => {
      while (next < options.count) {
        next += 1;
        await request();
      }
    };
    await clock.run(Promise.all(Array.from({ length: options.concurrency }, worker)));
    return { elapsedMs: clock.now() - firstSentAt!, refused };
  }

  it.each([
    { count: 100, limit: 20, windowSeconds: 5, startAt: START },
    { count: 100, limit: 20, windowSeconds: 5, startAt: START + 700 },
    { count: 300, limit: 60, windowSeconds: 60, startAt: START + 250 },
    { count: 61, limit: 60, windowSeconds: 60, startAt: START + 999 },
  ])(
    "%o: finishes one window length per filled window after the first request, one 429 per filled window",
    async ({ count, limit, windowSeconds, startAt }) => {
      const { elapsedMs, refused } = await simulate({
        count,
        concurrency: 8,
        limit,
        windowSeconds,
        latencyMs: 10,
        startAt,
      });
      const filledWindows = Math.floor((count - 1) / limit);
      const floorMs = filledWindows * windowSeconds * 1000;
      // The first window is shorter when it opens mid-second (its end is a whole second).
      expect(elapsedMs).toBeGreaterThan(floorMs - 1000);
      // After the last window opens, only the requests of that window remain (8 at a time).
      expect(elapsedMs).toBeLessThanOrEqual(floorMs + Math.ceil(limit / 8) * 10 + 10);
      expect(refused).toBeLessThanOrEqual(filledWindows);
    },
  );
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
        checkClientOptions({
          baseUrl: "http://pacer.test",
          apiKey: "k-0123456789",
          maxRetries: 0,
          allowHttp: true,
        }),
        {
          route: { dispatcher: agent, proxy: undefined },
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
