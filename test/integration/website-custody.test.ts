// The invariant: a website is deleted only when its Website leaves the program (or the stack is
// destroyed), or when its domain changes (the API cannot rename one). Nothing else, however the
// installation is reached, whatever adoptExisting says, in either host. Each row runs through
// both hosts as the engine drives them (test/support/host-operations.ts), over real HTTP to the
// emulator; after every step, every declared website is on the server under its recorded id
// and domain, and the emulator counted no DELETE that the user did not ask for.
import { createServer, connect } from "node:net";
import type { Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { operation, refresh, up } from "../support/host-operations";
import type { HostName, ProviderConfig, Recorded } from "../support/host-operations";

const hosts: HostName[] = ["dynamic", "plugin"];
const adoption = [true, false];
let sequence = 0;
const uniqueDomain = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}.example.com`;
const deletes = (emulator: Emulator) => emulator.requestCounts()["DELETE /api/v1/websites/:id"] ?? 0;

/** Another port for the same server: the same installation reached another way. */
async function forwarder(target: string): Promise<{ url: string; server: Server }> {
  const { hostname, port } = new URL(target);
  const server = createServer((socket) => {
    const upstream = connect(Number(port), hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on("error", () => upstream.destroy());
    upstream.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { url: `http://127.0.0.1:${address.port}`, server };
}

describe("a change in how the installation is reached keeps the website", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let proxy: { url: string; server: Server };
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Custody" });
    proxy = await forwarder(emulator.url);
  });
  afterAll(async () => {
    proxy.server.close();
    await emulator.close();
  });

  /** Addresses of the same installation, as a user might write them. */
  const addresses: [string, () => string][] = [
    ["another host name", () => emulator.url.replace("127.0.0.1", "localhost")],
    ["another port", () => proxy.url],
    ["the API path spelled out", () => `${emulator.url}/api/v1/`],
  ];
  /** How the new address reaches the provider: the stack's settings, an explicit provider, the Website's connection. */
  const ways = ["stack", "explicit", "connection"] as const;

  const rows = hosts.flatMap((host) =>
    ways
      .filter((way) => host === "plugin" || way !== "explicit")
      .flatMap((way) =>
        adoption.flatMap((adopt) => addresses.map(([label]) => [host, way, adopt, label] as const)),
      ),
  );

  it.each(rows)("%s host, new address by %s, adoptExisting %s: %s", async (host, way, adopt, label) => {
    const address = addresses.find(([name]) => name === label)![1]();
    const stack = { baseUrl: emulator.url, apiKey: account.apiKey, adoptExisting: String(adopt) };
    const domain = uniqueDomain("custody");
    const created = await up(await operation(host, { stack }), undefined, { domain, email: true });
    expect(created.outputs.installation).toBe(emulator.url);

    emulator.resetRequestCounts();
    const moved: { config: ProviderConfig; args: Record<string, unknown> } =
      way === "stack"
        ? { config: { stack: { ...stack, baseUrl: address } }, args: { domain, email: false } }
        : way === "explicit"
          ? {
              config: { explicit: { baseUrl: address, apiKey: account.apiKey } },
              args: { domain, email: false },
            }
          : {
              config: { stack },
              args: { domain, email: false, connection: { baseUrl: address, apiKey: account.apiKey } },
            };
    const op = await operation(host, moved.config);
    const updated = await up(op, created, moved.args);
    expect(updated.id).toBe(created.id);
    expect(emulator.getWebsite(Number(created.id))).toMatchObject({ domain, email: 0 });
    // A refresh reads it at the new address and records where it was found.
    const refreshed = await refresh(await operation(host, moved.config), updated);
    expect(refreshed?.id).toBe(created.id);
    expect(refreshed?.outputs.installation).toBe(
      new WebstatsClient({ baseUrl: address, apiKey: "k" }).baseUrl,
    );
    expect(deletes(emulator)).toBe(0);
    expect(op.notices).toEqual([]);
  });

  it.each(hosts)("%s host: a connection given, then dropped, keeps the website", async (host) => {
    const stack = { baseUrl: emulator.url, apiKey: account.apiKey, adoptExisting: "true" };
    const domain = uniqueDomain("dropped");
    const connection = { baseUrl: emulator.url, apiKey: account.apiKey };
    const created = await up(await operation(host, { stack }), undefined, { domain, connection });
    emulator.resetRequestCounts();
    const dropped = await up(await operation(host, { stack }), created, { domain });
    expect(dropped.id).toBe(created.id);
    expect(emulator.getWebsite(Number(created.id))?.domain).toBe(domain);
    expect(deletes(emulator)).toBe(0);
  });
});

