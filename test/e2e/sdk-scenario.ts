// The scenario every language SDK's engine test runs, and the documented example each runs as
// written: what they must leave on the server and in the outputs, the same in every language, and
// what each file needs to run only where its language's tools are found.
import { describe, expect } from "vitest";
import { describeEngine } from "./harness";
import type { ConfigValue } from "./harness";
import type { EngineFixture } from "./fixture";
import { credentialsConfig } from "./programs";

/** What the engine prints when an up previews first, as `pulumi up` does. */
export const previewing = "Previewing update (";

const inCi = process.env.CI === "true" || process.env.CI === "1";

/**
 * `describe` of a language's engine test: skipped, loudly, where `missing` names a tool not found
 * here; in CI a missing tool fails the file (in its beforeAll) instead.
 */
export function describeNeeding(language: string, missing: string | undefined) {
  if (!missing || inCi) return describeEngine;
  process.stderr.write(`\n!!!!! ${language} SDK ENGINE TEST SKIPPED: ${missing}\n\n`);
  return describe.skip;
}

/**
 * A program's stack settings: the default provider's credentials, of the account at `account`,
 * and `settings` of the project's own, each under `projectName:`.
 */
function programSettings(
  fixture: EngineFixture,
  projectName: string,
  account: number,
  settings: Record<string, ConfigValue>,
): Record<string, ConfigValue> {
  const own = Object.entries(settings).map(([key, value]) => [`${projectName}:${key}`, value]);
  return {
    ...credentialsConfig(fixture.emulator.url, fixture.account(account).apiKey),
    ...(Object.fromEntries(own) as Record<string, ConfigValue>),
  };
}

/**
 * The stack settings of the language SDKs' scenario program, the same in every language: the
 * default provider's credentials (the first account), the site's domain (as a URL) and password,
 * and the client site with the agency provider's credentials (the second account).
 */
export const scenarioConfig = (
  fixture: EngineFixture,
  projectName: string,
  sites: { main: string; agency: string; password: string },
): Record<string, ConfigValue> =>
  programSettings(fixture, projectName, 0, {
    siteDomain: { value: `https://www.${sites.main}` },
    statsPassword: { value: sites.password, secret: true },
    email: { value: "false" },
    clientDomain: { value: sites.agency },
    agencyUrl: { value: fixture.emulator.url },
    agencyKey: { value: fixture.account(1).apiKey, secret: true },
  });

/**
 * What the language SDKs' scenario leaves on the server, the same in every language: in the first
 * account the password-protected site with its settings, in the second the client site made
 * through the explicit provider, and nothing else in either.
 */
export function expectWebsites(
  fixture: EngineFixture,
  sites: { siteId: number; clientId: number; main: string; agency: string },
): void {
  const { siteId, clientId, main, agency } = sites;
  expect(fixture.emulator.getWebsite(siteId)).toMatchObject({
    domain: main,
    privacy: 2,
    email: 0,
    exclude_bots: 1,
    exclude_ips: "203.0.113.0/24",
    exclude_params: "utm_source",
  });
  expect(fixture.emulator.getWebsite(clientId)).toMatchObject({ domain: agency, exclude_bots: 1 });
  expect(fixture.emulator.listWebsites(fixture.account(0).id).map((w) => w.domain)).toEqual([main]);
  expect(fixture.emulator.listWebsites(fixture.account(1).id).map((w) => w.domain)).toEqual([agency]);
}

/**
 * The first up's outputs of the language SDKs' scenario, the same in every language: the site
 * and both accounts' names, getWebsite of the site's domain finding the site itself, and the
 * tracking code as the resource's output and through the explicit provider's function.
 */
export function expectOutputs(
  fixture: EngineFixture,
  outputs: Record<string, unknown>,
  sites: { main: string },
): void {
  expect(outputs).toMatchObject({
    domain: sites.main,
    hasPassword: true,
    accountName: "Main",
    agencyName: "Agency",
  });
  expect(outputs.foundId).toBe(outputs.siteId);
  const snippet = trackingSnippet(fixture.emulator.url);
  expect([outputs.trackingCode, outputs.agencyTrackingCode]).toEqual([snippet, snippet]);
}

/** Both providers of the scenario, the default one and the explicit one, hold their key encrypted. */
export function expectProviderKeysEncrypted(providers: { inputs?: { apiKey?: unknown } }[]): void {
  expect(providers).toHaveLength(2);
  for (const provider of providers) expect(JSON.stringify(provider.inputs?.apiKey)).toContain("ciphertext");
}

/**
 * The stack settings the documented SDK example reads, in every language: the default provider's
 * credentials (account `main`), the blog's password and the agency provider's (account `agency`).
 */
export const readmeConfig = (
  fixture: EngineFixture,
  projectName: string,
  accounts: { main: number; agency: number; password: string },
): Record<string, ConfigValue> =>
  programSettings(fixture, projectName, accounts.main, {
    blogPassword: { value: accounts.password, secret: true },
    agencyBaseUrl: { value: fixture.emulator.url },
    agencyApiKey: { value: fixture.account(accounts.agency).apiKey, secret: true },
  });

/** What the documented SDK example makes, in every language: the blog, and the client site in the agency's account. */
export function expectReadmeWebsites(
  fixture: EngineFixture,
  outputs: Record<string, unknown>,
  agency: number,
): void {
  expect(fixture.emulator.getWebsite(outputs.blogId as number)).toMatchObject({
    domain: "blog.example.com",
    privacy: 2,
    exclude_params: "utm_source\nfbclid",
  });
  expect(fixture.emulator.listWebsites(fixture.account(agency).id).map((w) => w.domain)).toEqual([
    "client.example.com",
  ]);
  expect(outputs.plan).toEqual(expect.any(String));
}

/** The tracking code of the installation at `url` with the server's defaults, as its web interface writes it. */
export const trackingSnippet = (url: string): string =>
  `<script data-host="${url}" data-dnt="false" src="${url}/js/script.js" id="ZwSg9rf6GA" async defer></script>`;
