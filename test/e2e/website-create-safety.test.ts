// Creating websites safely: adoption of existing ones, domains held elsewhere, a failed
// second step, a create whose answer is lost, and arguments rejected at preview.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs, websiteType } from "./programs";

describeEngine("Website creation safety", () => {
  const fixture = useEngineFixture([{}, {}]);

  /** Creates a website outside Pulumi, as someone using the web UI would. */
  const createOutOfBand = async (domain: string, account = fixture.account()) => {
    const stack = fixture.stack(oneWebsite({ domain }), account);
    const { websiteId } = plainOutputs((await stack.up()).outputs) as { websiteId: number };
    return websiteId;
  };

  it("refuses a domain that already exists in the account unless adoptExisting is set", async () => {
    const domain = uniqueDomain("adopt");
    const existingId = await createOutOfBand(domain);

    const refused = fixture.stack(oneWebsite({ domain, email: true }));
    const failed = await refused.up({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain(`website id ${existingId}`);
    expect(failed.output).toContain("adoptExisting");
    expect(fixture.emulator.getWebsite(existingId)?.email).toBe(0);

    const adopting = fixture.stack(oneWebsite({ domain, email: true, favorite: true, adoptExisting: true }));
    const adopted = plainOutputs((await adopting.up()).outputs);
    expect(adopted).toMatchObject({
      websiteId: existingId,
      email: true,
      favorite: true,
      adoptExisting: true,
    });
    expect(fixture.emulator.getWebsite(existingId)).toMatchObject({ email: 1, favorite: true });
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    await adopting.preview({ expectNoChanges: true });
  });

  it("says that domains are unique across the installation when another account holds it", async () => {
    const domain = uniqueDomain("elsewhere");
    await createOutOfBand(domain, fixture.account(1));
    const stack = fixture.stack(oneWebsite({ domain, adoptExisting: true }));
    const failed = await stack.up({ allowFailure: true });
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(/another account/);
    expect(failed.output).toMatch(/unique across the whole installation/);
    expect(fixture.emulator.listWebsites(fixture.account().id).some((w) => w.domain === domain)).toBe(false);
  });

  it("records a website whose favorite update failed, and the next up finishes it", async () => {
    const domain = uniqueDomain("halfmade");
    fixture.emulator.injectFault({
      route: "PATCH /api/v1/websites/:id",
      kind: "status",
      status: 503,
      count: 20,
    });
    const stack = fixture.stack(oneWebsite({ domain, favorite: true }));
    const failed = await stack.up({ allowFailure: true });
    fixture.emulator.clearFaults();
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(/could not be marked as favorite/);

    const [recorded] = await stack.resourcesOfType(websiteType);
    expect(recorded?.id).toBeTruthy();
    expect(recorded?.outputs?.favorite).toBe(false);
    const websiteId = Number(recorded?.id);
    expect(fixture.emulator.getWebsite(websiteId)?.favorite).toBe(false);

    const done = plainOutputs((await stack.up()).outputs);
    expect(done).toMatchObject({ websiteId, favorite: true });
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
    expect(fixture.emulator.getWebsite(websiteId)).toBeUndefined();
  });

  it("never duplicates a website when the answer to its creation is lost", async () => {
    const domain = uniqueDomain("lost");
    // The server creates the website, then the proxy in front of it answers 502.
    fixture.emulator.injectFault({
      route: "POST /api/v1/websites",
      kind: "status",
      status: 502,
      phase: "after",
      count: 1,
    });
    const stack = fixture.stack(oneWebsite({ domain }));
    const up = plainOutputs((await stack.up()).outputs);
    fixture.emulator.clearFaults();
    expect(up.domain).toBe(domain);
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);

    const reset = uniqueDomain("reset");
    fixture.emulator.injectFault({ route: "POST /api/v1/websites", kind: "reset", phase: "after", count: 1 });
    stack.setProgram(oneWebsite({ domain: reset }));
    await stack.up();
    fixture.emulator.clearFaults();
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === reset),
    ).toHaveLength(1);
    expect(fixture.emulator.listWebsites(fixture.account().id).some((w) => w.domain === domain)).toBe(false);
    await stack.destroy();
  });

  it("rejects bad arguments at preview, naming the field, before any API call", async () => {
    fixture.emulator.resetRequestCounts();
    const stack = fixture.stack(
      oneWebsite({ domain: "localhost", privacy: "public", password: "pw", excludeIps: ["300.1.1.1"] }),
    );
    const preview = await stack.preview({ allowFailure: true });
    expect(preview.ok).toBe(false);
    expect(preview.output).toMatch(/domain/);
    expect(preview.output).toMatch(/"localhost" is not a valid domain/);
    expect(preview.output).toMatch(/password is only used when privacy is "password"/);
    expect(preview.output).toMatch(/300\.1\.1\.1/);
    expect(Object.values(fixture.emulator.requestCounts()).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
