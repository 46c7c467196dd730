// `pulumi-webstats generate` and `drift` over the networks users have, in-process (runCli) with
// the environment alone: an installation over HTTPS whose certificate a private authority made at
// test time signed, reached by a name that only a real forwarding proxy resolves, so a command
// that did not go through the proxy could not reach it at all. The proxy comes from HTTPS_PROXY or
// from WEBSTATS_PROXY_URL (with credentials), the authority from WEBSTATS_CA_CERT_FILE; a missing
// authority file and plain HTTP to another machine are refused before any request. What the
// client does with each setting (every certificate failure, NO_PROXY) is proven in
// test/integration/sdk/networks.test.ts; here, that the commands read the settings from their environment and hand
// them to every client they make.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCaptured as run } from "../../support/run-cli";
import { urlWithHost, type ForwardingProxy } from "../../support/network";
import { INSTALLATION_NAME } from "../../support/company-installation";
import { useCompanyInstallation } from "../../support/company-installation-hook";
import { useEmulator } from "../../support/emulator-for-tests";
import { writeStackExport } from "../../support/stack-exports";
import { useStubResolver } from "../../support/stub-resolver";
import { driftJsonReport } from "../../support/drift-json-report";
import { scratchFolder } from "../../support/scratch-folder";

// The name is the proxies' alone: node:dns's lookup finds no name here, never asking the machine.
useStubResolver();

const PROXY_PASSWORD = "proxy-word-9f3a";

/** The installation, its account and websites, its proxies and authorities' files. */
const company = useCompanyInstallation({
  authority: "Webstats Commands Root",
  account: "Commands",
  websites: [{ domain: "proxied-one.example.com" }, { domain: "proxied-two.example.com", email: true }],
  proxyPassword: PROXY_PASSWORD,
});
/** An installation over plain HTTP. */
const plainEmulator = useEmulator({ requestsPerMinute: 0 });
const root = scratchFolder("commands-networks-");

/** The environment of a user behind a proxy whose installation has a company certificate. */
const behindProxy = (): Record<string, string> => ({
  WEBSTATS_BASE_URL: company().byName,
  WEBSTATS_API_KEY: company().account.apiKey,
  HTTPS_PROXY: company().proxy.url,
  WEBSTATS_CA_CERT_FILE: company().pem.path("company-root.pem"),
});

/** Every CONNECT the proxy received since `before`, each checked to be to the installation. */
function tunnelsSince(through: ForwardingProxy, before: number) {
  const since = through.connects.slice(before);
  for (const tunnel of since) {
    expect(tunnel).toEqual({
      host: INSTALLATION_NAME,
      port: Number(new URL(company().byName).port),
      authorized: true,
    });
  }
  return since;
}

