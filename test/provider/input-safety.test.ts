// What the hosts keep when a program leaves arguments out or the stack, not the program, asks for
// adoption, through both hosts as the engine drives them: a program that adopts an existing
// website without naming its write-only settings (the query parameters, the password) leaves
// them as the server has them, and the next preview is no change; a stack-wide adoptExisting
// setting lets a run take over existing websites without changing the program, and switching it
// off again is no change. Adoption and the settings are the hosts' and the core's doing, so both
// cases run here for both hosts. How check refuses wrong, secret or unknown arguments (a password
// with privacy "public", a connection without scheme, a Website without arguments, an unknown
// argument) is test/provider/bad-input.test.ts's table; how the engine prints those failures,
// and that a program's Website passes unknown keys on to check, only the engine shows
// (test/e2e/website-bad-input); that the engine hands the stack's setting to each host and sees
// no change when it is switched off is test/e2e/website-input-safety's.
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import type { WebsiteCreateInput } from "../../sdk";
import { hosts, plain, stopAll } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { uniqueDomain } from "../support/unique-domain";

type Props = Record<string, unknown>;

afterAll(() => stopAll());

describe.each(hosts)("input safety through the %s host", (host) => {
  const emulators: Emulator[] = [];
  afterAll(async () => {
    await Promise.all(emulators.map((e) => e.close()));
  });

  /** An emulator and account of the case's own; a website made outside Pulumi. */
  async function setUp(existing: WebsiteCreateInput) {
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    emulators.push(emulator);
    const account = emulator.createAccount();
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const { id } = await client.websites.create(existing);
    const stack = (settings: Record<string, string> = {}) =>
      new ProviderStack(host, {
        settings: { baseUrl: emulator.url, apiKey: account.apiKey, ...settings },
      });
    const websitesOf = (domain: string) =>
      emulator.listWebsites(account.id).filter((w) => w.domain === domain);
    return { emulator, id, stack, websitesOf };
  }

  it.concurrent("keeps query parameters and the password that an adopting program leaves out", async () => {
    const domain = uniqueDomain("keep");
    const { emulator, id, stack } = await setUp({
      domain,
      privacy: "password",
      password: "server-side",
      excludeParams: ["utm_source", "ref"],
    });
    const adopting = stack();
    const program = { site: { domain, privacy: "password", email: true, adoptExisting: true } };
    await adopting.up(program);
    expect(adopting.get("site").id).toBe(String(id));
    expect(plain(adopting.get("site").outputs) as Props).toMatchObject({
      websiteId: id,
      privacy: "password",
      hasPassword: true,
      email: true,
    });
    expect(emulator.getWebsite(id)).toMatchObject({
      password: "server-side",
      exclude_params: "utm_source\nref",
      email: 1,
    });
    expect((await adopting.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
  });

  it.concurrent(
    "adopts existing websites when the stack, not the program, switches adoptExisting on",
    async () => {
      const domain = uniqueDomain("stackwide");
      const { id, stack, websitesOf } = await setUp({ domain, email: true });
      const program = { site: { domain, email: true } };

      // The same program: refused, then adopted with the stack-wide default.
      const refused = await stack().up(program, { allowFailure: true });
      expect(refused.error?.message).toMatch(/adoptExisting/);
      const adopting = stack({ adoptExisting: "true" });
      await adopting.up(program);
      expect(adopting.get("site").id).toBe(String(id));
      expect((plain(adopting.get("site").outputs) as Props).websiteId).toBe(id);
      expect(websitesOf(domain)).toHaveLength(1);
      // Switching it off again is no change.
      adopting.config.settings = { ...adopting.config.settings, adoptExisting: "false" };
      expect((await adopting.preview(program)).steps).toEqual([{ name: "site", op: "same" }]);
    },
  );
});
