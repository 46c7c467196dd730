// Reading fleet files: defaults and overrides, and a message with file, line, website and
// argument for everything that is wrong, all found before anything is declared.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FleetError } from "../../../fleet/fleet-errors";
import type { FleetProblem } from "../../../fleet/fleet-errors";
import { fleetFileText } from "../../../fleet/fleet-writer";
import { loadFleet, parseFleet } from "../../../fleet/load-fleet";
import { docExample } from "../../support/docs";

/** The problems of a file that must not load. */
function problemsOf(text: string): FleetProblem[] {
  try {
    parseFleet(text, "fleet.yaml");
  } catch (error) {
    expect(error).toBeInstanceOf(FleetError);
    return [...(error as FleetError).problems];
  }
  throw new Error("the fleet loaded, but problems were expected");
}

const lines = (...rows: string[]): string => `${rows.join("\n")}\n`;

describe("loadFleet: valid files", () => {
  it("applies defaults, lets entries override them, and normalises domains", () => {
    const fleet = parseFleet(
      lines(
        "defaults:",
        "  excludeBots: false",
        "  excludeIps: [10.0.0.0/8]",
        "websites:",
        "  - domain: https://www.Blog.Example.com",
        "  - domain: shop.example.com",
        "    excludeIps: [192.0.2.1]",
        "    email: true",
      ),
      "fleet.yaml",
    );
    expect(fleet.websites).toEqual([
      {
        domain: "blog.example.com",
        args: { domain: "blog.example.com", excludeBots: false, excludeIps: ["10.0.0.0/8"] },
        line: 5,
      },
      {
        domain: "shop.example.com",
        args: { domain: "shop.example.com", excludeBots: false, excludeIps: ["192.0.2.1"], email: true },
        line: 6,
      },
    ]);
  });

  it("leaves out what the file does not say, so omitted settings stay unmanaged", () => {
    const [site] = parseFleet(lines("websites:", "  - domain: a.example.com"), "f.yaml").websites;
    expect(site?.args).toEqual({ domain: "a.example.com" });
  });

  it("takes the password from the stack configuration key that passwordConfig names", () => {
    const [site] = parseFleet(
      lines(
        "websites:",
        "  - domain: a.example.com",
        "    privacy: password",
        "    passwordConfig: proj:aPassword",
      ),
      "f.yaml",
    ).websites;
    expect(site).toMatchObject({ passwordConfig: "proj:aPassword", args: { privacy: "password" } });
    expect(site?.args).not.toHaveProperty("password");
  });

  it("takes protect in entries and defaults, an entry's over the default, and keeps it out of the Website's arguments", () => {
    const fleet = parseFleet(
      lines(
        "defaults:",
        "  protect: true",
        "  excludeBots: false",
        "websites:",
        "  - domain: kept.example.com",
        "  - domain: released.example.com",
        "    protect: false",
      ),
      "fleet.yaml",
    );
    expect(fleet.websites).toEqual([
      {
        domain: "kept.example.com",
        args: { domain: "kept.example.com", excludeBots: false },
        protect: true,
        line: 5,
      },
      {
        domain: "released.example.com",
        args: { domain: "released.example.com", excludeBots: false },
        protect: false,
        line: 6,
      },
    ]);
    const [own] = parseFleet(
      lines("websites:", "  - domain: a.example.com", "    protect: true"),
      "f.yaml",
    ).websites;
    expect(own).toMatchObject({ protect: true, args: { domain: "a.example.com" } });
    expect(own?.args).not.toHaveProperty("protect");
  });

  it("leaves protect out when the file does not say it", () => {
    const [site] = parseFleet(lines("websites:", "  - domain: a.example.com"), "f.yaml").websites;
    expect(site).not.toHaveProperty("protect");
  });

  it("writes protect where it reads it: in defaults and in entries", () => {
    const text = fleetFileText({
      header: "A fleet.",
      defaults: { excludeBots: true, adoptExisting: true, protect: true },
      websites: [
        { domain: "a.example.com", settings: {} },
        { domain: "b.example.com", settings: { email: true, protect: false } },
      ],
    });
    expect(text).toContain("defaults:\n  excludeBots: true\n  adoptExisting: true\n  protect: true\n");
    expect(text).toContain("  - domain: b.example.com\n    email: true\n    protect: false\n");
    expect(parseFleet(text, "f.yaml").websites.map((w) => [w.domain, w.protect])).toEqual([
      ["a.example.com", true],
      ["b.example.com", false],
    ]);
  });

  it("resolves YAML anchors and aliases", () => {
    const fleet = parseFleet(
      lines(
        "websites:",
        "  - domain: a.example.com",
        "    excludeIps: &office [203.0.113.0/24]",
        "  - domain: b.example.com",
        "    excludeIps: *office",
      ),
      "f.yaml",
    );
    expect(fleet.websites.map((w) => w.args.excludeIps)).toEqual([["203.0.113.0/24"], ["203.0.113.0/24"]]);
  });

  it("accepts an empty list of websites but not an empty file", () => {
    expect(parseFleet("websites: []\n", "f.yaml").websites).toEqual([]);
    expect(problemsOf("")).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/empty/) as string }) as string,
    ]);
  });

  it("reads a file from disk and names it in messages", () => {
    const dir = mkdtempSync(join(tmpdir(), "fleet-"));
    const file = join(dir, "sites.yaml");
    writeFileSync(file, lines("websites:", "  - domain: a.example.com", "    emial: true"));
    expect(() => loadFleet(file)).toThrow(`${file}:3: website a.example.com, emial:`);
    expect(() => loadFleet(join(dir, "missing.yaml"))).toThrow(
      /missing\.yaml:1: file: cannot be read: no such file/,
    );
  });
});

