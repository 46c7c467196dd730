// `pulumi-webstats generate` and `drift` over the networks users have, in-process (runCli) with
// the environment alone: an installation over HTTPS whose certificate a private authority made at
// test time signed, reached by a name that only a real forwarding proxy resolves, so a command
// that did not go through the proxy could not reach it at all. The proxy comes from HTTPS_PROXY or
// from WEBSTATS_PROXY_URL (with credentials), the authority from WEBSTATS_CA_CERT_FILE; a missing
// authority file and plain HTTP to another machine are refused before any request. What the
// client does with each setting (every certificate failure, NO_PROXY) is proven in
// sdk-networks.test.ts; here, that the commands read the settings from their environment and hand
// them to every client they make.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../emulator";
import { outputsFrom } from "../../core/website-state";
import { runCaptured } from "../support/run-cli";
import type { Website } from "../../sdk";
import { urlWithHost, type ForwardingProxy, type PemFiles } from "../support/network";
import {
  INSTALLATION_NAME,
  startCompanyInstallation,
  type CompanyInstallation,
} from "../support/company-installation";
import { exportedSecret } from "../support/stack-exports";
import { useStubResolver } from "../support/stub-resolver";
import { driftJsonReport } from "../support/drift-json-report";

const NAME = INSTALLATION_NAME;

// The name is the proxies' alone: node:dns's lookup finds no name here, never asking the machine.
useStubResolver();

const PROXY_PASSWORD = "proxy-word-9f3a";

const run = runCaptured;

let installation: CompanyInstallation;
let tlsEmulator: Emulator;
let plainEmulator: Emulator;
let account: EmulatorAccount;
let websites: Website[];
let proxy: ForwardingProxy;
let guarded: ForwardingProxy;
let pem: PemFiles;
/** The installation by the name only the proxies resolve. */
let byName: string;
const root = mkdtempSync(join(tmpdir(), "commands-networks-"));

beforeAll(async () => {
  installation = await startCompanyInstallation({
    authority: "Webstats Commands Root",
    account: "Commands",
    websites: [{ domain: "proxied-one.example.com" }, { domain: "proxied-two.example.com", email: true }],
    proxyPassword: PROXY_PASSWORD,
  });
  ({ emulator: tlsEmulator, account, websites, proxy, guarded, pem, byName } = installation);
  plainEmulator = await startEmulator({ requestsPerMinute: 0 });
});

afterAll(async () => {
  await Promise.all([installation?.close(), plainEmulator?.close()]);
});

/** The environment of a user behind a proxy whose installation has a company certificate. */
const behindProxy = (): Record<string, string> => ({
  WEBSTATS_BASE_URL: byName,
  WEBSTATS_API_KEY: account.apiKey,
  HTTPS_PROXY: proxy.url,
  WEBSTATS_CA_CERT_FILE: pem.path("company-root.pem"),
});

/** Every CONNECT the proxy received since `before`, each checked to be to the installation. */
function tunnelsSince(through: ForwardingProxy, before: number) {
  const since = through.connects.slice(before);
  for (const tunnel of since) {
    expect(tunnel).toEqual({ host: NAME, port: Number(new URL(byName).port), authorized: true });
  }
  return since;
}

describe("pulumi-webstats generate over networks", () => {
  it("lists the account's websites through HTTPS_PROXY, trusting WEBSTATS_CA_CERT_FILE, and writes the project", async () => {
    const before = proxy.connects.length;
    tlsEmulator.resetRequestCounts();
    const out = join(root, "through-proxy");
    const result = await run(["generate", "--out", out], behindProxy());
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(`Listed 2 websites of ${byName}.`);
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program).toContain(`new webstats.Website("proxied-one.example.com", {`);
    expect(program).toContain(`new webstats.Website("proxied-two.example.com", {`);
    expect(tunnelsSince(proxy, before).length).toBeGreaterThan(0);
    expect(tlsEmulator.requestCounts()).toEqual({ "GET /api/v1/websites": 1 });
  });

  it("uses WEBSTATS_PROXY_URL with credentials over HTTPS_PROXY, and never prints them", async () => {
    const before = { plain: proxy.connects.length, guarded: guarded.connects.length };
    const result = await run(["generate", "--out", join(root, "proxy-url"), "--format", "yaml"], {
      ...behindProxy(),
      WEBSTATS_PROXY_URL: guarded.url,
    });
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(`Listed 2 websites of ${byName}.`);
    expect(tunnelsSince(guarded, before.guarded).length).toBeGreaterThan(0);
    // The variables' proxy is not asked: WEBSTATS_PROXY_URL replaces them.
    expect(proxy.connects.length).toBe(before.plain);
    expect(result.out).not.toContain(PROXY_PASSWORD);
  });

  it("fails naming WEBSTATS_CA_CERT_FILE when the file is missing, before any request", async () => {
    const before = proxy.connects.length;
    tlsEmulator.resetRequestCounts();
    const missing = join(pem.directory, "not-there.pem");
    const out = join(root, "no-ca-file");
    const result = await run(["generate", "--out", out], {
      ...behindProxy(),
      WEBSTATS_CA_CERT_FILE: missing,
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `pulumi-webstats: WEBSTATS_CA_CERT_FILE: the file ${missing} does not exist; give the path of a PEM ` +
        "file of the certificate authority (relative paths are read from the folder pulumi runs in).\n",
    );
    expect(proxy.connects.length).toBe(before);
    expect(tlsEmulator.requestCounts()).toEqual({});
  });

  it("refuses http:// to another machine naming allowHttp, and accepts it with WEBSTATS_ALLOW_HTTP=true", async () => {
    const own = plainEmulator.createAccount();
    const plainByName = urlWithHost(plainEmulator.url, NAME);
    const env = { WEBSTATS_BASE_URL: plainByName, WEBSTATS_API_KEY: own.apiKey, HTTP_PROXY: proxy.url };
    const before = { requests: proxy.requests.length, connects: proxy.connects.length };
    plainEmulator.resetRequestCounts();

    const refused = await run(["generate", "--out", join(root, "plain-refused")], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Refusing to send the API key in clear to ${plainByName} (WEBSTATS_BASE_URL): use https://, or set `,
    );
    expect(refused.err).toContain("WEBSTATS_ALLOW_HTTP");
    expect(refused.err).toContain("allowHttp");
    expect(refused.err).not.toContain(own.apiKey);
    expect(proxy.requests.length).toBe(before.requests);
    expect(proxy.connects.length).toBe(before.connects);
    expect(plainEmulator.requestCounts()).toEqual({});

    const accepted = await run(["generate", "--out", join(root, "plain-accepted")], {
      ...env,
      WEBSTATS_ALLOW_HTTP: "true",
    });
    expect(accepted).toMatchObject({ code: 0, err: "" });
    expect(accepted.out).toContain(`Listed 0 websites of ${plainByName}.`);
    // Through HTTP_PROXY (undici tunnels plain HTTP with CONNECT too): the name resolves nowhere else.
    expect(proxy.connects.slice(before.connects)).toContainEqual({
      host: NAME,
      port: Number(new URL(plainByName).port),
      authorized: true,
    });
  });
});

