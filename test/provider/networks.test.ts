// Networks at the provider's boundary, for both hosts as the engine drives them: the provider
// process's own environment (HTTPS_PROXY, https_proxy, HTTP_PROXY, NO_PROXY) and the stack's
// network settings (proxyUrl, caCertFile, skipTlsVerify, allowHttp) decide how every operation
// reaches an installation served over TLS by a private authority made at test time, under a name
// (stats.webstats.test) that only a real forwarding proxy resolves: a request that does not go
// through the proxy cannot reach it at all. What the typed client alone shows (each certificate
// problem, each NO_PROXY form, an unreachable proxy) is proven in
// test/integration/sdk/networks.test.ts; here, what reaches the engine: the operations' results,
// failures (check failures and their properties), notices (the plugin's through the engine's Log
// service, the dynamic host's on standard error), and no proxy password anywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { startForwardingProxy, urlWithHost } from "../support/network";
import type { ForwardingProxy, PemFiles } from "../support/network";
import { INSTALLATION_NAME, startCompanyInstallation } from "../support/company-installation";
import type { CompanyInstallation } from "../support/company-installation";
import { engine, hosts, isSecret, secret, startedProcesses, stopAll } from "./engine-processes";
import type { CallError, Host, ProviderProcess } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import type { OperationResult } from "./provider-stack";
import { useStubResolver } from "../support/stub-resolver";
import { uniqueDomain } from "../support/unique-domain";
import { leaks } from "./secret-leaks";

type Props = Record<string, unknown>;

/** The installation's name: only the proxies resolve it (to 127.0.0.1). */
const NAME = INSTALLATION_NAME;

// The name is the proxies' alone: node:dns's lookup finds no name here (nor in the hosts, which
// load the same stub), never asking the machine.
useStubResolver();

const PROXY_USER = "agent";
const PROXY_PASSWORD = "proxy-pass-7f3a";

let installation: CompanyInstallation;
/** Served over TLS with a certificate for NAME from the test authority. */
let tls: Emulator;
/** Served over plain HTTP. */
let plain: Emulator;
/** A forwarding proxy without credentials. */
let proxy: ForwardingProxy;
/** A forwarding proxy that asks for PROXY_USER and PROXY_PASSWORD. */
let guarded: ForwardingProxy;
/** An address where no proxy listens. */
let unreachable: string;
/** The authority's certificate, and a file of a private key alone: PEM, but no certificate in it. */
let files: PemFiles;

beforeAll(async () => {
  installation = await startCompanyInstallation({
    authority: "Webstats Provider Test Root",
    account: "Networks",
    proxyPassword: PROXY_PASSWORD,
    serverKeyFile: "key-only.pem",
  });
  ({ emulator: tls, proxy, guarded, pem: files } = installation);
  plain = await startEmulator({ requestsPerMinute: 0 });
  const gone = await startForwardingProxy();
  unreachable = `http://127.0.0.1:${gone.port}`;
  await gone.close();
});

afterAll(async () => {
  stopAll();
  await Promise.all([installation?.close(), plain?.close()]);
});

const portOf = (emulator: Emulator) => Number(new URL(emulator.url).port);
/** The emulator under the name only the proxies resolve. */
const byName = (emulator: Emulator) => urlWithHost(emulator.url, NAME);

/** The stack settings that reach the TLS emulator through a proxy, trusting the test authority. */
const trusting = (account: EmulatorAccount): Record<string, string> => ({
  baseUrl: byName(tls),
  apiKey: account.apiKey,
  caCertFile: files.path("company-root.pem"),
});

const requestsMade = () =>
  [tls, plain]
    .flatMap((emulator) => Object.values(emulator.requestCounts()))
    .reduce((sum, count) => sum + count, 0);

/** Every tunnel since `from` went to the installation, with credentials accepted; at least one. */
function expectTunnelsToInstallation(through: ForwardingProxy, from: number, emulator = tls): void {
  const tunnels = through.connects.slice(from);
  expect(tunnels.length).toBeGreaterThan(0);
  expect(tunnels).toEqual(tunnels.map(() => ({ host: NAME, port: portOf(emulator), authorized: true })));
}

type FailedCheck = CallError & { failures?: { property: string; reason: string }[] };

/**
 * The failure of an operation: what it returned with `allowFailure`, or what it threw (the
 * provider's own check, CheckConfig, stops an operation before its steps).
 */
async function failureOf(operation: Promise<OperationResult>): Promise<FailedCheck> {
  const outcome = await operation.then(
    (result) => result.error,
    (error: unknown) => error as CallError,
  );
  if (!outcome) throw new Error("the operation succeeded");
  return outcome;
}

