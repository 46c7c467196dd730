// The invariant: a website is deleted only when its Website leaves the program (or the stack is
// destroyed), or when its domain changes (the API cannot rename one). Nothing else, however the
// installation is reached, whatever adoptExisting says, in either host. Each row runs through
// both hosts as the engine drives them (a provider process per operation, over gRPC), over real
// HTTP to the emulator; after every step, every declared website is on the server under its
// recorded id and domain, and the emulator counted no DELETE that the user did not ask for. The
// custody's messages are what the operation's output shows: the plugin's through the engine's
// Log service, the dynamic host's on its standard error, each operation's apart, so the rows run
// at once: those that count requests or match ids have emulators of their own.
//
// Where the hosts run: most rows drive each host in this process (in-process-hosts.ts: the same
// host entry points loaded from the packed package, afresh for every operation as a new process
// would, the same gRPC requests), since what the custody keeps or deletes is the hosts' and the
// core's doing. Three rows per host start a host process per operation as the engine does,
// because there the process boundary is part of what they prove: "another host name" through the
// stack's settings (adoptExisting true), where the process resolves localhost with its own
// resolver and a refresh configures a new process with the settings the state records; "a new
// domain replaces, and says so" (adoptExisting false), where the dynamic host's message is what
// its process wrote to standard error and the plugin's what it sent the engine's Log service; and
// "removing one of two Websites that hold the same website", where the custody that declines the
// delete is what one provider process learnt over the operation's earlier calls.
import { createServer, connect } from "node:net";
import type { Server } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { useStubResolver } from "../support/stub-resolver";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import { hosts, secret, stopAll } from "./engine-processes";
import type { Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import type { Recorded, StackConfig } from "./provider-stack";
import { uniqueDomain } from "../support/unique-domain";

const adoption = [true, false];
const deletes = (emulator: Emulator) => emulator.requestCounts()["DELETE /api/v1/websites/:id"] ?? 0;

/** Where a row's hosts run: in this process, or a process per operation (the header says which and why). */
const inProcess = { inProcess: true };
const hostProcesses = { inProcess: false };
/** A row's name for where its hosts run, and back. */
const boundaryName = (processBound: boolean) => (processBound ? "host processes" : "hosts in this process");
const boundaryOf = (name: string) => (name === boundaryName(true) ? hostProcesses : inProcess);

// The in-process hosts resolve names here: localhost is the loopback, nothing else resolves.
useStubResolver();

const servers: { close(): unknown }[] = [];
afterAll(async () => {
  stopAll();
  await Promise.all(servers.map((s) => s.close()));
});

/** An emulator of the row's own (closed when the file is done), with an account. */
async function emulatorWithAccount(name?: string) {
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  servers.push(emulator);
  return { emulator, account: emulator.createAccount(name ? { name } : {}) };
}

/** Another port for the same server: the same installation reached another way. */
async function forwarder(target: string): Promise<string> {
  const { hostname, port } = new URL(target);
  const server: Server = createServer((socket) => {
    const upstream = connect(Number(port), hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on("error", () => upstream.destroy());
    upstream.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

describe.concurrent("a change in how the installation is reached keeps the website", async () => {
  // Every row here expects no DELETE at all, so the rows share one emulator.
  const { emulator, account } = await emulatorWithAccount("Custody");
  const proxy = await forwarder(emulator.url);

  /** Addresses of the same installation, as a user might write them. */
  const addresses: [string, string][] = [
    ["another host name", emulator.url.replace("127.0.0.1", "localhost")],
    ["another port", proxy],
    ["the API path spelled out", `${emulator.url}/api/v1/`],
  ];
  /** How the new address reaches the provider: the stack's settings, an explicit provider, the Website's connection. */
  const ways = ["stack", "explicit", "connection"] as const;

  const rows = hosts.flatMap((host) =>
    ways
      .filter((way) => host === "plugin" || way !== "explicit")
      .flatMap((way) =>
        adoption.flatMap((adopt) =>
          addresses.map(([label]) => {
            const bound = way === "stack" && adopt && label === "another host name";
            return [host, way, adopt, label, boundaryName(bound)] as const;
          }),
        ),
      ),
  );

  it.each(rows)(
    "%s host, new address by %s, adoptExisting %s: %s (%s)",
    async (host, way, adopt, label, where) => {
      const address = addresses.find(([name]) => name === label)![1];
      const settings = { baseUrl: emulator.url, apiKey: account.apiKey, adoptExisting: String(adopt) };
      const domain = uniqueDomain("custody");
      const stack = new ProviderStack(host, { settings }, boundaryOf(where));
      await stack.up({ site: { domain, email: true } });
      const created = stack.get("site");
      expect(created.outputs.installation).toBe(emulator.url);

      emulator.resetRequestCounts();
      const moved: { config: StackConfig; args: Record<string, unknown> } =
        way === "stack"
          ? { config: { settings: { ...settings, baseUrl: address } }, args: { domain, email: false } }
          : way === "explicit"
            ? {
                config: { explicit: { baseUrl: address, apiKey: account.apiKey } },
                args: { domain, email: false },
              }
            : {
                config: { settings },
                args: {
                  domain,
                  email: false,
                  connection: secret({ baseUrl: address, apiKey: account.apiKey }),
                },
              };
      stack.config = moved.config;
      const update = await stack.up({ site: moved.args });
      expect(update.steps).toEqual([{ name: "site", op: "update" }]);
      expect(stack.get("site").id).toBe(created.id);
      expect(emulator.getWebsite(Number(created.id))).toMatchObject({ domain, email: 0 });
      // A refresh reads it at the new address and records where it was found.
      const refresh = await stack.refresh();
      expect(refresh.steps).toEqual([{ name: "site", op: "refresh" }]);
      expect(stack.get("site").id).toBe(created.id);
      expect(stack.get("site").outputs.installation).toBe(
        new WebstatsClient({ baseUrl: address, apiKey: "k" }).baseUrl,
      );
      expect(deletes(emulator)).toBe(0);
      expect(update.notices).toBe("");
    },
  );

  it.each(hosts)("%s host: a connection given, then dropped, keeps the website", async (host) => {
    const settings = { baseUrl: emulator.url, apiKey: account.apiKey, adoptExisting: "true" };
    const domain = uniqueDomain("dropped");
    const connection = secret({ baseUrl: emulator.url, apiKey: account.apiKey });
    const stack = new ProviderStack(host, { settings }, inProcess);
    await stack.up({ site: { domain, connection } });
    const created = stack.get("site");
    emulator.resetRequestCounts();
    await stack.up({ site: { domain } });
    expect(stack.get("site").id).toBe(created.id);
    expect(emulator.getWebsite(Number(created.id))?.domain).toBe(domain);
    expect(deletes(emulator)).toBe(0);
  });
});

describe.concurrent("another installation under the new address: reported, nothing deleted on either", () => {
  /** Makes the second installation hold another domain under the same id as `recorded`. */
  async function sameIdElsewhere(second: Emulator, apiKey: string, recorded: Recorded): Promise<string> {
    const client = new WebstatsClient({ baseUrl: second.url, apiKey, requestsPerMinute: 0 });
    let website = await client.websites.create({ domain: uniqueDomain("elsewhere") });
    while (website.id < Number(recorded.id))
      website = await client.websites.create({ domain: uniqueDomain("elsewhere") });
    expect(website.id).toBe(Number(recorded.id));
    return website.domain;
  }

  it.each(hosts)("%s host: update refuses, refresh drops it, delete declines", async (host: Host) => {
    const [one, two] = await Promise.all([emulatorWithAccount(), emulatorWithAccount()]);
    const [first, second] = [one.emulator, two.emulator];
    const settings = { baseUrl: first.url, apiKey: one.account.apiKey, adoptExisting: "true" };
    const domain = uniqueDomain("moved");
    const stack = new ProviderStack(host, { settings }, inProcess);
    await stack.up({ site: { domain } });
    const created = stack.get("site");
    const otherDomain = await sameIdElsewhere(second, two.account.apiKey, created);
    stack.config = { settings: { ...settings, baseUrl: second.url, apiKey: two.account.apiKey } };
    first.resetRequestCounts();
    second.resetRequestCounts();

    const both = [`recorded at ${first.url}`, `${second.url} is another installation`];
    // An update through the new address (a changed argument) refuses before any change.
    const update = await stack.up({ site: { domain, email: true } }, { allowFailure: true });
    expect(update.error?.message).toMatch(
      new RegExp(`${both[0]}.*${both[1]}.*${otherDomain}.*Nothing was changed or deleted`),
    );
    // A refresh (with the provider the state now records: the new address) reports it gone, saying so.
    const refresh = await stack.refresh();
    expect(refresh.steps).toEqual([{ name: "site", op: "discard" }]);
    expect(refresh.notices).toContain(both[1]);
    // A delete (the Website removed from a state that still records it, while the address is
    // wrong) declines, saying so.
    stack.resources.set("site", created);
    const removal = await stack.up({});
    expect(removal.steps).toEqual([{ name: "site", op: "delete" }]);
    expect(removal.notices).toContain(`${both[0]}, but ${second.url}`);

    expect(first.getWebsite(Number(created.id))?.domain).toBe(domain);
    expect(second.getWebsite(Number(created.id))?.domain).toBe(otherDomain);
    expect([deletes(first), deletes(second)]).toEqual([0, 0]);
    expect(second.requestCounts()["PATCH /api/v1/websites/:id"] ?? 0).toBe(0);
  });
});

describe.concurrent(
  "replacements: only a domain change deletes, and never a website another Website holds",
  () => {
    /** A row's own emulator, and stack settings for its account. */
    async function rowSetup(adopt: boolean) {
      const { emulator, account } = await emulatorWithAccount("Replacements");
      return {
        emulator,
        settings: { baseUrl: emulator.url, apiKey: account.apiKey, adoptExisting: String(adopt) },
      };
    }
    const rows = hosts.flatMap((host) => adoption.map((adopt) => [host, adopt] as const));

    it.each(rows)(
      "%s host, adoptExisting %s: a forced replacement keeps the website",
      async (host, adopt) => {
        const { emulator, settings } = await rowSetup(adopt);
        const domain = uniqueDomain("forced");
        const stack = new ProviderStack(host, { settings }, inProcess);
        await stack.up({ site: { domain } });
        const created = stack.get("site");
        emulator.resetRequestCounts();
        const replaced = await stack.up({ site: { domain } }, { replace: ["site"], allowFailure: true });
        expect(replaced.steps).toEqual([{ name: "site", op: "replace" }]);
        if (adopt) {
          // The replacement adopts the website; the engine's delete of the original is declined.
          expect(replaced.error).toBeUndefined();
          expect(stack.get("site").id).toBe(created.id);
          expect(replaced.notices).toContain(`website ${created.id} (${domain}) was not deleted`);
        } else {
          expect(replaced.error?.message).toMatch(/already exists in this account/);
        }
        expect(emulator.getWebsite(Number(created.id))?.domain).toBe(domain);
        expect(deletes(emulator)).toBe(0);
      },
    );

    const renames = rows.map(([host, adopt]) => [host, adopt, boundaryName(!adopt)] as const);
    it.each(renames)(
      "%s host, adoptExisting %s: a new domain replaces, and says so (%s)",
      async (host, adopt, where) => {
        const { emulator, settings } = await rowSetup(adopt);
        const [before, after] = [uniqueDomain("rename-old"), uniqueDomain("rename-new")];
        const stack = new ProviderStack(host, { settings }, boundaryOf(where));
        await stack.up({ site: { domain: before } });
        const created = stack.get("site");
        const replaced = await stack.up({ site: { domain: after } });
        expect(replaced.steps).toEqual([{ name: "site", op: "replace" }]);
        expect(replaced.notices).toContain(
          `website ${created.id} (${before}) changes to ${after}. The API cannot rename a website: ${after} is created, then website ${created.id} is deleted with all its statistics.`,
        );
        expect(emulator.getWebsite(Number(created.id))).toBeUndefined();
        expect(emulator.getWebsite(Number(stack.get("site").id))?.domain).toBe(after);
      },
    );

    it.each(rows)("%s host, adoptExisting %s: a domain the account already has", async (host, adopt) => {
      const { emulator, settings } = await rowSetup(adopt);
      const [mine, theirs] = [uniqueDomain("taken-mine"), uniqueDomain("taken-theirs")];
      const others = new ProviderStack(host, { settings }, inProcess);
      await others.up({ other: { domain: theirs } });
      const other = others.get("other");
      const stack = new ProviderStack(host, { settings }, inProcess);
      await stack.up({ site: { domain: mine } });
      const created = stack.get("site");
      emulator.resetRequestCounts();
      const replaced = await stack.up({ site: { domain: theirs } }, { allowFailure: true });
      expect(replaced.steps).toEqual([{ name: "site", op: "replace" }]);
      if (adopt) {
        // Taking over the other website is what was asked; the original goes, as for any domain change.
        expect(replaced.error).toBeUndefined();
        expect(stack.get("site").id).toBe(other.id);
        expect(emulator.getWebsite(Number(created.id))).toBeUndefined();
        expect(deletes(emulator)).toBe(1);
      } else {
        expect(replaced.error?.message).toMatch(/already exists in this account/);
        expect(emulator.getWebsite(Number(created.id))?.domain).toBe(mine);
        expect(deletes(emulator)).toBe(0);
      }
      expect(emulator.getWebsite(Number(other.id))?.domain).toBe(theirs);
    });

    it.each(hosts)(
      "%s host: removing one of two Websites that hold the same website keeps it (host processes)",
      async (host) => {
        const { emulator, settings } = await rowSetup(true);
        const domain = uniqueDomain("twice");
        // Each Website took the website in an operation of its own; the state then holds both.
        const stack = new ProviderStack(host, { settings }, hostProcesses);
        await stack.up({ first: { domain } });
        const elsewhere = new ProviderStack(host, { settings }, hostProcesses);
        await elsewhere.up({ second: { domain } });
        expect(elsewhere.get("second").id).toBe(stack.get("first").id);
        stack.resources.set("second", elsewhere.get("second"));
        // One operation: the kept one is diffed (no change), the removed one deleted.
        const removal = await stack.up({ first: { domain } });
        expect(removal.steps).toEqual([
          { name: "first", op: "same" },
          { name: "second", op: "delete" },
        ]);
        expect(removal.notices).toContain("another Website of this operation now holds it");
        expect(emulator.getWebsite(Number(stack.get("first").id))?.domain).toBe(domain);
        expect(deletes(emulator)).toBe(0);
      },
    );
  },
);
