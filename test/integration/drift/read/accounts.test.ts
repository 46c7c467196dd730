// The accounts drift reads (drift/read/accounts.ts): a website with no installation or no key is
// refused with a message naming it, before any request, and the command's key goes only to the
// installation the command names; one account reached by one key over two recorded networks (two
// clients, each website's request over its own) is one account holding the websites of both,
// against the emulator (and a forwarding proxy) over loopback HTTP.
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../../../emulator";
import { resolveSettings } from "../../../../core/settings";
import { accountsOf, credentialsOf } from "../../../../drift/read/accounts";
import { RecordedSettings } from "../../../../drift/read/network-settings";
import type { RecordedWebsite } from "../../../../drift/read/stack-export";
import { startForwardingProxy } from "../../../support/forwarding-proxy";

const recorded = (resource: string, address: Partial<RecordedWebsite["address"]>): RecordedWebsite => ({
  stack: "team/prod",
  resource,
  id: 1,
  outputs: {},
  address: { keySource: "provider default", ...address },
});

const noSettings = () => resolveSettings(() => undefined, {});

describe("drift's accounts", () => {
  it("refuses a website whose state names no installation when the command names none", () => {
    expect(credentialsOf(recorded("one", { apiKey: "k" }), noSettings())).toBe(
      "website one of stack team/prod names no installation (state written before pulumi-webstats recorded it): set WEBSTATS_BASE_URL.",
    );
  });

  it("refuses a website whose state holds no key, saying where the key was looked for", () => {
    expect(credentialsOf(recorded("one", { baseUrl: "https://stats.example.com" }), noSettings())).toBe(
      "No API key for the account of website one of stack team/prod at https://stats.example.com: the state holds no key " +
        "(from provider default). Read the stack with --stack, or export it with pulumi stack export --show-secrets, or set " +
        "WEBSTATS_BASE_URL=https://stats.example.com and WEBSTATS_API_KEY.",
    );
  });

  it("keeps the command's key from an installation the state names when the command names none", () => {
    const settings = resolveSettings(() => undefined, { WEBSTATS_API_KEY: "command-key" });
    expect(credentialsOf(recorded("one", { baseUrl: "https://stats.example.com" }), settings)).toBe(
      "No API key for the account of website one of stack team/prod at https://stats.example.com: the state holds no key " +
        "(from provider default). Read the stack with --stack, or export it with pulumi stack export --show-secrets, or set " +
        "WEBSTATS_BASE_URL=https://stats.example.com and WEBSTATS_API_KEY.",
    );
  });

  it("names every website it cannot read, each message once", async () => {
    const websites = [
      recorded("one", { apiKey: "k" }),
      recorded("one", { apiKey: "k" }),
      recorded("two", { baseUrl: "https://stats.example.com" }),
    ];
    await expect(accountsOf(websites, new RecordedSettings({}))).rejects.toMatchObject({
      name: "AccountError",
      message: [
        "website one of stack team/prod names no installation (state written before pulumi-webstats recorded it): set WEBSTATS_BASE_URL.",
        "No API key for the account of website two of stack team/prod at https://stats.example.com: the state holds no key " +
          "(from provider default). Read the stack with --stack, or export it with pulumi stack export --show-secrets, or set " +
          "WEBSTATS_BASE_URL=https://stats.example.com and WEBSTATS_API_KEY.",
      ].join("\n"),
    });
  });

  it("names the stack's network setting that cannot be used", async () => {
    const network = {
      values: { caCertFile: "/nonexistent/ca.pem" },
      sources: { caCertFile: "webstats:caCertFile of stack team/prod" },
    };
    const website = recorded("one", { baseUrl: "https://stats.example.com", apiKey: "k", network });
    await expect(accountsOf([website], new RecordedSettings({}))).rejects.toMatchObject({
      message:
        "webstats:caCertFile of stack team/prod: the file /nonexistent/ca.pem does not exist; give the path of a PEM file " +
        "of the certificate authority (relative paths are read from the folder pulumi runs in).",
    });
  });

  it("tells two accounts of one installation apart, and names the website whose key the installation refuses", async () => {
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    try {
      const [first, second] = [emulator.createAccount(), emulator.createAccount()];
      const one = recorded("one", { baseUrl: emulator.url, apiKey: first.apiKey });
      const two = recorded("two", { baseUrl: emulator.url, apiKey: second.apiKey });
      const accounts = await accountsOf([one, two], new RecordedSettings({}));
      expect(accounts.map((a) => ({ id: a.name.id, websites: a.websites }))).toEqual([
        { id: first.id, websites: [one] },
        { id: second.id, websites: [two] },
      ]);
      const refused = recorded("three", { baseUrl: emulator.url, apiKey: "not-a-key" });
      const failure = await accountsOf([refused], new RecordedSettings({})).catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: "AccountError", cause: expect.any(Error) as unknown });
      const cause = (failure as Error).cause as Error;
      expect((failure as Error).message).toBe(
        `The account of website three of stack team/prod at ${emulator.url} could not be read (key from provider default): ${cause.message}`,
      );
    } finally {
      await emulator.close();
    }
  });

  it("holds the websites of one account reached over two recorded networks in that one account", async () => {
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    try {
      const account = emulator.createAccount();
      const plain = recorded("one", { baseUrl: emulator.url, apiKey: account.apiKey });
      const network = {
        values: { skipTlsVerify: false },
        sources: { skipTlsVerify: "webstats:skipTlsVerify" },
      };
      const viaNetwork = recorded("two", { baseUrl: emulator.url, apiKey: account.apiKey, network });
      const accounts = await accountsOf([plain, viaNetwork], new RecordedSettings({}));
      expect(accounts.map((a) => ({ name: a.name, websites: a.websites }))).toEqual([
        { name: { url: emulator.url, id: account.id, email: account.email }, websites: [plain, viaNetwork] },
      ]);
    } finally {
      await emulator.close();
    }
  });

  it("reaches each website of one key over its own recorded network", async () => {
    const emulator = await startEmulator({ requestsPerMinute: 0 });
    const proxy = await startForwardingProxy();
    try {
      const account = emulator.createAccount();
      const direct = recorded("one", { baseUrl: emulator.url, apiKey: account.apiKey });
      const network = { values: { proxyUrl: proxy.url }, sources: { proxyUrl: "webstats:proxyUrl" } };
      const proxied = recorded("two", { baseUrl: emulator.url, apiKey: account.apiKey, network });
      const accounts = await accountsOf([direct, proxied], new RecordedSettings({}));
      expect(accounts.map((a) => ({ id: a.name.id, websites: a.websites }))).toEqual([
        { id: account.id, websites: [direct, proxied] },
      ]);
      // One tunnel, for the second website's GET /account: the first went straight to the emulator.
      const { hostname, port } = new URL(emulator.url);
      expect(proxy.connects).toEqual([{ host: hostname, port: Number(port), authorized: true }]);
    } finally {
      await proxy.close();
      await emulator.close();
    }
  });
});
