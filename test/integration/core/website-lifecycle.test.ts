// The Website's lifecycle in core (core/website-lifecycle.ts) called as a host calls it, over real
// HTTP to the emulator: what each call sends, what it records, and what the custody declines and
// says. The hosts' translation of the engine's calls is proven in the provider tier; here are the
// core's own decisions, one by one: a delete declined for a website this operation holds, a
// website looked up at a new address before it is acted on, a replacement said in words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { ClientRegistry } from "../../../core/clients";
import { resolveSettings } from "../../../core/settings";
import { Custody } from "../../../core/website-custody";
import { check, create, diff, read, remove, settingsOf, update } from "../../../core/website-lifecycle";
import type { WebsiteContext } from "../../../core/website-lifecycle";
import { unknownValue } from "../../../core/unknown-values";
import { PartialCreateError } from "../../../core/website-create";

let home: Emulator;
let other: Emulator;
let account: EmulatorAccount;
let otherAccount: EmulatorAccount;

beforeAll(async () => {
  [home, other] = await Promise.all([
    startEmulator({ requestsPerMinute: 0 }),
    startEmulator({ requestsPerMinute: 0 }),
  ]);
  account = home.createAccount();
  otherAccount = other.createAccount();
});
afterAll(() => Promise.all([home.close(), other.close()]));

