// A real installation answers 429 past 60 requests a minute. An operation bigger than
// that must slow down to the server's pace, not fail.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { plainOutputs, program } from "./programs";

// A low limit keeps the test short while still being far below what the operation needs.
const requestsPerMinute = 20;

describeEngine("Website operations under the server's rate limit", () => {
  const fixture = useEngineFixture([{}], { requestsPerMinute });

  it("creates, refreshes and destroys more websites than the limit allows per minute", async () => {
    const prefix = uniqueDomain("paced").split(".")[0]!;
    const count = 24;
    const stack = fixture.stack(
      program(`
  const sites = Array.from({ length: ${count} }, (_, i) =>
    new webstats.Website("site-" + i, { domain: "${prefix}-" + i + ".example.com" }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    const { ids } = plainOutputs((await stack.up()).outputs) as { ids: number[] };
    expect(new Set(ids).size).toBe(count);
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(count);

    await stack.refresh({ expectNoChanges: true });
    await stack.destroy();
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(0);

    // The server did turn requests away, and every one of them was tried again later.
    const counts = fixture.emulator.requestCounts();
    expect(counts["POST /api/v1/websites"]!).toBeGreaterThan(count);
    expect(counts["DELETE /api/v1/websites/:id"]!).toBeGreaterThanOrEqual(count);
  });

  it("paces itself with webstats:requestsPerMinute and is never turned away", async () => {
    const prefix = uniqueDomain("selfpaced").split(".")[0]!;
    // 2 x 12 requests exceed the server's 20 a minute unless they are spread out.
    const count = 12;
    const stack = fixture.stack(
      program(`
  const sites = Array.from({ length: ${count} }, (_, i) =>
    new webstats.Website("site-" + i, { domain: "${prefix}-" + i + ".example.com" }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    stack.setConfig("webstats:requestsPerMinute", { value: "15" });
    // A fresh throttle window, so only this test's requests count against it.
    fixture.emulator.setRequestsPerMinute(requestsPerMinute);
    fixture.emulator.resetRequestCounts();
    await stack.up();
    await stack.destroy();
    const counts = fixture.emulator.requestCounts();
    expect(counts["POST /api/v1/websites"]).toBe(count);
    expect(counts["DELETE /api/v1/websites/:id"]).toBe(count);
  });
});
