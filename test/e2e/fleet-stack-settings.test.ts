// Fleet files follow the stack's settings as each Website does: with `webstats:adoptExisting`
// set, a password-protected entry without passwordConfig is an adoption that keeps the
// password the server holds, not an error of the fleet file. Reading the fleet file under the
// stack's settings happens in the program's own process, which only the engine runs; what the
// hosts do with the setting (the adoption, no change on the next preview) is proven for both
// below the engine (test/provider/stack-adopt-existing.test.ts).
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { credentialsConfig, plainOutputs, program } from "./programs";

const fleetProgram = program(`
  const fleet = new webstats.WebsiteFleet("sites", { fleet: webstats.loadFleet("websites.yaml") });
  return { websiteIds: fleet.websiteIds };`);

describeEngine("fleets and the stack's settings", () => {
  const fixture = useEngineFixture();

  it("honours webstats:adoptExisting when reading the fleet file and declaring its websites", async () => {
    const guarded = uniqueDomain("guarded");
    const fresh = uniqueDomain("fresh");
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const existing = await client.websites.create({
      domain: guarded,
      privacy: "password",
      password: "kept-on-the-server",
    });
    const fleetFile = [
      "websites:",
      `  - domain: ${guarded}`,
      "    privacy: password",
      `  - domain: ${fresh}`,
      "    email: true",
      "",
    ].join("\n");

    // Without the stack setting, the entry would create a website with no password: refused
    // before anything is declared, naming the file's key.
    const plain = fixture.stack(fleetProgram);
    plain.writeFile("websites.yaml", fleetFile);
    const refused = await plain.preview({ allowFailure: true });
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/websites\.yaml:2: website [^\n]*passwordConfig/);

    const stack = fixture.stack(fleetProgram, undefined, {
      config: {
        ...credentialsConfig(fixture.emulator.url, fixture.account().apiKey),
        "webstats:adoptExisting": { value: "true" },
      },
    });
    stack.writeFile("websites.yaml", fleetFile);
    const up = await stack.up();
    const ids = plainOutputs(up.outputs).websiteIds as Record<string, number>;
    expect(ids[guarded]).toBe(existing.id);
    expect(fixture.emulator.getWebsite(existing.id)?.password).not.toBeNull();
    expect(fixture.emulator.getWebsite(ids[fresh]!)?.domain).toBe(fresh);
  });
});