describe("loadFleet: problems", () => {
  it("names file, line, website and argument, and collects every problem in one error", () => {
    const text = lines(
      "websites:",
      "  - domain: a.example.com",
      "    excludeIps: [10.0.0.300]",
      "  - domain: b.example.com",
      "    privacy: secret",
      "    email: yes",
    );
    let error: unknown;
    try {
      parseFleet(text, "fleet.yaml");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FleetError);
    const message = (error as Error).message;
    expect(message).toMatch(/^The fleet file fleet\.yaml has 3 problems; no website was declared:/);
    expect(message).toContain("fleet.yaml:3: website a.example.com, excludeIps: ");
    expect(message).toContain(
      'fleet.yaml:5: website b.example.com, privacy: privacy must be one of "public"',
    );
    expect(message).toContain(
      'fleet.yaml:6: website b.example.com, email: email must be true or false, not "yes".',
    );
  });

  it("refuses unknown keys, naming the key and the known key it resembles", () => {
    const problems = problemsOf(
      lines(
        "defualts: {}",
        "websites:",
        "  - domain: a.example.com",
        "    privcy: private",
        "    exclude_bots: false",
        "    colour: blue",
      ),
    );
    expect(problems.map((p) => [p.line, p.argument, p.message])).toEqual([
      [1, "defualts", "defualts is not a key of a fleet file (defaults, websites); did you mean defaults?"],
      [4, "privcy", "privcy is not a key of a website entry; did you mean privacy?"],
      [5, "exclude_bots", "exclude_bots is not a key of a website entry; did you mean excludeBots?"],
      [
        6,
        "colour",
        expect.stringMatching(/^colour is not a key of a website entry; known keys: domain, privacy/),
      ],
    ]);
  });

  it("refuses a password in the file and credentials, saying what to do instead", () => {
    const problems = problemsOf(
      lines(
        "websites:",
        "  - domain: a.example.com",
        "    password: hunter2-in-git",
        "  - domain: b.example.com",
        "    connection: { apiKey: abc }",
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        line: 3,
        argument: "password",
        message: expect.stringMatching(/passwordConfig: NAME/) as string,
      }),
      expect.objectContaining({
        line: 5,
        argument: "connection",
        message: expect.stringMatching(/connection argument/) as string,
      }),
    ]);
    // The password itself is never repeated.
    expect(JSON.stringify(problems)).not.toContain("hunter2");
  });

  it("refuses a domain declared twice, also when spelled differently", () => {
    const problems = problemsOf(
      lines(
        "websites:",
        "  - domain: shop.example.com",
        "  - domain: a.example.com",
        "  - domain: https://www.Shop.example.com",
      ),
    );
    expect(problems).toEqual([
      {
        file: "fleet.yaml",
        line: 4,
        where: "website https://www.Shop.example.com",
        argument: "domain",
        message:
          'shop.example.com is already declared at line 2 (as "shop.example.com"); declare each website once.',
      },
    ]);
  });

  it("reports a broken default once, at its own line, not once per website", () => {
    const problems = problemsOf(
      lines(
        "defaults:",
        "  excludeBots: maybe",
        "websites:",
        "  - domain: a.example.com",
        "  - domain: b.example.com",
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({ line: 2, where: "defaults", argument: "excludeBots" }),
    ]);
  });

  it("uses the provider's own rules for every argument", () => {
    const problems = problemsOf(
      lines(
        "websites:",
        "  - domain: localhost",
        "  - domain: b.example.com",
        "    excludeParams: [utm_source, utm_source]",
        "  - domain: c.example.com",
        "    privacy: public",
        "    passwordConfig: cPassword",
        "  - domain: d.example.com",
        "    excludeIps: 10.0.0.1",
      ),
    );
    expect(problems.map((p) => [p.line, p.where, p.argument])).toEqual([
      [2, "website localhost", "domain"],
      [4, "website b.example.com", "excludeParams"],
      [7, "website c.example.com", "passwordConfig"],
      [9, "website d.example.com", "excludeIps"],
    ]);
    expect(problems[2]?.message).toMatch(/only used when privacy is "password"/);
    expect(problems[3]?.message).toMatch(/list of strings/);
  });

  it("checks the shape of the file and of each entry", () => {
    expect(problemsOf("- a.example.com\n")[0]).toMatchObject({ line: 1, where: "top level" });
    expect(problemsOf("defaults: {}\n")[0]).toMatchObject({
      message: expect.stringMatching(/websites is missing/) as string,
    });
    expect(problemsOf("websites: a.example.com\n")[0]).toMatchObject({ line: 1, where: "websites" });
    expect(problemsOf("websites:\n")[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/no entries/) as string,
    });
    expect(problemsOf(lines("websites:", "  - a.example.com"))[0]).toMatchObject({
      line: 2,
      where: "websites[0]",
      message: "each website is a mapping with at least a domain.",
    });
    expect(problemsOf(lines("websites:", "  - email: true"))[0]).toMatchObject({
      line: 2,
      where: "websites[0] (no domain)",
      argument: "domain",
    });
    expect(problemsOf(lines("defaults:", "  domain: a.example.com", "websites: []"))[0]).toMatchObject({
      line: 2,
      where: "defaults",
      message: expect.stringMatching(/belongs to each website/) as string,
    });
    expect(problemsOf(lines("websites:", "  - domain: a.example.com", "    email:"))[0]).toMatchObject({
      line: 3,
      argument: "email",
      message: "email has no value: give one, or remove the line.",
    });
  });

  it("reports YAML syntax errors and duplicate keys with their lines", () => {
    expect(
      problemsOf(lines("websites:", "  - domain: a.example.com", "    domain: b.example.com"))[0],
    ).toMatchObject({
      line: 3,
      where: "YAML",
    });
    expect(problemsOf(lines("websites:", "  - domain: [a.example.com", "  - domain: b"))[0]).toMatchObject({
      where: "YAML",
    });
  });

  it("refuses a protect that is not true or false, naming the entry, the key and the line", () => {
    const text = lines(
      "websites:",
      "  - domain: a.example.com",
      "    protect: yes",
      "  - domain: b.example.com",
      "    protect: [true]",
    );
    expect(problemsOf(text)).toEqual([
      {
        file: "fleet.yaml",
        line: 3,
        where: "website a.example.com",
        argument: "protect",
        message: 'protect must be true or false, not "yes".',
      },
      {
        file: "fleet.yaml",
        line: 5,
        where: "website b.example.com",
        argument: "protect",
        message: "protect must be true or false, not [true].",
      },
    ]);
    expect(() => parseFleet(text, "fleet.yaml")).toThrow(
      'fleet.yaml:3: website a.example.com, protect: protect must be true or false, not "yes".',
    );
    expect(problemsOf(lines("websites:", "  - domain: a.example.com", "    protect:"))[0]).toMatchObject({
      line: 3,
      argument: "protect",
      message: "protect has no value: give one, or remove the line.",
    });
  });

  it("reports a broken protect in defaults once, at its own line", () => {
    const problems = problemsOf(
      lines(
        "defaults:",
        "  protect: 1",
        "websites:",
        "  - domain: a.example.com",
        "  - domain: b.example.com",
      ),
    );
    expect(problems).toEqual([
      {
        file: "fleet.yaml",
        line: 2,
        where: "defaults",
        argument: "protect",
        message: "protect must be true or false, not 1.",
      },
    ]);
  });

  it("still refuses unknown keys beside protect, naming protect when it is meant", () => {
    const problems = problemsOf(
      lines(
        "defaults:",
        "  protected: true",
        "websites:",
        "  - domain: a.example.com",
        "    protect: true",
        "    protct: false",
        "    retainOnDelete: true",
      ),
    );
    expect(problems.map((p) => [p.line, p.where, p.argument, p.message])).toEqual([
      [2, "defaults", "protected", "protected is not a key of defaults; did you mean protect?"],
      [6, "website a.example.com", "protct", "protct is not a key of a website entry; did you mean protect?"],
      [
        7,
        "website a.example.com",
        "retainOnDelete",
        expect.stringMatching(/^retainOnDelete is not a key of a website entry; known keys: .*, protect\.$/),
      ],
    ]);
  });

  it("checks that passwordConfig names a configuration key", () => {
    const problems = problemsOf(
      lines(
        "websites:",
        "  - domain: a.example.com",
        "    privacy: password",
        "    passwordConfig: not a key!",
      ),
    );
    expect(problems).toEqual([expect.objectContaining({ line: 4, argument: "passwordConfig" })]);
  });
});

describe("loadFleet: the documented sample", () => {
  it("is what loadFleet says about such a file", () => {
    const file = lines(
      "defaults:",
      "  excludeBots: true",
      "websites:",
      "  - domain: shop.example.com",
      "  - domain: example.com",
      "    email: true",
      "  - domain: blog.example.com",
      "  - domain: status.example.com",
      "    privcy: private",
      "  - domain: docs.example.com",
      "  - domain: news.example.com",
      "  - domain: www.shop.example.com",
    );
    expect(() => parseFleet(file, "websites.yaml")).toThrow(docExample("fleet-errors", "").trimEnd());
  });

  it("loads the documented fleet file", () => {
    expect(parseFleet(docExample("fleet-file", "yaml"), "websites.yaml").websites).toHaveLength(3);
  });
});
