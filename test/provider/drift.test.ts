// Changes made outside Pulumi, through both hosts as the engine steps them, without the engine:
// a refresh records what the server has (the write-only query parameters kept), the next up
// restores what the program declares; a website deleted out of band leaves the state on refresh
// and is created again by up; an update of a deleted website explains itself and points at
// refresh; a destroy counts it as destroyed; and a refresh of many websites reads them with one
// listing (plus one request for the website missing from it), with the reads running at once as
// the engine runs them. These are the hosts' Read, Update and Delete, so every case runs here;
// drift found and restored through the engine itself, once per host, is part of
// test/e2e/website-lifecycle.
import { describe, expect, it } from "vitest";
import { hosts } from "./engine-processes";
import type { Host } from "./engine-processes";
import { engineParallelism, ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";
import { uniqueDomain } from "../support/unique-domain";

const emulator = useSharedEmulator();

function newStack(host: Host) {
  const account = emulator().createAccount();
  // Each operation's host runs in this process (in-process-hosts.ts): the cases are the hosts'
  // Read, Update and Delete, and what one operation's host learns is kept per operation, as a
  // process keeps it.
  const stack = new ProviderStack(
    host,
    { settings: { baseUrl: emulator().url, apiKey: account.apiKey } },
    { inProcess: true },
  );
  return { stack, account };
}

describe.each(hosts)("%s host", (host) => {
  it("records drift on refresh and restores the declared values on up", async () => {
    const { stack } = newStack(host);
    const domain = uniqueDomain("drift");
    const program = { site: { domain, email: true, excludeIps: ["10.1.1.1"], excludeParams: ["ref"] } };
    await stack.up(program);
    const id = Number(stack.get("site").id);

    emulator().updateWebsite(id, { email: 0, privacy: 1, exclude_ips: "10.9.9.9", favorite: true });

    // A preview against the recorded state does not see the drift.
    expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);

    expect((await stack.refresh()).steps).toEqual([{ name: "site", op: "refresh" }]);
    const refreshed = stack.get("site");
    expect(refreshed.outputs).toMatchObject({ email: false, privacy: "private", excludeIps: ["10.9.9.9"] });
    expect(refreshed.inputs).toMatchObject({ email: false, privacy: "private", favorite: true });
    // The write-only list survives a refresh: the API never returns it.
    expect(refreshed.outputs.excludeParams).toEqual(["ref"]);

    // Against the refreshed state (what preview --refresh shows), the program is a change.
    expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "update" }]);
    expect((await stack.up(program)).steps).toEqual([{ name: "site", op: "update" }]);
    expect(stack.get("site").id).toBe(String(id));
    expect(stack.get("site").outputs).toMatchObject({
      websiteId: id,
      email: true,
      privacy: "public",
      excludeIps: ["10.1.1.1"],
      favorite: false,
    });
    expect(emulator().getWebsite(id)).toMatchObject({
      email: 1,
      privacy: 0,
      exclude_ips: "10.1.1.1",
      favorite: false,
    });

    // Restored: a refresh finds nothing new, and the program is no change.
    const restored = structuredClone(stack.get("site").outputs);
    await stack.refresh();
    expect(stack.get("site").outputs).toEqual(restored);
    expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
    await stack.destroy();
    expect(emulator().getWebsite(id)).toBeUndefined();
  });

  it("drops a website deleted out of band on refresh, and up creates it again", async () => {
    const { stack, account } = newStack(host);
    const domain = uniqueDomain("gone");
    await stack.up({ site: { domain } });
    const id = Number(stack.get("site").id);

    expect(emulator().deleteWebsite(id)).toBe(true);
    expect((await stack.refresh()).steps).toEqual([{ name: "site", op: "discard" }]);
    expect(stack.resources.size).toBe(0);

    expect((await stack.up({ site: { domain } })).steps).toEqual([{ name: "site", op: "create" }]);
    expect(stack.get("site").outputs.domain).toBe(domain);
    expect(stack.get("site").id).not.toBe(String(id));
    expect(
      emulator()
        .listWebsites(account.id)
        .filter((w) => w.domain === domain),
    ).toHaveLength(1);
    await stack.destroy();
    expect(emulator().listWebsites(account.id)).toEqual([]);
  });

  it("explains an update of a website deleted out of band, instead of a bare server error", async () => {
    const { stack, account } = newStack(host);
    const domain = uniqueDomain("stale");
    await stack.up({ site: { domain } });
    emulator().deleteWebsite(Number(stack.get("site").id));

    const failed = await stack.up({ site: { domain, email: true } }, { allowFailure: true });
    expect(failed.steps).toEqual([{ name: "site", op: "update" }]);
    expect(failed.error?.message).toMatch(/deleted outside Pulumi/);
    expect(failed.error?.message).toMatch(/pulumi refresh/);
    // Nothing was created in its place.
    expect(emulator().listWebsites(account.id)).toEqual([]);

    await stack.refresh();
    expect(stack.resources.size).toBe(0);
    expect((await stack.up({ site: { domain, email: true } })).steps).toEqual([
      { name: "site", op: "create" },
    ]);
    expect(stack.get("site").outputs).toMatchObject({ domain, email: true });
    await stack.destroy();
  });

  it("counts a website already deleted out of band as destroyed", async () => {
    const { stack } = newStack(host);
    await stack.up({ site: { domain: uniqueDomain("destroyed") } });
    emulator().deleteWebsite(Number(stack.get("site").id));
    const destroy = await stack.destroy();
    expect(destroy.error).toBeUndefined();
    expect(destroy.steps).toEqual([{ name: "site", op: "delete" }]);
    expect(stack.resources.size).toBe(0);
  });

  it("refreshes many websites with one listing instead of a request per website", async () => {
    const { stack, account } = newStack(host);
    const prefix = uniqueDomain("many").split(".")[0];
    const program = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`site-${i}`, { domain: `${prefix}-${i}.example.com` }]),
    );
    await stack.up(program, { parallel: engineParallelism });
    const ids = Array.from({ length: 30 }, (_, i) => Number(stack.get(`site-${i}`).id));
    emulator().updateWebsite(ids[3]!, { email: 1 });
    emulator().deleteWebsite(ids[7]!);
    const before = new Map([...stack.resources].map(([name, r]) => [name, structuredClone(r.outputs)]));

    emulator().resetRequestCounts();
    const refresh = await stack.refresh({ parallel: engineParallelism });
    expect(refresh.steps.filter((s) => s.op === "discard")).toEqual([{ name: "site-7", op: "discard" }]);
    expect(refresh.steps.filter((s) => s.op === "refresh")).toHaveLength(29);
    const changed = [...stack.resources]
      .filter(([name, r]) => JSON.stringify(r.outputs) !== JSON.stringify(before.get(name)))
      .map(([name]) => name);
    expect(changed).toEqual(["site-3"]);
    expect(stack.get("site-3").outputs.email).toBe(true);
    const counts = emulator().requestCounts();
    expect(counts["GET /api/v1/websites"]).toBe(1);
    // Only the website missing from the listing is confirmed one by one.
    expect(counts["GET /api/v1/websites/:id"]).toBe(1);

    const up = await stack.up(program, { parallel: engineParallelism });
    expect(up.steps.filter((s) => s.op !== "same")).toEqual([
      { name: "site-3", op: "update" },
      { name: "site-7", op: "create" },
    ]);
    await stack.refresh({ parallel: engineParallelism });
    const again = await stack.preview(program);
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    await stack.destroy({ parallel: engineParallelism });
    expect(emulator().listWebsites(account.id)).toEqual([]);
  });
});
