// The set-up every engine test file shares: one emulator (throttle off unless asked) with named
// accounts, and stacks that are cleaned up when the file is done.
import { afterAll, beforeAll, expect } from "vitest";
import { startEmulator } from "../../emulator";
import type { CreateAccountOptions, Emulator, EmulatorAccount, EmulatorOptions } from "../../emulator";
import { TestStack } from "./harness";
import type { ConfigValue, StackOptions } from "./harness";
import { credentialsConfig } from "./programs";
import type { Host } from "./programs";
import { pluginHome } from "./plugin-home";

export interface EngineFixture {
  readonly emulator: Emulator;
  /** The accounts created for the file, in the order asked for. */
  readonly accounts: EmulatorAccount[];
  /** The account at `index` in the order asked for (default: the first). */
  account(index?: number): EmulatorAccount;
  /** A stack whose configuration points at `account` (default: the first account). */
  stack(program: string, account?: EmulatorAccount, options?: Omit<StackOptions, "program">): TestStack;
  /**
   * A Pulumi YAML stack (the body of Pulumi.yaml after name and runtime) served by the provider
   * plugin, installed as users install it; configured for `account` like `stack`.
   */
  yamlStack(
    yaml: string,
    account?: EmulatorAccount,
    options?: Omit<StackOptions, "program" | "yaml">,
  ): TestStack;
}

/**
 * The set-up of one engine test file. With `host` "plugin", the programs of `stack` run their
 * Websites and functions through the provider plugin instead of the dynamic provider (see
 * forPlugin), so one scenario table runs through both hosts.
 */
export function useEngineFixture(
  accounts: CreateAccountOptions[] = [{}],
  emulatorOptions: EmulatorOptions = { requestsPerMinute: 0 },
  host: Host = "dynamic",
): EngineFixture {
  let emulator: Emulator | undefined;
  const created: EmulatorAccount[] = [];
  const stacks: TestStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator(emulatorOptions);
    for (const options of accounts) created.push(emulator.createAccount(options));
  });
  afterAll(async () => {
    stacks.forEach((s) => s.cleanup());
    await emulator?.close();
  });

  return {
    get emulator() {
      if (!emulator) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
    accounts: created,
    account(index = 0) {
      const account = created[index];
      if (!account) throw new Error(`no account ${index}: the emulator starts in beforeAll`);
      return account;
    },
    yamlStack(yaml, account = created[0], options = {}) {
      if (!emulator || !account) throw new Error("the emulator starts in beforeAll");
      const stack = TestStack.create({
        yaml,
        pluginHome: pluginHome(),
        ...options,
        config: options.config ?? credentialsConfig(emulator.url, account.apiKey),
      });
      stacks.push(stack);
      return stack;
    },
    stack(program, account = created[0], options = {}) {
      if (!emulator || !account) throw new Error("the emulator starts in beforeAll");
      const stack = TestStack.create({
        program,
        host,
        ...(host === "plugin" ? { pluginHome: pluginHome() } : {}),
        ...options,
        config: options.config ?? credentialsConfig(emulator.url, account.apiKey),
      });
      stacks.push(stack);
      return stack;
    },
  };
}

/**
 * What the language SDKs' scenario leaves on the server, the same in every language: in the first
 * account the password-protected site with its settings, in the second the client site made
 * through the explicit provider, and nothing else in either.
 */
export function expectSdkScenarioWebsites(
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
export function expectSdkScenarioOutputs(
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
export function readmeExampleConfig(
  fixture: EngineFixture,
  projectName: string,
  accounts: { main: number; agency: number; password: string },
): Record<string, ConfigValue> {
  return {
    ...credentialsConfig(fixture.emulator.url, fixture.account(accounts.main).apiKey),
    [`${projectName}:blogPassword`]: { value: accounts.password, secret: true },
    [`${projectName}:agencyBaseUrl`]: { value: fixture.emulator.url },
    [`${projectName}:agencyApiKey`]: { value: fixture.account(accounts.agency).apiKey, secret: true },
  };
}

/** What the documented SDK example makes, in every language: the blog, and the client site in the agency's account. */
export function expectReadmeExampleWebsites(
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
