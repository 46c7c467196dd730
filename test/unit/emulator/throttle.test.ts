import { describe, expect, it } from "vitest";
import { ClientThrottle } from "../../../emulator/throttle";

function throttleAt(start: number, limit: number, windowSeconds?: number) {
  const clock = { now: start };
  return { clock, throttle: new ClientThrottle(limit, () => clock.now, windowSeconds) };
}

describe("ClientThrottle", () => {
  it("opens a one-minute window at the first request and refuses past the limit", () => {
    const { clock, throttle } = throttleAt(1_000_000, 2);
    expect(throttle.hit("a")?.headers["x-ratelimit-remaining"]).toBe("1");
    clock.now += 10_000;
    expect(throttle.hit("a")?.headers["x-ratelimit-remaining"]).toBe("0");
    clock.now += 10_000;
    const refused = throttle.hit("a");
    expect(refused?.allowed).toBe(false);
    // 40 seconds of the window are left; it ends at second 1000 + 60.
    expect(refused?.headers["retry-after"]).toBe("40");
    expect(refused?.headers["x-ratelimit-reset"]).toBe("1060");
  });

  it("keeps the window's end as a whole second, as the framework's cache does", () => {
    // Opened at 100.7 s: the window ends at 160.0 s, not 160.7 s.
    const { clock, throttle } = throttleAt(100_700, 1);
    expect(throttle.hit("a")?.allowed).toBe(true);
    clock.now = 159_999;
    const refused = throttle.hit("a");
    expect(refused?.headers["retry-after"]).toBe("1");
    expect(refused?.headers["x-ratelimit-reset"]).toBe("160");
    clock.now = 160_000;
    expect(throttle.hit("a")?.allowed).toBe(true);
  });

  it("counts Retry-After from the whole second, so it never outlasts X-RateLimit-Reset", () => {
    const { clock, throttle } = throttleAt(10_000, 1, 5);
    throttle.hit("a");
    clock.now = 12_900;
    const refused = throttle.hit("a")!;
    // The window ends at 15.0 s: 3 whole seconds after second 12, 2.1 s from now.
    expect(refused.headers["retry-after"]).toBe("3");
    expect(Number(refused.headers["x-ratelimit-reset"])).toBe(12 + 3);
  });

  it("lets requests through again once the window has passed", () => {
    const { clock, throttle } = throttleAt(0, 1);
    expect(throttle.hit("a")?.allowed).toBe(true);
    expect(throttle.hit("a")?.allowed).toBe(false);
    clock.now += 59_999;
    expect(throttle.hit("a")?.allowed).toBe(false);
    clock.now += 1;
    expect(throttle.hit("a")?.allowed).toBe(true);
  });

  it("starts the next window at the first request after the previous one expired", () => {
    const { clock, throttle } = throttleAt(0, 1, 5);
    throttle.hit("a");
    // Idle well past the end: the next window opens now and lasts five seconds from here.
    clock.now = 23_400;
    expect(throttle.hit("a")?.allowed).toBe(true);
    clock.now = 27_999;
    expect(throttle.hit("a")?.headers["x-ratelimit-reset"]).toBe("28");
    clock.now = 28_000;
    expect(throttle.hit("a")?.allowed).toBe(true);
  });

  it("has a configurable window length", () => {
    const { clock, throttle } = throttleAt(0, 2, 5);
    throttle.hit("a");
    throttle.hit("a");
    expect(throttle.hit("a")?.headers["retry-after"]).toBe("5");
    clock.now = 5_000;
    expect(throttle.hit("a")?.headers["x-ratelimit-remaining"]).toBe("1");
  });

  it.each([0, 1.5, -1, Number.NaN])("rejects a window length of %s", (seconds) => {
    expect(() => new ClientThrottle(1, Date.now, seconds)).toThrow(/rateWindowSeconds/);
  });

  it("does not count refused requests", () => {
    const { clock, throttle } = throttleAt(0, 1);
    throttle.hit("a");
    for (let index = 0; index < 5; index += 1) throttle.hit("a");
    clock.now += 60_000;
    expect(throttle.hit("a")?.headers["x-ratelimit-remaining"]).toBe("0");
  });

  it("keeps a window per client", () => {
    const { throttle } = throttleAt(0, 1);
    expect(throttle.hit("a")?.allowed).toBe(true);
    expect(throttle.hit("b")?.allowed).toBe(true);
    expect(throttle.hit("a")?.allowed).toBe(false);
  });

  it.each([0, Infinity, -1, Number.NaN])("is off for %s", (limit) => {
    const { throttle } = throttleAt(0, limit);
    expect(throttle.enabled).toBe(false);
    expect(throttle.hit("a")).toBeUndefined();
  });

  it("forgets open windows when the limit is set again", () => {
    const { throttle } = throttleAt(0, 1);
    throttle.hit("a");
    throttle.setRequestsPerMinute(1);
    expect(throttle.hit("a")?.allowed).toBe(true);
  });
});
