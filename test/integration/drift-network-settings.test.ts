// `pulumi-webstats drift` and `generate --only-unmanaged` reach a stack's installation as the
// stack's own `pulumi up` does: with the network settings its state records (the provider's
// caCertFile and proxyUrl, for the dynamic provider's default provider, the plugin's default
// provider and an explicit one), the environment's variables applying to what the state does
// not set. The installation is served over HTTPS with a certificate of a private authority made
// at test time, by a name that only a forwarding proxy resolves, so a command that ignored the
// state's settings could not reach it at all. A CA file that is gone stops the run naming the
// stack and its setting, before any request and with nothing written; a certificate failure
// names the authorities it trusted and where that setting came from.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { runCaptured } from "../support/run-cli";
import { WebstatsClient, type Website } from "../../sdk";
import type { ForwardingProxy, PemFiles } from "../support/network";
import {
  INSTALLATION_NAME,
  startCompanyInstallation,
  type CompanyInstallation,
} from "../support/company-installation";
import { writeStackExport } from "../support/stack-exports";
import type { ExportedStack } from "../support/stack-exports";
import { useStubResolver } from "../support/stub-resolver";
import { driftJsonReport } from "../support/drift-json-report";

const NAME = INSTALLATION_NAME;

// The name is the proxies' alone: node:dns's lookup finds no name here, never asking the machine.
useStubResolver();

const PROXY_PASSWORD = "state-proxy-7c1d";

const run = runCaptured;

let installation: CompanyInstallation;
let emulator: Emulator;
let account: EmulatorAccount;
let websites: Website[];
let proxy: ForwardingProxy;
let guarded: ForwardingProxy;
let pem: PemFiles;
let byName: string;
const root = mkdtempSync(join(tmpdir(), "drift-network-settings-"));

beforeAll(async () => {
  installation = await startCompanyInstallation({
    authority: "Webstats Company Root",
    account: "Company",
    websites: [{ domain: "intranet-one.example.com" }, { domain: "intranet-two.example.com" }],
    proxyPassword: PROXY_PASSWORD,
    otherAuthorities: { "other-root.pem": "Some Other Root" },
  });
  ({ emulator, account, websites, proxy, guarded, pem, byName } = installation);
});

afterAll(async () => {
  await installation?.close();
});

/** A stack export of the two websites at the installation's name, with these settings recorded. */
function stateFile(name: string, stack: Partial<ExportedStack>): string {
  const file = join(root, `${name}.json`);
  writeStackExport(file, { project: name, url: byName, apiKey: account.apiKey, websites, ...stack });
  return file;
}

const inSync = (out: string) =>
  driftJsonReport<{ websites: { status: string }[] }>(out).websites.map((w) => w.status);

describe("drift reads each stack's network settings from its state", () => {
  const cases: [string, Partial<ExportedStack>][] = [
    ["the dynamic provider's stack configuration", { host: "dynamic" }],
    ["the plugin's default provider", { host: "plugin" }],
    ["an explicit provider of the plugin", { host: "plugin", explicitProvider: "company" }],
  ];
  for (const [kind, host] of cases) {
    it(`from ${kind}: caCertFile and proxyUrl, with nothing in the environment`, async () => {
      const state = stateFile(`state-${host.explicitProvider ?? host.host}`, {
        ...host,
        network: { caCertFile: pem.path("company-root.pem"), proxyUrl: guarded.url, skipTlsVerify: "false" },
      });
      const before = guarded.connects.length;
      emulator.resetRequestCounts();
      const result = await run(["drift", "--state", state, "--format", "json"]);
      expect(result.err).toBe("Read 1 stack: 2 recorded websites.\nListing the websites of 1 account...\n");
      expect(result.code).toBe(0);
      expect(inSync(result.out)).toEqual(["in-sync", "in-sync"]);
      // Through the state's proxy, with its credentials: the name resolves nowhere else (a
      // tunnel an earlier run opened may be reused, so new ones are not counted).
      expect(guarded.connects.slice(before).every((c) => c.host === NAME && c.authorized)).toBe(true);
      expect(emulator.requestCounts()).toEqual({ "GET /api/v1/account": 1, "GET /api/v1/websites": 1 });
      expect(result.out + result.err).not.toContain(PROXY_PASSWORD);
    });
  }

  it("the environment's variables apply to what the state does not set, as for pulumi up", async () => {
    const state = stateFile("ca-only", {
      host: "plugin",
      network: { caCertFile: pem.path("company-root.pem") },
    });
    const result = await run(["drift", "--state", state, "--format", "json"], { HTTPS_PROXY: proxy.url });
    expect(result.code).toBe(0);
    expect(inSync(result.out)).toEqual(["in-sync", "in-sync"]);
    // The state's CA file wins over the environment's: a wrong one there changes nothing.
    const again = await run(["drift", "--state", state, "--format", "json"], {
      HTTPS_PROXY: proxy.url,
      WEBSTATS_CA_CERT_FILE: pem.path("other-root.pem"),
    });
    expect(again.code).toBe(0);
  });

  it("a certificate failure names the authorities it trusted and the stack's setting they came from", async () => {
    const state = stateFile("wrong-ca", {
      host: "plugin",
      explicitProvider: "company",
      network: { caCertFile: pem.path("other-root.pem"), proxyUrl: proxy.url },
    });
    const result = await run(["drift", "--state", state]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `the certificate of ${byName} could not be verified: it is signed by an unknown authority`,
    );
    expect(result.err).toContain(
      `Trusted: the system's authorities and those of ${pem.path("other-root.pem")} (caCertFile of provider company in stack wrong-ca/prod).`,
    );
  });

  it("a CA file that is gone: the stack and its setting named, no request, nothing written", async () => {
    const missing = join(pem.directory, "retired-root.pem");
    const state = stateFile("gone-ca", {
      host: "dynamic",
      network: { caCertFile: missing, proxyUrl: proxy.url },
    });
    const report = join(root, "gone-ca-report.sarif");
    const before = { connects: proxy.connects.length };
    emulator.resetRequestCounts();
    const result = await run(["drift", "--state", state, "--format", "sarif", "--output", report]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `webstats:caCertFile of stack gone-ca/prod: the file ${missing} does not exist; give the path of a PEM file of the certificate authority`,
    );
    expect(existsSync(report)).toBe(false);
    expect(proxy.connects.length).toBe(before.connects);
    expect(emulator.requestCounts()).toEqual({});
  });
});

describe("generate --only-unmanaged reads the stacks' network settings too", () => {
  it("lists the installation through the state's proxy and authority, the address and key from the environment", async () => {
    const state = stateFile("generate", {
      host: "plugin",
      network: { caCertFile: pem.path("company-root.pem"), proxyUrl: guarded.url },
    });
    const own = await new WebstatsClient({
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      caCertificates: readFileSync(pem.path("company-root.pem"), "utf8"),
    }).websites.create({ domain: "by-hand.example.com" });
    const out = join(root, "unmanaged");
    const result = await run(["generate", "--out", out, "--only-unmanaged", "--state", state], {
      WEBSTATS_BASE_URL: byName,
      WEBSTATS_API_KEY: account.apiKey,
    });
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Listed 3 websites of ${byName}, 1 of them in none of the stacks given.`);
    expect(readFileSync(join(out, "index.ts"), "utf8")).toContain(`"${own.domain}"`);
  });
});
