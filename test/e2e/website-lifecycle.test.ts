// The Website resource through the real engine: create, no-change preview, update in
// place, replace, refresh, destroy.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs, program, scenarioHosts, websiteTypeOf } from "./programs";

describeEngine.each(scenarioHosts)("Website lifecycle through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);
  it("creates with every argument, previews no change, refreshes and destroys", async () => {
    const domain = uniqueDomain("full");
    const args = {
      domain: `https://www.${domain.toUpperCase()}`,
      privacy: "password",
      password: "correct horse battery",
      email: true,
      excludeBots: false,
      favorite: true,
      excludeParams: ["utm_source", " ref ", "&"],
      excludeIps: ["10.0.0.0/8", "2001:db8::1", "192.0.2.7"],
    };
    const stack = fixture.stack(oneWebsite(args));

    const up = await stack.up();
    const out = plainOutputs(up.outputs);
    expect(out).toMatchObject({
      domain,
      privacy: "password",
      email: true,
      excludeBots: false,
      favorite: true,
      hasPassword: true,
      excludeParams: ["utm_source", "ref", "&"],
      excludeIps: ["10.0.0.0/8", "2001:db8::1", "192.0.2.7"],
      adoptExisting: false,
    });
    expect(typeof out.websiteId).toBe("number");
    expect(out.favoritedAt).toEqual(expect.any(String));
    expect(up.outputs?.password?.secret).toBe(true);

    const stored = fixture.emulator.getWebsite(out.websiteId as number);
    expect(stored).toMatchObject({ domain, privacy: 2, email: 1, exclude_bots: 0, favorite: true });
    expect(stored?.exclude_params).toBe("utm_source\nref\n&");

    const [resource] = await stack.resourcesOfType(websiteTypeOf(host));
    expect(resource?.id).toBe(String(out.websiteId));

    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
    await stack.preview({ expectNoChanges: true });

    await stack.destroy();
    expect(fixture.emulator.getWebsite(out.websiteId as number)).toBeUndefined();
  });

  it("updates each argument in place without replacing the website", async () => {
    const domain = uniqueDomain("inplace");
    const stack = fixture.stack(oneWebsite({ domain }));
    const first = plainOutputs((await stack.up()).outputs);
    expect(first).toMatchObject({ privacy: "public", email: false, excludeBots: true, favorite: false });

    fixture.emulator.resetRequestCounts();
    stack.setProgram(
      oneWebsite({
        domain,
        privacy: "private",
        email: true,
        excludeBots: false,
        favorite: true,
        excludeParams: ["fbclid"],
        excludeIps: ["203.0.113.0/24"],
      }),
    );
    const second = plainOutputs((await stack.up()).outputs);
    expect(second.websiteId).toBe(first.websiteId);
    expect(second).toMatchObject({
      privacy: "private",
      email: true,
      excludeBots: false,
      favorite: true,
      excludeParams: ["fbclid"],
      excludeIps: ["203.0.113.0/24"],
    });
    const counts = fixture.emulator.requestCounts();
    expect(counts["POST /api/v1/websites"] ?? 0).toBe(0);
    expect(counts["DELETE /api/v1/websites/:id"] ?? 0).toBe(0);
    expect(fixture.emulator.getWebsite(first.websiteId as number)?.exclude_params).toBe("fbclid");

    // Password protection on, then a new password, then off again: all in place.
    stack.setProgram(oneWebsite({ domain, privacy: "password", password: "first-pass" }));
    const locked = plainOutputs((await stack.up()).outputs);
    expect(locked).toMatchObject({ websiteId: first.websiteId, privacy: "password", hasPassword: true });
    stack.setProgram(oneWebsite({ domain, privacy: "password", password: "second-pass" }));
    await stack.up();
    expect(fixture.emulator.getWebsite(first.websiteId as number)?.password).toBe("second-pass");
    stack.setProgram(oneWebsite({ domain }));
    const reset = plainOutputs((await stack.up()).outputs);
    expect(reset).toMatchObject({
      websiteId: first.websiteId,
      privacy: "public",
      favorite: false,
      excludeIps: [],
    });
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  });

  it("replaces on a new domain and ignores another spelling of the same one", async () => {
    const domain = uniqueDomain("replace");
    const stack = fixture.stack(oneWebsite({ domain }));
    const first = plainOutputs((await stack.up()).outputs);

    stack.setProgram(oneWebsite({ domain: `HTTPS://WWW.${domain.toUpperCase()}` }));
    await stack.preview({ expectNoChanges: true });

    const renamed = uniqueDomain("renamed");
    stack.setProgram(oneWebsite({ domain: renamed }));
    const preview = await stack.preview();
    expect(preview.changeSummary).toMatchObject({ replace: 1 });
    const second = plainOutputs((await stack.up()).outputs);
    expect(second.domain).toBe(renamed);
    expect(second.websiteId).not.toBe(first.websiteId);
    expect(fixture.emulator.getWebsite(first.websiteId as number)).toBeUndefined();
    expect(fixture.emulator.getWebsite(second.websiteId as number)?.domain).toBe(renamed);
    await stack.destroy();
  });

  it("keeps the order of list entries out of the diff", async () => {
    const domain = uniqueDomain("order");
    const stack = fixture.stack(
      oneWebsite({ domain, excludeIps: ["1.1.1.1", "2.2.2.2"], excludeParams: ["a", "b"] }),
    );
    await stack.up();
    stack.setProgram(
      // Order and spacing are no change (an empty entry would be refused: see the bad-input table).
      oneWebsite({ domain, excludeIps: ["2.2.2.2", " 1.1.1.1 "], excludeParams: ["b", " a"] }),
    );
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  });

  it("previews websites whose arguments are not known yet", async () => {
    const domain = uniqueDomain("parent");
    const stack = fixture.stack(
      program(`
  const parent = new webstats.Website("parent", { domain: ${JSON.stringify(domain)} });
  const child = new webstats.Website("child", {
    domain: parent.domain.apply((d) => "shop." + d),
    excludeIps: [parent.websiteId.apply(() => "10.0.0.1")],
    favorite: parent.favorite,
  });
  return { child: child.domain };`),
    );
    const preview = await stack.preview();
    expect(preview.changeSummary).toMatchObject({ create: 3 });
    const up = plainOutputs((await stack.up()).outputs);
    expect(up.child).toBe(`shop.${domain}`);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  });
});
