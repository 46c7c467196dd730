// A Website's whole life through both hosts, as the engine steps it, without the engine: create
// with every argument (normalised), no change on a second preview and on refresh, an in-place
// update of each argument with no website created or deleted, a replacement when the domain
// changes (and none for another spelling of it), list order kept out of the diff, and previews
// with arguments not known yet (the engine's unknown placeholder) in check and diff. Each of
// these is the host's answer to Check, Diff, Create, Update, Read and Delete, so the whole table
// runs here; a lifecycle through the engine itself, once per host, is test/e2e/website-lifecycle.
import { describe, expect, it } from "vitest";
import { hosts, isSecret, plain, secret, unknown } from "./engine-processes";
import type { Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import type { Recorded } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";
import { uniqueDomain } from "../support/unique-domain";
import { defaultArguments } from "../support/recorded-website";
import { everyArgument, everyArgumentOutputs, everyArgumentStored } from "../support/every-argument";

type Props = Record<string, unknown>;

const emulator = useSharedEmulator();

// Each operation's host runs in this process (in-process-hosts.ts): every case is the hosts'
// answer to the engine's requests, which a process boundary does not change.
const newStack = (host: Host) =>
  new ProviderStack(
    host,
    { settings: { baseUrl: emulator().url, apiKey: emulator().createAccount().apiKey } },
    { inProcess: true },
  );

const requests = (route: string) => emulator().requestCounts()[route] ?? 0;

describe.each(hosts)("%s host", (host) => {
  it("creates with every argument, previews no change, refreshes with no change and destroys", async () => {
    const stack = newStack(host);
    const domain = uniqueDomain("full");
    const password = "correct horse battery";
    const program = { site: { ...everyArgument(domain, secret(password)), adoptExisting: false } };
    expect((await stack.up(program)).steps).toEqual([{ name: "site", op: "create" }]);
    const { id, outputs } = stack.get("site");
    expect(outputs).toMatchObject(everyArgumentOutputs(domain));
    expect(typeof outputs.websiteId).toBe("number");
    expect(id).toBe(String(outputs.websiteId));
    expect(outputs.favoritedAt).toEqual(expect.any(String));
    // The plugin keeps the password secret itself; the dynamic host returns it plain under its own
    // key, which the engine marks secret (the program declared it secret).
    expect(isSecret(outputs.password)).toBe(host === "plugin");
    expect(plain(outputs.password)).toBe(password);
    expect(emulator().getWebsite(Number(id))).toMatchObject(everyArgumentStored(domain, password));

    expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
    const before = structuredClone(stack.get("site"));
    expect((await stack.refresh()).steps).toEqual([{ name: "site", op: "refresh" }]);
    // Nothing drifted: the same outputs, and the same inputs but the write-only password, which
    // the API never returns (the plugin's read leaves it out; the next up sends it again).
    expect(stack.get("site").outputs).toEqual(before.outputs);
    const { password: _password, ...readable } = before.inputs;
    expect(stack.get("site").inputs).toMatchObject(readable);
    expect((await stack.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);

    expect((await stack.destroy()).steps).toEqual([{ name: "site", op: "delete" }]);
    expect(emulator().getWebsite(Number(id))).toBeUndefined();
    expect(stack.resources.size).toBe(0);
  });

  it("updates each argument in place, without creating or deleting a website", async () => {
    const stack = newStack(host);
    const domain = uniqueDomain("inplace");
    await stack.up({ site: { domain } });
    const id = stack.get("site").id;
    expect(stack.get("site").outputs).toMatchObject({ ...defaultArguments, hasPassword: false });

    /** [what changes, the arguments after it, the outputs, the server's record] */
    const changes: [string, Props, Props, Props][] = [
      ["privacy", { privacy: "private" }, { privacy: "private" }, { privacy: 1 }],
      ["email", { email: true }, { email: true }, { email: 1 }],
      ["excludeBots", { excludeBots: false }, { excludeBots: false }, { exclude_bots: 0 }],
      [
        "favorite",
        { favorite: true },
        { favorite: true, favoritedAt: expect.any(String) },
        { favorite: true },
      ],
      [
        "excludeParams",
        { excludeParams: ["fbclid"] },
        { excludeParams: ["fbclid"] },
        { exclude_params: "fbclid" },
      ],
      [
        "excludeIps",
        { excludeIps: ["203.0.113.0/24"] },
        { excludeIps: ["203.0.113.0/24"] },
        { exclude_ips: "203.0.113.0/24" },
      ],
      [
        "password protection on",
        { privacy: "password", password: secret("first-pass") },
        { privacy: "password", hasPassword: true },
        { privacy: 2, password: "first-pass" },
      ],
      [
        "a new password",
        { password: secret("second-pass") },
        { hasPassword: true },
        { password: "second-pass" },
      ],
    ];
    let args: Props = { domain };
    const wrong: string[] = [];
    const applied: [string, Props, Recorded][] = [];
    for (const [label, change, outputs, stored] of changes) {
      args = { ...args, ...change };
      emulator().resetRequestCounts();
      const up = await stack.up({ site: args });
      if (up.steps[0]?.op !== "update") wrong.push(`${label}: ${JSON.stringify(up.steps)}`);
      if (stack.get("site").id !== id) wrong.push(`${label}: a new id`);
      if (requests("POST /api/v1/websites") + requests("DELETE /api/v1/websites/:id") > 0)
        wrong.push(`${label}: created or deleted: ${JSON.stringify(emulator().requestCounts())}`);
      expect(stack.get("site").outputs, label).toMatchObject(outputs);
      expect(emulator().getWebsite(Number(id)), label).toMatchObject(stored);
      applied.push([label, args, structuredClone(stack.get("site"))]);
    }
    // adoptExisting only matters when a website is created: changing it is no change either.
    applied.push(["adoptExisting", { ...args, adoptExisting: true }, structuredClone(stack.get("site"))]);
    // Each change, once applied, is no change any more: what a preview of the same program
    // finds (check against the recorded inputs, then diff), each state in one preview process.
    const provider = await stack.provider();
    try {
      for (const [label, sameArgs, recorded] of applied) {
        const { inputs, failures } = await stack.check(provider, "site", recorded.inputs, sameArgs);
        const diff = await stack.diff(provider, "site", recorded, inputs);
        if (failures.length > 0 || diff.changes || diff.replaces.length > 0)
          wrong.push(`${label} again: ${JSON.stringify({ failures, diff })}`);
      }
    } finally {
      provider.kill();
    }
    expect(wrong).toEqual([]);
    const stored = emulator().getWebsite(Number(id));
    expect(stack.get("site").outputs).toMatchObject({
      privacy: "password",
      email: true,
      excludeBots: false,
      favorite: true,
      excludeParams: ["fbclid"],
      excludeIps: ["203.0.113.0/24"],
    });
    expect(stored?.password).toBe("second-pass");

    // Back to the defaults (password protection off), in place.
    emulator().resetRequestCounts();
    expect((await stack.up({ site: { domain } })).steps).toEqual([{ name: "site", op: "update" }]);
    expect(stack.get("site").id).toBe(id);
    expect(stack.get("site").outputs).toMatchObject(defaultArguments);
    expect(emulator().getWebsite(Number(id))).toMatchObject({
      privacy: 0,
      email: 0,
      exclude_bots: 1,
      favorite: false,
    });
    expect(requests("POST /api/v1/websites") + requests("DELETE /api/v1/websites/:id")).toBe(0);
    expect((await stack.preview({ site: { domain } })).steps).toEqual([{ name: "site", op: "same" }]);
    await stack.destroy();
  });

  it("replaces on a new domain, and another spelling of the same domain is no change", async () => {
    const stack = newStack(host);
    const domain = uniqueDomain("replace");
    await stack.up({ site: { domain } });
    const first = stack.get("site").id;

    const respelt = await stack.preview({ site: { domain: `HTTPS://WWW.${domain.toUpperCase()}` } });
    expect(respelt.steps).toEqual([{ name: "site", op: "same" }]);

    const renamed = uniqueDomain("renamed");
    const preview = await stack.preview({ site: { domain: renamed } });
    expect(preview.steps).toEqual([{ name: "site", op: "replace" }]);
    // The preview says what a replacement does to the website and its statistics.
    expect(preview.notices).toContain(`the domain of website ${first} (${domain}) changes to ${renamed}`);
    expect(preview.notices).toMatch(/deleted with all its statistics/);
    expect(emulator().getWebsite(Number(first))?.domain).toBe(domain);

    expect((await stack.up({ site: { domain: renamed } })).steps).toEqual([{ name: "site", op: "replace" }]);
    const second = stack.get("site");
    expect(second.outputs.domain).toBe(renamed);
    expect(second.id).not.toBe(first);
    expect(emulator().getWebsite(Number(first))).toBeUndefined();
    expect(emulator().getWebsite(Number(second.id))?.domain).toBe(renamed);
    await stack.destroy();
    expect(emulator().getWebsite(Number(second.id))).toBeUndefined();
  });

  it("keeps the order and spacing of list entries out of the diff", async () => {
    const stack = newStack(host);
    const domain = uniqueDomain("order");
    await stack.up({ site: { domain, excludeIps: ["1.1.1.1", "2.2.2.2"], excludeParams: ["a", "b"] } });
    // (An empty entry would be refused: see bad-input.test.ts.)
    const reordered = { site: { domain, excludeIps: ["2.2.2.2", " 1.1.1.1 "], excludeParams: ["b", " a"] } };
    expect((await stack.preview(reordered)).steps).toEqual([{ name: "site", op: "same" }]);
    // A real change of a list is one.
    const changed = { site: { domain, excludeIps: ["2.2.2.2"], excludeParams: ["b", "a"] } };
    expect((await stack.preview(changed)).steps).toEqual([{ name: "site", op: "update" }]);
    await stack.destroy();
  });

  it("previews websites whose arguments are not known yet", async () => {
    const stack = newStack(host);
    const domain = uniqueDomain("parent");
    // A child declared from its parent's outputs, before the parent exists.
    const preview = await stack.preview({
      parent: { domain },
      child: { domain: unknown, excludeIps: [unknown], favorite: unknown },
    });
    expect(preview.error).toBeUndefined();
    expect(preview.steps).toEqual([
      { name: "parent", op: "create" },
      { name: "child", op: "create" },
    ]);
    const child = { domain: `shop.${domain}`, excludeIps: ["10.0.0.1"], favorite: false };
    await stack.up({ parent: { domain }, child });
    expect(stack.get("child").outputs.domain).toBe(`shop.${domain}`);
    expect((await stack.preview({ parent: { domain }, child })).steps).toEqual([
      { name: "parent", op: "same" },
      { name: "child", op: "same" },
    ]);

    // Once the websites exist, an argument not known yet may be a change; a domain not known
    // yet may be a replacement, and the preview says so.
    const unsure = await stack.preview({ parent: { domain }, child: { ...child, favorite: unknown } });
    expect(unsure.steps).toEqual([
      { name: "parent", op: "same" },
      { name: "child", op: "update" },
    ]);
    const moving = await stack.preview({ parent: { domain }, child: { ...child, domain: unknown } });
    expect(moving.steps).toEqual([
      { name: "parent", op: "same" },
      { name: "child", op: "replace" },
    ]);
    expect(moving.notices).toContain(`changes to a domain not known yet`);
    await stack.destroy();
    expect(stack.resources.size).toBe(0);
  });
});