/** One check failure, on `property`, saying `says`. */
function expectFailure(failure: FailedCheck, property: string, says: string): void {
  expect(failure.failures?.map((f) => f.property)).toEqual([property]);
  expect(failure.failures?.[0]?.reason).toContain(says);
}

const countOf = (text: string, part: string) => text.split(part).length - 1;

/** No test here puts a secret in a Website's arguments: none may show plain, whatever the host. */
const noPlainArguments: string[] = [];

/** The provider inputs the plugin's CheckConfig answers returned: what the state records. */
function checkedConfigs(processes: ProviderProcess[]): Props[] {
  return processes.flatMap((process) =>
    process.calls
      .filter((call) => call.method === "checkConfig" && call.response)
      .map((call) =>
        (call.response as { getInputs(): { toJavaScript(): Props } }).getInputs().toJavaScript(),
      ),
  );
}

describe.each(hosts)("%s host", (host: Host) => {
  it.each(["HTTPS_PROXY", "https_proxy"])(
    "reaches an https:// installation through the environment's %s, trusting webstats:caCertFile: up, refresh, destroy",
    async (variable) => {
      const account = tls.createAccount();
      const stack = new ProviderStack(host, { settings: trusting(account), env: { [variable]: proxy.url } });
      const domain = uniqueDomain(`proxied-${host}`);

      let from = proxy.connects.length;
      expect((await stack.up({ site: { domain } })).steps).toEqual([{ name: "site", op: "create" }]);
      const id = Number(stack.get("site").id);
      expect(tls.getWebsite(id)).toMatchObject({ domain, account_id: account.id });
      expectTunnelsToInstallation(proxy, from);

      from = proxy.connects.length;
      expect((await stack.refresh()).steps).toEqual([{ name: "site", op: "refresh" }]);
      expect(stack.get("site").outputs).toMatchObject({ domain });
      expectTunnelsToInstallation(proxy, from);

      from = proxy.connects.length;
      await stack.destroy();
      expect(tls.getWebsite(id)).toBeUndefined();
      expectTunnelsToInstallation(proxy, from);
    },
  );

  it("goes around the proxy where NO_PROXY says so: the create fails naming the installation, nothing is created", async () => {
    const account = tls.createAccount();
    const stack = new ProviderStack(host, {
      settings: trusting(account),
      env: { HTTPS_PROXY: proxy.url, NO_PROXY: ".webstats.test" },
    });
    const from = proxy.connects.length;
    const failure = await failureOf(
      stack.up({ site: { domain: uniqueDomain(`direct-${host}`) } }, { allowFailure: true }),
    );
    // Directly, the made-up name cannot be resolved: only the proxy knows it.
    expect(failure.message).toContain(`cannot resolve the host of ${byName(tls)}`);
    expect(proxy.connects.length).toBe(from);
    expect(tls.listWebsites(account.id)).toEqual([]);
    expect(stack.resources.size).toBe(0);
  });

  it("sends every request through webstats:proxyUrl with its credentials, not HTTPS_PROXY; wrong ones fail naming the proxy, never the password", async () => {
    const account = tls.createAccount();
    const wrongPassword = `wrong-pass-${host}-51c2`;
    // The environment's proxy cannot be reached: an operation that used it would fail.
    const env = { HTTPS_PROXY: unreachable };
    const processesFrom = startedProcesses.length;
    const stack = new ProviderStack(host, { settings: { ...trusting(account), proxyUrl: guarded.url }, env });
    const domain = uniqueDomain(`guarded-${host}`);

    let from = guarded.connects.length;
    await stack.up({ site: { domain } });
    const id = Number(stack.get("site").id);
    expect(tls.getWebsite(id)).toMatchObject({ domain, account_id: account.id });
    expectTunnelsToInstallation(guarded, from);
    await stack.destroy();
    expect(tls.getWebsite(id)).toBeUndefined();

    from = guarded.connects.length;
    const wrongProxy = `http://${PROXY_USER}:${wrongPassword}@127.0.0.1:${guarded.port}`;
    const refused = new ProviderStack(host, {
      settings: { ...trusting(account), proxyUrl: wrongProxy },
      env,
    });
    const result = await refused.up(
      { site: { domain: uniqueDomain(`refused-${host}`) } },
      { allowFailure: true },
    );
    const message = result.error?.message ?? "";
    expect(message).toContain(`the proxy http://***@127.0.0.1:${guarded.port} asks for credentials (407)`);
    // Each request asked once (the check's read of the account's plan, then the create): the
    // proxy's answer does not change by asking again.
    const refusal = { host: NAME, port: portOf(tls), authorized: false };
    expect(guarded.connects.slice(from)).toEqual([refusal, refusal]);
    expect(tls.listWebsites(account.id)).toEqual([]);

    const processes = startedProcesses.slice(processesFrom);
    const passwords = [PROXY_PASSWORD, wrongPassword];
    for (const password of passwords) expect(`${message}\n${result.notices}`).not.toContain(password);
    expect(leaks(processes, passwords, noPlainArguments)).toEqual([]);
    if (host === "plugin") {
      // The default provider's recorded inputs: proxyUrl is kept as a secret.
      const configs = checkedConfigs(processes);
      expect(configs.length).toBeGreaterThan(0);
      for (const config of configs) expect(isSecret(config.proxyUrl)).toBe(true);
    }
  });

  it("refuses an unknown authority naming both settings; skipTlsVerify accepts it and says so once per operation, past a proxy in the provider's environment", async () => {
    const account = tls.createAccount();
    const settings = { baseUrl: byName(tls), apiKey: account.apiKey };
    const untrusted = await new ProviderStack(host, { settings, env: { HTTPS_PROXY: proxy.url } }).up(
      { site: { domain: uniqueDomain(`untrusted-${host}`) } },
      { allowFailure: true },
    );
    expect(untrusted.error?.message).toContain(
      `the certificate of ${byName(tls)} could not be verified: it is signed by an unknown authority`,
    );
    expect(untrusted.error?.message).toMatch(/caCertFile[\s\S]*skipTlsVerify/);
    expect(tls.listWebsites(account.id)).toEqual([]);

    // Both cases: gRPC reads the lower-case one, and would send the plugin's own connection to
    // the engine (on loopback) through it. The notice must arrive, and the proxy must see the
    // installation's tunnels alone.
    const env = { HTTPS_PROXY: proxy.url, https_proxy: proxy.url };
    const stack = new ProviderStack(host, { settings: { ...settings, skipTlsVerify: "true" }, env });
    const from = proxy.connects.length;
    const messagesFrom = engine.messages.length;
    const domain = uniqueDomain(`unverified-${host}`);
    const up = await stack.up({ site: { domain } });
    const process = startedProcesses.at(-1)!;
    const notice = `the certificate of ${byName(tls)} is not verified (webstats:skipTlsVerify is true)`;
    expect(countOf(up.notices, notice)).toBe(1);
    expect(countOf(up.notices, "is not verified")).toBe(1);
    if (host === "plugin") {
      // Through the engine's Log service, not standard error (the engine hides a plugin's).
      const logged = engine.messages.slice(messagesFrom).map((m) => m.message);
      expect(logged.filter((m) => m.includes(notice))).toHaveLength(1);
      expect(process.stderr.join("")).not.toContain("is not verified");
    }
    expect(tls.getWebsite(Number(stack.get("site").id))).toMatchObject({ domain, account_id: account.id });
    // Only the installation was tunnelled to: nothing of the provider's own traffic.
    expectTunnelsToInstallation(proxy, from);

    const destroyed = await stack.destroy();
    expect(countOf(destroyed.notices, notice)).toBe(1);
    expect(tls.listWebsites(account.id)).toEqual([]);
  });

  it("refuses a plain http:// installation at preview, before any request, naming allowHttp; webstats:allowHttp with HTTP_PROXY reaches it", async () => {
    const account = plain.createAccount();
    const settings = { baseUrl: byName(plain), apiKey: account.apiKey };
    const env = { HTTP_PROXY: proxy.url };
    const domain = uniqueDomain(`plain-${host}`);
    tls.resetRequestCounts();
    plain.resetRequestCounts();
    const [connectsFrom, requestsFrom] = [proxy.connects.length, proxy.requests.length];
    const proxied = () => proxy.connects.length - connectsFrom + proxy.requests.length - requestsFrom;

    const refused = await failureOf(
      new ProviderStack(host, { settings, env }).up(
        { site: { domain } },
        { preview: true, allowFailure: true },
      ),
    );
    expect(refused.message).toContain(
      `Refusing to send the API key in clear to ${byName(plain)} (webstats:baseUrl): use https://, ` +
        "or set webstats:allowHttp (or WEBSTATS_ALLOW_HTTP) to true",
    );
    // The plugin refuses the provider's settings (CheckConfig), the dynamic host the Website.
    expectFailure(refused, host === "plugin" ? "baseUrl" : "", "Refusing to send the API key in clear");
    expect(requestsMade()).toBe(0);
    expect(proxied()).toBe(0);

    const stack = new ProviderStack(host, { settings: { ...settings, allowHttp: "true" }, env });
    await stack.up({ site: { domain } });
    const id = Number(stack.get("site").id);
    expect(plain.getWebsite(id)).toMatchObject({ domain, account_id: account.id });
    // Through the proxy (forwarded, or tunnelled: undici may do either), to the installation only.
    expect(proxied()).toBeGreaterThan(0);
    const places = [
      ...proxy.connects.slice(connectsFrom).map((c) => `${c.host}:${c.port}`),
      ...proxy.requests.slice(requestsFrom).map((r) => new URL(r.url).host),
    ];
    expect(new Set(places)).toEqual(new Set([`${NAME}:${portOf(plain)}`]));
    await stack.destroy();
    expect(plain.getWebsite(id)).toBeUndefined();
  });

  it("refuses a Website's own connection to a plain http:// installation at preview the same way; connection.allowHttp accepts it", async () => {
    const account = plain.createAccount();
    const stack = new ProviderStack(host, { settings: {}, env: { HTTP_PROXY: proxy.url } });
    const connection = { baseUrl: byName(plain), apiKey: account.apiKey };
    const domain = uniqueDomain(`plain-connection-${host}`);
    tls.resetRequestCounts();
    plain.resetRequestCounts();

    const refused = await failureOf(
      stack.up({ site: { domain, connection: secret(connection) } }, { preview: true, allowFailure: true }),
    );
    expectFailure(
      refused,
      "",
      `Refusing to send the API key in clear to ${byName(plain)} (connection.baseUrl): use https://, ` +
        "or set connection.allowHttp to true",
    );
    expect(requestsMade()).toBe(0);

    await stack.up({ site: { domain, connection: secret({ ...connection, allowHttp: true }) } });
    const id = Number(stack.get("site").id);
    expect(plain.getWebsite(id)).toMatchObject({ domain, account_id: account.id });
    await stack.destroy();
    expect(plain.getWebsite(id)).toBeUndefined();
  });
});

