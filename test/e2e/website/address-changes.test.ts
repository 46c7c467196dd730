// What only the engine shows about changes that could delete a website: its own order for a
// replacement (create, then delete the original), its provider diff for a new address or an
// explicit provider, and the messages it prints. Per host, with adoptExisting on for the stack
// (the setting that once let a replacement adopt the website it then deleted):
// - a new address of the same installation, and credentials moved into the program, keep the
//   website: same id, no create, no delete;
// - a forced replacement (`up --replace`) adopts the website and the safety net declines the
//   engine's delete of the original, saying so;
// - a domain change, the one change that deletes, is announced in the preview in words.
// The matrix of addresses, adoption and providers runs below the engine
// (test/provider/website-custody.test.ts).
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "../harness";
import type { TestStack } from "../harness";
import { useEngineFixture } from "../fixture";
import { plainOutputs, program, yamlWebsite } from "../programs";

const deletes = (counts: Record<string, number>) => counts["DELETE /api/v1/websites/:id"] ?? 0;
const creates = (counts: Record<string, number>) => counts["POST /api/v1/websites"] ?? 0;

describeEngine("changes of address and replacements never delete a website they keep", () => {
  const fixture = useEngineFixture([{ name: "Addresses" }]);
  /** The emulator under another name: the same installation reached another way. */
  const otherName = () => {
    const url = fixture.emulator.url.replace("127.0.0.1", "localhost");
    expect(url).not.toBe(fixture.emulator.url);
    return url;
  };

  /** The website is on the server under `id` with `domain`, and the state records the same. */
  async function expectKept(stack: TestStack, id: number, domain: string): Promise<void> {
    expect(fixture.emulator.getWebsite(id)?.domain).toBe(domain);
    const recorded = (await stack.exportState()).resources.filter(
      (r) => r.id !== undefined && r.outputs?.domain,
    );
    expect(recorded.map((r) => [r.id, r.outputs?.domain])).toEqual([[String(id), domain]]);
  }

  /** Forces a replacement of the website through the engine, then checks the safety net held. */
  async function expectReplacementKeeps(stack: TestStack, id: number, domain: string): Promise<void> {
    const [website] = (await stack.exportState()).resources.filter((r) => r.outputs?.domain === domain);
    fixture.emulator.resetRequestCounts();
    const replaced = await stack.up({ replace: [website!.urn] });
    expect(replaced.summary?.resourceChanges).toMatchObject({ replace: 1 });
    expect(replaced.output).toContain(`website ${id} (${domain}) was not deleted`);
    expect(deletes(fixture.emulator.requestCounts())).toBe(0);
    await expectKept(stack, id, domain);
  }

  /**
   * A domain change is announced in the preview, then deletes the old website and makes the new
   * one: one `pulumi up` that previews first, whose preview part (before the update starts) says so.
   */
  async function expectDomainChange(stack: TestStack, id: number, before: string, after: string) {
    const up = await stack.up({ previewFirst: true });
    const previewing = up.output.indexOf("Previewing update (");
    const updating = up.output.indexOf("Updating (");
    expect(previewing).toBeGreaterThanOrEqual(0);
    expect(updating).toBeGreaterThan(previewing);
    expect(up.output.slice(previewing, updating)).toContain(
      `The API cannot rename a website: ${after} is created, then website ${id} is deleted with all its statistics.`,
    );
    const changed = plainOutputs(up.outputs);
    expect(fixture.emulator.getWebsite(id)).toBeUndefined();
    const newId = changed.websiteId as number;
    expect(fixture.emulator.getWebsite(newId)?.domain).toBe(after);
    expect(fixture.emulator.listWebsites(fixture.account().id).map((w) => w.domain)).not.toContain(before);
    return newId;
  }

  it("dynamic provider: credentials moved into the program and a new host name keep the website", async () => {
    const domain = uniqueDomain("dynaddr");
    const site = (connection: string) =>
      program(`
  const key = new pulumi.Config().requireSecret("key");
  const site = new webstats.Website("site", { domain: ${JSON.stringify(domain)}${connection} });
  return { websiteId: site.websiteId, installation: site.installation };`);
    const stack = fixture.stack(site(""));
    stack.setConfig("webstats:adoptExisting", { value: "true" });
    stack.setConfig("webstats-e2e:key", { value: fixture.account().apiKey, secret: true });
    const created = plainOutputs((await stack.up()).outputs);
    const id = created.websiteId as number;
    expect(created.installation).toBe(fixture.emulator.url);

    // The reproduction: the same installation and key, now given as the Website's connection.
    fixture.emulator.resetRequestCounts();
    stack.setProgram(site(`, connection: { baseUrl: ${JSON.stringify(fixture.emulator.url)}, apiKey: key }`));
    const moved = await stack.up();
    expect(moved.summary?.resourceChanges).toMatchObject({ update: 1 });
    expect([creates(fixture.emulator.requestCounts()), deletes(fixture.emulator.requestCounts())]).toEqual([
      0, 0,
    ]);
    await expectKept(stack, id, domain);

    // Another name for the same server: looked up there, then recorded.
    stack.setProgram(site(`, connection: { baseUrl: ${JSON.stringify(otherName())}, apiKey: key }`));
    const renamed = plainOutputs((await stack.up()).outputs);
    expect(renamed).toEqual({ websiteId: id, installation: otherName() });
    await expectKept(stack, id, domain);

    await expectReplacementKeeps(stack, id, domain);
    const after = uniqueDomain("dynaddr-new");
    stack.setProgram(
      site("").replace(`domain: ${JSON.stringify(domain)}`, `domain: ${JSON.stringify(after)}`),
    );
    const newId = await expectDomainChange(stack, id, domain, after);
    await stack.destroy();
    expect(fixture.emulator.getWebsite(newId)).toBeUndefined();
  });

  it("provider plugin: a new host name for the stack and an explicit provider keep the website", async () => {
    const domain = uniqueDomain("plugaddr");
    const defaultProvider = (name: string) =>
      yamlWebsite({ domain: name }, { websiteId: "site.websiteId", installation: "site.installation" });
    const stack = fixture.yamlStack(defaultProvider(domain));
    stack.setConfig("webstats:adoptExisting", { value: "true" });
    const created = plainOutputs((await stack.up()).outputs);
    const id = created.websiteId as number;

    // The reproduction: the stack's baseUrl names the same installation another way.
    fixture.emulator.resetRequestCounts();
    stack.setConfig("webstats:baseUrl", { value: otherName() });
    await stack.up();
    expect([creates(fixture.emulator.requestCounts()), deletes(fixture.emulator.requestCounts())]).toEqual([
      0, 0,
    ]);
    await expectKept(stack, id, domain);
    // The next refresh reads it at the new address and records it there: here the refresh that
    // an up runs first (`up --refresh`), in the same engine run as the up whose outputs show it.
    expect(plainOutputs((await stack.up({ refresh: true })).outputs)).toEqual({
      websiteId: id,
      installation: otherName(),
    });

    // The default provider exchanged for an explicit one with the same address and key.
    stack.setConfig("webstats-e2e:key", { value: fixture.account().apiKey, secret: true });
    stack.setYamlProgram(`
config:
  key:
    type: string
    secret: true
resources:
  account:
    type: pulumi:providers:webstats
    properties:
      baseUrl: ${fixture.emulator.url}
      apiKey: \${key}
  site:
    type: webstats:index:Website
    properties:
      domain: ${domain}
    options:
      provider: \${account}
outputs:
  websiteId: \${site.websiteId}
`);
    fixture.emulator.resetRequestCounts();
    const explicit = await stack.up();
    expect(explicit.summary?.resourceChanges?.replace ?? 0).toBe(0);
    expect(deletes(fixture.emulator.requestCounts())).toBe(0);
    await expectKept(stack, id, domain);

    stack.setYamlProgram(defaultProvider(domain));
    await stack.up();
    await expectReplacementKeeps(stack, id, domain);
    const after = uniqueDomain("plugaddr-new");
    stack.setYamlProgram(defaultProvider(after));
    const newId = await expectDomainChange(stack, id, domain, after);
    await stack.destroy();
    expect(fixture.emulator.getWebsite(newId)).toBeUndefined();
  });
});
