// A program that loads pulumi-webstats by a path outside node_modules (a checkout of this
// repository, a `file:` or linked dependency, the root Pulumi.yaml's quickstart) gets its
// provider serialized by value: Pulumi captures the provider object's code instead of writing
// `require("pulumi-webstats/dynamic-provider")`. Every provider operation must work from that
// captured code, and it must capture no credential.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEngine, e2e, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { plainOutputs, websiteType } from "./programs";

/** A one-website program that requires the package from ./vendor, not from node_modules. */
function byPathProgram(domain: string, email: boolean): string {
  return [
    `"use strict";`,
    `const webstats = require("./vendor/pulumi-webstats");`,
    `module.exports = async () => {`,
    `  const site = new webstats.Website("site", ${JSON.stringify({ domain, email })});`,
    `  return { websiteId: site.websiteId, email: site.email };`,
    `};`,
  ].join("\n");
}

describeEngine("the provider serialized by value", () => {
  const fixture = useEngineFixture();

  it("creates, updates, refreshes and deletes a website from the captured provider code", async () => {
    const domain = uniqueDomain("byvalue");
    const stack = fixture.stack(byPathProgram(domain, false));
    // The packed package, copied out of node_modules; its own dependencies (and @pulumi/pulumi)
    // still resolve from the project's node_modules, as they do for a checkout.
    const vendored = join(stack.workDir, "vendor", "pulumi-webstats");
    cpSync(join(e2e.templateDir, "node_modules", "pulumi-webstats"), vendored, { recursive: true });

    const created = plainOutputs((await stack.up()).outputs);
    const id = created.websiteId as number;
    expect(fixture.emulator.getWebsite(id)?.domain).toBe(domain);

    const [resource] = await stack.resourcesOfType(websiteType);
    const provider = resource?.outputs?.__provider as string;
    // Captured code, not the short require a node_modules installation gets.
    expect(provider).not.toContain('require("pulumi-webstats/dynamic-provider")');
    expect(provider.length).toBeGreaterThan(512);
    expect(provider).toContain(vendored);
    expect(provider).not.toContain(fixture.account().apiKey);
    expect(provider).not.toContain(fixture.emulator.url);

    stack.setProgram(byPathProgram(domain, true));
    await stack.up();
    expect(fixture.emulator.getWebsite(id)?.email).toBe(1);

    fixture.emulator.updateWebsite(id, { email: 0 });
    await stack.refresh();
    const [refreshed] = await stack.resourcesOfType(websiteType);
    expect(refreshed?.outputs?.email).toBe(false);

    await stack.destroy();
    expect(fixture.emulator.getWebsite(id)).toBeUndefined();
  });
});
