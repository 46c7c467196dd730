// What drift reads of a stack export (drift/read/stack-export.ts's readStackExport): a
// connection's network settings over its provider's, setting by setting, each named by where it
// comes from; a relative CA file against the project folder, trimmed; settings null or blank
// passed over; where a website's key comes from; the positions a website records; an export
// without resources; and the whole messages (and the error's name) of exports that are refused.
import { describe, expect, it } from "vitest";
import { StateError, encrypted, readStackExport } from "../../../../drift/read/stack-export";

const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});
const stack = { urn: "urn:pulumi:prod::team::pulumi:pulumi:Stack::team-prod", type: "pulumi:pulumi:Stack" };
const nodeProvider = (settings: Record<string, unknown> = {}) => ({
  urn: "urn:pulumi:prod::team::pulumi:providers:pulumi-nodejs::default",
  type: "pulumi:providers:pulumi-nodejs",
  id: "p1",
  outputs: { "webstats:baseUrl": "https://stats.example.com", "webstats:apiKey": secret("k"), ...settings },
});
const website = (name: string, outputs: Record<string, unknown> = {}) => ({
  urn: `urn:pulumi:prod::team::pulumi-nodejs:dynamic/webstats:Website::${name}`,
  type: "pulumi-nodejs:dynamic/webstats:Website",
  id: "1",
  provider: "urn:pulumi:prod::team::pulumi:providers:pulumi-nodejs::default::p1",
  outputs: {
    domain: `${name}.example.com`,
    websiteId: 1,
    installation: "https://stats.example.com",
    ...outputs,
  },
});
const exported = (resources: unknown[]) =>
  JSON.stringify({ version: 3, deployment: { manifest: {}, resources } });
const networkOf = (resources: unknown[], folder?: string) =>
  readStackExport(exported(resources), "stack prod", "prod", folder).websites.map((w) => w.address.network);

describe("drift reads a stack export's network settings", () => {
  it("takes a connection's settings over its provider's, one by one, naming where each comes from", () => {
    const provider = nodeProvider({ "webstats:skipTlsVerify": true, "webstats:allowHttp": false });
    const connection = secret({ allowHttp: true, caCertFile: "/etc/ca.pem" });
    expect(networkOf([stack, provider, website("one", { connection })])).toEqual([
      {
        values: { skipTlsVerify: true, allowHttp: true, caCertFile: "/etc/ca.pem" },
        sources: {
          skipTlsVerify: "webstats:skipTlsVerify of stack team/prod",
          allowHttp: "connection.allowHttp of website one in stack team/prod",
          caCertFile: "connection.caCertFile of website one in stack team/prod",
        },
      },
    ]);
  });

  it("takes a connection's settings alone when its provider records none", () => {
    const connection = secret({ proxyUrl: "http://proxy.example:3128" });
    expect(networkOf([stack, nodeProvider(), website("one", { connection })])).toEqual([
      {
        values: { proxyUrl: "http://proxy.example:3128" },
        sources: { proxyUrl: "connection.proxyUrl of website one in stack team/prod" },
      },
    ]);
  });

  it("reads a relative CA file, trimmed, against the project folder", () => {
    const provider = nodeProvider({ "webstats:caCertFile": "  certs/ca.pem  " });
    expect(networkOf([stack, provider, website("one")], "/srv/project")).toEqual([
      {
        values: { caCertFile: "/srv/project/certs/ca.pem" },
        sources: { caCertFile: "webstats:caCertFile of stack team/prod" },
      },
    ]);
  });
});

