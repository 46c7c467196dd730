// `drift --fix code`'s rewriting rules, on text: the live values written into a fleet file and
// a Pulumi YAML program with every other byte kept (comments, blank lines, quoting, list
// style), a value inherited from defaults written on the entry, write-only fields untouched,
// privacy's ties to passwordConfig, and unmanaged websites appended as adoptions; and server
// values checked before they become code: a value that fails its field's rule is that website's
// reason (website, field, rule), never the file's, and nothing from the server becomes a Pulumi
// YAML interpolation (every `$` written as `$$`, read back as Pulumi YAML reads it).
import { describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { FixError, fixFleetText, fixYamlProgramText } from "../../../../drift/fix/fix-text";
import type * as FixTextModule from "../../../../drift/fix/fix-text";
import type * as YamlSpliceModule from "../../../../drift/fix/yaml-splice";
import { pulumiYamlLiteral, readPulumiYamlValue } from "../../../../drift/fix/yaml-splice";
import { entryKeys, sectionKeys } from "../../../../fleet/fleet-format";
import { parseFleet } from "../../../../fleet/load-fleet";

const fleet = `# Our websites. Reviewed weekly.
defaults:
  excludeBots: true   # bots never count
  excludeIps: ["10.0.0.1"]

websites:
  - domain: shop.example.com  # the shop
    privacy: 'private'
    excludeParams: [utm_source]
  # the blog inherits everything
  - domain: blog.example.com
  - domain: docs.example.com
    excludeIps:
      - 10.0.0.7   # office
    email: false
`;

const change = (field: string, recorded: unknown, live: unknown) => ({ field, recorded, live });

/** What a fix that writes nothing gives: `text` as it was, and what it leaves for the user. */
const leftForUser = (text: string, ...byHand: unknown[]) => ({ text, written: [], byHand });

/** `text` as the fleet file f.yaml, fixed for the one website `domain`'s `changes`. */
const fixOne = (text: string, domain: string, ...changes: ReturnType<typeof change>[]) =>
  fixFleetText(text, "f.yaml", [{ domain, changes }]);

/** `text` as the fleet file f.yaml, the unmanaged `domain` appended with its live `settings`. */
const adoptOne = (text: string, domain: string, settings: Record<string, unknown>) =>
  fixFleetText(text, "f.yaml", [], [{ domain, settings }]);

/** A Pulumi YAML program's Website blog of b.example.com, `more` properties after its domain. */
const blogProgram = (more: string) =>
  "resources:\n  blog:\n    type: webstats:index:Website\n    properties:\n      domain: b.example.com\n" +
  more;

/** The Pulumi YAML program `text`, fixed for its resource blog's (b.example.com) `changes`. */
const fixBlog = (text: string, ...changes: ReturnType<typeof change>[]) =>
  fixYamlProgramText(text, "Pulumi.yaml", [{ domain: "b.example.com", resource: "blog", changes }]);

describe("drift --fix code: fleet files", () => {
  it("writes each live value in place, keeping comments, quoting and list styles", () => {
    const fixed = fixFleetText(fleet, "websites.yaml", [
      { domain: "shop.example.com", changes: [change("privacy", "private", "public")] },
      {
        domain: "docs.example.com",
        changes: [change("excludeIps", ["10.0.0.7"], ["10.0.0.7", "::1"]), change("email", false, true)],
      },
    ]);
    expect(fixed.text).toBe(
      fleet
        .replace("privacy: 'private'", "privacy: 'public'")
        .replace("      - 10.0.0.7   # office", "      - 10.0.0.7\n      - ::1   # office")
        .replace("email: false", "email: true"),
    );
    expect(fixed.written).toEqual([
      { file: "websites.yaml", domain: "shop.example.com", field: "privacy", old: "private", new: "public" },
      {
        file: "websites.yaml",
        domain: "docs.example.com",
        field: "excludeIps",
        old: ["10.0.0.7"],
        new: ["10.0.0.7", "::1"],
      },
      { file: "websites.yaml", domain: "docs.example.com", field: "email", old: false, new: true },
    ]);
    expect(fixed.byHand).toEqual([]);
    // The result is still a fleet file, read as the program reads it.
    expect(parseFleet(fixed.text, "websites.yaml", { adoptExisting: false }).websites).toHaveLength(3);
  });

  it("writes a value inherited from defaults on the entry, and leaves defaults alone", () => {
    const fixed = fixFleetText(fleet, "websites.yaml", [
      {
        domain: "blog.example.com",
        changes: [
          change("excludeIps", ["10.0.0.1"], ["10.0.0.1", "10.0.0.2"]),
          change("favorite", false, true),
        ],
      },
    ]);
    expect(fixed.text).toBe(
      fleet.replace(
        "  - domain: blog.example.com\n",
        "  - domain: blog.example.com\n    excludeIps: [10.0.0.1, 10.0.0.2]\n    favorite: true\n",
      ),
    );
    expect(fixed.written[0]?.note).toBe("inherited from defaults: written on the entry, defaults unchanged");
    expect(fixed.written[1]?.note).toBeUndefined();
  });

  it("writes nothing for a value the file already has (a second run before pulumi up)", () => {
    const text =
      "defaults:\n  email: true\nwebsites:\n  - domain: a.example.com\n    excludeIps: [10.0.0.2, 10.0.0.1]\n";
    const fixed = fixOne(
      text,
      "a.example.com",
      change("email", false, true),
      change("excludeIps", [], ["10.0.0.1", "10.0.0.2"]),
    );
    expect(fixed).toEqual({ text, written: [], byHand: [] });
  });

  it("keeps the spacing inside brackets and double quotes of the old value", () => {
    const text =
      'websites:\n  - domain: "a.example.com"\n    privacy: "private"\n    excludeIps: [ 10.0.0.1 ]\n';
    const fixed = fixOne(
      text,
      "a.example.com",
      change("privacy", "private", "public"),
      change("excludeIps", ["10.0.0.1"], ["10.0.0.1", "10.0.0.9"]),
    );
    expect(fixed.text).toBe(
      'websites:\n  - domain: "a.example.com"\n    privacy: "public"\n    excludeIps: [ 10.0.0.1, 10.0.0.9 ]\n',
    );
  });

  it("never touches password, passwordConfig or excludeParams", () => {
    const text =
      "websites:\n  - domain: a.example.com\n    privacy: password\n    passwordConfig: aPassword\n    excludeParams: [ref]\n";
    const fixed = fixOne(text, "a.example.com", change("email", false, true));
    expect(fixed.text).toBe(
      text.replace("excludeParams: [ref]\n", "excludeParams: [ref]\n    email: true\n"),
    );
    // A change the server cannot make (the domain) is left for the user, never written.
    const domain = fixOne(text, "a.example.com", change("domain", "a.example.com", "b.example.com"));
    expect(domain.text).toBe(text);
    expect(domain.byHand[0]?.reason).toContain("domain cannot be written back");
  });

  it("leaves privacy for the user when the entry's passwordConfig would no longer fit", () => {
    const text =
      "defaults:\n  passwordConfig: shared\nwebsites:\n  - domain: a.example.com\n    privacy: password\n";
    const fixed = fixOne(text, "a.example.com", change("privacy", "password", "public"));
    expect(fixed.text).toBe(text);
    expect(fixed.written).toEqual([]);
    expect(fixed.byHand).toEqual([
      {
        domain: "a.example.com",
        field: "privacy",
        reason: expect.stringMatching(
          /^f\.yaml:4: privacy is "public" on the server, but the entry inherits from defaults passwordConfig/,
        ) as unknown,
      },
    ]);
  });

  it("adds adoptExisting when privacy becomes password without passwordConfig, as the fleet's check needs", () => {
    const text = "websites:\n  - domain: a.example.com\n";
    const fixed = fixOne(text, "a.example.com", change("privacy", "public", "password"));
    expect(fixed.text).toBe(
      "websites:\n  - domain: a.example.com\n    adoptExisting: true\n    privacy: password\n",
    );
    expect(parseFleet(fixed.text, "f.yaml", { adoptExisting: false }).websites[0]?.args.privacy).toBe(
      "password",
    );
  });

  it("appends unmanaged websites with the settings that differ from the defaults and adoptExisting", () => {
    const fixed = fixFleetText(
      fleet,
      "websites.yaml",
      [],
      [
        {
          domain: "new.example.com",
          settings: {
            privacy: "private",
            email: false,
            excludeBots: true,
            favorite: true,
            excludeIps: ["10.0.0.1"],
          },
        },
        {
          domain: "plain.example.com",
          settings: { privacy: "public", email: false, excludeBots: true, favorite: false, excludeIps: [] },
        },
      ],
    );
    expect(fixed.text).toBe(
      `${fleet}  - domain: new.example.com\n    privacy: private\n    favorite: true\n    adoptExisting: true\n` +
        "  - domain: plain.example.com\n    excludeIps: []\n    adoptExisting: true\n",
    );
    expect(fixed.written.map((w) => [w.domain, w.note])).toEqual([
      ["new.example.com", "appended"],
      ["plain.example.com", "appended"],
    ]);
    // An entry for the domain already there is not declared twice.
    const again = fixFleetText(
      fleet,
      "websites.yaml",
      [],
      [{ domain: "https://www.Shop.example.com", settings: {} }],
    );
    expect(again.text).toBe(fleet);
    expect(again.written).toEqual([]);
    expect(again.byHand).toEqual([]);
  });

  it("turns an empty websites list into a block list for the first adoption", () => {
    const fixed = adoptOne("# none yet\nwebsites: []\n", "a.example.com", { privacy: "public" });
    expect(fixed.text).toBe("# none yet\nwebsites:\n  - domain: a.example.com\n    adoptExisting: true\n");
  });

  it("refuses a file that is not a fleet file, naming the line", () => {
    expect(() => fixFleetText("websites: [\n", "f.yaml", [])).toThrow(FixError);
    expect(() => fixFleetText("websites: [\n", "f.yaml", [])).toThrow(/^f\.yaml:\d+: /);
    expect(() => fixFleetText("defaults: {}\n", "f.yaml", [])).toThrow(
      "f.yaml:1: a fleet file has a websites list",
    );
  });

  it("knows the fleet format's keys as fleet/fleet-format.ts states them", () => {
    // fix-text.ts spells these keys itself (drift does not import fleet/); the format is the reference.
    expect(sectionKeys).toEqual(["defaults", "websites"]);
    for (const key of ["domain", "passwordConfig", "adoptExisting", "privacy", "excludeIps"])
      expect(entryKeys).toContain(key);
  });
});

describe("drift --fix code: Pulumi YAML programs", () => {
  const program = `name: sites
runtime: yaml
resources:
  # the main site
  blog:
    type: webstats:index:Website
    properties:
      domain: blog.example.com
      privacy: private   # for now
  shop:
    type: webstats:index:Website
    properties:
      domain: shop.example.com
      excludeIps: \${officeIps}
`;

  it("writes literal properties in place and adds missing ones; an expression is left for the user", () => {
    const fixed = fixYamlProgramText(program, "Pulumi.yaml", [
      {
        domain: "blog.example.com",
        resource: "blog",
        changes: [change("privacy", "private", "public"), change("email", false, true)],
      },
      { domain: "shop.example.com", resource: "shop", changes: [change("excludeIps", [], ["10.0.0.1"])] },
    ]);
    expect(fixed.text).toBe(
      program.replace("privacy: private   # for now", "privacy: public   # for now\n      email: true"),
    );
    expect(
      (parse(fixed.text) as { resources: { blog: { properties: object } } }).resources.blog.properties,
    ).toEqual({
      domain: "blog.example.com",
      privacy: "public",
      email: true,
    });
    expect(fixed.byHand).toEqual([
      {
        domain: "shop.example.com",
        field: "excludeIps",
        reason:
          'Pulumi.yaml:10: resource shop: excludeIps is an expression: change it to ["10.0.0.1"] by hand.',
      },
    ]);
  });
});

describe("drift --fix code: server values checked before they become code", () => {
  const secret = "${secretValue}";

  it("refuses a live value that fails its field's rule, naming the website, the field and the rule; the other websites are written", () => {
    const fixed = fixFleetText(fleet, "websites.yaml", [
      {
        domain: "shop.example.com",
        changes: [change("excludeIps", [], [secret]), change("email", false, true)],
      },
      { domain: "docs.example.com", changes: [change("email", false, true)] },
    ]);
    // The shop's email and the docs' email are written; the shop's addresses are not.
    expect(fixed.text).toBe(
      fleet
        .replace("    excludeParams: [utm_source]\n", "    excludeParams: [utm_source]\n    email: true\n")
        .replace("email: false", "email: true"),
    );
    expect(fixed.text).not.toContain("secretValue");
    expect(fixed.written.map((w) => [w.domain, w.field])).toEqual([
      ["shop.example.com", "email"],
      ["docs.example.com", "email"],
    ]);
    expect(fixed.byHand).toEqual([
      {
        domain: "shop.example.com",
        field: "excludeIps",
        reason:
          "websites.yaml:7: shop.example.com: the server's excludeIps is not written into the code, as it fails the field's rule: " +
          'The IP entry "${secretValue}" is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32).',
      },
    ]);
  });

  it("refuses an unmanaged website whose live values fail the rules, and appends the others", () => {
    const fixed = fixFleetText(
      "websites: []\n",
      "f.yaml",
      [],
      [
        { domain: "bad.example.com", settings: { excludeIps: ["10.0.0.1", "10.0.0.1/99"] } },
        { domain: "my shop.example.org", settings: { privacy: "public" } },
        { domain: "good.example.com", settings: { privacy: "private" } },
      ],
    );
    expect(fixed.text).toBe(
      "websites:\n  - domain: good.example.com\n    privacy: private\n    adoptExisting: true\n",
    );
    expect(fixed.byHand.map((h) => h.reason)).toEqual([
      expect.stringMatching(
        /^f\.yaml: bad\.example\.com: the server's excludeIps is not written into the code, as it fails the field's rule: The IP entry "10\.0\.0\.1\/99" has an invalid prefix length/,
      ),
      expect.stringMatching(
        /^f\.yaml: my shop\.example\.org as the server has it would not pass a fleet entry's checks \("my shop\.example\.org" is not a valid domain: .*\): declare it by hand\.$/,
      ),
    ]);
  });

  it("leaves an entry that would not pass its checks as a whole as it was, and fixes the others", () => {
    // The entry was already wrong (a parameter name with a space): the email cannot be fixed alone.
    const text =
      "websites:\n  - domain: a.example.com\n    excludeParams: [a b]\n  - domain: b.example.com\n";
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("email", false, true)] },
      { domain: "b.example.com", changes: [change("email", false, true)] },
    ]);
    expect(fixed.text).toBe(`${text}    email: true\n`);
    expect(fixed.written.map((w) => w.domain)).toEqual(["b.example.com"]);
    expect(fixed.byHand).toEqual([
      {
        domain: "a.example.com",
        reason: expect.stringMatching(
          /^f\.yaml:2: the entry of a\.example\.com with the server's values would not pass its checks \(.*"a b" is not a query parameter name.*\), so it is left as it is\.$/,
        ) as unknown,
      },
    ]);
  });

  it("never writes a server value into a Pulumi YAML program as an interpolation of its configuration", () => {
    const program =
      "name: sites\nruntime: yaml\nconfig:\n  secretValue:\n    type: string\n    secret: true\n" +
      "resources:\n  blog:\n    type: webstats:index:Website\n    properties:\n      domain: blog.example.com\n" +
      "      excludeIps: [10.0.0.1]\n";
    const fixed = fixYamlProgramText(program, "Pulumi.yaml", [
      {
        domain: "blog.example.com",
        resource: "blog",
        changes: [change("excludeIps", ["10.0.0.1"], [secret]), change("favorite", false, true)],
      },
    ]);
    expect(fixed.text).toBe(
      program.replace("excludeIps: [10.0.0.1]\n", "excludeIps: [10.0.0.1]\n      favorite: true\n"),
    );
    expect(fixed.byHand).toEqual([
      {
        domain: "blog.example.com",
        field: "excludeIps",
        reason: expect.stringMatching(
          /^Pulumi\.yaml:8: resource blog: blog\.example\.com: the server's excludeIps is not written into the code, as it fails the field's rule: The IP entry "\$\{secretValue\}" is not an IPv4 or IPv6 address/,
        ) as unknown,
      },
    ]);
    // Other rules of the provider's check too: a privacy it does not know.
    const privacy = fixYamlProgramText(program, "Pulumi.yaml", [
      { domain: "blog.example.com", resource: "blog", changes: [change("privacy", "public", "${x}")] },
    ]);
    expect(privacy.text).toBe(program);
    expect(privacy.byHand[0]?.reason).toContain('privacy must be one of "public", "private" or "password"');
  });

  it("writes text from the server in Pulumi YAML's literal form, and reads programs as Pulumi YAML does", () => {
    expect(pulumiYamlLiteral(secret)).toBe("$${secretValue}");
    expect(pulumiYamlLiteral(["a$$b", "$", "plain", "${a}${b}"])).toEqual([
      "a$$$$b",
      "$$",
      "plain",
      "$${a}$${b}",
    ]);
    expect(pulumiYamlLiteral(true)).toBe(true);
    // Read back as pulumi-yaml's parser reads a string (its own test: "Hello $${world}!").
    expect(readPulumiYamlValue("Hello $${world}!")).toEqual({ literal: "Hello ${world}!" });
    expect(readPulumiYamlValue("$$$${x}")).toEqual({ literal: "$${x}" });
    expect(readPulumiYamlValue("a $ b")).toEqual({ literal: "a $ b" });
    expect(readPulumiYamlValue("${officeIps}")).toBeUndefined();
    expect(readPulumiYamlValue(["10.0.0.1", "$${x}"])).toEqual({ literal: ["10.0.0.1", "${x}"] });
    expect(readPulumiYamlValue(["10.0.0.1", "${x}"])).toBeUndefined();
    expect(readPulumiYamlValue({ "fn::readFile": "ips.txt" })).toBeUndefined();
    for (const text of [secret, "$", "$$", "a$$b$", "${a}$${b}", "$$$$${"]) {
      expect(readPulumiYamlValue(pulumiYamlLiteral(text))).toEqual({ literal: text });
    }
    // A property the program states in literal form is the value it stands for: no change, no expression.
    const program = blogProgram('      excludeIps: ["$${x}"]\n');
    const kept = fixBlog(program, change("excludeIps", [], ["10.0.0.9"]));
    expect(kept.text).toBe(program.replace('["$${x}"]', "[10.0.0.9]"));
    expect(kept.written[0]?.old).toEqual(["${x}"]);
  });

  it("even a value the rules let through is written so that Pulumi YAML reads it as text (rules loosened here)", async () => {
    vi.resetModules();
    vi.doMock("../../../../core/website-check", () => ({
      checkWebsiteInputs: () => ({ inputs: {}, failures: [] }),
    }));
    try {
      const loose = await import("../../../../drift/fix/fix-text");
      const program = blogProgram("      excludeIps: [10.0.0.1]\n");
      const fixed = loose.fixYamlProgramText(program, "Pulumi.yaml", [
        { domain: "b.example.com", resource: "blog", changes: [change("excludeIps", [], [secret, "a$b"])] },
      ]);
      expect(fixed.text).toBe(program.replace("[10.0.0.1]", () => '["$${secretValue}", a$$b]'));
      expect(fixed.written[0]?.new).toEqual([secret, "a$b"]);
      const read = (parse(fixed.text) as { resources: { blog: { properties: { excludeIps: unknown } } } })
        .resources.blog.properties.excludeIps;
      expect(readPulumiYamlValue(read)).toEqual({ literal: [secret, "a$b"] });
    } finally {
      vi.doUnmock("../../core/website-check");
      vi.resetModules();
    }
  });
});