/** A bad network setting: where it is given, the message (with its source) and, for the plugin's CheckConfig, the failure's property. */
interface BadSetting {
  label: string;
  settings?: Record<string, string>;
  env?: Record<string, string>;
  says: () => string;
  /** The failure's property when the plugin's CheckConfig refuses it: "" for a secret setting. */
  property?: string;
}

/** Written into proxy addresses that are refused: no failure may show it. */
const REFUSED_PASSWORD = "leaky-pass-0d9e";

const badSettings: BadSetting[] = [
  {
    label: "webstats:caCertFile naming a missing file",
    settings: { caCertFile: "/nonexistent/webstats-ca.pem" },
    says: () => "webstats:caCertFile: the file /nonexistent/webstats-ca.pem does not exist",
    property: "caCertFile",
  },
  {
    label: "webstats:caCertFile naming a file without a certificate",
    settings: { caCertFile: "KEY_ONLY" },
    says: () => `webstats:caCertFile (${files.path("key-only.pem")}) holds no certificate`,
    property: "caCertFile",
  },
  {
    label: "WEBSTATS_CA_CERT_FILE naming a file without a certificate",
    env: { WEBSTATS_CA_CERT_FILE: "KEY_ONLY" },
    says: () => `WEBSTATS_CA_CERT_FILE (${files.path("key-only.pem")}) holds no certificate`,
  },
  {
    label: "webstats:proxyUrl with a path, and a password",
    settings: { proxyUrl: `http://${PROXY_USER}:${REFUSED_PASSWORD}@proxy.example.com:3128/squid` },
    says: () => "webstats:proxyUrl (http://***@proxy.example.com:3128/squid) must be a proxy's address only",
    property: "",
  },
  {
    label: "WEBSTATS_PROXY_URL of another scheme, with a password",
    env: { WEBSTATS_PROXY_URL: `socks5://${PROXY_USER}:${REFUSED_PASSWORD}@proxy.example.com:1080` },
    says: () => "WEBSTATS_PROXY_URL is not a proxy address: give it as http://host:port or https://host:port",
  },
  {
    label: "HTTPS_PROXY of another scheme, with a password",
    env: { HTTPS_PROXY: `ftp://${PROXY_USER}:${REFUSED_PASSWORD}@proxy.example.com` },
    says: () => "HTTPS_PROXY is not a proxy address",
  },
  {
    label: 'webstats:skipTlsVerify "maybe"',
    settings: { skipTlsVerify: "maybe" },
    says: () => 'webstats:skipTlsVerify must be true or false, not "maybe"',
    property: "skipTlsVerify",
  },
  {
    label: 'WEBSTATS_SKIP_TLS_VERIFY "maybe"',
    env: { WEBSTATS_SKIP_TLS_VERIFY: "maybe" },
    says: () => 'WEBSTATS_SKIP_TLS_VERIFY must be true or false, not "maybe"',
  },
];

