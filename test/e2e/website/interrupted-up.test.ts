// An `up` killed with SIGKILL at a random point converges without editing the program:
// `pulumi cancel`, `pulumi refresh --clear-pending-creates`, then one `up` with adoptExisting
// switched on for that run through the environment (docs/website.md: "Recovering from an interrupted
// update"). Afterwards every domain exists once, the state knows each website, and a preview
// without the switch shows no change. A kill that lands while the local backend writes its
// checkpoint metadata leaves that file empty; the documented repair for it runs first (and is a
// no-op otherwise), and the last test shows the symptom and that the repair cures it.
import { expect, it } from "vitest";
import { describeEngine } from "../harness";
import { useEngineFixture } from "../fixture";
import { oneWebsite, program, scenarioHosts, websiteTypeOf } from "../programs";

const count = 40;

describeEngine.each(scenarioHosts)("an interrupted up through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it("converges after SIGKILL at a random point, with no duplicate and no orphan", async () => {
    const prefix = `killed-${Date.now().toString(36)}`;
    const domains = Array.from({ length: count }, (_, i) => `${prefix}-${i}.example.com`);
    const stack = fixture.stack(
      program(`
  const sites = ${JSON.stringify(domains)}.map((domain, i) =>
    new webstats.Website("site-" + i, { domain, email: i % 2 === 0, excludeParams: ["ref"] }));
  return { ids: sites.map((s) => s.websiteId) };`),
    );
    // The interrupted up is paced like a throttled server, so the kill lands while creates are
    // under way; the pace is set through the environment for that run alone, so the recovery
    // runs at full speed and the stack's settings are the same before and after.
    stack.setEnv("WEBSTATS_REQUESTS_PER_MINUTE", "300");
    const ours = () =>
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain.startsWith(prefix));

    const killAfter = 3 + Math.floor(Math.random() * (count - 10));
    let killed = false;
    const interrupted = await stack.up({
      allowFailure: true,
      onStart: (killAll) => {
        const watch = setInterval(() => {
          if (ours().length >= killAfter) {
            killed = true;
            clearInterval(watch);
            killAll();
          }
        }, 20);
        setTimeout(() => clearInterval(watch), 280_000).unref();
      },
    });
    stack.setEnv("WEBSTATS_REQUESTS_PER_MINUTE", undefined);
    expect(killed, `the up finished before ${killAfter} websites existed`).toBe(true);
    expect(interrupted.ok).toBe(false);
    const createdBeforeKill = ours().length;
    expect(createdBeforeKill).toBeGreaterThanOrEqual(killAfter);
    expect(createdBeforeKill).toBeLessThan(count);

    stack.removeTornBackendMetadata();
    await stack.cancel();
    await stack.refresh({ clearPendingCreates: true });
    stack.setEnv("WEBSTATS_ADOPT_EXISTING", "true");
    await stack.up();
    stack.setEnv("WEBSTATS_ADOPT_EXISTING", undefined);

    const websites = ours();
    expect(websites.map((w) => w.domain).sort()).toEqual([...domains].sort());
    const recorded = await stack.resourcesOfType(websiteTypeOf(host));
    expect(recorded.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      websites.map((w) => w.id).sort((a, b) => a - b),
    );
    expect(websites.every((w) => w.exclude_params === "ref")).toBe(true);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
    expect(ours()).toHaveLength(0);
  });
});

describeEngine("a local backend torn by a kill", () => {
  const fixture = useEngineFixture();

  it("fails with the documented symptom, and the documented repair loses nothing", async () => {
    const domain = `torn-${Date.now().toString(36)}.example.com`;
    const stack = fixture.stack(oneWebsite({ domain }));
    await stack.up();
    stack.tearBackendMetadata();
    const refused = await stack.preview({ allowFailure: true });
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain("failed to load checkpoint: EOF");

    expect(stack.removeTornBackendMetadata()).toEqual(["test.json.attrs"]);
    await stack.preview({ expectNoChanges: true });
    expect(await stack.resourcesOfType(websiteTypeOf("dynamic"))).toHaveLength(1);
  });
});