describe("drift --fix code: the exact text of each reason and note", () => {
  it("names the file and line of a file it cannot read, and of a top that is no mapping", () => {
    expect(() => fixFleetText("# none\n\nwebsites: [\n", "f.yaml", [])).toThrow(
      new FixError(
        "f.yaml:4: Flow sequence in block collection must be sufficiently indented and end with a ] at line 4, column 1:: fix the fleet file first.",
      ),
    );
    expect(() => fixYamlProgramText("a: [\n", "Pulumi.yaml", [])).toThrow(
      new FixError(
        "Pulumi.yaml:2: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1:: fix the Pulumi YAML program first.",
      ),
    );
    // The line of the error itself, not the file's last.
    expect(() => fixFleetText("websites: []\nwebsites: []\ndefaults: {}\n", "f.yaml", [])).toThrow(
      new FixError("f.yaml:2: Map keys must be unique at line 2, column 1:: fix the fleet file first."),
    );
    expect(() => fixFleetText("- a.example.com\n", "f.yaml", [])).toThrow(
      new FixError("f.yaml:1: not a fleet file: its top is not a mapping."),
    );
    expect(() => fixYamlProgramText("- a\n", "Pulumi.yaml", [])).toThrow(
      new FixError("Pulumi.yaml:1: not a Pulumi YAML program: its top is not a mapping."),
    );
    // The command tells its refusals from its own failures by the error's name.
    expect(() => fixFleetText("- a.example.com\n", "f.yaml", [])).toThrow(
      expect.objectContaining({ name: "FixError" }),
    );
    // A websites key that holds no list is named on its own line.
    expect(() => fixFleetText("defaults: {}\n\nwebsites: 3\n", "f.yaml", [])).toThrow(
      new FixError("f.yaml:3: a fleet file has a websites list."),
    );
  });

  it("says which website the file has no entry for, and skips an entry whose domain is no text", () => {
    const text = "websites:\n  - domain: [x]\n  - domain: a.example.com\n";
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "b.example.com", changes: [change("email", false, true)] },
      { domain: "a.example.com", changes: [change("email", false, true)] },
    ]);
    expect(fixed).toStrictEqual({
      text: `${text}    email: true\n`,
      written: [{ file: "f.yaml", domain: "a.example.com", field: "email", old: false, new: true }],
      byHand: [{ domain: "b.example.com", reason: "f.yaml has no entry for b.example.com." }],
    });
  });

  it.each([
    [
      "on which line a field the server cannot change stands",
      "websites:\n  - domain: a.example.com\n  - domain: b.example.com\n",
      "b.example.com",
      change("domain", "b.example.com", "c.example.com"),
      "f.yaml:3: domain cannot be written back (the server cannot change it on an existing website).",
    ],
    [
      "whether the entry names passwordConfig or inherits it when privacy leaves password",
      "websites:\n  - domain: a.example.com\n    passwordConfig: pw\n    privacy: password\n",
      "a.example.com",
      change("privacy", "password", "private"),
      'f.yaml:2: privacy is "private" on the server, but the entry names passwordConfig, which only goes with privacy "password": set privacy and remove passwordConfig by hand (this command never touches passwords).',
    ],
  ])("says %s", (_, text, domain, fieldChange, reason) => {
    expect(fixOne(text, domain, fieldChange)).toStrictEqual(
      leftForUser(text, { domain, field: fieldChange.field, reason }),
    );
  });

  it("gives the old value from the entry, else the defaults, else the recorded state, and a note only where one applies", () => {
    const text = "defaults:\n  privacy: private\nwebsites:\n  - domain: a.example.com\n    email: false\n";
    const fixed = fixOne(
      text,
      "a.example.com",
      change("privacy", "public", "public"),
      change("email", true, true),
      change("favorite", "recorded", true),
    );
    expect(fixed).toStrictEqual({
      text: "defaults:\n  privacy: private\nwebsites:\n  - domain: a.example.com\n    email: true\n    privacy: public\n    favorite: true\n",
      written: [
        {
          file: "f.yaml",
          domain: "a.example.com",
          field: "privacy",
          old: "private",
          new: "public",
          note: "inherited from defaults: written on the entry, defaults unchanged",
        },
        { file: "f.yaml", domain: "a.example.com", field: "email", old: false, new: true },
        { file: "f.yaml", domain: "a.example.com", field: "favorite", old: "recorded", new: true },
      ],
      byHand: [],
    });
  });

  it("adds adoptExisting for privacy password only where the entry does not adopt already, saying why", () => {
    const own = "websites:\n  - domain: a.example.com\n    adoptExisting: false\n";
    expect(fixOne(own, "a.example.com", change("privacy", "public", "password"))).toStrictEqual({
      text: "websites:\n  - domain: a.example.com\n    adoptExisting: true\n    privacy: password\n",
      written: [
        {
          file: "f.yaml",
          domain: "a.example.com",
          field: "adoptExisting",
          old: false,
          new: true,
          note: "so that the entry keeps the password the server holds without passwordConfig",
        },
        { file: "f.yaml", domain: "a.example.com", field: "privacy", old: "public", new: "password" },
      ],
      byHand: [],
    });
    // Adopted already by the defaults, or given a password by passwordConfig: privacy alone is written.
    for (const text of [
      "defaults:\n  adoptExisting: true\nwebsites:\n  - domain: a.example.com\n",
      "defaults:\n  passwordConfig: pw\nwebsites:\n  - domain: a.example.com\n",
    ]) {
      const fixed = fixOne(text, "a.example.com", change("privacy", "public", "password"));
      expect(fixed.text).toBe(`${text}    privacy: password\n`);
      expect(fixed.written.map((w) => w.field)).toEqual(["privacy"]);
    }
  });

  it.each([
    [
      "whose privacy the defaults' passwordConfig does not fit",
      "private",
      'f.yaml: its defaults name passwordConfig, but a.example.com has privacy "private": declare it by hand.',
    ],
    [
      "with the default privacy, checked as a whole against the defaults' passwordConfig",
      "public",
      'f.yaml: a.example.com as the server has it would not pass a fleet entry\'s checks (password is only used when privacy is "password" (privacy is "public"); remove password or set privacy = "password".): declare it by hand.',
    ],
  ])("leaves for the user an unmanaged website %s", (_, privacy, reason) => {
    const text = "defaults:\n  passwordConfig: pw\nwebsites: []\n";
    expect(adoptOne(text, "a.example.com", { privacy })).toStrictEqual(
      leftForUser(text, { domain: "a.example.com", reason }),
    );
  });

  it("appends an unmanaged website without adoptExisting when the defaults adopt already", () => {
    const text = "defaults:\n  adoptExisting: true\n  privacy: private\nwebsites: []\n";
    expect(adoptOne(text, "a.example.com", { privacy: "private", email: true })).toStrictEqual({
      text: "defaults:\n  adoptExisting: true\n  privacy: private\nwebsites:\n  - domain: a.example.com\n    email: true\n",
      written: [
        {
          file: "f.yaml",
          domain: "a.example.com",
          field: "(entry)",
          old: null,
          new: { domain: "a.example.com", email: true },
          note: "appended",
        },
      ],
      byHand: [],
    });
  });

  it("says in a Pulumi YAML program why a change is left: a password that no longer fits, a field the server cannot change, no properties", () => {
    const program = blogProgram(
      "      password: pw\n      privacy: password\n  bare:\n    type: webstats:index:Website\n",
    );
    const fixed = fixYamlProgramText(program, "Pulumi.yaml", [
      {
        domain: "b.example.com",
        resource: "blog",
        changes: [
          change("privacy", "password", "public"),
          change("domain", "b.example.com", "c.example.com"),
          change("favorite", false, true),
        ],
      },
      { domain: "x.example.com", resource: "bare", changes: [change("email", false, true)] },
    ]);
    expect(fixed).toStrictEqual({
      text: program.replace("privacy: password\n", "privacy: password\n      favorite: true\n"),
      written: [
        {
          file: "Pulumi.yaml",
          domain: "b.example.com",
          field: "favorite",
          old: false,
          new: true,
          note: "the default until now: written as a property",
        },
      ],
      byHand: [
        {
          domain: "b.example.com",
          field: "privacy",
          reason:
            'Pulumi.yaml:2: resource blog: privacy is "public" on the server, but the resource gives a password: set privacy and remove password by hand.',
        },
        {
          domain: "b.example.com",
          field: "domain",
          reason: "Pulumi.yaml:2: resource blog: domain cannot be written back.",
        },
        {
          domain: "x.example.com",
          reason: "Pulumi.yaml:8: resource bare has no properties mapping to write into.",
        },
      ],
    });
    // Privacy password itself goes with the password the resource gives.
    const kept = fixYamlProgramText(program.replace("privacy: password", "privacy: private"), "Pulumi.yaml", [
      { domain: "b.example.com", resource: "blog", changes: [change("privacy", "private", "password")] },
    ]);
    expect(kept.text).toBe(program);
    expect(kept.written).toStrictEqual([
      { file: "Pulumi.yaml", domain: "b.example.com", field: "privacy", old: "private", new: "password" },
    ]);
  });

  it("replaces a value of another shape than the server's (one address, a mapping) with the server's list", () => {
    const text =
      "websites:\n  - domain: a.example.com\n    excludeIps: 10.0.0.1\n" +
      "  - domain: b.example.com\n    excludeIps: {office: 10.0.0.1}\n";
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("excludeIps", [], ["10.0.0.1"])] },
      { domain: "b.example.com", changes: [change("excludeIps", [], ["10.0.0.1"])] },
    ]);
    expect(fixed).toStrictEqual({
      text: "websites:\n  - domain: a.example.com\n    excludeIps: [10.0.0.1]\n  - domain: b.example.com\n    excludeIps: [10.0.0.1]\n",
      written: [
        { file: "f.yaml", domain: "a.example.com", field: "excludeIps", old: "10.0.0.1", new: ["10.0.0.1"] },
        {
          file: "f.yaml",
          domain: "b.example.com",
          field: "excludeIps",
          old: { office: "10.0.0.1" },
          new: ["10.0.0.1"],
        },
      ],
      byHand: [],
    });
  });

  it("checks an entry as the fleet loads it: passwordConfig gives a password, protect is no argument, the stack may adopt", () => {
    const email = [change("email", false, true)];
    // An entry wrong already is left alone when nothing is written to it.
    const wrong = "websites:\n  - domain: a.example.com\n    excludeParams: [a b]\n    email: true\n";
    expect(fixOne(wrong, "a.example.com", ...email)).toStrictEqual(leftForUser(wrong));
    // passwordConfig stands for a password, which privacy "public" does not take.
    const config = "websites:\n  - domain: a.example.com\n    passwordConfig: pw\n    privacy: public\n";
    expect(fixOne(config, "a.example.com", ...email)).toStrictEqual(
      leftForUser(config, {
        domain: "a.example.com",
        reason:
          'f.yaml:2: the entry of a.example.com with the server\'s values would not pass its checks (password is only used when privacy is "password" (privacy is "public"); remove password or set privacy = "password".), so it is left as it is.',
      }),
    );
    // protect is the fleet's, not the Website's; privacy "password" without a password passes as
    // the stack may adopt the website (webstats:adoptExisting), which the file cannot tell.
    for (const text of [
      "defaults:\n  protect: true\nwebsites:\n  - domain: a.example.com\n    protect: false\n",
      "websites:\n  - domain: a.example.com\n    privacy: password\n",
    ]) {
      expect(fixOne(text, "a.example.com", ...email)).toStrictEqual({
        text: `${text}    email: true\n`,
        written: [{ file: "f.yaml", domain: "a.example.com", field: "email", old: false, new: true }],
        byHand: [],
      });
    }
  });

  it("judges a live value by its own field's rule, not by another argument's", () => {
    const text = "websites:\n  - domain: my shop.example.org\n";
    expect(fixOne(text, "my shop.example.org", change("excludeIps", [], ["10.0.0.1"]))).toStrictEqual(
      leftForUser(text, {
        domain: "my shop.example.org",
        reason:
          'f.yaml:2: the entry of my shop.example.org with the server\'s values would not pass its checks ("my shop.example.org" is not a valid domain: The part "my shop" of the domain may only contain letters, digits and hyphens, and may not start or end with a hyphen.), so it is left as it is.',
      }),
    );
  });

  it("in a Pulumi YAML program, skips a property that holds the live value and never judges a field it cannot write", () => {
    const program = blogProgram("      email: true\n");
    expect(
      fixBlog(
        program,
        change("email", false, true),
        change("domain", "b.example.com", "my shop.example.org"),
      ),
    ).toStrictEqual(
      leftForUser(program, {
        domain: "b.example.com",
        field: "domain",
        reason: "Pulumi.yaml:2: resource blog: domain cannot be written back.",
      }),
    );
  });

  it("finds entries among items that are no mapping, and writes nothing where the live value is the field's default", () => {
    const text = "websites:\n  - a.example.com\n  - domain: b.example.com\n";
    expect(
      fixFleetText(text, "f.yaml", [
        { domain: "a.example.com", changes: [change("email", false, true)] },
        {
          domain: "b.example.com",
          changes: [change("favorite", true, false), change("excludeIps", ["10.0.0.1"], [])],
        },
      ]),
    ).toStrictEqual(
      leftForUser(text, { domain: "a.example.com", reason: "f.yaml has no entry for a.example.com." }),
    );
  });

  it("appends an unmanaged website with privacy password beside the defaults' passwordConfig, and checks an entry as a whole even when one field passes its rule", () => {
    const text = "defaults:\n  passwordConfig: pw\nwebsites: []\n";
    expect(
      fixFleetText(
        text,
        "f.yaml",
        [],
        [
          { domain: "my shop.example.org", settings: { privacy: "private" } },
          { domain: "b.example.com", settings: { privacy: "password" } },
        ],
      ),
    ).toStrictEqual({
      text: "defaults:\n  passwordConfig: pw\nwebsites:\n  - domain: b.example.com\n    privacy: password\n    adoptExisting: true\n",
      written: [
        {
          file: "f.yaml",
          domain: "b.example.com",
          field: "(entry)",
          old: null,
          new: { domain: "b.example.com", privacy: "password", adoptExisting: true },
          note: "appended",
        },
      ],
      byHand: [
        {
          domain: "my shop.example.org",
          reason:
            'f.yaml: its defaults name passwordConfig, but my shop.example.org has privacy "private": declare it by hand.',
        },
      ],
    });
    expect(adoptOne("websites: []\n", "my shop.example.org", { privacy: "private" }).byHand).toStrictEqual([
      {
        domain: "my shop.example.org",
        reason:
          'f.yaml: my shop.example.org as the server has it would not pass a fleet entry\'s checks ("my shop.example.org" is not a valid domain: The part "my shop" of the domain may only contain letters, digits and hyphens, and may not start or end with a hyphen.): declare it by hand.',
      },
    ]);
  });

  it("says where a Pulumi YAML program has no resources, not the resource, or a resource that is no mapping", () => {
    const email = [change("email", false, true)];
    for (const [text, line] of [
      ["name: x\nruntime: yaml\n", 1],
      ["name: x\nresources:\n  blog: oops\n", 3],
      ["name: x\nresources:\n  shop: {}\n", 1],
    ] as const) {
      expect(fixBlog(text, ...email)).toStrictEqual(
        leftForUser(text, {
          domain: "b.example.com",
          reason: `Pulumi.yaml:${line}: resource blog has no properties mapping to write into.`,
        }),
      );
    }
  });

  it("tells a property of another type from the live value before comparing their spellings", () => {
    // A domain written as a number is no spelling of the server's domain (and is no text to normalize).
    const program =
      "resources:\n  blog:\n    type: webstats:index:Website\n    properties:\n      domain: 2024\n";
    expect(fixBlog(program, change("domain", 2024, "b.example.com"))).toStrictEqual(
      leftForUser(program, {
        domain: "b.example.com",
        field: "domain",
        reason: "Pulumi.yaml:2: resource blog: domain cannot be written back.",
      }),
    );
  });

  describe("the read-back that keeps a wrong edit out of the file (the writing made to go wrong here)", () => {
    const program = blogProgram("      excludeIps: [10.0.0.1]\n");
    /** fix-text.ts with its splice or its literal form replaced, and every value let through the rules. */
    async function withWriting(
      replace: (actual: typeof YamlSpliceModule) => object,
    ): Promise<typeof FixTextModule> {
      vi.resetModules();
      vi.doMock("../../../../core/website-check", () => ({
        checkWebsiteInputs: () => ({ inputs: {}, failures: [] }),
      }));
      vi.doMock("../../../../drift/fix/yaml-splice", async (importActual) => {
        const actual = await importActual<typeof YamlSpliceModule>();
        return { ...actual, ...replace(actual) };
      });
      return import("../../../../drift/fix/fix-text");
    }
    const restore = () => {
      vi.doUnmock("../../core/website-check");
      vi.doUnmock("../../drift/fix/yaml-splice");
      vi.resetModules();
    };

    it("refuses a text that reads back otherwise, or reads only with errors", async () => {
      for (const more of ["extra: 1\n", "...\nmore\n"]) {
        try {
          const broken = await withWriting((actual) => ({
            YamlSplice: class extends actual.YamlSplice {
              override result(): string {
                return super.result() + more;
              }
            },
          }));
          expect(() =>
            broken.fixFleetText("websites:\n  - domain: a.example.com\n", "f.yaml", [
              { domain: "a.example.com", changes: [change("email", false, true)] },
            ]),
          ).toThrow(
            new broken.FixError(
              "f.yaml: the rewritten text did not read back as intended, so nothing was written; please report this with the file.",
            ),
          );
        } finally {
          restore();
        }
      }
    });

    it("refuses a program whose written value Pulumi YAML would read as an interpolation or another text", async () => {
      for (const ip of ["${secretValue}", "a$$b"]) {
        try {
          const unescaped = await withWriting(() => ({ pulumiYamlLiteral: (value: unknown) => value }));
          expect(() =>
            unescaped.fixYamlProgramText(program, "Pulumi.yaml", [
              { domain: "b.example.com", resource: "blog", changes: [change("excludeIps", [], [ip])] },
            ]),
          ).toThrow(
            new unescaped.FixError(
              "Pulumi.yaml: the rewritten text would not read in Pulumi YAML as the server's excludeIps of resource blog, so nothing was written; please report this with the file.",
            ),
          );
        } finally {
          restore();
        }
      }
    });
  });
});
