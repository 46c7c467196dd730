// Changes made outside Pulumi: refresh reports them, up undoes them, and a website
// deleted out of band is dropped by refresh and recreated by up.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs, program, scenarioHosts, websiteTypeOf } from "./programs";

describeEngine.each(scenarioHosts)("Website drift through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);
  it("reports drift on refresh and restores the declared values on up", async () => {
    const domain = uniqueDomain("drift");
    const declared = { domain, email: true, excludeIps: ["10.1.1.1"], excludeParams: ["ref"] };
    const stack = fixture.stack(oneWebsite(declared));
    const { websiteId } = plainOutputs((await stack.up()).outputs) as { websiteId: number };

    fixture.emulator.updateWebsite(websiteId, {
      email: 0,
      privacy: 1,
      exclude_ips: "10.9.9.9",
      favorite: true,
    });

    // preview --refresh sees the drift; a plain preview against the old state does not.
    await stack.preview({ expectNoChanges: true });
    const refreshedPreview = await stack.preview({ refresh: true });
    expect(refreshedPreview.changeSummary).toMatchObject({ update: 1 });

    const refresh = await stack.refresh();
    expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
    const [resource] = await stack.resourcesOfType(websiteTypeOf(host));
    expect(resource?.outputs).toMatchObject({ email: false, privacy: "private", excludeIps: ["10.9.9.9"] });
    expect(resource?.inputs).toMatchObject({ email: false, privacy: "private", favorite: true });
    // The write-only list survives a refresh: the API never returns it.
    expect(resource?.outputs?.excludeParams).toEqual(["ref"]);

    const up = plainOutputs((await stack.up()).outputs);
    expect(up).toMatchObject({
      websiteId,
      email: true,
      privacy: "public",
      excludeIps: ["10.1.1.1"],
      favorite: false,
    });
    expect(fixture.emulator.getWebsite(websiteId)).toMatchObject({
      email: 1,
      privacy: 0,
      exclude_ips: "10.1.1.1",
    });
    await stack.preview({ expectNoChanges: true, refresh: true });
    await stack.destroy();
  });

  it("drops a website deleted out of band on refresh, and up creates it again", async () => {
    const domain = uniqueDomain("gone");
    const stack = fixture.stack(oneWebsite({ domain }));
    const { websiteId } = plainOutputs((await stack.up()).outputs) as { websiteId: number };

    expect(fixture.emulator.deleteWebsite(websiteId)).toBe(true);
    const refresh = await stack.refresh();
    expect(refresh.summary?.resourceChanges).toMatchObject({ delete: 1 });
    expect(await stack.resourcesOfType(websiteTypeOf(host))).toEqual([]);

    const up = plainOutputs((await stack.up()).outputs);
    expect(up.domain).toBe(domain);
    expect(up.websiteId).not.toBe(websiteId);
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    await stack.destroy();
  });

  it("explains an update of a website deleted out of band, instead of a bare server error", async () => {
    const domain = uniqueDomain("stale");
    const stack = fixture.stack(oneWebsite({ domain }));
    const { websiteId } = plainOutputs((await stack.up()).outputs) as { websiteId: number };
    fixture.emulator.deleteWebsite(websiteId);

    stack.setProgram(oneWebsite({ domain, email: true }));
    const failed = await stack.up({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(/deleted outside Pulumi/);
    expect(failed.output).toMatch(/pulumi refresh/);

    await stack.refresh();
    const up = plainOutputs((await stack.up()).outputs);
    expect(up).toMatchObject({ domain, email: true });
    await stack.destroy();
  });

  it("counts a website already deleted out of band as destroyed", async () => {
    const stack = fixture.stack(oneWebsite({ domain: uniqueDomain("destroyed") }));
    const { websiteId } = plainOutputs((await stack.up()).outputs) as { websiteId: number };
    fixture.emulator.deleteWebsite(websiteId);
    const destroy = await stack.destroy();
    expect(destroy.summary?.result).toBe("succeeded");
    expect(await stack.resourcesOfType(websiteTypeOf(host))).toEqual([]);
  });

  it("refreshes many websites with one listing instead of a request per website", async () => {
    const prefix = uniqueDomain("many").split(".")[0];
    const stack = fixture.stack(
      program(`
  const sites = Array.from({ length: 30 }, (_, i) =>
    new webstats.Website("site-" + i, { domain: "${prefix}-" + i + ".example.com" }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    const { ids } = plainOutputs((await stack.up()).outputs) as { ids: number[] };
    expect(ids).toHaveLength(30);
    fixture.emulator.updateWebsite(ids[3]!, { email: 1 });
    fixture.emulator.deleteWebsite(ids[7]!);

    fixture.emulator.resetRequestCounts();
    const refresh = await stack.refresh();
    expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1, delete: 1 });
    const counts = fixture.emulator.requestCounts();
    expect(counts["GET /api/v1/websites"]).toBe(1);
    // Only the website missing from the listing is confirmed one by one.
    expect(counts["GET /api/v1/websites/:id"]).toBe(1);

    await stack.up();
    await stack.preview({ expectNoChanges: true, refresh: true });
    await stack.destroy();
  });
});
