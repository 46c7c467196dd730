import { describe, expect, it } from "vitest";
import { ClientThrottle } from "../../emulator/throttle";

function throttleAt(start: number, limit: number) {
  const clock = { now: start };
  return { clock, throttle: new ClientThrottle(limit, () => clock.now) };
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
    // 40 seconds of the window are left.
    expect(refused?.headers["retry-after"]).toBe("40");
    expect(refused?.headers["x-ratelimit-reset"]).toBe(String(Math.floor(clock.now / 1000) + 40));
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
