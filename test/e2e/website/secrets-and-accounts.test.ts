// What only the engine shows of secrets and credentials. Through each host, once: the state the
// engine writes (after a refresh, and after an update of the password) holds the password and
// a connection's API key encrypted, and neither they nor the stack's API key appear in the state
// file or in anything the engine printed; for the dynamic host, the serialized provider in that
// state is a small require of the package, with no address. The program marks the secret
// arguments (the Website class, or the SDK from the schema) and the engine encrypts them, which a
// provider alone cannot show. Also the dynamic host's functions, which run in the program's own
// process under the stack's configuration or a connection. What the hosts themselves answer, log
// and fail with, credentials from the environment, the failure without any, and two accounts in
// one stack are proven for both hosts below the engine (test/provider/secrets-and-accounts.test.ts).
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { describeEngine, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import { plainOutputs, program, scenarioHosts, websiteTypeOf } from "../programs";
import { sendCountedPageviews, utcDay } from "../../support/pageviews";

describeEngine.each(scenarioHosts)("Website secrets through the %s host", (host) => {
  const fixture = useEngineFixture([{ name: "Primary" }, { name: "Secondary" }], undefined, host);

  it("keeps the password and the API keys out of the state and the engine output", async () => {
    const password = `pw-never-in-clear-${host}-7f3a`;
    const [guarded, other] = [uniqueDomain("secret"), uniqueDomain("secret-connection")];
    const secrets = (pw: string) =>
      program(`
  const guarded = new webstats.Website("guarded", ${JSON.stringify({ domain: guarded, privacy: "password", password: pw })});
  const other = new webstats.Website("other", {
    domain: ${JSON.stringify(other)},
    connection: { baseUrl: ${JSON.stringify(fixture.emulator.url)}, apiKey: pulumi.secret(${JSON.stringify(fixture.account(1).apiKey)}) },
  });
  return { guarded: guarded.websiteId, other: other.websiteId };`);
    const stack = fixture.stack(secrets(password));
    const ids = plainOutputs((await stack.up()).outputs) as { guarded: number; other: number };
    expect(fixture.emulator.getWebsite(ids.other)?.account_id).toBe(fixture.account(1).id);
    // The state written by a refresh, then by an update of the password.
    await stack.refresh();
    const refreshed = await stack.exportState();
    stack.setProgram(secrets(`${password}-2`));
    await stack.up();
    expect(fixture.emulator.getWebsite(ids.guarded)?.password).toBe(`${password}-2`);
    const updated = await stack.exportState();

    for (const text of [refreshed.raw, updated.raw, stack.output]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(fixture.account().apiKey);
      expect(text).not.toContain(fixture.account(1).apiKey);
    }
    const recorded = (state: typeof updated, name: string) =>
      state.resources.find((r) => r.type === websiteTypeOf(host) && r.urn.endsWith(`::${name}`));
    // Encrypted values are recorded with Pulumi's secret signature. A refresh records no secret
    // among the inputs it reads back (the provider leaves them out); the next update does again.
    for (const state of [refreshed, updated]) {
      expect(JSON.stringify(recorded(state, "guarded")?.outputs?.password)).toContain("ciphertext");
      expect(JSON.stringify(recorded(state, "other")?.outputs?.connection)).toContain("ciphertext");
    }
    expect(JSON.stringify(recorded(updated, "guarded")?.inputs?.password)).toContain("ciphertext");
    expect(JSON.stringify(recorded(updated, "other")?.inputs?.connection)).toContain("ciphertext");

    if (host === "dynamic") {
      // The serialized provider is a small require of the package, not captured code.
      const provider = recorded(updated, "guarded")?.outputs?.__provider as string;
      expect(provider.length).toBeLessThan(512);
      expect(provider).toContain("pulumi-webstats/dynamic-provider");
      expect(provider).not.toContain(fixture.emulator.url);
    }
  });
});

describeEngine("functions in the program's process (dynamic host)", () => {
  const fixture = useEngineFixture([{ name: "Primary" }, { name: "Secondary" }]);

  it("returns the account, websites and statistics from the functions in a program's outputs", async () => {
    const domains = [uniqueDomain("fn-a"), uniqueDomain("fn-b"), uniqueDomain("fn-c")];
    // A website with hits of its own before the program runs: two pageviews of /docs, one visit.
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account(1).apiKey });
    const tracked = await client.websites.create({ domain: uniqueDomain("tracked") });
    await sendCountedPageviews(fixture.emulator.url, tracked.domain, [
      ["/docs", "https://news.example/item"],
      ["/docs", `https://${tracked.domain}/`],
    ]);
    const stack = fixture.stack(
      program(`
  const sites = ${JSON.stringify(domains)}.map((domain, i) =>
    new webstats.Website("s" + i, { domain, favorite: i === 0 }));
  const ids = pulumi.all(sites.map((s) => s.websiteId));
  const account = await webstats.getAccount();
  const primary = webstats.getAccountOutput({
    connection: { baseUrl: ${JSON.stringify(fixture.emulator.url)}, apiKey: pulumi.secret(${JSON.stringify(fixture.account().apiKey)}) },
  });
  const favorites = ids.apply(() => webstats.getWebsites({ favorite: true, sortBy: "domain", sort: "asc" }));
  const all = ids.apply(() => webstats.getWebsites({ search: "fn-" }));
  const byDomain = ids.apply(() => webstats.getWebsite({ domain: "https://www." + ${JSON.stringify(domains[1])} }));
  const byId = sites[2].websiteId.apply((id) => webstats.getWebsiteOutput({ id }));
  const traffic = webstats.getWebsiteStatsOutput({
    id: pulumi.output(${tracked.id}),
    from: ${JSON.stringify(utcDay(-1))},
    to: ${JSON.stringify(utcDay(1))},
    top: { name: "page", count: 1 },
  });
  return {
    traffic,
    accountName: account.name,
    primaryName: primary.name,
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
      primaryName: "Primary",
      favoriteDomains: [domains[0]],
      allCount: 3,
      byIdDomain: domains[2],
      traffic: { pageviews: 2, visitors: 1, top: [{ value: "/docs", count: 2 }] },
    });
    expect(out.byDomainId).toBe(out.secondId);
    expect(stack.output).not.toContain(fixture.account().apiKey);
  });
});