describe("pulumi-webstats generate over networks", () => {
  it("lists the account's websites through HTTPS_PROXY, trusting WEBSTATS_CA_CERT_FILE, and writes the project", async () => {
    const before = company().proxy.connects.length;
    company().emulator.resetRequestCounts();
    const out = join(root, "through-proxy");
    const result = await run(["generate", "--out", out], behindProxy());
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(`Listed 2 websites of ${company().byName}.`);
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program).toContain(`new webstats.Website("proxied-one.example.com", {`);
    expect(program).toContain(`new webstats.Website("proxied-two.example.com", {`);
    expect(tunnelsSince(company().proxy, before).length).toBeGreaterThan(0);
    expect(company().emulator.requestCounts()).toEqual({ "GET /api/v1/websites": 1 });
  });

  it("uses WEBSTATS_PROXY_URL with credentials over HTTPS_PROXY, and never prints them", async () => {
    const before = { plain: company().proxy.connects.length, guarded: company().guarded.connects.length };
    const result = await run(["generate", "--out", join(root, "proxy-url"), "--format", "yaml"], {
      ...behindProxy(),
      WEBSTATS_PROXY_URL: company().guarded.url,
    });
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toContain(`Listed 2 websites of ${company().byName}.`);
    expect(tunnelsSince(company().guarded, before.guarded).length).toBeGreaterThan(0);
    // The variables' proxy is not asked: WEBSTATS_PROXY_URL replaces them.
    expect(company().proxy.connects.length).toBe(before.plain);
    expect(result.out).not.toContain(PROXY_PASSWORD);
  });

  it("fails naming WEBSTATS_CA_CERT_FILE when the file is missing, before any request", async () => {
    const before = company().proxy.connects.length;
    company().emulator.resetRequestCounts();
    const missing = join(company().pem.directory, "not-there.pem");
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
    expect(company().proxy.connects.length).toBe(before);
    expect(company().emulator.requestCounts()).toEqual({});
  });

  it("refuses http:// to another machine naming allowHttp, and accepts it with WEBSTATS_ALLOW_HTTP=true", async () => {
    const own = plainEmulator().createAccount();
    const plainByName = urlWithHost(plainEmulator().url, INSTALLATION_NAME);
    const env = {
      WEBSTATS_BASE_URL: plainByName,
      WEBSTATS_API_KEY: own.apiKey,
      HTTP_PROXY: company().proxy.url,
    };
    const before = { requests: company().proxy.requests.length, connects: company().proxy.connects.length };
    plainEmulator().resetRequestCounts();

    const refused = await run(["generate", "--out", join(root, "plain-refused")], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Refusing to send the API key in clear to ${plainByName} (WEBSTATS_BASE_URL): use https://, or set `,
    );
    expect(refused.err).toContain("WEBSTATS_ALLOW_HTTP");
    expect(refused.err).toContain("allowHttp");
    expect(refused.err).not.toContain(own.apiKey);
    expect(company().proxy.requests.length).toBe(before.requests);
    expect(company().proxy.connects.length).toBe(before.connects);
    expect(plainEmulator().requestCounts()).toEqual({});

    const accepted = await run(["generate", "--out", join(root, "plain-accepted")], {
      ...env,
      WEBSTATS_ALLOW_HTTP: "true",
    });
    expect(accepted).toMatchObject({ code: 0, err: "" });
    expect(accepted.out).toContain(`Listed 0 websites of ${plainByName}.`);
    // Through HTTP_PROXY (undici tunnels plain HTTP with CONNECT too): the name resolves nowhere else.
    expect(company().proxy.connects.slice(before.connects)).toContainEqual({
      host: INSTALLATION_NAME,
      port: Number(new URL(plainByName).port),
      authorized: true,
    });
  });
});

describe("pulumi-webstats drift over networks", () => {
  let stateFile = "";

  beforeAll(() => {
    // A stack of the dynamic provider whose configuration names the installation by its name:
    // every website of the account, as last read.
    stateFile = join(root, "prod.json");
    writeStackExport(stateFile, {
      project: "networks",
      url: company().byName,
      apiKey: company().account.apiKey,
      websites: company().websites,
    });
  });

  /** The environment of a user behind a proxy: the stack's own key and address, no WEBSTATS_BASE_URL. */
  const driftEnv = (): Record<string, string> => ({
    HTTPS_PROXY: company().proxy.url,
    WEBSTATS_CA_CERT_FILE: company().pem.path("company-root.pem"),
  });

  it("reaches the stack's installation through HTTPS_PROXY with WEBSTATS_CA_CERT_FILE, and finds it in sync", async () => {
    const before = company().proxy.connects.length;
    company().emulator.resetRequestCounts();
    const result = await run(["drift", "--state", stateFile, "--format", "json"], driftEnv());
    expect(result.err).toBe("Read 1 stack: 2 recorded websites.\nListing the websites of 1 account...\n");
    expect(result.code).toBe(0);
    const report = driftJsonReport<{ websites: { domain: string; status: string }[] }>(result.out);
    expect(report.websites.map((w) => [w.domain, w.status])).toEqual([
      ["proxied-one.example.com", "in-sync"],
      ["proxied-two.example.com", "in-sync"],
    ]);
    expect(tunnelsSince(company().proxy, before).length).toBeGreaterThan(0);
    expect(company().emulator.requestCounts()).toEqual({
      "GET /api/v1/account": 1,
      "GET /api/v1/websites": 1,
    });
  });

  it("fails with the certificate message without the authority file", async () => {
    const env = driftEnv();
    delete env.WEBSTATS_CA_CERT_FILE;
    const result = await run(["drift", "--state", stateFile], env);
    expect(result.code).toBe(1);
    expect(result.out).toBe("");
    expect(result.err).toContain(
      `The account of website proxied-one.example.com of stack networks/prod at ${company().byName} could not be read`,
    );
    expect(result.err).toContain(
      `the certificate of ${company().byName} could not be verified: it is signed by an unknown authority`,
    );
    expect(result.err).toMatch(/caCertFile.*skipTlsVerify/);
    expect(result.err).not.toContain(company().account.apiKey);
  });
});
