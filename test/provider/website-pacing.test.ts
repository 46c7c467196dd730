// A real installation answers 429 past 60 requests a minute. An operation bigger than that must
// run at the server's pace, not fail, in both hosts, with the requests as concurrent as the
// engine makes them (its default parallelism): pacing is the provider's alone, so it is proven
// here, below the engine. The emulator's windows are shortened to a few seconds
// (rateWindowSeconds) so that operations spanning several windows stay quick; each test has an
// emulator of its own, so that their throttles do not meet and the tests can run at once.
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { hosts, stopAll } from "./engine-processes";
import { engineParallelism, ProviderStack } from "./provider-stack";

const limit = 20;
const windowSeconds = 4;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

const emulators: Emulator[] = [];
async function throttledEmulator(): Promise<Emulator> {
  const emulator = await startEmulator({ requestsPerMinute: limit, rateWindowSeconds: windowSeconds });
  emulators.push(emulator);
  return emulator;
}
afterAll(async () => {
  stopAll();
  await Promise.all(emulators.map((e) => e.close()));
});

/** A program of `count` Websites. */
const websites = (prefix: string, count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`site-${i}`, { domain: `${prefix}-${i}.example.com` }]),
  );

describe.concurrent.each(hosts)("%s host under the server's rate limit", (host) => {
  it("creates, refreshes and destroys more websites than a window admits, with no failure", async () => {
    const emulator = await throttledEmulator();
    const account = emulator.createAccount();
    // Two and a half windows' worth of creates, then as many deletes.
    const count = 50;
    const windowsPerPass = Math.ceil(count / limit);
    const stack = new ProviderStack(host, { settings: { baseUrl: emulator.url, apiKey: account.apiKey } });
    const program = websites(`paced-${host}`, count);
    emulator.resetRequestCounts();
    const up = await stack.up(program, { parallel: engineParallelism });
    expect(up.steps.filter((s) => s.op === "create")).toHaveLength(count);
    const ids = [...stack.resources.values()].map((r) => r.id);
    expect(new Set(ids).size).toBe(count);
    expect(emulator.listWebsites(account.id)).toHaveLength(count);
    // Each create is one POST, plus the refused ones tried again. The pacer stops when the
    // window's budget is spent and sends one request alone to learn when the window ends:
    // at most one refusal per window, never a burst of them.
    const refusedCreates = emulator.throttledRequestCounts()["POST /api/v1/websites"] ?? 0;
    expect(emulator.requestCounts()["POST /api/v1/websites"]).toBe(count + refusedCreates);
    expect(sum(emulator.throttledRequestCounts())).toBeLessThanOrEqual(windowsPerPass);

    // A refresh under the throttle changes nothing.
    const recorded = structuredClone([...stack.resources.values()].map((r) => r.outputs));
    const refresh = await stack.refresh({ parallel: engineParallelism });
    expect(refresh.steps.filter((s) => s.op !== "refresh")).toEqual([]);
    expect([...stack.resources.values()].map((r) => r.outputs)).toEqual(recorded);

    emulator.resetRequestCounts();
    const destroy = await stack.destroy({ parallel: engineParallelism });
    expect(destroy.steps.filter((s) => s.op === "delete")).toHaveLength(count);
    expect(emulator.listWebsites(account.id)).toHaveLength(0);
    expect(sum(emulator.throttledRequestCounts())).toBeLessThanOrEqual(windowsPerPass);
  }, 120_000);

  it("paces itself with webstats:requestsPerMinute and is never turned away", async () => {
    const emulator = await throttledEmulator();
    const account = emulator.createAccount();
    // 2 x 12 requests would exceed 20 per window if sent at once; 120 a minute (one every
    // 500 ms) stays under the server's 20 per 4 seconds.
    const count = 12;
    const stack = new ProviderStack(host, {
      settings: { baseUrl: emulator.url, apiKey: account.apiKey, requestsPerMinute: "120" },
    });
    emulator.resetRequestCounts();
    await stack.up(websites(`selfpaced-${host}`, count), { parallel: engineParallelism });
    await stack.destroy({ parallel: engineParallelism });
    const counts = emulator.requestCounts();
    expect(counts["POST /api/v1/websites"]).toBe(count);
    expect(counts["DELETE /api/v1/websites/:id"]).toBe(count);
    expect(emulator.throttledRequestCounts()).toEqual({});
  }, 120_000);
});
