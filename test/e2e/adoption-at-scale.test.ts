// Adoption at fleet scale, through both hosts: an account's 150 existing websites declared with
// adoptExisting and their current settings are taken over by one `up` in at most 10 requests
// (pages of the shared listing; no update for a website that already matches), and the next
// preview shows no change.
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { describeEngine } from "./harness";
import { useEngineFixture } from "./fixture";
import { program, scenarioHosts, websiteTypeOf } from "./programs";

const count = 150;

describeEngine.each(scenarioHosts)("adoption at scale through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it(`adopts ${count} existing websites in at most 10 requests`, async () => {
    const prefix = `adopt-${host}-${Date.now().toString(36)}`;
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const domains = Array.from({ length: count }, (_, i) => `${prefix}-${i}.example.com`);
    for (const [i, domain] of domains.entries()) await client.websites.create({ domain, email: i % 3 === 0 });

    const stack = fixture.stack(
      program(`
  const sites = ${JSON.stringify(domains)}.map((domain, i) =>
    new webstats.Website(domain, { domain, email: i % 3 === 0, adoptExisting: true }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    fixture.emulator.resetRequestCounts();
    await stack.up();
    const counts = fixture.emulator.requestCounts();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(Object.keys(counts)).toEqual(["GET /api/v1/websites"]);
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(count);
    expect(await stack.resourcesOfType(websiteTypeOf(host))).toHaveLength(count);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  });
});
