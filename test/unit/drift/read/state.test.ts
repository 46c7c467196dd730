// Reading what a stack recorded for `pulumi-webstats drift`: both hosts' Websites in the shapes
// `pulumi stack export` writes (test/e2e/drift/command.test.ts reads real ones), secrets shown or
// left encrypted, the installation and key each website uses, and states that are refused.
import { describe, expect, it } from "vitest";
import { credentialsOf } from "../../../../drift/read/accounts";
import { resolveSettings } from "../../../../core/settings";
import { StateError, encrypted, readStackExport } from "../../../../drift/read/stack-export";

const sig = "4dabf18193072939515e22adb298388d";
const secret = (value: unknown) => ({
  [sig]: "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});
const hidden = { [sig]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" };

const stack = { urn: "urn:pulumi:prod::team::pulumi:pulumi:Stack::team-prod", type: "pulumi:pulumi:Stack" };
const nodeProvider = (apiKey: unknown) => ({
  urn: "urn:pulumi:prod::team::pulumi:providers:pulumi-nodejs::default",
  type: "pulumi:providers:pulumi-nodejs",
  id: "p1",
  outputs: { "webstats:baseUrl": "https://stats.example.com", "webstats:apiKey": apiKey },
});
const website = (name: string, outputs: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  urn: `urn:pulumi:prod::team::pulumi-nodejs:dynamic/webstats:Website::${name}`,
  type: "pulumi-nodejs:dynamic/webstats:Website",
  id: typeof outputs.websiteId === "number" ? String(outputs.websiteId) : "",
  provider: "urn:pulumi:prod::team::pulumi:providers:pulumi-nodejs::default::p1",
  outputs: {
    __provider: "exports.handler = ...",
    domain: `${name}.example.com`,
    installation: "https://stats.example.com",
    ...outputs,
  },
  ...extra,
});
const exported = (resources: unknown[]) =>
  JSON.stringify({ version: 3, deployment: { manifest: {}, resources } });

describe("drift: readStackExport", () => {
  it("reads the dynamic provider's websites with the stack's configuration and their connections", () => {
    const state = readStackExport(
      exported([
        stack,
        nodeProvider(secret("default-key")),
        website("one", { websiteId: 1, privacy: "password", password: secret("pw") }),
        website("two", {
          websiteId: 2,
          connection: secret({ baseUrl: "https://other.example.com", apiKey: "other-key" }),
        }),
      ]),
      "stack prod",
      "prod",
    );
    expect(state.name).toBe("team/prod");
    expect(state.websites.map((w) => [w.resource, w.id, w.address])).toEqual([
      [
        "one",
        1,
        {
          baseUrl: "https://stats.example.com",
          apiKey: "default-key",
          keySource: "the stack's configuration",
        },
      ],
      [
        "two",
        2,
        { baseUrl: "https://other.example.com", apiKey: "other-key", keySource: "connection of two" },
      ],
    ]);
    expect(state.websites[0]?.outputs).toMatchObject({
      domain: "one.example.com",
      privacy: "password",
      password: "pw",
    });
  });

  it("reads the plugin's websites with their explicit provider", () => {
    const state = readStackExport(
      exported([
        stack,
        {
          urn: "urn:pulumi:prod::team::pulumi:providers:webstats::agency",
          type: "pulumi:providers:webstats",
          id: "p2",
          outputs: { baseUrl: "https://agency.example.com", apiKey: hidden, version: "0.1.0" },
        },
        {
          urn: "urn:pulumi:prod::team::webstats:index:Website::site",
          type: "webstats:index:Website",
          id: "9",
          provider: "urn:pulumi:prod::team::pulumi:providers:webstats::agency::p2",
          outputs: { websiteId: 9, domain: "site.example.com", password: hidden },
        },
      ]),
      "file b.json",
      "b",
    );
    expect(state.websites[0]?.address).toEqual({
      baseUrl: "https://agency.example.com",
      apiKey: encrypted,
      keySource: "provider agency",
    });
    // An encrypted password is not compared.
    expect(state.websites[0]?.outputs).not.toHaveProperty("password");
  });

  it("takes an empty stack, and names the stack by its file when it has no stack resource", () => {
    expect(readStackExport(exported([]), "file x.json", "x")).toEqual({ name: "x", websites: [] });
    expect(readStackExport(exported([stack]), "stack prod", "prod")).toEqual({
      name: "team/prod",
      websites: [],
    });
  });

  it("refuses what it cannot read, naming where and what to do", () => {
    const cases: [string, RegExp][] = [
      ["{", /^file x\.json is not JSON .*: give the output of pulumi stack export --show-secrets\.$/],
      [
        JSON.stringify({ version: 2, deployment: {} }),
        /is not a Pulumi stack export \(version: version must be 3/,
      ],
      [JSON.stringify({ checkpoint: {} }), /is not a Pulumi stack export/],
      [
        exported([
          stack,
          { urn: "urn:pulumi:prod::team::random:index/pet:Pet::p", type: "random:index/pet:Pet" },
        ]),
        /holds no website of pulumi-webstats \(its resources are random:index\/pet:Pet\)/,
      ],
      [
        exported([stack, nodeProvider("k"), website("one", { websiteId: 1, weeklyDigest: true })]),
        /website one records "weeklyDigest", which this version of pulumi-webstats does not know: update/,
      ],
      [
        exported([stack, nodeProvider("k"), website("one", { websiteId: 1, privacy: "secret" })]),
        /file x\.json: website one: .*privacy/,
      ],
      [exported([stack, nodeProvider("k"), website("one", {}, { id: "" })]), /website one has no website id/],
    ];
    for (const [content, message] of cases) {
      expect(() => readStackExport(content, "file x.json", "x"), content.slice(0, 80)).toThrow(message);
    }
  });

  /** The StateError readStackExport throws for `content`. */
  const refusal = (content: string): string => {
    try {
      readStackExport(content, "stack prod in teams/a", "prod");
    } catch (error) {
      expect(error).toBeInstanceOf(StateError);
      return (error as Error).message;
    }
    throw new Error("the export was accepted");
  };
  /** Every run of 3 characters of `secret`: none may appear in a message. */
  const piecesOf = (text: string) => Array.from({ length: text.length - 2 }, (_, i) => text.slice(i, i + 3));
  const distinctive = "Zq#8vXw!Kp2&Lm9$";

  it("a secret whose plaintext is not JSON is named by stack, resource and output, none of its text quoted", () => {
    const damaged = { [sig]: "1b47061264138c4ac30d75fd1eb44270", plaintext: distinctive };
    const half = { [sig]: "1b47061264138c4ac30d75fd1eb44270", plaintext: `{"apiKey": "${distinctive}` };
    const cases: [unknown[], string][] = [
      [
        [stack, nodeProvider("k"), website("one", { websiteId: 1, password: damaged })],
        "stack prod in teams/a: website one: the secret value of outputs.password is not JSON",
      ],
      [
        [stack, nodeProvider("k"), website("two", { websiteId: 2, connection: half })],
        "stack prod in teams/a: website two: the secret value of outputs.connection is not JSON",
      ],
      [
        [stack, nodeProvider(damaged), website("one", { websiteId: 1 })],
        "stack prod in teams/a: provider default: the secret value of outputs.webstats:apiKey is not JSON",
      ],
    ];
    for (const [resources, expected] of cases) {
      const message = refusal(exported(resources));
      expect(message).toContain(expected);
      expect(message).toContain("export the stack again with pulumi stack export --show-secrets");
      for (const piece of piecesOf(distinctive)) expect(message, expected).not.toContain(piece);
    }
  });

  it("a damaged export is named with the place of the fault, none of its text quoted", () => {
    const text = exported([stack, nodeProvider(secret(distinctive)), website("one", { websiteId: 1 })]);
    // Cut inside the secret's plaintext; the plaintext's string left unopened.
    for (const content of [
      text.slice(0, text.indexOf("Lm9")),
      text.replace('"plaintext":"', '"plaintext":'),
    ]) {
      const message = refusal(content);
      expect(message).toMatch(
        /^stack prod in teams\/a is not JSON \(line 1, column \d+: [a-z ]+\): give the output/,
      );
      for (const piece of piecesOf(distinctive)) expect(message).not.toContain(piece);
    }
  });

  it("outputs nested past 64 levels are refused as a damaged export, not a stack overflow", () => {
    // Written out: JSON.stringify itself would run out of stack on such a value.
    const text = exported([stack, nodeProvider("k"), website("one", { websiteId: 1, favorite: "DEEP" })]);
    const deep = `${"[".repeat(60_000)}"x"${"]".repeat(60_000)}`;
    const message = refusal(text.replace('"DEEP"', deep));
    expect(message).toMatch(
      /^stack prod in teams\/a: website one: outputs\.favorite(\[0\]){18}\.\.\. nests deeper than 64 levels/,
    );
  });
});

describe("drift: credentialsOf", () => {
  /** The command's settings, as it resolves them from its environment alone. */
  const fromEnvironment = (env: Record<string, string>) => resolveSettings(() => undefined, env);
  const [withKey, encryptedKey] = readStackExport(
    exported([
      stack,
      nodeProvider(secret("default-key")),
      website("one", { websiteId: 1 }),
      website("two", { websiteId: 2, connection: hidden }),
    ]),
    "stack prod",
    "prod",
  ).websites;

  it("uses the key the state shows", () => {
    expect(credentialsOf(withKey!, fromEnvironment({ WEBSTATS_API_KEY: "env-key" }))).toEqual({
      url: "https://stats.example.com",
      apiKey: "default-key",
    });
  });

  it("sends the environment's key only to the installation the environment names", () => {
    expect(
      credentialsOf(
        encryptedKey!,
        fromEnvironment({
          WEBSTATS_BASE_URL: "https://stats.example.com/api/v1",
          WEBSTATS_API_KEY: "env-key",
        }),
      ),
    ).toEqual({ url: "https://stats.example.com", apiKey: "env-key" });
    const refused = credentialsOf(
      encryptedKey!,
      fromEnvironment({
        WEBSTATS_BASE_URL: "https://elsewhere.example.com",
        WEBSTATS_API_KEY: "env-key",
      }),
    );
    expect(refused).toBe(
      "No API key for the account of website two of stack team/prod at https://stats.example.com: the key (from connection of two) " +
        "is encrypted in the export. Read the stack with --stack, or export it with pulumi stack export --show-secrets, or set " +
        "WEBSTATS_BASE_URL=https://stats.example.com and WEBSTATS_API_KEY.",
    );
    expect(refused).not.toContain("env-key");
  });
});
