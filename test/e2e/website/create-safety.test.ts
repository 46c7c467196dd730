// A website created but not finished, through the real engine, once per host: when marking a new
// website as favorite fails, the engine prints the host's reason, records the website in its
// state file with its id and its init errors, and the next up finishes it (an update, not a second
// website) and clears them. Every other case of safe creation (adoption, a domain another account
// holds, a lost answer, bad arguments) and what the hosts report here are the hosts' doing, and
// run for both at the provider tier (test/provider/create-safety.test.ts); only the engine keeps
// the state file.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import { oneWebsite, plainOutputs, scenarioHosts, websiteTypeOf } from "../programs";

describeEngine.each(scenarioHosts)("an unfinished create through the engine and the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it("records a website whose favorite update failed, and the next up finishes it", async () => {
    const domain = uniqueDomain("halfmade");
    fixture.emulator.injectFault({
      route: "PATCH /api/v1/websites/:id",
      kind: "status",
      status: 503,
      count: 20,
    });
    const stack = fixture.stack(oneWebsite({ domain, favorite: true }));
    const failed = await stack.up({ allowFailure: true });
    fixture.emulator.clearFaults();
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(/could not be marked as favorite/);

    const [recorded] = await stack.resourcesOfType(websiteTypeOf(host));
    const websiteId = Number(recorded?.id);
    expect(fixture.emulator.listWebsites(fixture.account().id).map((w) => w.id)).toEqual([websiteId]);
    expect(recorded?.outputs?.favorite).toBe(false);
    expect(recorded?.initErrors?.join("\n")).toMatch(/could not be marked as favorite/);
    expect(fixture.emulator.getWebsite(websiteId)?.favorite).toBe(false);

    const done = plainOutputs((await stack.up()).outputs);
    expect(done).toMatchObject({ websiteId, favorite: true });
    expect(fixture.emulator.getWebsite(websiteId)?.favorite).toBe(true);
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    const [finished] = await stack.resourcesOfType(websiteTypeOf(host));
    expect(finished?.id).toBe(String(websiteId));
    expect(finished?.initErrors ?? []).toEqual([]);
  });
});
