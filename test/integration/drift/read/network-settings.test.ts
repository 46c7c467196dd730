// `pulumi-webstats drift` and `generate --only-unmanaged` reach a stack's installation as the
// stack's own `pulumi up` does: with the network settings its state records (the provider's
// caCertFile and proxyUrl, for the dynamic provider's default provider, the plugin's default
// provider and an explicit one), the environment's variables applying to what the state does
// not set. The installation is served over HTTPS with a certificate of a private authority made
// at test time, by a name that only a forwarding proxy resolves, so a command that ignored the
// state's settings could not reach it at all. A CA file that is gone stops the run naming the
// stack and its setting, before any request and with nothing written; a certificate failure
// names the authorities it trusted and where that setting came from.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured as run } from "../../../support/run-cli";
import { WebstatsClient } from "../../../../sdk";
import { INSTALLATION_NAME } from "../../../support/company-installation";
import { useCompanyInstallation } from "../../../support/company-installation-hook";
import { writeStackExport } from "../../../support/stack-exports";
import type { ExportedStack } from "../../../support/stack-exports";
import { useStubResolver } from "../../../support/stub-resolver";
import { driftJsonReport } from "../../../support/drift-json-report";
import { scratchFolder } from "../../../support/scratch-folder";

// The name is the proxies' alone: node:dns's lookup finds no name here, never asking the machine.
useStubResolver();

const PROXY_PASSWORD = "state-proxy-7c1d";

/** The installation, its account and websites, its proxies and authorities' files. */
const company = useCompanyInstallation({
  authority: "Webstats Company Root",
  account: "Company",
  websites: [{ domain: "intranet-one.example.com" }, { domain: "intranet-two.example.com" }],
  proxyPassword: PROXY_PASSWORD,
  otherAuthorities: { "other-root.pem": "Some Other Root" },
});
const root = scratchFolder("drift-network-settings-");

/** A stack export of the two websites at the installation's name, with these settings recorded. */
function stateFile(name: string, stack: Partial<ExportedStack>): string {
  const file = join(root, `${name}.json`);
  writeStackExport(file, {
    project: name,
    url: company().byName,
    apiKey: company().account.apiKey,
    websites: company().websites,
    ...stack,
  });
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
        network: {
          caCertFile: company().pem.path("company-root.pem"),
          proxyUrl: company().guarded.url,
          skipTlsVerify: "false",
        },
      });
      const before = company().guarded.connects.length;
      company().emulator.resetRequestCounts();
      const result = await run(["drift", "--state", state, "--format", "json"]);
      expect(result.err).toBe("Read 1 stack: 2 recorded websites.\nListing the websites of 1 account...\n");
      expect(result.code).toBe(0);
      expect(inSync(result.out)).toEqual(["in-sync", "in-sync"]);
      // Through the state's proxy, with its credentials: the name resolves nowhere else (a
      // tunnel an earlier run opened may be reused, so new ones are not counted).
      expect(
        company()
          .guarded.connects.slice(before)
          .every((c) => c.host === INSTALLATION_NAME && c.authorized),
      ).toBe(true);
      expect(company().emulator.requestCounts()).toEqual({
        "GET /api/v1/account": 1,
        "GET /api/v1/websites": 1,
      });
      expect(result.out + result.err).not.toContain(PROXY_PASSWORD);
    });
  }

  it("the environment's variables apply to what the state does not set, as for pulumi up", async () => {
    const state = stateFile("ca-only", {
      host: "plugin",
      network: { caCertFile: company().pem.path("company-root.pem") },
    });
    const result = await run(["drift", "--state", state, "--format", "json"], {
      HTTPS_PROXY: company().proxy.url,
    });
    expect(result.code).toBe(0);
    expect(inSync(result.out)).toEqual(["in-sync", "in-sync"]);
    // The state's CA file wins over the environment's: a wrong one there changes nothing.
    const again = await run(["drift", "--state", state, "--format", "json"], {
      HTTPS_PROXY: company().proxy.url,
      WEBSTATS_CA_CERT_FILE: company().pem.path("other-root.pem"),
    });
    expect(again.code).toBe(0);
  });

  it("a certificate failure names the authorities it trusted and the stack's setting they came from", async () => {
    const state = stateFile("wrong-ca", {
      host: "plugin",
      explicitProvider: "company",
      network: { caCertFile: company().pem.path("other-root.pem"), proxyUrl: company().proxy.url },
    });
    const result = await run(["drift", "--state", state]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `the certificate of ${company().byName} could not be verified: it is signed by an unknown authority`,
    );
    expect(result.err).toContain(
      `Trusted: the system's authorities and those of ${company().pem.path("other-root.pem")} (caCertFile of provider company in stack wrong-ca/prod).`,
    );
  });

  it("a CA file that is gone: the stack and its setting named, no request, nothing written", async () => {
    const missing = join(company().pem.directory, "retired-root.pem");
    const state = stateFile("gone-ca", {
      host: "dynamic",
      network: { caCertFile: missing, proxyUrl: company().proxy.url },
    });
    const report = join(root, "gone-ca-report.sarif");
    const before = { connects: company().proxy.connects.length };
    company().emulator.resetRequestCounts();
    const result = await run(["drift", "--state", state, "--format", "sarif", "--output", report]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `webstats:caCertFile of stack gone-ca/prod: the file ${missing} does not exist; give the path of a PEM file of the certificate authority`,
    );
    expect(existsSync(report)).toBe(false);
    expect(company().proxy.connects.length).toBe(before.connects);
    expect(company().emulator.requestCounts()).toEqual({});
  });
});

describe("generate --only-unmanaged reads the stacks' network settings too", () => {
  it("lists the installation through the state's proxy and authority, the address and key from the environment", async () => {
    const state = stateFile("generate", {
      host: "plugin",
      network: { caCertFile: company().pem.path("company-root.pem"), proxyUrl: company().guarded.url },
    });
    const own = await new WebstatsClient({
      baseUrl: company().emulator.url,
      apiKey: company().account.apiKey,
      caCertificates: readFileSync(company().pem.path("company-root.pem"), "utf8"),
    }).websites.create({ domain: "by-hand.example.com" });
    const out = join(root, "unmanaged");
    const result = await run(["generate", "--out", out, "--only-unmanaged", "--state", state], {
      WEBSTATS_BASE_URL: company().byName,
      WEBSTATS_API_KEY: company().account.apiKey,
    });
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `Listed 3 websites of ${company().byName}, 1 of them in none of the stacks given.`,
    );
    expect(readFileSync(join(out, "index.ts"), "utf8")).toContain(`"${own.domain}"`);
  });
});
