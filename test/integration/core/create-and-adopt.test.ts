// Create's guard against duplicates and adoption of existing websites, over real HTTP against
// the emulator's faults: the client and the provider's create logic together, without the engine.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount, FaultSpec } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { checkWebsiteInputs } from "../../../core/website-check";
import { createWebsite, PartialCreateError, updateOrExplain } from "../../../core/website-create";
import { readInputs } from "../../../core/website-state";
import { WebsiteReader } from "../../../core/website-reader";

let emulator: Emulator;
let account: EmulatorAccount;
let client: WebstatsClient;
let sequence = 0;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount();
  // Short timeouts and retries so that lost answers are found out quickly.
  client = new WebstatsClient({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    timeoutMs: 1_000,
    maxRetries: 2,
  });
});
afterEach(() => emulator.clearFaults());
afterAll(() => emulator.close());

const domain = () => `guard-${++sequence}-${Date.now()}.example.com`;

function checked(args: Record<string, unknown>) {
  const { inputs, failures } = checkWebsiteInputs(args);
  expect(failures).toEqual([]);
  return readInputs(inputs);
}

const websitesFor = (name: string) => emulator.listWebsites(account.id).filter((w) => w.domain === name);

describe("create never leaves a duplicate when an answer is lost", () => {
  const lostAnswers: [string, FaultSpec][] = [
    ["a reset connection after the server created it", { kind: "reset", phase: "after", count: 1 }],
    ["a 502 page after the server created it", { kind: "status", status: 502, phase: "after", count: 1 }],
    ["a 500 page after the server created it", { kind: "status", status: 500, phase: "after", count: 1 }],
    ["a truncated answer", { kind: "truncate", phase: "after", count: 1 }],
    ["an answer slower than the timeout", { kind: "latency", latencyMs: 1_500, phase: "after", count: 1 }],
  ];

  it.each(lostAnswers)("after %s, finds the website instead of creating another", async (_label, fault) => {
    const name = domain();
    emulator.injectFault({ ...fault, route: "POST /api/v1/websites" });
    emulator.resetRequestCounts();
    const outputs = await createWebsite(client, checked({ domain: name, email: true, favorite: true }));
    expect(websitesFor(name)).toHaveLength(1);
    expect(outputs.websiteId).toBe(websitesFor(name)[0]!.id);
    expect(outputs).toMatchObject({ domain: name, email: true, favorite: true });
    // One POST only: the lost one was looked up, not repeated.
    expect(emulator.requestCounts()["POST /api/v1/websites"]).toBe(1);
  });

  it("after a 503 for a create the server did not make, looks, then creates it once", async () => {
    const name = domain();
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "status", status: 503, count: 1 });
    emulator.resetRequestCounts();
    const outputs = await createWebsite(client, checked({ domain: name }));
    expect(websitesFor(name)).toHaveLength(1);
    expect(outputs.websiteId).toBe(websitesFor(name)[0]!.id);
    expect(emulator.requestCounts()["POST /api/v1/websites"]).toBe(2);
  });

  it("records a created website whose favorite could not be set, with its id and provider", async () => {
    // Through the dynamic provider's host, which adds the serialized provider to the state.
    const host = await import("../../../provider/website-provider");
    const config: Record<string, string> = {
      "webstats:baseUrl": emulator.url,
      "webstats:apiKey": account.apiKey,
    };
    await host.configure({ config: { get: (key: string) => config[key] } } as never);
    const name = domain();
    emulator.injectFault({ route: "PATCH /api/v1/websites/:id", kind: "status", status: 500 });
    const failure = await host
      .create({ ...checked({ domain: name, favorite: true }), __provider: "the-provider" })
      .then(
        () => undefined,
        (error: unknown) => error as { id: string; properties: Record<string, unknown>; reasons: string[] },
      );
    expect(websitesFor(name)).toHaveLength(1);
    expect(failure?.id).toBe(String(websitesFor(name)[0]!.id));
    expect(failure?.properties).toMatchObject({ domain: name, favorite: false, __provider: "the-provider" });
    expect(failure?.reasons.join(" ")).toMatch(/run pulumi up again/);
  });

  it("gives up after three creates whose outcome was unknown and none made, with the last failure", async () => {
    const name = domain();
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "status", status: 503, count: 3 });
    emulator.resetRequestCounts();
    await expect(createWebsite(client, checked({ domain: name }))).rejects.toThrow(/^503 POST/);
    expect(emulator.requestCounts()["POST /api/v1/websites"]).toBe(3);
    expect(websitesFor(name)).toHaveLength(0);
  });

  it("says which website was made and why it is unfinished when its favorite cannot be set", async () => {
    const name = domain();
    emulator.injectFault({ route: "PATCH /api/v1/websites/:id", kind: "login-redirect", count: 1 });
    const failure = await createWebsite(client, checked({ domain: name, email: true, favorite: true })).then(
      () => undefined,
      (error: unknown) => error,
    );
    const made = websitesFor(name)[0]!;
    expect(failure).toBeInstanceOf(PartialCreateError);
    const partial = failure as PartialCreateError;
    expect(partial.name).toBe("PartialCreateError");
    expect(partial.id).toBe(String(made.id));
    expect(partial.outputs).toMatchObject({ websiteId: made.id, domain: name, email: true, favorite: false });
    expect(partial.message).toMatch(
      new RegExp(
        `^Website ${made.id} \\(${name.replaceAll(".", "\\.")}\\) was created but could not be marked as favorite: .+\\. ` +
          `It is recorded in the state; run pulumi up again to finish it\\.$`,
      ),
    );
    expect(partial.reasons).toEqual([partial.message]);
  });
});

