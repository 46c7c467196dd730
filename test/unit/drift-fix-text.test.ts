// `drift --fix code`'s rewriting rules, on text: the live values written into a fleet file and
// a Pulumi YAML program with every other byte kept (comments, blank lines, quoting, list
// style), a value inherited from defaults written on the entry, write-only fields untouched,
// privacy's ties to passwordConfig, and unmanaged websites appended as adoptions.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FixError, fixFleetText, fixYamlProgramText } from "../../drift/fix/fix-text";
import { entryKeys, sectionKeys } from "../../fleet/fleet-format";
import { parseFleet } from "../../fleet/load-fleet";

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
    const fixed = fixFleetText(text, "f.yaml", [
      {
        domain: "a.example.com",
        changes: [change("email", false, true), change("excludeIps", [], ["10.0.0.1", "10.0.0.2"])],
      },
    ]);
    expect(fixed).toEqual({ text, written: [], byHand: [] });
  });

  it("keeps the spacing inside brackets and double quotes of the old value", () => {
    const text =
      'websites:\n  - domain: "a.example.com"\n    privacy: "private"\n    excludeIps: [ 10.0.0.1 ]\n';
    const fixed = fixFleetText(text, "f.yaml", [
      {
        domain: "a.example.com",
        changes: [
          change("privacy", "private", "public"),
          change("excludeIps", ["10.0.0.1"], ["10.0.0.1", "10.0.0.9"]),
        ],
      },
    ]);
    expect(fixed.text).toBe(
      'websites:\n  - domain: "a.example.com"\n    privacy: "public"\n    excludeIps: [ 10.0.0.1, 10.0.0.9 ]\n',
    );
  });

  it("never touches password, passwordConfig or excludeParams", () => {
    const text =
      "websites:\n  - domain: a.example.com\n    privacy: password\n    passwordConfig: aPassword\n    excludeParams: [ref]\n";
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("email", false, true)] },
    ]);
    expect(fixed.text).toBe(
      text.replace("excludeParams: [ref]\n", "excludeParams: [ref]\n    email: true\n"),
    );
    // A change the server cannot make (the domain) is left for the user, never written.
    const domain = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("domain", "a.example.com", "b.example.com")] },
    ]);
    expect(domain.text).toBe(text);
    expect(domain.byHand[0]?.reason).toContain("domain cannot be written back");
  });

  it("leaves privacy for the user when the entry's passwordConfig would no longer fit", () => {
    const text =
      "defaults:\n  passwordConfig: shared\nwebsites:\n  - domain: a.example.com\n    privacy: password\n";
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("privacy", "password", "public")] },
    ]);
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
    const fixed = fixFleetText(text, "f.yaml", [
      { domain: "a.example.com", changes: [change("privacy", "public", "password")] },
    ]);
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
    const fixed = fixFleetText(
      "# none yet\nwebsites: []\n",
      "f.yaml",
      [],
      [{ domain: "a.example.com", settings: { privacy: "public" } }],
    );
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
