// Secrets stay secret, the serialized provider stays a small `require`, credentials come
// from config, environment or a per-resource connection, and the functions work in a program.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs, program, websiteType } from "./programs";

describeEngine("Website secrets, credentials and functions", () => {
  const fixture = useEngineFixture([{ name: "Primary" }, { name: "Secondary" }]);

  it("keeps the password and the API key out of the state and the engine output", async () => {
    const password = "pw-never-in-clear-7f3a";
    const domain = uniqueDomain("secret");
    const stack = fixture.stack(oneWebsite({ domain, privacy: "password", password }));
    await stack.up();
    await stack.refresh();
    stack.setProgram(oneWebsite({ domain, privacy: "password", password: `${password}-2` }));
    await stack.up();
    await stack.preview({ expectNoChanges: true, refresh: true });

    const state = await stack.exportState();
    for (const text of [state.raw, stack.output]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(fixture.account().apiKey);
    }
    const [resource] = state.resources.filter((r) => r.type === websiteType);
    // Encrypted values are recorded with Pulumi's secret signature.
    expect(JSON.stringify(resource?.outputs?.password)).toContain("ciphertext");
    expect(JSON.stringify(resource?.inputs?.password)).toContain("ciphertext");

    // The serialized provider is a small require of the package, not captured code.
    const provider = resource?.outputs?.__provider as string;
    expect(provider.length).toBeLessThan(512);
    expect(provider).toContain("pulumi-webstats/dynamic-provider");
    expect(provider).not.toContain(fixture.emulator.url);
    await stack.destroy();
  });

  it("reads credentials from the environment when the stack has no configuration", async () => {
    const domain = uniqueDomain("env");
    const stack = fixture.stack(oneWebsite({ domain }), undefined, {
      config: {},
      env: { WEBSTATS_BASE_URL: fixture.emulator.url, WEBSTATS_API_KEY: fixture.account().apiKey },
    });
    const out = plainOutputs((await stack.up()).outputs);
    expect(fixture.emulator.getWebsite(out.websiteId as number)?.domain).toBe(domain);
    await stack.destroy();
  });

  it("fails with a message naming every way to give credentials when none is set", async () => {
    const stack = fixture.stack(oneWebsite({ domain: uniqueDomain("nocreds") }), undefined, { config: {} });
    const failed = await stack.up({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(/WEBSTATS_API_KEY|WEBSTATS_BASE_URL/);
    expect(failed.output).toMatch(/webstats:(apiKey|baseUrl)/);
  });

  it("manages websites of two accounts in one program through connection", async () => {
    const first = uniqueDomain("first");
    const other = uniqueDomain("second");
    const stack = fixture.stack(
      program(`
  const secondAccount = { baseUrl: ${JSON.stringify(fixture.emulator.url)}, apiKey: pulumi.secret(${JSON.stringify(fixture.account(1).apiKey)}) };
  const a = new webstats.Website("a", { domain: ${JSON.stringify(first)} });
  const b = new webstats.Website("b", { domain: ${JSON.stringify(other)}, connection: secondAccount });
  const secondAccountInfo = webstats.getAccountOutput({ connection: secondAccount });
  return { a: a.websiteId, b: b.websiteId, secondName: secondAccountInfo.name };`),
    );
    const out = plainOutputs((await stack.up()).outputs);
    expect(fixture.emulator.getWebsite(out.a as number)?.account_id).toBe(fixture.account().id);
    expect(fixture.emulator.getWebsite(out.b as number)?.account_id).toBe(fixture.account(1).id);
    expect(out.secondName).toBe("Secondary");
    await stack.preview({ expectNoChanges: true, refresh: true });
    const state = await stack.exportState();
    expect(state.raw).not.toContain(fixture.account(1).apiKey);
    expect(stack.output).not.toContain(fixture.account(1).apiKey);
    await stack.destroy();
    expect(fixture.emulator.getWebsite(out.b as number)).toBeUndefined();
  });

  it("returns the account and websites from the functions in a program's outputs", async () => {
    const domains = [uniqueDomain("fn-a"), uniqueDomain("fn-b"), uniqueDomain("fn-c")];
    const stack = fixture.stack(
      program(`
  const sites = ${JSON.stringify(domains)}.map((domain, i) =>
    new webstats.Website("s" + i, { domain, favorite: i === 0 }));
  const ids = pulumi.all(sites.map((s) => s.websiteId));
  const account = await webstats.getAccount();
  const favorites = ids.apply(() => webstats.getWebsites({ favorite: true, sortBy: "domain", sort: "asc" }));
  const all = ids.apply(() => webstats.getWebsites({ search: "fn-" }));
  const byDomain = ids.apply(() => webstats.getWebsite({ domain: "https://www." + ${JSON.stringify(domains[1])} }));
  const byId = sites[2].websiteId.apply((id) => webstats.getWebsiteOutput({ id }));
  return {
    accountName: account.name,
    favoriteDomains: favorites.websites.apply((ws) => ws.map((w) => w.domain)),
    allCount: all.websites.apply((ws) => ws.length),
    byDomainId: byDomain.id,
    byIdDomain: byId.domain,
    secondId: sites[1].websiteId,
  };`),
      fixture.account(1),
    );
    const out = plainOutputs((await stack.up()).outputs);
    expect(out).toMatchObject({
      accountName: "Secondary",
      favoriteDomains: [domains[0]],
      allCount: 3,
      byIdDomain: domains[2],
    });
    expect(out.byDomainId).toBe(out.secondId);
    await stack.destroy();
  });
});