/** The file paths the table names by placeholder, known once the files are written. */
const withFiles = (values: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === "KEY_ONLY" ? files.path("key-only.pem") : value,
    ]),
  );

/** An explicit provider's argument is named as such ("caCertFile of provider explicit"), not as a stack key. */
const saysFor = (bad: BadSetting, as: "stack" | "explicit"): string =>
  as === "explicit" ? bad.says().replace(/^webstats:(\w+)/, "$1 of provider explicit") : bad.says();

/**
 * A preview with the bad setting: refused before any request, with the setting and its source in
 * the message, no proxy password anywhere; nothing changes on either installation.
 */
async function expectRefusedAtPreview(
  host: Host,
  bad: BadSetting,
  as: "stack" | "explicit",
): Promise<FailedCheck> {
  const account = tls.createAccount();
  // A stack setting wins over its variable: left out where the variable is the case.
  const values = Object.fromEntries(
    Object.entries({ ...trusting(account), ...withFiles(bad.settings) }).filter(
      ([name]) => !(`WEBSTATS_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}` in (bad.env ?? {})),
    ),
  );
  const stack = new ProviderStack(
    host,
    as === "explicit"
      ? { explicit: values, env: withFiles(bad.env) }
      : { settings: values, env: withFiles(bad.env) },
  );
  tls.resetRequestCounts();
  plain.resetRequestCounts();
  const processesFrom = startedProcesses.length;
  const websites = tls.listWebsites().length + plain.listWebsites().length;
  const preview = stack.up(
    { site: { domain: uniqueDomain(`bad-${host}`) } },
    { preview: true, allowFailure: true },
  );
  const failure = await failureOf(preview);
  expect(failure.message).toContain(saysFor(bad, as));
  expect(requestsMade()).toBe(0);
  expect(tls.listWebsites().length + plain.listWebsites().length).toBe(websites);
  expect(failure.message).not.toContain(REFUSED_PASSWORD);
  expect(leaks(startedProcesses.slice(processesFrom), [REFUSED_PASSWORD], noPlainArguments)).toEqual([]);
  return failure;
}