describe("drift reads a stack export's network settings, as recorded", () => {
  it("passes over settings that are null or blank", () => {
    const provider = nodeProvider({
      "webstats:proxyUrl": null,
      "webstats:caCertFile": "   ",
      "webstats:skipTlsVerify": true,
    });
    expect(networkOf([stack, provider, website("one")])).toEqual([
      {
        values: { skipTlsVerify: true },
        sources: { skipTlsVerify: "webstats:skipTlsVerify of stack team/prod" },
      },
    ]);
  });

  it("reads only a CA file given as text against the project folder, and keeps it as written without one", () => {
    const provider = nodeProvider({
      "webstats:caCertFile": 5,
      "webstats:proxyUrl": "proxy.example:3128",
      "webstats:skipTlsVerify": true,
    });
    expect(networkOf([stack, provider, website("one")], "/srv/project")[0]?.values).toEqual({
      caCertFile: 5,
      proxyUrl: "proxy.example:3128",
      skipTlsVerify: true,
    });
    const relative = nodeProvider({ "webstats:caCertFile": "certs/ca.pem" });
    expect(networkOf([stack, relative, website("one")])[0]?.values).toEqual({ caCertFile: "certs/ca.pem" });
  });
});

describe("drift reads where a website's key comes from", () => {
  const addressOf = (resources: unknown[]) =>
    readStackExport(exported(resources), "stack prod", "prod").websites.map((w) => w.address);

  it("names a plugin's default provider, whatever its version, as the stack's configuration", () => {
    const provider = {
      urn: "urn:pulumi:prod::team::pulumi:providers:webstats::default_0_4_0",
      type: "pulumi:providers:webstats",
      id: "p2",
      outputs: {
        baseUrl: "https://stats.example.com",
        apiKey: secret("k"),
        proxyUrl: "http://proxy.example:3128",
      },
    };
    const site = {
      urn: "urn:pulumi:prod::team::webstats:index:Website::one",
      type: "webstats:index:Website",
      id: "1",
      provider: "urn:pulumi:prod::team::pulumi:providers:webstats::default_0_4_0::p2",
      outputs: { domain: "one.example.com", websiteId: 1 },
    };
    expect(addressOf([stack, provider, site])).toEqual([
      {
        baseUrl: "https://stats.example.com",
        apiKey: "k",
        keySource: "the stack's configuration",
        network: {
          values: { proxyUrl: "http://proxy.example:3128" },
          sources: { proxyUrl: "webstats:proxyUrl of stack team/prod" },
        },
      },
    ]);
  });

  it("reads the provider's installation as text, trimmed, else the one the website was last seen on", () => {
    const baseUrlOf = (baseUrl: unknown) =>
      addressOf([stack, nodeProvider({ "webstats:baseUrl": baseUrl }), website("one")])[0]?.baseUrl;
    expect(baseUrlOf(" https://other.example.com ")).toBe("https://other.example.com");
    expect(baseUrlOf("   ")).toBe("https://stats.example.com");
    expect(baseUrlOf(5)).toBe("https://stats.example.com");
  });

  it("reads no settings from a provider of another package", () => {
    const other = {
      ...nodeProvider({ "webstats:baseUrl": "https://other.example.com" }),
      urn: "urn:pulumi:prod::team::pulumi:providers:other::default",
      type: "pulumi:providers:other",
    };
    const site = {
      ...website("one"),
      provider: "urn:pulumi:prod::team::pulumi:providers:other::default::p1",
    };
    expect(addressOf([stack, other, site])).toEqual([
      { baseUrl: "https://stats.example.com", keySource: "the stack's configuration" },
    ]);
  });

  it("reads a connection the export left encrypted as an encrypted key on the installation last seen", () => {
    const hidden = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: "AAEA",
    };
    const provider = nodeProvider({ "webstats:baseUrl": "https://provider.example.com" });
    expect(addressOf([stack, provider, website("one", { connection: hidden })])).toEqual([
      { baseUrl: "https://stats.example.com", apiKey: encrypted, keySource: "connection of one" },
    ]);
  });

  it("keeps a key the export left encrypted as encrypted", () => {
    const hidden = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: "AAEA",
    };
    expect(addressOf([stack, nodeProvider({ "webstats:apiKey": hidden }), website("one")])[0]?.apiKey).toBe(
      encrypted,
    );
    // Signed as another kind of value (an asset's signature), its plaintext is not read as a secret's.
    const otherKind = {
      "4dabf18193072939515e22adb298388d": "c44067f5952c0a294b673a41bacd8c17",
      plaintext: '"k2"',
    };
    expect(
      addressOf([stack, nodeProvider({ "webstats:apiKey": otherKind }), website("one")])[0]?.apiKey,
    ).toBe(encrypted);
  });

  it("names the stack's configuration for a website whose provider is not recorded", () => {
    const { provider: _none, ...unprovided } = website("one");
    expect(addressOf([stack, unprovided])).toEqual([
      { baseUrl: "https://stats.example.com", keySource: "the stack's configuration" },
    ]);
  });
});

