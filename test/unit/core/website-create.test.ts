// What core/website-create.ts asks of the API when it creates a website, with a scripted client:
// what a create carries, when a failed create is looked up and tried again (and after what
// pause), when a taken domain is taken over, and when nothing is sent at all. The same paths over
// real HTTP against the emulator's faults are test/integration/core/create-and-adopt.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordedWebsite } from "../../support/recorded-website";
import { liveWebsite } from "../../support/wire-records";
import { ServerError, TimeoutError, ValidationError } from "../../../sdk";
import type { Website as ApiWebsite, WebstatsClient } from "../../../sdk";
import { checkWebsiteInputs } from "../../../core/website-check";
import { readInputs } from "../../../core/website-state";
import { createWebsite, PartialCreateError } from "../../../core/website-create";

// The pauses between attempts are recorded instead of waited for.
const pauses = vi.hoisted(() => [] as number[]);
vi.mock("node:timers/promises", () => ({
  setTimeout: (ms: number) => {
    pauses.push(ms);
    return Promise.resolve();
  },
}));

beforeEach(() => {
  pauses.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const domain = "shop.example.com";

const website = (overrides: Partial<ApiWebsite> = {}): ApiWebsite => liveWebsite(7, domain, overrides);

function checked(args: Record<string, unknown>) {
  const { inputs, failures } = checkWebsiteInputs(args);
  expect(failures).toEqual([]);
  return readInputs(inputs);
}

const details = (status: number, method = "POST") => ({
  status,
  method,
  path: "/api/v1/websites",
  body: {},
  detail: "refused",
});
const taken = (...messages: string[]) => new ValidationError(details(422), { domain: messages });
const lost = () => new TimeoutError("POST", "/api/v1/websites", 1_000);

/** What a promise rejected with (undefined included), or the resolution's absence as "resolved". */
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => "resolved",
    (error: unknown) => error,
  );

/** A client whose create, update and look-up answer as each test scripts them. */
function scriptedClient() {
  const websites = {
    create: vi.fn<(input: unknown) => Promise<ApiWebsite>>(),
    update: vi.fn<(id: number, patch: unknown) => Promise<ApiWebsite>>(),
    findByDomain: vi.fn<(domain: string) => Promise<ApiWebsite | undefined>>(),
  };
  return {
    websites,
    client: { baseUrl: "https://stats.example.com/", websites } as unknown as WebstatsClient,
  };
}

describe("createWebsite", () => {
  it("creates with every argument a create carries, never favorite, which only an update sets", async () => {
    const { websites, client } = scriptedClient();
    websites.create.mockResolvedValueOnce(
      website({ privacy: "password", email: true, hasPassword: true, excludeIps: ["192.0.2.1"] }),
    );
    websites.update.mockResolvedValueOnce(
      website({
        privacy: "password",
        email: true,
        hasPassword: true,
        excludeIps: ["192.0.2.1"],
        favorite: true,
      }),
    );
    const outputs = await createWebsite(
      client,
      checked({
        domain,
        privacy: "password",
        password: "s3cret",
        email: true,
        excludeParams: ["ref"],
        excludeIps: ["192.0.2.1"],
        favorite: true,
      }),
    );
    expect(websites.create.mock.calls).toEqual([
      [
        {
          domain,
          privacy: "password",
          password: "s3cret",
          email: true,
          excludeBots: true,
          excludeParams: ["ref"],
          excludeIps: ["192.0.2.1"],
        },
      ],
    ]);
    expect(websites.update.mock.calls).toEqual([[7, { favorite: true }]]);
    expect(outputs).toEqual(
      recordedWebsite(7, domain, {
        privacy: "password",
        password: "s3cret",
        hasPassword: true,
        email: true,
        favorite: true,
        excludeParams: ["ref"],
        excludeIps: ["192.0.2.1"],
      }),
    );
  });

  it("sends no update when the create carried every argument", async () => {
    const { websites, client } = scriptedClient();
    websites.create.mockResolvedValueOnce(website({ email: true }));
    const outputs = await createWebsite(client, checked({ domain, email: true }));
    expect(websites.create).toHaveBeenCalledTimes(1);
    expect(websites.update).not.toHaveBeenCalled();
    expect(outputs).toEqual(recordedWebsite(7, domain, { email: true }));
  });

  it("refuses a new password-protected website without a password before asking anything", async () => {
    const { websites, client } = scriptedClient();
    // Adoption finds nothing to take over, so the website would be new.
    websites.findByDomain.mockResolvedValue(undefined);
    const failure = await failureOf(
      createWebsite(client, checked({ domain, privacy: "password", adoptExisting: true })),
    );
    expect((failure as Error).message).toBe(
      `privacy "password" needs a password and the new website ${domain} has none: give the password argument (1 to 128 characters).`,
    );
    expect(websites.create).not.toHaveBeenCalled();
  });

  it("passes a refusal on at once: the server did nothing, so nothing is looked up or tried again", async () => {
    const { websites, client } = scriptedClient();
    const refusal = new ValidationError(details(422), { excludeIps: ["The exclude ips is invalid."] });
    websites.create.mockRejectedValueOnce(refusal);
    await expect(createWebsite(client, checked({ domain }))).rejects.toBe(refusal);
    expect(websites.create).toHaveBeenCalledTimes(1);
    expect(websites.findByDomain).not.toHaveBeenCalled();
    expect(pauses).toEqual([]);
  });

  it("after creates whose answers were lost and that made nothing, pauses longer before each next try", async () => {
    const { websites, client } = scriptedClient();
    websites.create.mockRejectedValueOnce(lost()).mockRejectedValueOnce(lost());
    websites.create.mockResolvedValueOnce(website());
    websites.findByDomain.mockResolvedValue(undefined);
    const outputs = await createWebsite(client, checked({ domain }));
    expect(outputs.websiteId).toBe(7);
    expect(websites.create).toHaveBeenCalledTimes(3);
    expect(websites.findByDomain).toHaveBeenCalledTimes(2);
    expect(pauses).toEqual([500, 1_000]);
  });

  it("takes the domain as its own when a create after a lost answer finds it taken in this account", async () => {
    // The lost create was made after the look-up that followed it: the website is ours.
    const { websites, client } = scriptedClient();
    websites.create
      .mockRejectedValueOnce(lost())
      .mockRejectedValueOnce(taken("The domain has already been taken."));
    websites.findByDomain
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce(website({ id: 9, email: true }));
    const outputs = await createWebsite(client, checked({ domain, email: true }));
    expect(outputs.websiteId).toBe(9);
    expect(websites.update).not.toHaveBeenCalled();
  });

  it("records the website a lost create made when its favorite cannot be set, so the next up finishes it", async () => {
    // The lost create was made after the look-up that followed it, and the create after it finds
    // the domain taken: the website is this create's own, and must not be left out of the state.
    const { websites, client } = scriptedClient();
    websites.create
      .mockRejectedValueOnce(lost())
      .mockRejectedValueOnce(taken("The domain has already been taken."));
    websites.findByDomain.mockResolvedValueOnce(undefined).mockResolvedValueOnce(website({ id: 9 }));
    websites.update.mockRejectedValueOnce(new ServerError(details(500, "PATCH")));
    const failure = await failureOf(createWebsite(client, checked({ domain, favorite: true })));
    expect(websites.update.mock.calls).toEqual([[9, { favorite: true }]]);
    expect(failure).toBeInstanceOf(PartialCreateError);
    // As the server made it: its favorite not set.
    expect(failure).toMatchObject({ id: "9" });
    expect((failure as PartialCreateError).outputs).toEqual(recordedWebsite(9, domain));
  });

  it("knows a taken domain among the server's other messages on the domain", async () => {
    // A full account at its plan's limit is told both.
    const { websites, client } = scriptedClient();
    websites.create.mockRejectedValueOnce(
      taken("The domain has already been taken.", "You created too many websites."),
    );
    websites.findByDomain.mockResolvedValueOnce(website({ id: 11 }));
    // Caught rather than matched with rejects.toThrow, which also passes on a rejection with undefined.
    const failure = await failureOf(createWebsite(client, checked({ domain })));
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `A website for "${domain}" already exists in this account (website id 11). ` +
        `Set adoptExisting: true on this Website to manage it with Pulumi, or remove it first.`,
    );
  });

  it("records a created website whose favorite update failed, as the server made it", async () => {
    const { websites, client } = scriptedClient();
    websites.create.mockResolvedValueOnce(website());
    websites.update.mockRejectedValueOnce(new ServerError(details(500, "PATCH")));
    const failure = await failureOf(createWebsite(client, checked({ domain, favorite: true })));
    expect(failure).toBeInstanceOf(PartialCreateError);
    // As the server made it: its favorite not set.
    expect(failure).toMatchObject({ id: "7" });
    expect((failure as PartialCreateError).outputs).toEqual(recordedWebsite(7, domain));
  });
});