describe.each(hosts)("%s host: bad network settings", (host: Host) => {
  it.each(badSettings)("refuses $label at preview, naming it, before any request", async (bad) => {
    const failure = await expectRefusedAtPreview(host, bad, "stack");
    if (host === "plugin" && bad.property !== undefined) {
      // The provider's own settings: CheckConfig refuses them, on the setting unless it is secret
      // (the engine prints a failing property's value).
      expectFailure(failure, bad.property ?? "", bad.says());
    }
  });
});

describe("plugin host: an explicit provider's network arguments", () => {
  it.each(badSettings.filter((bad) => bad.settings))(
    "refuses $label as an explicit provider's argument at CheckConfig, before any request",
    async (bad) => {
      const failure = await expectRefusedAtPreview("plugin", bad, "explicit");
      // An explicit provider's argument is named as such, not as a stack key.
      expectFailure(
        failure,
        bad.property ?? "",
        bad.says().replace(/^webstats:(\w+)/, "$1 of provider explicit"),
      );
    },
  );

  it("keeps proxyUrl a secret in the provider's recorded inputs, and uses it", async () => {
    const account = tls.createAccount();
    const processesFrom = startedProcesses.length;
    const stack = new ProviderStack("plugin", {
      explicit: { ...trusting(account), proxyUrl: guarded.url },
      env: { HTTPS_PROXY: unreachable },
    });
    const from = guarded.connects.length;
    await stack.up({ site: { domain: uniqueDomain("explicit-guarded") } });
    expectTunnelsToInstallation(guarded, from);
    await stack.destroy();
    expect(tls.listWebsites(account.id)).toEqual([]);
    const configs = checkedConfigs(startedProcesses.slice(processesFrom));
    expect(configs.length).toBeGreaterThan(0);
    for (const config of configs) expect(config.proxyUrl).toEqual(secret(guarded.url));
    expect(leaks(startedProcesses.slice(processesFrom), [PROXY_PASSWORD], noPlainArguments)).toEqual([]);
  });
});