let sequence = 0;
const uniqueDomain = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}.example.com`;
const deletes = (emulator: Emulator) => emulator.requestCounts()["DELETE /api/v1/websites/:id"] ?? 0;

/** A context whose settings reach `emulator` with `apiKey`, its custody's messages kept in `said`. */
function contextFor(emulator: Emulator, apiKey: string) {
  const said: string[] = [];
  const settings = resolveSettings(() => undefined, {
    WEBSTATS_BASE_URL: emulator.url,
    WEBSTATS_API_KEY: apiKey,
  });
  const ctx: WebsiteContext = {
    settings,
    clients: new ClientRegistry(),
    custody: new Custody((message) => said.push(message)),
  };
  return { ctx, said };
}

/** Checks and creates a website, as a host does for a new Website. */
async function created(ctx: WebsiteContext, args: Record<string, unknown>) {
  const { inputs, failures } = await check(ctx, {}, args);
  expect(failures).toEqual([]);
  const result = await create(ctx, inputs);
  return { inputs, ...result };
}

describe("settingsOf", () => {
  it("throws the error of settings that could not be read", () => {
    const error = new Error("webstats:baseUrl is not a URL");
    expect(() => settingsOf({ settings: error, clients: new ClientRegistry() })).toThrow(error);
  });
});

describe("create and read", () => {
  it("creates the website, records its installation and tracking code, and holds it", async () => {
    const { ctx, said } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("create");
    const { id, outputs } = await created(ctx, { domain, favorite: true });
    expect(id).toBe(String(outputs.websiteId));
    expect(home.getWebsite(Number(id))).toMatchObject({ domain, favorite: true });
    expect(outputs.installation).toBe(home.url);
    expect(outputs.trackingCode).toContain(home.url.replace(/\/$/, ""));
    // Held: the engine deleting it later in this operation (a replacement's original) is declined.
    await remove(ctx, id, outputs);
    expect(home.getWebsite(Number(id))).toBeDefined();
    expect(said).toEqual([
      `website ${id} (${domain}) was not deleted: another Website of this operation now holds it. ` +
        `It stays on the server with its statistics.`,
    ]);
  });

  it("reads the website with the arguments that would produce it, and nothing once it is gone", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("read");
    const { id, outputs } = await created(ctx, { domain, email: true });
    const state = outputs as unknown as Record<string, unknown>;
    const fresh = contextFor(home, account.apiKey).ctx;
    const found = await read(fresh, id, state);
    expect(found?.id).toBe(id);
    expect(found?.outputs).toMatchObject({ domain, email: true, installation: home.url });
    expect(found?.outputs.trackingCode).toBe(outputs.trackingCode);
    expect(found?.inputs).toMatchObject({ domain, email: true });
    // An import has no state: the settings' connection is used.
    expect((await read(fresh, id))?.outputs).toMatchObject({ domain, websiteId: Number(id) });
    home.deleteWebsite(Number(id));
    expect(await read(contextFor(home, account.apiKey).ctx, id, state)).toBeUndefined();
  });

  it.each(["abc", "0", "-4", "1.5", ""])("refuses to read %j, which is no website id", async (id) => {
    const { ctx } = contextFor(home, account.apiKey);
    await expect(read(ctx, id, {})).rejects.toThrow(
      `"${id}" is not a website id: ids are whole numbers such as 42.`,
    );
  });

  it("tells the account's reader of a create, so a listing taken before it does not hide the website", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const client = ctx.clients.clientFor(undefined, settingsOf(ctx));
    const domain = uniqueDomain("listed");
    // The listing is taken before the create.
    expect(await ctx.clients.readerFor(client).findByDomain(domain)).toBeUndefined();
    const { id } = await created(ctx, { domain });
    expect((await ctx.clients.readerFor(client).findByDomain(domain))?.id).toBe(Number(id));
    expect((await ctx.clients.readerFor(client).read(Number(id)))?.domain).toBe(domain);
  });
});

describe("what the account's reader is told", () => {
  it("a read of a website just created, finished or not, asks the server for it alone", async () => {
    const done = contextFor(home, account.apiKey).ctx;
    const { id } = await created(done, { domain: uniqueDomain("read-after-create") });
    const unfinished = contextFor(home, account.apiKey).ctx;
    const { inputs } = await check(
      unfinished,
      {},
      { domain: uniqueDomain("read-after-partial"), favorite: true },
    );
    home.injectFault({ route: "PATCH /api/v1/websites/:id", kind: "login-redirect", count: 1 });
    const failure = await create(unfinished, inputs).then(
      () => undefined,
      (error: unknown) => error,
    );
    home.clearFaults();
    expect(failure).toBeInstanceOf(PartialCreateError);
    const partialId = Number((failure as PartialCreateError).id);
    expect(home.getWebsite(partialId)).toMatchObject({ domain: inputs.domain, favorite: false });
    for (const [ctx, websiteId] of [
      [done, Number(id)],
      [unfinished, partialId],
    ] as const) {
      home.resetRequestCounts();
      const reader = ctx.clients.readerFor(ctx.clients.clientFor(undefined, settingsOf(ctx)));
      expect((await reader.read(websiteId))?.id).toBe(websiteId);
      // No listing of the account is walked to find it.
      expect(home.requestCounts()).toEqual({ "GET /api/v1/websites/:id": 1 });
    }
  });

  it("a listing taken before a delete no longer finds the website", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("listed-delete");
    const { id, outputs } = await created(ctx, { domain });
    const deleting = contextFor(home, account.apiKey).ctx;
    const reader = deleting.clients.readerFor(deleting.clients.clientFor(undefined, settingsOf(deleting)));
    expect((await reader.findByDomain(domain))?.id).toBe(Number(id));
    home.resetRequestCounts();
    await remove(deleting, id, outputs);
    // Deleted where it was recorded: no lookup first.
    expect(home.requestCounts()).toEqual({ "DELETE /api/v1/websites/:id": 1 });
    expect(await reader.findByDomain(domain)).toBeUndefined();
  });

  it("an adoption looks its domain up in the shared listing and posts nothing", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("adopt");
    const { id } = await created(ctx, { domain });
    const adopting = contextFor(home, account.apiKey).ctx;
    home.resetRequestCounts();
    const adopted = await created(adopting, { domain, adoptExisting: true });
    expect(adopted.id).toBe(id);
    expect(home.requestCounts()["POST /api/v1/websites"] ?? 0).toBe(0);
  });

  it("an import of an id the installation lacks is nothing, without a word", async () => {
    const reading = contextFor(home, account.apiKey);
    expect(await read(reading.ctx, "987660")).toBeUndefined();
    expect(reading.said).toEqual([]);
  });
});

describe("a website recorded at another address", () => {
  /**
   * A website created at home as `args` say, and its state as if recorded under `id`: the id of a
   * website the other installation holds under another domain, unless an id is given.
   */
  async function recordedUnder(args: { domain: string; email?: boolean }, id?: number) {
    const made = await created(contextFor(home, account.apiKey).ctx, args);
    const websiteId =
      id ??
      Number(
        (await created(contextFor(other, otherAccount.apiKey).ctx, { domain: uniqueDomain("filler") })).id,
      );
    const state = { ...(made.outputs as unknown as Record<string, unknown>), websiteId };
    return { ...made, state, taken: String(websiteId) };
  }

  it("is dropped from a read, and said, when the new address holds another domain under its id", async () => {
    const domain = uniqueDomain("moved-read");
    // The other installation has a website under the same id with another domain.
    const { state, taken } = await recordedUnder({ domain });
    const reading = contextFor(other, otherAccount.apiKey);
    expect(await read(reading.ctx, taken, state)).toBeUndefined();
    expect(reading.said).toHaveLength(1);
    expect(reading.said[0]).toMatch(
      new RegExp(
        `^website ${taken} \\(${domain}\\) was recorded at ${home.url}, but ${other.url} is another installation: website ${taken} there is filler-`,
      ),
    );
    expect(reading.said[0]).toMatch(
      /Nothing was changed or deleted on either\. It is dropped from the state\.$/,
    );
  });

  it("is dropped from a read, and said, when the new address has no website under its id", async () => {
    const domain = uniqueDomain("moved-gone");
    const { state } = await recordedUnder({ domain }, 987_654);
    const reading = contextFor(other, otherAccount.apiKey);
    expect(await read(reading.ctx, "987654", state)).toBeUndefined();
    expect(reading.said).toEqual([
      `website 987654 (${domain}) was recorded at ${home.url}, but ${other.url} is another installation: ` +
        `it has no website 987654. Nothing was changed or deleted on either. It is dropped from the state.`,
    ]);
  });

  it("is reported gone without a word when no address was recorded and none holds it (deleted outside Pulumi)", async () => {
    const reading = contextFor(home, account.apiKey);
    const state = { domain: uniqueDomain("unrecorded"), websiteId: 987_655 };
    expect(await read(reading.ctx, "987655", state)).toBeUndefined();
    expect(reading.said).toEqual([]);
  });

  it("refuses an update, changing nothing, when the new address holds another website under its id", async () => {
    const domain = uniqueDomain("moved-update");
    const { inputs, outputs, state } = await recordedUnder({ domain, email: false }, 987_656);
    const updating = contextFor(other, otherAccount.apiKey);
    other.resetRequestCounts();
    await expect(update(updating.ctx, "987656", state, { ...inputs, email: true })).rejects.toThrow(
      `website 987656 (${domain}) was recorded at ${home.url}, but ${other.url} is another installation: ` +
        `it has no website 987656. Nothing was changed or deleted on either. Point the address back at ` +
        `the installation that holds the website, or run pulumi refresh to forget it (nothing is ` +
        `deleted) and pulumi up to create it at the new address.`,
    );
    expect(other.requestCounts()["PATCH /api/v1/websites/:id"] ?? 0).toBe(0);
    expect(home.getWebsite(outputs.websiteId)).toMatchObject({ email: 0 });
  });

  it("declines a delete, and says so, when the new address holds another website under its id", async () => {
    const domain = uniqueDomain("moved-delete");
    const { state, taken } = await recordedUnder({ domain });
    const deleting = contextFor(other, otherAccount.apiKey);
    other.resetRequestCounts();
    await remove(deleting.ctx, taken, state);
    expect(deletes(other)).toBe(0);
    expect(other.getWebsite(Number(taken))).toBeDefined();
    expect(deleting.said).toHaveLength(1);
    expect(deleting.said[0]).toContain(`website ${taken} (${domain}) was recorded at ${home.url}`);
    expect(deleting.said[0]).toMatch(/It is dropped from the state\.$/);
  });

  it("declines a delete, and says so, when the new address has no website under its id", async () => {
    const domain = uniqueDomain("moved-delete-gone");
    const { state } = await recordedUnder({ domain }, 987_658);
    const deleting = contextFor(other, otherAccount.apiKey);
    other.resetRequestCounts();
    await remove(deleting.ctx, "987658", state);
    expect(deletes(other)).toBe(0);
    expect(deleting.said).toEqual([
      `website 987658 (${domain}) was recorded at ${home.url}, but ${other.url} is another installation: ` +
        `it has no website 987658. Nothing was changed or deleted on either. It is dropped from the state.`,
    ]);
  });

  it("drops without a word a delete of a website no address was recorded for and the current one lacks", async () => {
    const deleting = contextFor(home, account.apiKey);
    home.resetRequestCounts();
    await remove(deleting.ctx, "987657", { domain: uniqueDomain("unrecorded"), websiteId: 987_657 });
    expect(deletes(home)).toBe(0);
    expect(deleting.said).toEqual([]);
  });

  it("acts on a website the new address still holds under its id and domain", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("same-website");
    const { id, inputs, outputs } = await created(ctx, { domain, email: false });
    // The same installation under a state that recorded no address (an earlier version).
    const { installation: _installation, ...unrecorded } = outputs as unknown as Record<string, unknown>;
    const updating = contextFor(home, account.apiKey);
    const updated = await update(updating.ctx, id, unrecorded, { ...inputs, email: true });
    expect(updated).toMatchObject({ domain, email: true, installation: home.url });
    expect(home.getWebsite(Number(id))).toMatchObject({ email: 1 });
    expect(updating.said).toEqual([]);
    const deleting = contextFor(home, account.apiKey);
    await remove(deleting.ctx, id, unrecorded);
    expect(home.getWebsite(Number(id))).toBeUndefined();
    expect(deleting.said).toEqual([]);
  });
});

describe("update and delete", () => {
  it("sends only what differs, reads the website when nothing does, and holds it", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("update");
    const { id, inputs, outputs } = await created(ctx, { domain, email: false });
    const state = outputs as unknown as Record<string, unknown>;
    const updating = contextFor(home, account.apiKey);
    home.resetRequestCounts();
    const same = await update(updating.ctx, id, state, inputs);
    expect(home.requestCounts()["PATCH /api/v1/websites/:id"] ?? 0).toBe(0);
    expect(home.requestCounts()["GET /api/v1/websites/:id"]).toBe(1);
    expect(same).toMatchObject({ domain, email: false, websiteId: Number(id), installation: home.url });
    const changed = await update(updating.ctx, id, state, { ...inputs, email: true });
    expect(home.requestCounts()["PATCH /api/v1/websites/:id"]).toBe(1);
    expect(changed).toMatchObject({ domain, email: true, trackingCode: outputs.trackingCode });
    // Held after the update: a delete in the same operation is declined.
    await remove(updating.ctx, id, state);
    expect(home.getWebsite(Number(id))).toBeDefined();
    expect(updating.said).toHaveLength(1);
  });

  it("refuses an update to privacy password without a password, before any request", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { id, inputs, outputs } = await created(ctx, { domain: uniqueDomain("gap") });
    home.resetRequestCounts();
    await expect(
      update(ctx, id, outputs as unknown as Record<string, unknown>, { ...inputs, privacy: "password" }),
    ).rejects.toThrow(/password/);
    expect(home.requestCounts()).toEqual({});
  });

  it("tells the account's reader of an update, so a listing taken before it shows the change", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("update-listed");
    const { id, inputs, outputs } = await created(ctx, { domain, email: false });
    const client = ctx.clients.clientFor(undefined, settingsOf(ctx));
    expect((await ctx.clients.readerFor(client).read(Number(id)))?.email).toBe(false);
    await update(ctx, id, outputs, { ...inputs, email: true });
    expect((await ctx.clients.readerFor(client).read(Number(id)))?.email).toBe(true);
  });

  it("tells the account's reader of an update, so a listing it took before the update shows the change", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { id, inputs, outputs } = await created(ctx, {
      domain: uniqueDomain("update-listing"),
      email: false,
    });
    const updating = contextFor(home, account.apiKey).ctx;
    const reader = updating.clients.readerFor(updating.clients.clientFor(undefined, settingsOf(updating)));
    expect((await reader.read(Number(id)))?.email).toBe(false);
    await update(updating, id, outputs, { ...inputs, email: true });
    expect((await reader.read(Number(id)))?.email).toBe(true);
  });

  it("holds the website under the domain as recorded when the arguments spell it otherwise", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("respelled");
    const { id, inputs, outputs } = await created(ctx, { domain });
    // The same domain to the server, so no replacement: the update goes ahead.
    const state = { ...outputs, domain: `WWW.${domain.toUpperCase()}` };
    const updating = contextFor(home, account.apiKey);
    expect(diff(updating.ctx, id, state, { ...inputs, email: true }).replaces).toEqual([]);
    const fresh = contextFor(home, account.apiKey);
    expect(await update(fresh.ctx, id, state, { ...inputs, email: true })).toMatchObject({ email: true });
    // A delete of the recorded state in the same operation is declined.
    await remove(fresh.ctx, id, state);
    expect(home.getWebsite(Number(id))).toBeDefined();
    expect(fresh.said).toEqual([
      `website ${id} (${state.domain}) was not deleted: another Website of this operation now holds it. ` +
        `It stays on the server with its statistics.`,
    ]);
  });

  it("deletes a website no Website of the operation holds, and takes one already gone as deleted", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { id, outputs } = await created(ctx, { domain: uniqueDomain("delete") });
    const state = outputs as unknown as Record<string, unknown>;
    const deleting = contextFor(home, account.apiKey);
    await remove(deleting.ctx, id, state);
    expect(home.getWebsite(Number(id))).toBeUndefined();
    await expect(remove(contextFor(home, account.apiKey).ctx, id, state)).resolves.toBeUndefined();
    expect(deleting.said).toEqual([]);
  });

  it("passes on a delete's failure other than a website already gone", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { id, outputs } = await created(ctx, { domain: uniqueDomain("delete-fails") });
    home.injectFault({ route: "DELETE /api/v1/websites/:id", kind: "login-redirect", count: 1 });
    try {
      await expect(
        remove(contextFor(home, account.apiKey).ctx, id, outputs as unknown as Record<string, unknown>),
      ).rejects.toThrow();
    } finally {
      home.clearFaults();
    }
    expect(home.getWebsite(Number(id))).toBeDefined();
  });
});

describe("diff", () => {
  it("holds a website kept in place, and says a replacement in words without holding it", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const domain = uniqueDomain("diff");
    const { id, inputs, outputs } = await created(ctx, { domain });
    const state = outputs as unknown as Record<string, unknown>;

    const kept = contextFor(home, account.apiKey);
    expect(diff(kept.ctx, id, state, { ...inputs, email: true })).toMatchObject({ replaces: [] });
    expect(kept.said).toEqual([]);
    await remove(kept.ctx, id, state);
    expect(home.getWebsite(Number(id))).toBeDefined();

    const replaced = contextFor(home, account.apiKey);
    const next = uniqueDomain("diff-next");
    expect(diff(replaced.ctx, id, state, { ...inputs, domain: next }).replaces).toEqual(["domain"]);
    // A replacement records its tracking code at create: no separate change of it is said.
    const staleState = { ...state, trackingCode: "<script>old</script>" };
    expect(
      diff(contextFor(home, account.apiKey).ctx, id, staleState, { ...inputs, domain: next }).changed,
    ).toEqual(["domain"]);
    expect(replaced.said).toEqual([
      `the domain of website ${id} (${domain}) changes to ${next}. The API cannot rename a website: ` +
        `${next} is created, then website ${id} is deleted with all its statistics.`,
    ]);
    await remove(replaced.ctx, id, state);
    expect(home.getWebsite(Number(id))).toBeUndefined();
  });

  it("says a replacement to a domain not known yet", () => {
    const replaced = contextFor(home, account.apiKey);
    diff(replaced.ctx, "7", { domain: "before.example.com", websiteId: 7 }, { domain: unknownValue });
    expect(replaced.said).toEqual([
      `the domain of website 7 (before.example.com) changes to a domain not known yet. The API cannot ` +
        `rename a website: a domain not known yet is created, then website 7 is deleted with all its statistics.`,
    ]);
  });

  it("records a new tracking code when the settings give another, and not when they give the same", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { id, inputs, outputs } = await created(ctx, { domain: uniqueDomain("tracking") });
    const state = outputs as unknown as Record<string, unknown>;
    expect(diff(ctx, id, state, inputs)).toMatchObject({ changes: false, changed: [] });
    const stale = { ...state, trackingCode: "<script>old</script>" };
    expect(diff(ctx, id, stale, inputs)).toMatchObject({ changes: true, changed: ["trackingCode"] });
    // Not said when it cannot be known: a state without one, or settings that cannot be read.
    const { trackingCode: _code, ...without } = state;
    expect(diff(ctx, id, without, inputs)).toMatchObject({ changes: false });
    const unreadable = { ...ctx, settings: new Error("unreadable") };
    expect(diff(unreadable, id, stale, inputs)).toMatchObject({ changes: false });
  });
});

describe("check", () => {
  it("counts new websites and new domains against the plan, not kept ones, adopted ones or bad arguments", async () => {
    const full = home.createAccount({ websiteLimit: 1 });
    const { ctx } = contextFor(home, full.apiKey);
    const { id, inputs, outputs } = await created(ctx, { domain: uniqueDomain("plan") });
    const state = outputs as unknown as Record<string, unknown>;
    const checking = contextFor(home, full.apiKey).ctx;
    // The kept website, under its own domain: nothing new.
    expect((await check(checking, state, { ...inputs, email: true })).failures).toEqual([]);
    // Adopting the website the account holds: nothing new either.
    expect((await check(checking, {}, { domain: inputs.domain, adoptExisting: true })).failures).toEqual([]);
    // A bad argument is said alone, before the plan is asked.
    const bad = await check(checking, {}, { domain: uniqueDomain("plan-bad"), privacy: "nobody" });
    expect(bad.failures.map((f) => f.argument)).toEqual(["privacy"]);
    // A domain not known yet cannot be counted.
    expect((await check(checking, {}, { domain: unknownValue })).failures).toEqual([]);
    // A new domain replaces: counted, and refused on the domain.
    const next = uniqueDomain("plan-next");
    const { failures } = await check(checking, state, { ...inputs, domain: next });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ property: "domain", argument: "domain" });
    expect(failures[0]!.reason).toMatch(
      /allows 1 website and the account holds 1, so it has room for 0 more/,
    );
    // A new website too.
    const fresh = await check(contextFor(home, full.apiKey).ctx, {}, { domain: uniqueDomain("plan-new") });
    expect(fresh.failures.map((f) => f.argument)).toEqual(["domain"]);
    expect(home.listWebsites(full.id).map((w) => String(w.id))).toEqual([id]);
  });

  it("counts a website whose domain the account holds when it is not adopted", async () => {
    const full = home.createAccount({ websiteLimit: 1 });
    const { ctx } = contextFor(home, full.apiKey);
    const { inputs } = await created(ctx, { domain: uniqueDomain("plan-held") });
    // Without adoptExisting the website would be created, not taken over: counted, and refused.
    const { failures } = await check(contextFor(home, full.apiKey).ctx, {}, { domain: inputs.domain });
    expect(failures.map((f) => f.argument)).toEqual(["domain"]);
    expect(failures[0]!.reason).toMatch(
      /allows 1 website and the account holds 1, so it has room for 0 more/,
    );
  });

  it("refuses a connection that cannot be used, on the resource", async () => {
    const { ctx } = contextFor(home, account.apiKey);
    const { failures } = await check(
      ctx,
      {},
      {
        domain: uniqueDomain("check"),
        connection: { baseUrl: "http://stats.example.com" },
      },
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ property: "", argument: "connection" });
    expect(failures[0]!.reason).toMatch(/allowHttp/);
  });
});