describe("pulumi-webstats drift over networks", () => {
  let stateFile = "";

  beforeAll(() => {
    // What `pulumi stack export --show-secrets` writes for a stack of the dynamic provider whose
    // configuration names the installation by its name: every website of the account, as last read.
    const stack = "urn:pulumi:prod::networks";
    const resources = [
      { urn: `${stack}::pulumi:pulumi:Stack::networks-prod`, type: "pulumi:pulumi:Stack" },
      {
        urn: `${stack}::pulumi:providers:pulumi-nodejs::default`,
        type: "pulumi:providers:pulumi-nodejs",
        id: "provider-1",
        outputs: { "webstats:baseUrl": byName, "webstats:apiKey": exportedSecret(account.apiKey) },
      },
      ...websites.map((website) => ({
        urn: `${stack}::pulumi-nodejs:dynamic/webstats:Website::${website.domain}`,
        type: "pulumi-nodejs:dynamic/webstats:Website",
        id: String(website.id),
        provider: `${stack}::pulumi:providers:pulumi-nodejs::default::provider-1`,
        outputs: {
          __provider: "exports.handler = ...",
          ...outputsFrom(website, { adoptExisting: false }),
          installation: byName,
        },
      })),
    ];
    stateFile = join(root, "prod.json");
    writeFileSync(stateFile, JSON.stringify({ version: 3, deployment: { manifest: {}, resources } }));
  });

  /** The environment of a user behind a proxy: the stack's own key and address, no WEBSTATS_BASE_URL. */
  const driftEnv = (): Record<string, string> => ({
    HTTPS_PROXY: proxy.url,
    WEBSTATS_CA_CERT_FILE: pem.path("company-root.pem"),
  });

  it("reaches the stack's installation through HTTPS_PROXY with WEBSTATS_CA_CERT_FILE, and finds it in sync", async () => {
    const before = proxy.connects.length;
    tlsEmulator.resetRequestCounts();
    const result = await run(["drift", "--state", stateFile, "--format", "json"], driftEnv());
    expect(result.err).toBe("Read 1 stack: 2 recorded websites.\nListing the websites of 1 account...\n");
    expect(result.code).toBe(0);
    const report = driftJsonReport<{ websites: { domain: string; status: string }[] }>(result.out);
    expect(report.websites.map((w) => [w.domain, w.status])).toEqual([
      ["proxied-one.example.com", "in-sync"],
      ["proxied-two.example.com", "in-sync"],
    ]);
    expect(tunnelsSince(proxy, before).length).toBeGreaterThan(0);
    expect(tlsEmulator.requestCounts()).toEqual({ "GET /api/v1/account": 1, "GET /api/v1/websites": 1 });
  });

  it("fails with the certificate message without the authority file", async () => {
    const env = driftEnv();
    delete env.WEBSTATS_CA_CERT_FILE;
    const result = await run(["drift", "--state", stateFile], env);
    expect(result.code).toBe(1);
    expect(result.out).toBe("");
    expect(result.err).toContain(
      `The account of website proxied-one.example.com of stack networks/prod at ${byName} could not be read`,
    );
    expect(result.err).toContain(
      `the certificate of ${byName} could not be verified: it is signed by an unknown authority`,
    );
    expect(result.err).toMatch(/caCertFile.*skipTlsVerify/);
    expect(result.err).not.toContain(account.apiKey);
  });
});
