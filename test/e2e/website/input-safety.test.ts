// A stack-wide setting through the real engine, once per host: `webstats:adoptExisting` set in the
// stack's configuration, not in the program, reaches the host (the dynamic provider is handed the
// whole stack configuration, the plugin its own namespace), so an up takes over an existing
// website; switching the setting off again is no change in the engine's eyes, although the
// provider's configuration changed (the plugin's DiffConfig reports it). What the
// hosts do with the setting, and with arguments an adopting program leaves out, runs for both
// hosts at the provider tier (test/provider/input-safety.test.ts); how the engine prints a check
// failure without its secrets is test/e2e/website-bad-input's.
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { describeEngine, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import { oneWebsite, plainOutputs, scenarioHosts } from "../programs";

describeEngine.each(scenarioHosts)("a stack-wide setting through the engine and the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it("adopts existing websites when the stack, not the program, switches adoptExisting on", async () => {
    const domain = uniqueDomain("stackwide");
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const { id: websiteId } = await client.websites.create({ domain, email: true });

    const stack = fixture.stack(oneWebsite({ domain, email: true }));
    stack.setConfig("webstats:adoptExisting", { value: "true" });
    const adopted = plainOutputs((await stack.up()).outputs);
    expect(adopted.websiteId).toBe(websiteId);
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    // Switching it off again is no change.
    stack.setConfig("webstats:adoptExisting", { value: "false" });
    await stack.preview({ expectNoChanges: true });
  });
});