describe("drift reads where a website was declared", () => {
  it("names the fleet component it is a child of, with no file when the component records no outputs", () => {
    const fleet = {
      urn: "urn:pulumi:prod::team::webstats:fleet:WebsiteFleet::sites",
      type: "webstats:fleet:WebsiteFleet",
      sourcePosition: "project:///index.ts#7,15",
    };
    const site = { ...website("one"), parent: fleet.urn };
    const [read] = readStackExport(
      exported([stack, nodeProvider(), fleet, site]),
      "stack prod",
      "prod",
    ).websites;
    expect(read?.origin?.fleet).toEqual({ name: "sites", positions: ["project:///index.ts#7,15"] });
  });

  it("keeps its own position, then those of its stack trace's frames that record one", () => {
    const site = {
      ...website("one"),
      sourcePosition: "project:///index.ts#12,5",
      stackTrace: [
        null,
        "project:///text.ts#1,1",
        { sourcePosition: 7 },
        { sourcePosition: "project:///main.ts#3,1" },
      ],
    };
    const [read] = readStackExport(exported([stack, nodeProvider(), site]), "stack prod", "prod").websites;
    expect(read?.origin?.positions).toEqual(["project:///index.ts#12,5", "project:///main.ts#3,1"]);
  });
});

describe("drift reads a stack export's resources", () => {
  it("reads an export without resources as a stack of no website, by the name it was asked by", () => {
    const text = JSON.stringify({ version: 3, deployment: { manifest: {} } });
    expect(readStackExport(text, "stack prod", "prod")).toEqual({ name: "prod", websites: [] });
  });

  it("refuses JSON that is no export, naming the top when the fault is there", () => {
    expect(() => readStackExport("5", "stack prod", "prod")).toThrow(
      new StateError(
        "stack prod is not a Pulumi stack export (top: Invalid input: expected object, received number): " +
          "give the output of pulumi stack export --show-secrets.",
      ),
    );
  });

  it("refuses an export whose fault is inside it, naming the fault's path", () => {
    const text = JSON.stringify({ version: 3, deployment: { resources: "none" } });
    expect(() => readStackExport(text, "stack prod", "prod")).toThrow(
      new StateError(
        "stack prod is not a Pulumi stack export (deployment.resources: Invalid input: expected array, received string): " +
          "give the output of pulumi stack export --show-secrets.",
      ),
    );
  });

  it("refuses a website recording outputs this version does not know, naming each", () => {
    expect(() =>
      readStackExport(
        exported([stack, nodeProvider(), website("one", { colour: 1, size: 2 })]),
        "stack prod",
        "prod",
      ),
    ).toThrow(
      new StateError(
        'stack prod: website one records "colour", "size", which this version of pulumi-webstats does not know: ' +
          "update pulumi-webstats to the version the stack uses.",
      ),
    );
  });

  it("refuses a stack of other resources only, naming three of their types and that there are more", () => {
    const other = (type: string, name: string) => ({ urn: `urn:pulumi:prod::team::${type}::${name}`, type });
    const types = [
      "aws:s3/bucket:Bucket",
      "aws:iam/role:Role",
      "random:index/randomId:RandomId",
      "tls:index/privateKey:PrivateKey",
    ];
    const message = (named: string) =>
      `stack prod holds no website of pulumi-webstats (its resources are ${named}): give a stack that declares webstats Websites.`;
    expect(() =>
      readStackExport(exported([stack, ...types.map((t, i) => other(t, `r${i}`))]), "stack prod", "prod"),
    ).toThrow(new StateError(message(`${types.slice(0, 3).join(", ")}, ...`)));
    expect(() =>
      readStackExport(
        exported([stack, ...types.slice(0, 3).map((t, i) => other(t, `r${i}`))]),
        "stack prod",
        "prod",
      ),
    ).toThrow(new StateError(message(types.slice(0, 3).join(", "))));
  });

  it("reads outputs nested 64 levels deep, and counts a secret's value one level deeper than the secret", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 63; level++) deep = { "": deep };
    const read = readStackExport(
      exported([stack, nodeProvider({ other: deep }), website("one")]),
      "stack prod",
      "prod",
    );
    expect(read.websites.map((w) => w.resource)).toEqual(["one"]);
    expect(() =>
      readStackExport(
        exported([stack, nodeProvider({ other: secret(deep) }), website("one")]),
        "stack prod",
        "prod",
      ),
    ).toThrow(
      new StateError(
        `stack prod: provider default: outputs.other${".".repeat(63)} nests deeper than 64 levels: ` +
          "the export is damaged; export the stack again with pulumi stack export --show-secrets.",
      ),
    );
  });

  it("takes a website's id from its state, else from its resource id", () => {
    const { websiteId: _unrecorded, ...noId } = website("two").outputs;
    const read = readStackExport(
      exported([
        stack,
        nodeProvider(),
        website("one", { websiteId: 3 }),
        { ...website("two"), id: "4", outputs: noId },
      ]),
      "stack prod",
      "prod",
    );
    expect(read.websites.map((w) => w.id)).toEqual([3, 4]);
  });

  it("refuses the dynamic provider's own output on a plugin's website", () => {
    const site = {
      urn: "urn:pulumi:prod::team::webstats:index:Website::one",
      type: "webstats:index:Website",
      id: "1",
      outputs: { domain: "one.example.com", websiteId: 1, __provider: "code" },
    };
    expect(() => readStackExport(exported([stack, site]), "stack prod", "prod")).toThrow(
      new StateError(
        'stack prod: website one records "__provider", which this version of pulumi-webstats does not know: ' +
          "update pulumi-webstats to the version the stack uses.",
      ),
    );
    const dynamic = website("two", { __provider: "code" });
    expect(
      readStackExport(exported([stack, nodeProvider(), dynamic]), "stack prod", "prod").websites[0]?.outputs,
    ).not.toHaveProperty("__provider");
  });

  it("names a stack by its stack resource's URN, else by the name it was asked by", () => {
    expect(readStackExport(exported([nodeProvider(), website("one")]), "file x.json", "x").name).toBe("x");
    const odd = { ...stack, urn: `other:${stack.urn}` };
    expect(readStackExport(exported([odd, nodeProvider(), website("one")]), "file x.json", "x").name).toBe(
      "x",
    );
    expect(readStackExport(exported([nodeProvider(), stack, website("one")]), "file x.json", "x").name).toBe(
      "team/prod",
    );
  });

  it("refuses outputs nested past 64 levels as a StateError, showing a path of 80 characters whole", () => {
    // Each level under an empty key adds one character to the path: outputs.favorite, then 64 dots.
    let favorite: unknown = "x";
    for (let level = 0; level < 64; level++) favorite = { "": favorite };
    let thrown: unknown;
    try {
      readStackExport(exported([stack, nodeProvider(), website("one", { favorite })]), "stack prod", "prod");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StateError);
    expect(thrown).toMatchObject({
      name: "StateError",
      message:
        `stack prod: website one: outputs.favorite${".".repeat(64)} nests deeper than 64 levels: ` +
        "the export is damaged; export the stack again with pulumi stack export --show-secrets.",
    });
  });
});
