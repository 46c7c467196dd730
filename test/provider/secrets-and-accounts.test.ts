// Secrets and credentials in both hosts, as the engine drives them: the password and every API
// key (the stack's, a connection's, one the server refuses) never leave a host outside what the
// engine keeps secret (the plugin's secret markers; for the dynamic host, the Website's secret
// arguments `password` and `connection`, which the program marks secret), nor in any failure,
// logged message or standard error. Credentials come from the stack's settings, the provider
// process's environment or a Website's connection (two accounts in one stack), and their absence
// fails naming every way to give them. The plugin serves the functions; the dynamic host's run
// in the program, which only the engine tests show. Here, below the engine, every response and
// every byte a host writes can be inspected, which the engine's output never shows in full.
import { beforeAll, describe, expect, it } from "vitest";
import type { EmulatorAccount } from "../../emulator";
import { engine, hosts, secret, startedProcesses } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";
import { uniqueDomain } from "../support/unique-domain";
import { exposures, leaks } from "./secret-leaks";
import { sendCountedPageviews, utcDay } from "../support/pageviews";

const emulator = useSharedEmulator();
let primary: EmulatorAccount;
let secondary: EmulatorAccount;
beforeAll(() => {
  primary = emulator().createAccount({ name: "Primary" });
  secondary = emulator().createAccount({ name: "Secondary" });
});

type Props = Record<string, unknown>;

describe.each(hosts)("%s host", (host) => {
  it("never lets a password or an API key out, in answers, failures, logs or standard error", async () => {
    const password = `pw-never-in-clear-${host}`;
    const changed = `${password}-2`;
    const refusedKey = `refused-key-${host}-0123456789abcdef`;
    const processesBefore = startedProcesses.length;
    const messagesBefore = engine.messages.length;
    const stack = new ProviderStack(host, { settings: { baseUrl: emulator().url, apiKey: primary.apiKey } });
    const [guarded, other] = [uniqueDomain(`secret-${host}`), uniqueDomain(`secret-other-${host}`)];
    const program = (pw: string) => ({
      guarded: { domain: guarded, privacy: "password", password: secret(pw) },
      other: { domain: other, connection: secret({ baseUrl: emulator().url, apiKey: secondary.apiKey }) },
    });

    await stack.up(program(password));
    await stack.refresh();
    expect((await stack.preview(program(password))).steps.map((s) => s.op)).toEqual(["same", "same"]);
    expect((await stack.up(program(changed))).steps.map((s) => s.op)).toEqual(["update", "same"]);
    expect(emulator().getWebsite(Number(stack.get("guarded").id))?.password).toBe(changed);
    await stack.refresh();
    expect((await stack.preview(program(changed))).steps.map((s) => s.op)).toEqual(["same", "same"]);
    // Failures: a key the server refuses, and a password check refuses.
    const refused = await stack.up(
      {
        ...program(changed),
        refused: {
          domain: uniqueDomain("refused"),
          connection: secret({ baseUrl: emulator().url, apiKey: refusedKey }),
        },
      },
      { allowFailure: true },
    );
    expect(refused.error?.message).toMatch(/API key|401|unauthori[sz]ed/i);
    const tooLong = await stack.up(
      {
        ...program(changed),
        long: {
          domain: uniqueDomain("long"),
          privacy: "password",
          password: secret(`${changed}${"x".repeat(130)}`),
        },
      },
      { allowFailure: true },
    );
    expect(tooLong.error?.message).toMatch(/password must be a string of 1 to 128 characters/);
    await stack.destroy();

    const processes = startedProcesses.slice(processesBefore);
    // configure, check, create, read, diff, update, delete were all answered and inspected.
    const methods = new Set(processes.flatMap((p) => p.calls.map((c) => c.method)));
    for (const method of ["configure", "check", "create", "read", "diff", "update", "delete"])
      expect(methods).toContain(method);
    const secrets = [password, primary.apiKey, secondary.apiKey, refusedKey];
    expect(leaks(processes, secrets)).toEqual([]);
    const logged = engine.messages.slice(messagesBefore).map((m) => m.message);
    expect(exposures(logged, secrets, host, "log", false)).toEqual([]);
  });

  it("manages websites of two accounts in one stack through connection", async () => {
    const stack = new ProviderStack(host, { settings: { baseUrl: emulator().url, apiKey: primary.apiKey } });
    const program = {
      a: { domain: uniqueDomain(`first-${host}`) },
      b: {
        domain: uniqueDomain(`second-${host}`),
        connection: secret({ baseUrl: emulator().url, apiKey: secondary.apiKey }),
      },
    };
    await stack.up(program);
    const [a, b] = [Number(stack.get("a").id), Number(stack.get("b").id)];
    expect(emulator().getWebsite(a)?.account_id).toBe(primary.id);
    expect(emulator().getWebsite(b)?.account_id).toBe(secondary.id);
    await stack.refresh();
    expect((await stack.preview(program)).steps.map((s) => s.op)).toEqual(["same", "same"]);
    await stack.destroy();
    expect(emulator().getWebsite(a)).toBeUndefined();
    expect(emulator().getWebsite(b)).toBeUndefined();
  });

  it("reads credentials from the provider's environment when the stack has no settings", async () => {
    const stack = new ProviderStack(host, {
      env: { WEBSTATS_BASE_URL: emulator().url, WEBSTATS_API_KEY: secondary.apiKey },
    });
    const domain = uniqueDomain(`env-${host}`);
    await stack.up({ site: { domain } });
    const id = Number(stack.get("site").id);
    expect(emulator().getWebsite(id)).toMatchObject({ domain, account_id: secondary.id });
    await stack.destroy();
    expect(emulator().getWebsite(id)).toBeUndefined();
  });

  it("fails naming every way to give credentials when none is set", async () => {
    const requestsBefore = Object.values(emulator().requestCounts()).reduce((a, b) => a + b, 0);
    const none = await new ProviderStack(host, {}).up(
      { site: { domain: uniqueDomain("nocreds") } },
      { allowFailure: true },
    );
    expect(none.error?.message).toContain("WEBSTATS_BASE_URL environment variable");
    expect(none.error?.message).toContain("pulumi config set webstats:baseUrl");
    expect(none.error?.message).toContain("connection.baseUrl of the resource or function");
    const noKey = await new ProviderStack(host, { settings: { baseUrl: emulator().url } }).up(
      { site: { domain: uniqueDomain("nokey") } },
      { allowFailure: true },
    );
    expect(noKey.error?.message).toContain("WEBSTATS_API_KEY environment variable");
    expect(noKey.error?.message).toContain("pulumi config set --secret webstats:apiKey");
    expect(noKey.error?.message).toContain("connection.apiKey of the resource or function");
    expect(none.steps).toEqual([]);
    expect(noKey.steps).toEqual([]);
    expect(Object.values(emulator().requestCounts()).reduce((a, b) => a + b, 0)).toBe(requestsBefore);
  });
});

