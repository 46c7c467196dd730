// A real installation answers 429 past 60 requests a minute. An operation bigger than that must
// run at the server's pace, not fail. The emulator's windows are shortened to a few seconds
// (rateWindowSeconds) so that operations spanning several windows stay quick.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { plainOutputs, program } from "./programs";

const limit = 20;
const windowSeconds = 4;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describeEngine("Website operations under the server's rate limit", () => {
  const fixture = useEngineFixture([{}], { requestsPerMinute: limit, rateWindowSeconds: windowSeconds });

  it("creates, refreshes and destroys more websites than a window admits, with no failure", async () => {
    const prefix = uniqueDomain("paced").split(".")[0]!;
    // Two and a half windows' worth of creates, then as many deletes.
    const count = 50;
    const windowsPerPass = Math.ceil(count / limit);
    const stack = fixture.stack(
      program(`
  const sites = Array.from({ length: ${count} }, (_, i) =>
    new webstats.Website("site-" + i, { domain: "${prefix}-" + i + ".example.com" }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    fixture.emulator.resetRequestCounts();
    const up = await stack.up();
    // The websites and the stack itself, none failed.
    expect(up.summary?.resourceChanges).toEqual({ create: count + 1 });
    const { ids } = plainOutputs(up.outputs) as { ids: number[] };
    expect(new Set(ids).size).toBe(count);
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(count);
    // Each create is one POST, plus the refused ones tried again. The pacer stops when the
    // window's budget is spent and sends one request alone to learn when the window ends:
    // at most one refusal per window, never a burst of them.
    const refusedCreates = fixture.emulator.throttledRequestCounts()["POST /api/v1/websites"] ?? 0;
    expect(fixture.emulator.requestCounts()["POST /api/v1/websites"]).toBe(count + refusedCreates);
    expect(sum(fixture.emulator.throttledRequestCounts())).toBeLessThanOrEqual(windowsPerPass);

    await stack.refresh({ expectNoChanges: true });
    fixture.emulator.resetRequestCounts();
    const destroy = await stack.destroy();
    expect(destroy.summary?.resourceChanges).toEqual({ delete: count + 1 });
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(0);
    expect(sum(fixture.emulator.throttledRequestCounts())).toBeLessThanOrEqual(windowsPerPass);
  });

  it("paces itself with webstats:requestsPerMinute and is never turned away", async () => {
    const prefix = uniqueDomain("selfpaced").split(".")[0]!;
    // 2 x 12 requests would exceed 20 per window if sent at once; 120 a minute (one every
    // 500 ms) stays under the server's 20 per 4 seconds.
    const count = 12;
    const stack = fixture.stack(
      program(`
  const sites = Array.from({ length: ${count} }, (_, i) =>
    new webstats.Website("site-" + i, { domain: "${prefix}-" + i + ".example.com" }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    stack.setConfig("webstats:requestsPerMinute", { value: "120" });
    // A fresh throttle window, so only this test's requests count against it.
    fixture.emulator.setRequestsPerMinute(limit);
    fixture.emulator.resetRequestCounts();
    await stack.up();
    await stack.destroy();
    const counts = fixture.emulator.requestCounts();
    expect(counts["POST /api/v1/websites"]).toBe(count);
    expect(counts["DELETE /api/v1/websites/:id"]).toBe(count);
    expect(fixture.emulator.throttledRequestCounts()).toEqual({});
  });
});