describe("another installation under the new address: reported, nothing deleted on either", () => {
  let first: Emulator;
  let second: Emulator;
  let firstAccount: EmulatorAccount;
  let secondAccount: EmulatorAccount;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      startEmulator({ requestsPerMinute: 0 }),
      startEmulator({ requestsPerMinute: 0 }),
    ]);
    firstAccount = first.createAccount();
    secondAccount = second.createAccount();
  });
  afterAll(async () => Promise.all([first.close(), second.close()]));

  /** Makes the second installation hold another domain under the same id as `recorded`. */
  async function sameIdElsewhere(recorded: Recorded): Promise<string> {
    const client = new WebstatsClient({
      baseUrl: second.url,
      apiKey: secondAccount.apiKey,
      requestsPerMinute: 0,
    });
    let website = await client.websites.create({ domain: uniqueDomain("elsewhere") });
    while (website.id < Number(recorded.id))
      website = await client.websites.create({ domain: uniqueDomain("elsewhere") });
    expect(website.id).toBe(Number(recorded.id));
    return website.domain;
  }

  it.each(hosts)("%s host: update refuses, refresh drops it, delete declines", async (host) => {
    const stack = { baseUrl: first.url, apiKey: firstAccount.apiKey, adoptExisting: "true" };
    const domain = uniqueDomain("moved");
    const created = await up(await operation(host, { stack }), undefined, { domain });
    const otherDomain = await sameIdElsewhere(created);
    const elsewhere = { baseUrl: second.url, apiKey: secondAccount.apiKey };
    first.resetRequestCounts();
    second.resetRequestCounts();

    const both = [`recorded at ${first.url}`, `${second.url} is another installation`];
    // An update through the new address (a changed argument) refuses before any change.
    await expect(
      up(await operation(host, { stack: { ...stack, ...elsewhere } }), created, { domain, email: true }),
    ).rejects.toThrow(new RegExp(`${both[0]}.*${both[1]}.*${otherDomain}.*Nothing was changed or deleted`));
    // A refresh reports it gone, saying so.
    const reading = await operation(host, { stack: { ...stack, ...elsewhere } });
    expect(await refresh(reading, created)).toBeUndefined();
    expect(reading.notices.join("")).toContain(both[1]);
    // A delete (the Website removed while the address is wrong) declines, saying so.
    const deleting = await operation(host, { stack: { ...stack, ...elsewhere } });
    await deleting.remove(created.id, created.outputs);
    expect(deleting.notices.join("")).toContain(`${both[0]}, but ${second.url}`);

    expect(first.getWebsite(Number(created.id))?.domain).toBe(domain);
    expect(second.getWebsite(Number(created.id))?.domain).toBe(otherDomain);
    expect([deletes(first), deletes(second)]).toEqual([0, 0]);
    expect(second.requestCounts()["PATCH /api/v1/websites/:id"] ?? 0).toBe(0);
  });
});

describe("replacements: only a domain change deletes, and never a website another Website holds", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Replacements" });
  });
  afterAll(() => emulator.close());
  const stackOf = (adopt: boolean) => ({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    adoptExisting: String(adopt),
  });
  const rows = hosts.flatMap((host) => adoption.map((adopt) => [host, adopt] as const));

  it.each(rows)("%s host, adoptExisting %s: a forced replacement keeps the website", async (host, adopt) => {
    const stack = stackOf(adopt);
    const domain = uniqueDomain("forced");
    const created = await up(await operation(host, { stack }), undefined, { domain });
    emulator.resetRequestCounts();
    const op = await operation(host, { stack });
    if (adopt) {
      // The replacement adopts the website; the engine's delete of the original is declined.
      const replaced = await up(op, created, { domain }, true);
      expect(replaced.id).toBe(created.id);
      expect(op.notices.join("")).toContain(`website ${created.id} (${domain}) was not deleted`);
    } else {
      await expect(up(op, created, { domain }, true)).rejects.toThrow(/already exists in this account/);
    }
    expect(emulator.getWebsite(Number(created.id))?.domain).toBe(domain);
    expect(deletes(emulator)).toBe(0);
  });

  it.each(rows)("%s host, adoptExisting %s: a new domain replaces, and says so", async (host, adopt) => {
    const stack = stackOf(adopt);
    const [before, after] = [uniqueDomain("rename-old"), uniqueDomain("rename-new")];
    const created = await up(await operation(host, { stack }), undefined, { domain: before });
    const op = await operation(host, { stack });
    const replaced = await up(op, created, { domain: after });
    expect(op.notices.join("")).toContain(
      `website ${created.id} (${before}) changes to ${after}. The API cannot rename a website: ${after} is created, then website ${created.id} is deleted with all its statistics.`,
    );
    expect(emulator.getWebsite(Number(created.id))).toBeUndefined();
    expect(emulator.getWebsite(Number(replaced.id))?.domain).toBe(after);
  });

  it.each(rows)("%s host, adoptExisting %s: a domain the account already has", async (host, adopt) => {
    const stack = stackOf(adopt);
    const [mine, theirs] = [uniqueDomain("taken-mine"), uniqueDomain("taken-theirs")];
    const other = await up(await operation(host, { stack }), undefined, { domain: theirs });
    const created = await up(await operation(host, { stack }), undefined, { domain: mine });
    emulator.resetRequestCounts();
    const op = await operation(host, { stack });
    if (adopt) {
      // Taking over the other website is what was asked; the original goes, as for any domain change.
      const replaced = await up(op, created, { domain: theirs });
      expect(replaced.id).toBe(other.id);
      expect(emulator.getWebsite(Number(created.id))).toBeUndefined();
      expect(deletes(emulator)).toBe(1);
    } else {
      await expect(up(op, created, { domain: theirs })).rejects.toThrow(/already exists in this account/);
      expect(emulator.getWebsite(Number(created.id))?.domain).toBe(mine);
      expect(deletes(emulator)).toBe(0);
    }
    expect(emulator.getWebsite(Number(other.id))?.domain).toBe(theirs);
  });

  it.each(hosts)(
    "%s host: removing one of two Websites that hold the same website keeps it",
    async (host) => {
      const stack = stackOf(true);
      const domain = uniqueDomain("twice");
      const first = await up(await operation(host, { stack }), undefined, { domain });
      const second = await up(await operation(host, { stack }), undefined, { domain });
      expect(second.id).toBe(first.id);
      // One operation: the kept one is diffed (no change), the removed one deleted.
      const op = await operation(host, { stack });
      await up(op, first, { domain });
      await op.remove(second.id, second.outputs);
      expect(op.notices.join("")).toContain("another Website of this operation now holds it");
      expect(emulator.getWebsite(Number(first.id))?.domain).toBe(domain);
    },
  );
});
