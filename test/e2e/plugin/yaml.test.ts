// Pulumi YAML programs through the provider plugin, installed as users install it
// (`pulumi-webstats plugin install`), with the pinned CLI and YAML language host, against the
// emulator: the lifecycle, each function, stack configuration, two accounts through explicit
// providers, and secrets kept out of the state and the engine's output. Drift through the plugin
// is the lifecycle's (test/e2e/website/lifecycle.test.ts; refresh runs no program, so the language does not
// matter) and the provider tier's (test/provider/drift.test.ts). Imports are in
// test/e2e/plugin/import.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { docProject } from "../../support/docs";
import { describeEngine, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import { plainOutputs, yamlWebsite } from "../programs";
import { sendCountedPageviews, utcDay } from "../../support/pageviews";

const websiteType = "webstats:index:Website";

describeEngine("provider plugin: YAML programs", () => {
  // A test destroys its websites only where a destroy is asserted or where a later test makes the
  // same domain (a domain is unique on an installation: examples/yaml and the YAML page both make
  // blog.example.com); the rest go with the file's emulator.
  const fixture = useEngineFixture([{ name: "Primary" }, { name: "Agency" }, { name: "Examples" }]);

  it("creates, updates, refreshes and destroys a website; secrets stay encrypted and out of the output", async () => {
    const domain = uniqueDomain("yaml");
    const password = "yaml-password-never-in-clear";
    const program = (email: boolean) => `
config:
  statsPassword:
    type: string
    secret: true
resources:
  site:
    type: webstats:index:Website
    properties:
      domain: https://www.${domain}
      privacy: password
      password: \${statsPassword}
      email: ${email}
      excludeIps: [203.0.113.0/24]
      excludeParams: [utm_source]
outputs:
  websiteId: \${site.websiteId}
  domain: \${site.domain}
  hasPassword: \${site.hasPassword}
  email: \${site.email}
`;
    const stack = fixture.yamlStack(program(false));
    stack.setConfig("webstats-e2e:statsPassword", { value: password, secret: true });
    const created = plainOutputs((await stack.up()).outputs);
    expect(created).toMatchObject({ domain, hasPassword: true, email: false });
    const id = created.websiteId as number;
    expect(fixture.emulator.getWebsite(id)).toMatchObject({
      domain,
      exclude_params: "utm_source",
      privacy: 2,
    });

    await stack.preview({ expectNoChanges: true, refresh: true });
    stack.setYamlProgram(program(true));
    const updated = plainOutputs((await stack.up()).outputs);
    expect(updated).toMatchObject({ websiteId: id, email: true });
    expect(fixture.emulator.getWebsite(id)?.email).toBe(1);

    const state = await stack.exportState();
    const [resource] = state.resources.filter((r) => r.type === websiteType);
    expect(JSON.stringify(resource?.inputs?.password)).toContain("ciphertext");
    expect(JSON.stringify(resource?.outputs?.password)).toContain("ciphertext");
    for (const text of [state.raw, stack.output]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(fixture.account().apiKey);
    }
    await stack.destroy();
    expect(fixture.emulator.getWebsite(id)).toBeUndefined();
  });

  it("runs examples/yaml as written: up, then a preview with no change", async () => {
    const project = readFileSync(
      join(__dirname, "..", "..", "..", "examples", "yaml", "Pulumi.yaml"),
      "utf8",
    );
    const body = project.replace(/^name: .*\n/m, "").replace(/^runtime: .*\n/m, "");
    const stack = fixture.yamlStack(body, fixture.account(2));
    stack.setConfig("webstats-e2e:shopStatsPassword", { value: "example-shop-password", secret: true });
    // Previewing first, as `pulumi up` does: its fn::invoke runs on a first preview.
    const created = await stack.up({ previewFirst: true });
    expect(created.output).toContain("Previewing update (");
    const outputs = plainOutputs(created.outputs);
    expect(outputs.plan).toEqual(expect.any(String));
    const stored = fixture.emulator.getWebsite(outputs.shopId as number);
    expect(stored).toMatchObject({ domain: "shop.example.com", privacy: 2, favorite: true });
    await stack.preview({ expectNoChanges: true, refresh: true });
    await stack.destroy();
  });

  it("runs the documented YAML program: the default and an explicit provider's account", async () => {
    // The YAML page's whole project (its Pulumi.yaml), with the fixture's own name and runtime
    // lines and the emulator for the agency's address.
    const program = docProject("docs/languages/yaml.md")
      .find((file) => file.path === "Pulumi.yaml")!
      .text.replace(/^name: .*\n/m, "")
      .replace(/^runtime: .*\n/m, "")
      .replace("https://stats.example.com", fixture.emulator.url);
    const stack = fixture.yamlStack(program, fixture.account(2));
    stack.setConfig("webstats-e2e:agencyApiKey", { value: fixture.account(1).apiKey, secret: true });
    // Previewing first, as `pulumi up` does: its fn::invoke runs on a first preview.
    const created = await stack.up({ previewFirst: true });
    expect(created.output).toContain("Previewing update (");
    const outputs = plainOutputs(created.outputs);
    expect(outputs.plan).toEqual(expect.any(String));
    const domainsOf = (index: number) =>
      fixture.emulator.listWebsites(fixture.account(index).id).map((w) => w.domain);
    expect(domainsOf(2)).toContain("blog.example.com");
    expect(domainsOf(1)).toContain("client.example.com");
  });

  it("looks up a website the program creates on a first preview by its id, not by its domain (the documented note)", async () => {
    const domain = uniqueDomain("yamlfirst");
    const program = (argument: string) =>
      yamlWebsite(
        { domain },
        { websiteId: "site.websiteId", foundId: "found.id" },
        `
variables:
  found:
    fn::invoke:
      function: webstats:index:getWebsite
      arguments:
        ${argument}
`,
      );
    // The domain is known at preview, before the website exists: the first up fails in its
    // preview, having created nothing.
    const stack = fixture.yamlStack(program("domain: ${site.domain}"));
    const refused = await stack.up({ previewFirst: true, allowFailure: true });
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("Previewing update (");
    expect(refused.output).toContain(`No website with the domain "${domain}" in this account.`);
    expect(fixture.emulator.listWebsites(fixture.account().id).map((w) => w.domain)).not.toContain(domain);
    // The id is unknown until the website exists: the preview leaves the result unknown.
    stack.setYamlProgram(program("id: ${site.websiteId}"));
    const outputs = plainOutputs((await stack.up({ previewFirst: true })).outputs);
    expect(outputs.foundId).toBe(outputs.websiteId);
  });

  it("reads the account, websites and statistics through fn::invoke of each function", async () => {
    const domain = uniqueDomain("yamlfn");
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const existing = await client.websites.create({ domain, email: true });
    // Three pageviews of one visit, /pricing twice.
    await sendCountedPageviews(fixture.emulator.url, domain, [
      ["/", "https://news.example/item"],
      ["/pricing", `https://${domain}/`],
      ["/pricing", `https://${domain}/`],
    ]);
    const stack = fixture.yamlStack(`
variables:
  account:
    fn::invoke:
      function: webstats:index:getAccount
      arguments: {}
  listed:
    fn::invoke:
      function: webstats:index:getWebsites
      arguments:
        search: ${domain}
  byDomain:
    fn::invoke:
      function: webstats:index:getWebsite
      arguments:
        domain: https://www.${domain}
  traffic:
    fn::invoke:
      function: webstats:index:getWebsiteStats
      arguments:
        id: \${byDomain.id}
        from: "${utcDay(-1)}"
        to: "${utcDay(1)}"
        top:
          name: page
          count: 1
outputs:
  accountName: \${account.name}
  apiAllowed: \${account.plan.features.api}
  listed: \${listed.websites}
  found: \${byDomain.id}
  foundEmail: \${byDomain.email}
  pageviews: \${traffic.pageviews}
  visitors: \${traffic.visitors}
  topPages: \${traffic.top}
`);
    const { listed, ...outputs } = plainOutputs((await stack.up()).outputs);
    expect(outputs).toEqual({
      accountName: "Primary",
      apiAllowed: true,
      found: existing.id,
      foundEmail: true,
      pageviews: 3,
      visitors: 1,
      topPages: [{ value: "/pricing", count: 2 }],
    });
    expect((listed as { id: number; domain: string }[]).map((w) => [w.id, w.domain])).toEqual([
      [existing.id, domain],
    ]);

    stack.setYamlProgram(`
variables:
  missing:
    fn::invoke:
      function: webstats:index:getWebsite
      arguments:
        domain: absent-${domain}
outputs:
  missing: \${missing.id}
`);
    const failed = await stack.preview({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain(`No website with the domain "absent-${domain}" in this account.`);
  });

  it("refuses bad arguments and bad stack settings at preview, naming them, with no request and no secret shown", async () => {
    const stack = fixture.yamlStack(`
resources:
  site:
    type: webstats:index:Website
    properties:
      domain: shop.example.com
      privacy: public
      password: shown-nowhere-pw
`);
    fixture.emulator.resetRequestCounts();
    const refused = await stack.preview({ allowFailure: true });
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('password is only used when privacy is "password"');
    expect(refused.output).not.toContain("shown-nowhere-pw");

    stack.setYamlProgram(`
resources:
  site:
    type: webstats:index:Website
    properties:
      domain: shop.example.com
`);
    stack.setConfig("webstats:requestsPerMinute", { value: "fast" });
    const badSetting = await stack.preview({ allowFailure: true });
    expect(badSetting.ok).toBe(false);
    expect(badSetting.output).toContain(
      'webstats:requestsPerMinute must be a non-negative number of requests per minute, not "fast".',
    );
    expect(fixture.emulator.requestCounts()).toEqual({});
  });

  it("manages two accounts in one program through an explicit provider", async () => {
    const own = uniqueDomain("own");
    const agency = uniqueDomain("agency");
    const stack = fixture.yamlStack(`
config:
  agencyKey:
    type: string
    secret: true
resources:
  agencyAccount:
    type: pulumi:providers:webstats
    properties:
      baseUrl: ${fixture.emulator.url}
      apiKey: \${agencyKey}
  own:
    type: webstats:index:Website
    properties:
      domain: ${own}
  client:
    type: webstats:index:Website
    properties:
      domain: ${agency}
    options:
      provider: \${agencyAccount}
variables:
  agencyName:
    fn::invoke:
      function: webstats:index:getAccount
      arguments: {}
      options:
        provider: \${agencyAccount}
outputs:
  agencyName: \${agencyName.name}
`);
    stack.setConfig("webstats-e2e:agencyKey", { value: fixture.account(1).apiKey, secret: true });
    const outputs = plainOutputs((await stack.up()).outputs);
    expect(outputs.agencyName).toBe("Agency");
    const domainsOf = (index: number) =>
      fixture.emulator.listWebsites(fixture.account(index).id).map((w) => w.domain);
    expect(domainsOf(0)).toContain(own);
    expect(domainsOf(1)).toContain(agency);
    expect(domainsOf(1)).not.toContain(own);
    const state = await stack.exportState();
    expect(state.raw).not.toContain(fixture.account(1).apiKey);
    expect(stack.output).not.toContain(fixture.account(1).apiKey);
    await stack.preview({ expectNoChanges: true, refresh: true });
  });
});
