// A program that loads pulumi-webstats by a path outside node_modules (a checkout of this
// repository, a `file:` or linked dependency, the root Pulumi.yaml's quickstart) gets its
// provider serialized by value: Pulumi captures the provider object's code instead of writing
// `require("pulumi-webstats/dynamic-provider")`, and it must capture no credential. That a real
// program serializes it so, and that the engine then creates a website from that code, only the
// engine shows; every operation from such code (update, refresh, delete), with the same
// serialization, is proven below the engine (test/provider/provider-by-value.test.ts).
import { cpSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEngine, e2e, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { plainOutputs, websiteType } from "./programs";

/** A one-website program that requires the package from ./vendor, not from node_modules. */
function byPathProgram(domain: string): string {
  return [
    `"use strict";`,
    `const webstats = require("./vendor/pulumi-webstats");`,
    `module.exports = async () => {`,
    `  const site = new webstats.Website("site", ${JSON.stringify({ domain })});`,
    `  return { websiteId: site.websiteId };`,
    `};`,
  ].join("\n");
}

describeEngine("the provider serialized by value", () => {
  const fixture = useEngineFixture();

  it("creates a website from the captured provider code", async () => {
    const domain = uniqueDomain("byvalue");
    const stack = fixture.stack(byPathProgram(domain));
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
  });
});