describe("plugin host: the functions", () => {
  it("return the account and websites, of the stack's account or a connection's", async () => {
    const setup = new ProviderStack("plugin", {
      settings: { baseUrl: emulator().url, apiKey: secondary.apiKey },
    });
    const tag = `fn-${Date.now().toString(36)}`;
    const domains = [0, 1, 2].map((i) => `${tag}-${"cba"[i]}.example.com`);
    await setup.up(Object.fromEntries(domains.map((domain, i) => [`s${i}`, { domain, favorite: i === 0 }])));
    const ids = [0, 1, 2].map((i) => Number(setup.get(`s${i}`).id));

    expect((await setup.invoke("webstats:index:getAccount")).name).toBe("Secondary");
    const connection = secret({ baseUrl: emulator().url, apiKey: primary.apiKey });
    expect((await setup.invoke("webstats:index:getAccount", { connection })).name).toBe("Primary");
    const favorites = await setup.invoke("webstats:index:getWebsites", {
      favorite: true,
      sortBy: "domain",
      sort: "asc",
    });
    expect((favorites.websites as Props[]).map((w) => w.domain)).toEqual([domains[0]]);
    const found = await setup.invoke("webstats:index:getWebsites", {
      search: tag,
      sortBy: "domain",
      sort: "asc",
    });
    expect((found.websites as Props[]).map((w) => w.domain)).toEqual([...domains].sort());
    const byDomain = await setup.invoke("webstats:index:getWebsite", { domain: `https://www.${domains[1]}` });
    expect(byDomain.id).toBe(ids[1]);
    const byId = await setup.invoke("webstats:index:getWebsite", { id: ids[2] });
    expect(byId.domain).toBe(domains[2]);
    await setup.destroy();
  });

  it("return a website's statistics over dates; refuse bad arguments unsent, another account's website by id", async () => {
    const token = "webstats:index:getWebsiteStats";
    const setup = new ProviderStack("plugin", {
      settings: { baseUrl: emulator().url, apiKey: secondary.apiKey },
    });
    const domain = uniqueDomain("fn-stats");
    await setup.up({ site: { domain } });
    const id = Number(setup.get("site").id);
    // Three pageviews of one visit (the others come from the website itself): /docs twice.
    await sendCountedPageviews(emulator().url, domain, [
      ["/", "https://news.example/item"],
      ["/docs", `https://${domain}/`],
      ["/docs", `https://${domain}/`],
    ]);
    const range = { from: utcDay(-1), to: utcDay(1) };

    expect(await setup.invoke(token, { id, ...range })).toEqual({ pageviews: 3, visitors: 1 });
    expect(await setup.invoke(token, { id, ...range, top: { name: "page", count: 1 } })).toEqual({
      pageviews: 3,
      visitors: 1,
      top: [{ value: "/docs", count: 2 }],
    });
    // The website through a connection of another account: the server's 404, in its words.
    const connection = secret({ baseUrl: emulator().url, apiKey: primary.apiKey });
    await expect(setup.invoke(token, { id, ...range, connection })).rejects.toThrow(
      `No website with the id ${id} in this account.`,
    );

    emulator().resetRequestCounts();
    await expect(setup.invoke(token, { id, from: range.to, to: range.from })).rejects.toThrow(
      `getWebsiteStats: from (${range.to}) is after to (${range.from}).`,
    );
    await expect(setup.invoke(token, { id, from: "2026/05/01", to: range.to })).rejects.toThrow(
      'getWebsiteStats: from is a date written YYYY-MM-DD, got "2026/05/01".',
    );
    await expect(
      setup.invoke(token, { id, ...range, top: { name: "landing_page", count: 3 } }),
    ).rejects.toThrow('got "landing_page" (did you mean "landingPage"?).');
    expect(emulator().requestCounts()["GET /api/v1/stats/:id"]).toBeUndefined();
    await setup.destroy();
  });
});
