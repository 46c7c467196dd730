// Creating websites safely, through both hosts as the engine drives them: a domain the account
// already has is refused unless adoptExisting is set, and then taken over with only what differs;
// a domain another account holds is refused saying that domains are unique across the
// installation; a create whose second step (marking it favorite) fails is reported as created but
// unfinished (the engine's initialization failure, with the website's id and state), and the next
// up finishes it; a create whose answer is lost never makes a second website; bad arguments are
// all refused at preview, before any request. What a host creates, adopts and reports is the
// hosts' and the core's doing, so every case runs here for both hosts; the engine's own recording
// of an unfinished website in its state file is shown by test/e2e/website-create-safety.
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { hosts, plain, secret, stopAll } from "./engine-processes";
import type { Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { uniqueDomain } from "../support/unique-domain";

type Props = Record<string, unknown>;

afterAll(() => stopAll());

/** An emulator of the case's own (faults and request counts are the whole emulator's) with two accounts. */
async function setUp(host: Host) {
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  const accounts = [emulator.createAccount(), emulator.createAccount()];
  const stackOf = (account: EmulatorAccount = accounts[0]!) =>
    new ProviderStack(host, { settings: { baseUrl: emulator.url, apiKey: account.apiKey } });
  /** Creates a website outside Pulumi, as someone using the web UI would. */
  const createOutOfBand = async (domain: string, account: EmulatorAccount = accounts[0]!) =>
    (await new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey }).websites.create({ domain }))
      .id;
  const websitesOf = (domain: string, account: EmulatorAccount = accounts[0]!) =>
    emulator.listWebsites(account.id).filter((w) => w.domain === domain);
  return { emulator, accounts, stackOf, createOutOfBand, websitesOf };
}

/** The recorded outputs of `name` as plain values. */
const outputsOf = (stack: ProviderStack, name = "site") => plain(stack.get(name).outputs) as Props;

