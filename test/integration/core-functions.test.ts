// The data functions' core over real HTTP: arguments checked before any request, one error for
// a missing website whichever way it was looked up, and results shaped as the schema says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { ClientRegistry } from "../../core/clients";
import { getAccount, getWebsite, getWebsites } from "../../core/functions";
import { WebsiteNotFoundError } from "../../core/lookup-errors";
import { resultTypes } from "../../core/result-types";
import { resolveSettings } from "../../core/settings";
import type { CoreContext } from "../../core/website-lifecycle";
import { NotFoundError, WebstatsClient } from "../../sdk";

let emulator: Emulator;
let account: EmulatorAccount;
let context: CoreContext;

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  account = emulator.createAccount({ name: "Functions" });
  const settings = resolveSettings(() => undefined, {
    WEBSTATS_BASE_URL: emulator.url,
    WEBSTATS_API_KEY: account.apiKey,
  });
  context = { settings, clients: new ClientRegistry() };
});
afterAll(() => emulator.close());

/** The keys of an object, and of the objects inside it, as paths. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${prefix}${key}`,
    ...keyPaths(inner, `${prefix}${key}.`),
  ]);
}

describe("functions", () => {
  it("report a missing website the same way by id and by domain", async () => {
    const byId = await getWebsite(context, { id: 987654 }).catch((error: unknown) => error);
    const byDomain = await getWebsite(context, { domain: "https://www.Nowhere.example" }).catch(
      (error: unknown) => error,
    );
    expect(byId).toBeInstanceOf(WebsiteNotFoundError);
    expect(byDomain).toBeInstanceOf(WebsiteNotFoundError);
    expect((byId as Error).message).toBe("No website with the id 987654 in this account.");
    expect((byDomain as Error).message).toBe(
      'No website with the domain "https://www.Nowhere.example" in this account.',
    );
    expect((byId as WebsiteNotFoundError).lookup).toEqual({ id: 987654 });
    expect((byId as Error).cause).toBeInstanceOf(NotFoundError);
  });

  it("refuse bad arguments before any request, naming the argument and the fix", async () => {
    emulator.resetRequestCounts();
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => getWebsites(context, { sortBy: "name" }),
        'getWebsites: sortBy must be one of "id" or "domain", not "name".',
      ],
      [
        () => getWebsites(context, { serch: "a" }),
        "getWebsites: serch is not an argument of getWebsites (did you mean search?)",
      ],
      [
        () => getWebsite(context, { id: -3 }),
        "getWebsite: id must be a website id, a whole number such as 42.",
      ],
      [
        () => getWebsite(context, { id: 1, domain: "a.example" }),
        "getWebsite takes either id or domain, not both.",
      ],
      [() => getWebsite(context, {}), "getWebsite needs an id or a domain."],
      [() => getAccount(context, { connection: { baseUrl: "ftp://x" } }), "getAccount: Invalid base URL"],
    ];
    for (const [call, message] of cases) await expect(call()).rejects.toThrow(message);
    expect(emulator.requestCounts()).toEqual({});
  });

  it("return results with exactly the properties the schema's result types describe", async () => {
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const created = await client.websites.create({ domain: "shape.example.com", excludeIps: ["10.0.0.1"] });
    const accountResult = await getAccount(context, {});
    expect(keyPaths(accountResult).sort()).toEqual(
      [
        ...Object.keys(resultTypes.Account.properties),
        ...Object.keys(resultTypes.Plan.properties).map((key) => `plan.${key}`),
        ...Object.keys(resultTypes.PlanFeatures.properties).map((key) => `plan.features.${key}`),
      ].sort(),
    );
    const website = await getWebsite(context, { domain: "www.Shape.example.com" });
    expect(website.id).toBe(created.id);
    expect(Object.keys(website).sort()).toEqual(Object.keys(resultTypes.WebsiteInfo.properties).sort());
    const { websites } = await getWebsites(context, { search: "shape", sort: "asc" });
    expect(websites.map((w) => w.id)).toEqual([created.id]);
  });
});
