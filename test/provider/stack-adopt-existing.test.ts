// The stack's `webstats:adoptExisting` as both hosts apply it to each Website that does not set
// adoptExisting: a password-protected Website without a password is then the adoption of the
// existing website, keeping the password the server holds, where without the setting check
// refuses it, naming the password and adoptExisting. Fleet files rely on this for their entries
// without passwordConfig (the program's side, reading the fleet file under the stack's settings,
// is the engine tests'); what a host does with the setting is proven here, below the engine.
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { hosts } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";

const emulator = useSharedEmulator();

it.each(hosts)(
  "%s host: with webstats:adoptExisting, a protected Website without a password keeps the server's",
  async (host) => {
    const account = emulator().createAccount();
    const tag = `${host}-${Date.now().toString(36)}`;
    const [guarded, fresh] = [`guarded-${tag}.example.com`, `fresh-${tag}.example.com`];
    const client = new WebstatsClient({
      baseUrl: emulator().url,
      apiKey: account.apiKey,
      requestsPerMinute: 0,
    });
    const existing = await client.websites.create({
      domain: guarded,
      privacy: "password",
      password: "kept-on-the-server",
    });
    const program = {
      guarded: { domain: guarded, privacy: "password" },
      fresh: { domain: fresh, email: true },
    };
    const credentials = { baseUrl: emulator().url, apiKey: account.apiKey };

    // Without the setting, the Website would create a website with no password: refused by check.
    const refused = await new ProviderStack(host, { settings: credentials }).up(program, {
      allowFailure: true,
    });
    expect(refused.error?.message).toMatch(
      /password is required when privacy is "password" for a new website.*adoptExisting/s,
    );
    expect(refused.steps).toEqual([]);

    const stack = new ProviderStack(host, { settings: { ...credentials, adoptExisting: "true" } });
    expect((await stack.up(program)).steps.map((s) => s.op)).toEqual(["create", "create"]);
    expect(stack.get("guarded").id).toBe(String(existing.id));
    expect(emulator().getWebsite(existing.id)).toMatchObject({ privacy: 2, password: "kept-on-the-server" });
    expect(emulator().getWebsite(Number(stack.get("fresh").id))).toMatchObject({ domain: fresh, email: 1 });
    await stack.refresh();
    expect((await stack.preview(program)).steps.map((s) => s.op)).toEqual(["same", "same"]);
    await stack.destroy();
    expect(emulator().listWebsites(account.id)).toEqual([]);
  },
);