describe.each(hosts)("creating websites safely through the %s host", (host) => {
  const emulators: Emulator[] = [];
  afterAll(async () => {
    await Promise.all(emulators.map((e) => e.close()));
  });
  const start = async () => {
    const fixture = await setUp(host);
    emulators.push(fixture.emulator);
    return fixture;
  };

  it.concurrent(
    "refuses a domain that already exists in the account unless adoptExisting is set",
    async () => {
      const { emulator, stackOf, createOutOfBand, websitesOf } = await start();
      const domain = uniqueDomain("adopt");
      const existingId = await createOutOfBand(domain);

      const refused = stackOf();
      const failed = await refused.up({ site: { domain, email: true } }, { allowFailure: true });
      expect(failed.error?.message).toContain(`website id ${existingId}`);
      expect(failed.error?.message).toContain("adoptExisting");
      expect(refused.resources.size).toBe(0);
      expect(emulator.getWebsite(existingId)?.email).toBe(0);

      const adopting = stackOf();
      const program = { site: { domain, email: true, favorite: true, adoptExisting: true } };
      await adopting.up(program);
      expect(adopting.get("site").id).toBe(String(existingId));
      expect(outputsOf(adopting)).toMatchObject({
        websiteId: existingId,
        email: true,
        favorite: true,
        adoptExisting: true,
      });
      expect(emulator.getWebsite(existingId)).toMatchObject({ email: 1, favorite: true });
      expect(websitesOf(domain)).toHaveLength(1);
      expect((await adopting.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
    },
  );

  it.concurrent(
    "says that domains are unique across the installation when another account holds it",
    async () => {
      const { accounts, stackOf, createOutOfBand, websitesOf } = await start();
      const domain = uniqueDomain("elsewhere");
      await createOutOfBand(domain, accounts[1]);
      const stack = stackOf();
      const failed = await stack.up({ site: { domain, adoptExisting: true } }, { allowFailure: true });
      expect(failed.error?.message).toMatch(/another account/);
      expect(failed.error?.message).toMatch(/unique across the whole installation/);
      expect(stack.resources.size).toBe(0);
      expect(websitesOf(domain)).toHaveLength(0);
      expect(websitesOf(domain, accounts[1])).toHaveLength(1);
    },
  );

  it.concurrent(
    "reports a website whose favorite update failed as created but unfinished, and the next up finishes it",
    async () => {
      const { emulator, stackOf, websitesOf } = await start();
      const domain = uniqueDomain("halfmade");
      emulator.injectFault({ route: "PATCH /api/v1/websites/:id", kind: "status", status: 503, count: 20 });
      const stack = stackOf();
      const program = { site: { domain, favorite: true } };
      const failed = await stack.up(program, { allowFailure: true });
      emulator.clearFaults();
      expect(failed.error?.message).toMatch(/could not be marked as favorite/);
      // The host reports the website as created but unfinished: its id, its state, the reasons.
      const init = failed.error?.initFailure;
      const [created] = websitesOf(domain);
      expect(init?.id).toBe(String(created?.id));
      expect(init?.reasons.join("\n")).toMatch(
        /could not be marked as favorite.*run pulumi up again to finish it/,
      );
      expect(plain(init?.properties)).toMatchObject({ websiteId: created?.id, domain, favorite: false });
      expect(created?.favorite).toBe(false);
      // Recorded as the engine records it, the next up updates it.
      expect(stack.get("site").initErrors).toEqual(init?.reasons);

      const done = await stack.up(program);
      expect(done.steps).toEqual([{ name: "site", op: "update" }]);
      expect(outputsOf(stack)).toMatchObject({ websiteId: created?.id, favorite: true });
      expect(stack.get("site").initErrors).toBeUndefined();
      expect(emulator.getWebsite(created!.id)?.favorite).toBe(true);
      expect(websitesOf(domain)).toHaveLength(1);
      expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
      await stack.destroy();
      expect(emulator.getWebsite(created!.id)).toBeUndefined();
    },
  );

  it.concurrent("never duplicates a website when the answer to its creation is lost", async () => {
    const { emulator, stackOf, websitesOf } = await start();
    const domain = uniqueDomain("lost");
    // The server creates the website, then the proxy in front of it answers 502.
    emulator.injectFault({
      route: "POST /api/v1/websites",
      kind: "status",
      status: 502,
      phase: "after",
      count: 1,
    });
    const stack = stackOf();
    await stack.up({ site: { domain } });
    emulator.clearFaults();
    expect(outputsOf(stack).domain).toBe(domain);
    expect(websitesOf(domain)).toHaveLength(1);
    expect(stack.get("site").id).toBe(String(websitesOf(domain)[0]?.id));

    // The connection is reset after the server acted, on the create of a replacement.
    const reset = uniqueDomain("reset");
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "reset", phase: "after", count: 1 });
    const replaced = await stack.up({ site: { domain: reset } });
    emulator.clearFaults();
    expect(replaced.steps).toEqual([{ name: "site", op: "replace" }]);
    expect(websitesOf(reset)).toHaveLength(1);
    expect(stack.get("site").id).toBe(String(websitesOf(reset)[0]?.id));
    expect(websitesOf(domain)).toHaveLength(0);
    await stack.destroy();
    expect(websitesOf(reset)).toHaveLength(0);
  });

  it.concurrent("refuses bad arguments at preview, naming each, before any API call", async () => {
    const { emulator, stackOf } = await start();
    emulator.resetRequestCounts();
    const stack = stackOf();
    const preview = await stack.up(
      { site: { domain: "localhost", privacy: "public", password: secret("pw"), excludeIps: ["300.1.1.1"] } },
      { preview: true, allowFailure: true },
    );
    expect(preview.steps).toEqual([]);
    // Every failure at once, each saying which argument it is about.
    const failures = (preview.error as { failures?: { property: string; reason: string }[] }).failures;
    const reportedOn = (reason: RegExp) => failures?.find((f) => reason.test(f.reason))?.property;
    expect(reportedOn(/"localhost" is not a valid domain/)).toBe("domain");
    // The password is secret: its failure is the resource's, so the engine never prints its value.
    expect(reportedOn(/password is only used when privacy is "password"/)).toBe("");
    expect(reportedOn(/300\.1\.1\.1/)).toBe("excludeIps");
    expect(Object.values(emulator.requestCounts()).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
