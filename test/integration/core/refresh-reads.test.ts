// Refresh reads over real HTTP: reads share one listing walked as far as they need, whenever
// they arrive, and a website missing from the listing is confirmed with a GET before it is
// declared gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { WebsiteReader } from "../../../core/website-reader";

describe("WebsiteReader", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let client: WebstatsClient;
  const ids: number[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount();
    client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    for (let i = 0; i < 150; i++)
      ids.push((await client.websites.create({ domain: `read-${i}.example.com` })).id);
  });
  afterAll(() => emulator.close());

  const counts = () => emulator.requestCounts();

  it("serves reads that arrive together from one listing", async () => {
    emulator.resetRequestCounts();
    const reader = new WebsiteReader(client);
    const websites = await Promise.all(ids.map((id) => reader.read(id)));
    expect(websites.map((w) => w?.id)).toEqual(ids);
    expect(counts()["GET /api/v1/websites"]).toBe(2);
    expect(counts()["GET /api/v1/websites/:id"] ?? 0).toBe(0);

    // Later reads in the same operation reuse the listing.
    await reader.read(ids[0]!);
    expect(counts()["GET /api/v1/websites"]).toBe(2);
  });

  it("reads a lone website from the first listing page when it is among the newest hundred", async () => {
    emulator.resetRequestCounts();
    const website = await new WebsiteReader(client).read(ids[140]!);
    expect(website?.domain).toBe("read-140.example.com");
    expect(counts()).toEqual({ "GET /api/v1/websites": 1 });
  });

  it("costs the same requests for reads one after another as for reads together", async () => {
    emulator.resetRequestCounts();
    const reader = new WebsiteReader(client);
    for (const id of ids) expect((await reader.read(id))?.id).toBe(id);
    expect(counts()).toEqual({ "GET /api/v1/websites": 2 });
  });

  it("confirms a website absent from the listing with a GET, and reports it gone", async () => {
    const doomed = await client.websites.create({ domain: "doomed.example.com" });
    emulator.deleteWebsite(doomed.id);
    emulator.resetRequestCounts();
    const reader = new WebsiteReader(client);
    const [gone, kept] = await Promise.all([reader.read(doomed.id), reader.read(ids[5]!)]);
    expect(gone).toBeUndefined();
    expect(kept?.id).toBe(ids[5]);
    expect(counts()["GET /api/v1/websites/:id"]).toBe(1);
  });

  it("sees a change it is told of, and keeps the listing for the other websites", async () => {
    const reader = new WebsiteReader(client);
    await Promise.all([reader.read(ids[0]!), reader.read(ids[1]!)]);
    await client.websites.update(ids[0]!, { email: true });
    expect((await reader.read(ids[0]!))?.email).toBe(false);
    reader.changed({ id: ids[0]! });
    emulator.resetRequestCounts();
    expect((await reader.read(ids[0]!))?.email).toBe(true);
    expect((await reader.read(ids[1]!))?.id).toBe(ids[1]);
    expect(counts()).toEqual({ "GET /api/v1/websites/:id": 1 });
  });

  it("does not keep a failed listing", async () => {
    emulator.injectFault({ route: "GET /api/v1/websites", kind: "status", status: 500, count: 1 });
    const reader = new WebsiteReader(client);
    await expect(Promise.all([reader.read(ids[0]!), reader.read(ids[1]!)])).rejects.toThrow(/500/);
    const again = await Promise.all([reader.read(ids[0]!), reader.read(ids[1]!)]);
    expect(again.map((w) => w?.id)).toEqual([ids[0], ids[1]]);
  });
});