describe("an update of a website", () => {
  it("deleted outside Pulumi says to refresh, then create it again", async () => {
    const name = domain();
    const made = await client.websites.create({ domain: name });
    emulator.deleteWebsite(made.id);
    await expect(updateOrExplain(client, made.id, name, { email: true })).rejects.toThrow(
      `Website ${made.id} (${name}) no longer exists: it was deleted outside Pulumi. ` +
        `Run pulumi refresh to drop it from the state, then pulumi up to create it again.`,
    );
  });

  it("passes on any other failure as it is", async () => {
    const made = await client.websites.create({ domain: domain() });
    emulator.injectFault({ route: "PATCH /api/v1/websites/:id", kind: "login-redirect", count: 1 });
    await expect(updateOrExplain(client, made.id, made.domain, { email: true })).rejects.toThrow(
      /^(?!Website \d+ \().+/,
    );
  });
});

describe("adoption", () => {
  it("takes over an existing website, sending only what differs", async () => {
    const name = domain();
    const existing = await client.websites.create({ domain: name, email: true, excludeBots: true });
    emulator.resetRequestCounts();
    const outputs = await createWebsite(
      client,
      checked({ domain: name, email: true, privacy: "private", adoptExisting: true }),
    );
    expect(outputs).toMatchObject({ websiteId: existing.id, privacy: "private", email: true });
    expect(emulator.requestCounts()["POST /api/v1/websites"] ?? 0).toBe(0);
    expect(emulator.getWebsite(existing.id)).toMatchObject({ privacy: 1, email: 1 });
  });

  it("sends no update when the website already matches", async () => {
    const name = domain();
    const existing = await client.websites.create({ domain: name, excludeIps: ["192.0.2.1"] });
    emulator.resetRequestCounts();
    const outputs = await createWebsite(
      client,
      checked({ domain: name, excludeIps: ["192.0.2.1"], adoptExisting: true }),
    );
    expect(outputs.websiteId).toBe(existing.id);
    expect(emulator.requestCounts()).toEqual({ "GET /api/v1/websites": 1 });
  });

  it("keeps write-only settings the program leaves out: query parameters and the password", async () => {
    const name = domain();
    const existing = await client.websites.create({
      domain: name,
      privacy: "password",
      password: "kept-secret",
      excludeParams: ["utm_source", "fbclid"],
    });
    emulator.resetRequestCounts();
    const outputs = await createWebsite(
      client,
      checked({ domain: name, privacy: "password", email: true, adoptExisting: true }),
    );
    expect(outputs).toMatchObject({
      websiteId: existing.id,
      privacy: "password",
      hasPassword: true,
      email: true,
    });
    expect(outputs).not.toHaveProperty("excludeParams");
    expect(outputs).not.toHaveProperty("password");
    expect(emulator.getWebsite(existing.id)).toMatchObject({
      password: "kept-secret",
      exclude_params: "utm_source\nfbclid",
      email: 1,
    });
  });

  it("refuses before any change to protect a website without a password when none is given", async () => {
    const name = domain();
    const existing = await client.websites.create({ domain: name });
    emulator.resetRequestCounts();
    await expect(
      createWebsite(client, checked({ domain: name, privacy: "password", adoptExisting: true })),
    ).rejects.toThrow(/privacy "password" needs a password/);
    expect(emulator.requestCounts()["PATCH /api/v1/websites/:id"] ?? 0).toBe(0);
    expect(emulator.getWebsite(existing.id)?.privacy).toBe(0);
  });

  it("refuses, naming the option, when the domain exists and adoption is off", async () => {
    const name = domain();
    const existing = await client.websites.create({ domain: name });
    await expect(createWebsite(client, checked({ domain: name }))).rejects.toThrow(
      new RegExp(`website id ${existing.id}[\\s\\S]*adoptExisting`),
    );
    expect(websitesFor(name)).toHaveLength(1);
  });

  it("refuses with the website's id and what to do when the domain exists and adoption is off", async () => {
    const name = domain();
    const existing = await client.websites.create({ domain: name });
    await expect(createWebsite(client, checked({ domain: name }))).rejects.toThrow(
      `A website for "${name}" already exists in this account (website id ${existing.id}). ` +
        `Set adoptExisting: true on this Website to manage it with Pulumi, or remove it first.`,
    );
  });

  it("refuses, adoption or not, a domain another account of the installation holds", async () => {
    const name = domain();
    const stranger = new WebstatsClient({ baseUrl: emulator.url, apiKey: emulator.createAccount().apiKey });
    await stranger.websites.create({ domain: name });
    for (const adoptExisting of [false, true]) {
      await expect(createWebsite(client, checked({ domain: name, adoptExisting }))).rejects.toThrow(
        `The domain "${name}" is registered by another account on this installation: ` +
          `domains are unique across the whole installation, not per account. ` +
          `Remove it from the other account or use that account's API key.`,
      );
    }
    expect(websitesFor(name)).toHaveLength(0);
  });
});

describe("adoption at fleet scale", () => {
  it("looks up many adopted websites in one shared listing and sends nothing for those that match", async () => {
    const prefix = `fleet-${Date.now()}`;
    const existing = [];
    // Made with the client's usual timeout: the short one above is for lost answers, and 150
    // creates on a loaded machine may take longer than it.
    const setup = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    for (let i = 0; i < 150; i++) {
      existing.push(
        await setup.websites.create({ domain: `${prefix}-${i}.example.com`, email: i % 2 === 0 }),
      );
    }
    const reader = new WebsiteReader(client);
    const find = (d: string) => reader.findByDomain(d);
    emulator.resetRequestCounts();
    const adopted = await Promise.all(
      existing.map((w, i) =>
        createWebsite(client, checked({ domain: w.domain, email: i % 2 === 0, adoptExisting: true }), find),
      ),
    );
    expect(adopted.map((o) => o.websiteId)).toEqual(existing.map((w) => w.id));
    // The account holds more than these 150 websites, so the listing takes a few pages; no update.
    const counts = emulator.requestCounts();
    expect(Object.keys(counts)).toEqual(["GET /api/v1/websites"]);
    expect(counts["GET /api/v1/websites"]).toBeLessThanOrEqual(
      Math.ceil(emulator.listWebsites(account.id).length / 100),
    );
  });

  it("creates a domain absent from the listing, and adopts one created meanwhile when the create finds it taken", async () => {
    const reader = new WebsiteReader(client);
    const find = (d: string) => reader.findByDomain(d);
    const fresh = domain();
    const late = domain();
    // Both look-ups are served by one listing that holds neither domain.
    const [absent] = await Promise.all([find(fresh), find(late)]);
    expect(absent).toBeUndefined();
    // Someone creates `late` after the listing was taken.
    const made = await client.websites.create({ domain: late });
    const created = await createWebsite(client, checked({ domain: fresh, adoptExisting: true }), find);
    const adopted = await createWebsite(
      client,
      checked({ domain: late, email: true, adoptExisting: true }),
      find,
    );
    expect(websitesFor(fresh)).toHaveLength(1);
    expect(created.websiteId).toBe(websitesFor(fresh)[0]!.id);
    expect(adopted.websiteId).toBe(made.id);
    expect(websitesFor(late)).toHaveLength(1);
    expect(emulator.getWebsite(made.id)?.email).toBe(1);
  });
});
