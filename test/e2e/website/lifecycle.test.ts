// A Website's lifecycle with drift through the real engine, once per host: create with every
// argument, a preview with no change, a change made outside Pulumi that refresh records and up
// restores, then destroy; the password stays secret in the stack's outputs, its state and
// everything the engine prints. What only the engine shows is asserted here: its summaries
// (refresh reports the drift as an update), the state file and the secret marking of outputs.
// The full tables of the lifecycle and of drift, for both hosts, run at the provider tier
// (test/provider/lifecycle.test.ts, test/provider/drift.test.ts).
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import { oneWebsite, plainOutputs, scenarioHosts, websiteTypeOf } from "../programs";
import { everyArgument, everyArgumentOutputs, everyArgumentStored } from "../../support/every-argument";

describeEngine.each(scenarioHosts)("Website lifecycle through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);
  it("creates with every argument, restores drift that refresh records, and destroys", async () => {
    const domain = uniqueDomain("full");
    const password = "correct horse battery";
    const stack = fixture.stack(oneWebsite(everyArgument(domain, password)));

    const up = await stack.up();
    const out = plainOutputs(up.outputs);
    expect(out).toMatchObject(everyArgumentOutputs(domain));
    const websiteId = out.websiteId as number;
    expect(typeof websiteId).toBe("number");
    expect(up.outputs?.password?.secret).toBe(true);
    expect(fixture.emulator.getWebsite(websiteId)).toMatchObject(everyArgumentStored(domain, password));
    const [resource] = await stack.resourcesOfType(websiteTypeOf(host));
    expect(resource?.id).toBe(String(websiteId));

    await stack.preview({ expectNoChanges: true });

    // Changed outside Pulumi: refresh records it, up restores what the program declares.
    fixture.emulator.updateWebsite(websiteId, {
      email: 0,
      privacy: 1,
      exclude_ips: "10.9.9.9",
      favorite: false,
    });
    const refresh = await stack.refresh();
    expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
    const [refreshed] = await stack.resourcesOfType(websiteTypeOf(host));
    expect(refreshed?.outputs).toMatchObject({ email: false, privacy: "private", excludeIps: ["10.9.9.9"] });
    const restored = await stack.up();
    expect(restored.summary?.resourceChanges).toMatchObject({ update: 1 });
    expect(plainOutputs(restored.outputs)).toMatchObject({
      websiteId,
      email: true,
      privacy: "password",
      favorite: true,
      excludeIps: ["10.0.0.0/8", "2001:db8::1", "192.0.2.7"],
    });
    expect(fixture.emulator.getWebsite(websiteId)).toMatchObject({ email: 1, privacy: 2, favorite: true });
    await stack.preview({ expectNoChanges: true, refresh: true });

    // The password never shows: not in the state file, not in anything the engine printed.
    expect((await stack.exportState()).raw).not.toContain(password);
    await stack.destroy();
    expect(stack.output).not.toContain(password);
    expect(fixture.emulator.getWebsite(websiteId)).toBeUndefined();
  });
});
