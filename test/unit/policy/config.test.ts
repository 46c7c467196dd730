// The policy pack's configuration file (the JSON --policy-pack-config takes): every problem named
// with its rule and key, before any website is checked; levels and defaults as the engine applies
// them; and the JSON schema the pack hands the engine, made from the same description.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { PolicyConfigError, parsePolicyConfig, readPolicyConfig } from "../../../policy";
import { configSchemaOf } from "../../../policy/config-schema";
import { policyRules } from "../../../policy/rules";
import type { PolicyRule } from "../../../policy/rules";
import { z } from "zod";
import { docExample } from "../../support/docs";
import { USAGE_EXIT_CODE } from "../../../core/exit-codes";

const problemsOf = (config: unknown): string => {
  try {
    parsePolicyConfig(config, "policy.json");
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

const byName = (config: unknown) =>
  Object.fromEntries(parsePolicyConfig(config, "policy.json").map((c) => [c.rule.name, c]));

describe("policy configuration", () => {
  it("gives every rule its default level and settings when the file names none", () => {
    const rules = byName({});
    expect(Object.keys(rules)).toEqual(policyRules.map((r) => r.name));
    expect(rules["bots-excluded"]).toMatchObject({ level: "mandatory", settings: {} });
    expect(rules["required-excluded-ips"]).toMatchObject({ level: "advisory", settings: { ranges: [] } });
    expect(rules["websites-per-stack"]).toMatchObject({ level: "advisory", settings: { maximum: 100 } });
  });

  it("reads levels as a string or in an object with the settings; all sets every level first", () => {
    const rules = byName({
      all: "advisory",
      "bots-excluded": "remediate",
      "required-excluded-ips": { enforcementLevel: "mandatory", ranges: ["10.0.0.0/8"] },
      "allowed-domain-suffixes": { suffixes: ["example.com"] },
    });
    expect(rules["bots-excluded"]?.level).toBe("remediate");
    expect(rules["required-excluded-ips"]).toMatchObject({
      level: "mandatory",
      settings: { ranges: ["10.0.0.0/8"] },
    });
    expect(rules["allowed-domain-suffixes"]).toMatchObject({
      level: "advisory",
      settings: { suffixes: ["example.com"] },
    });
    expect(rules["websites-per-stack"]?.level).toBe("advisory");
  });

  it("refuses a rule that does not exist, naming the nearest", () => {
    expect(problemsOf({ "bots-exclude": "mandatory" })).toContain(
      '"bots-exclude" is not a rule of the webstats policy pack (did you mean bots-excluded?); the rules are required-excluded-ips, bots-excluded,',
    );
  });

  it("refuses a value of the wrong type, naming the rule and the key", () => {
    expect(problemsOf({ "websites-per-stack": { maximum: "ten" } })).toContain(
      "websites-per-stack: maximum must be a whole number of websites, 0 or more.",
    );
    expect(problemsOf({ "required-excluded-ips": { ranges: "10.0.0.0/8" } })).toContain(
      'required-excluded-ips: ranges must be a list of IP addresses or CIDR ranges, such as ["203.0.113.0/24"].',
    );
    expect(problemsOf({ "bots-excluded": 3 })).toContain(
      "bots-excluded: must be an enforcement level or an object",
    );
  });

  it("refuses an invalid CIDR and an invalid glob, naming the entry", () => {
    const message = problemsOf({
      "required-excluded-ips": { ranges: ["10.0.0.0/8", "10.0.0.0/33"] },
      "non-public-domains": { patterns: ["staging.*", "staging/*"] },
    });
    expect(message).toContain(
      'required-excluded-ips: ranges[1] is not an address or range the server can match: The IP entry "10.0.0.0/33" has an invalid prefix length "/33"',
    );
    expect(message).toContain('non-public-domains: patterns[1] is refused: "staging/*" is not a domain glob');
    expect(message.startsWith("The policy configuration policy.json cannot be used:\n")).toBe(true);
  });

  it("refuses a setting the rule does not have", () => {
    expect(problemsOf({ "required-excluded-ips": { range: ["10.0.0.0/8"] } })).toContain(
      'required-excluded-ips: "range" is not a setting of this rule (did you mean ranges?); its settings are ranges.',
    );
    expect(problemsOf({ "bots-excluded": { enabled: true } })).toContain(
      "it has none besides enforcementLevel.",
    );
  });

  it("refuses a level that is not one of the three, and remediate for a rule with no safe fix", () => {
    expect(problemsOf({ "non-public-domains": "strict" })).toContain(
      'non-public-domains: enforcementLevel must be "advisory", "mandatory" or "disabled", not "strict".',
    );
    expect(problemsOf({ "non-public-domains": { enforcementLevel: "remediate" } })).toContain(
      "(non-public-domains has no safe fix)",
    );
    expect(problemsOf({ all: "remediate" })).toContain("all: enforcementLevel must be");
  });

  it("reads a file, and says when it is missing or not JSON", () => {
    const dir = mkdtempSync(join(tmpdir(), "policy-config-"));
    writeFileSync(join(dir, "ok.json"), '{"bots-excluded": "disabled"}');
    writeFileSync(join(dir, "bad.json"), "{bots}");
    expect(readPolicyConfig(join(dir, "ok.json")).find((c) => c.rule.name === "bots-excluded")?.level).toBe(
      "disabled",
    );
    expect(() => readPolicyConfig(join(dir, "bad.json"))).toThrow(/bad\.json is not JSON/);
    expect(() => readPolicyConfig(join(dir, "none.json"))).toThrow(/none\.json cannot be read \(ENOENT\)/);
  });

  /**
   * The message of readPolicyConfig's refusal of one file's text, its random folder written as
   * `<folder>`: the folder's name is not the file's text, and random letters in it could hold a
   * piece of the text the message must not quote.
   */
  const refusalOf = (name: string, text: string | Buffer): string => {
    const dir = mkdtempSync(join(tmpdir(), "policy-config-"));
    writeFileSync(join(dir, name), text);
    try {
      readPolicyConfig(join(dir, name));
    } catch (error) {
      expect(error).toBeInstanceOf(PolicyConfigError);
      return (error as Error).message.replaceAll(dir, "<folder>");
    }
    throw new Error("the configuration was accepted");
  };
  /** Every run of 3 characters of `secret`: none may appear in a message. */
  const piecesOf = (secret: string) =>
    Array.from({ length: secret.length - 2 }, (_, i) => secret.slice(i, i + 3));

  it("refuses a file nested 60,000 deep with its place and the bound, without running out of stack", () => {
    const deep = `{"bots-excluded": ${"[".repeat(60_000)}${"]".repeat(60_000)}}`;
    expect(refusalOf("deep.json", deep)).toMatch(
      /^The policy configuration .*deep\.json nests arrays and objects deeper than 64 levels \(line 1, column 82\): a configuration is rules/,
    );
    const fine = `{"bots-excluded": ${"[".repeat(63)}${"]".repeat(63)}}`;
    expect(refusalOf("fine.json", fine)).toContain(
      "bots-excluded: must be an enforcement level or an object",
    );
  });

  it("refuses a file over 1 MiB before parsing it, naming it and the bound", () => {
    const large = `{"required-excluded-ips": {"ranges": [${Array(800_000).fill('"10.0.0.0/8"').join(",")}]}}`;
    expect(large.length).toBeGreaterThan(8_000_000);
    expect(refusalOf("large.json", large)).toMatch(
      /^The policy configuration .*large\.json is larger than 1 MiB \(1,048,576 bytes\), the most that is read/,
    );
    expect(refusalOf("large.json", `${" ".repeat(1024 * 1024)}{}`)).toContain("is larger than 1 MiB");
    // A device that never ends is read no further than the bound; an empty one is an empty file.
    expect(() => readPolicyConfig("/dev/zero")).toThrow(/\/dev\/zero is larger than 1 MiB/);
    expect(readPolicyConfig("/dev/null")).toHaveLength(policyRules.length);
  });

  it("reads a file of exactly 1 MiB, and one of only spaces as an empty one", () => {
    const dir = mkdtempSync(join(tmpdir(), "policy-config-"));
    const exact = '{"bots-excluded": "advisory"}';
    writeFileSync(join(dir, "exact.json"), exact + " ".repeat(1024 * 1024 - exact.length));
    expect(
      readPolicyConfig(join(dir, "exact.json")).find((c) => c.rule.name === "bots-excluded")?.level,
    ).toBe("advisory");
    writeFileSync(join(dir, "blank.json"), "  \n\t\n");
    expect(readPolicyConfig(join(dir, "blank.json")).map((c) => c.level)).toEqual(
      policyRules.map((r) => r.defaultLevel),
    );
    expect(refusalOf("large.json", `${" ".repeat(1024 * 1024)}{}`)).toMatch(
      /large\.json is larger than 1 MiB \(1,048,576 bytes\), the most that is read: a configuration is a few rules' settings\. Check that it is the right file\.$/,
    );
  });

  it.runIf(process.platform === "linux")("closes the file it read, whatever it held", () => {
    const dir = mkdtempSync(join(tmpdir(), "policy-config-"));
    writeFileSync(join(dir, "ok.json"), "{}");
    writeFileSync(join(dir, "bad.json"), "{bots}");
    const open = () => readdirSync("/proc/self/fd").length;
    const before = open();
    for (let i = 0; i < 20; i++) {
      readPolicyConfig(join(dir, "ok.json"));
      expect(() => readPolicyConfig(join(dir, "bad.json"))).toThrow(PolicyConfigError);
    }
    expect(open()).toBeLessThan(before + 10);
  });

  it("says where a file is not JSON, quoting none of its text", () => {
    const secret = "Zq#8vXw!Kp2&Lm9$";
    for (const text of [
      `{"bots-excluded": ${secret}}`,
      `{"bots-excluded": "mandatory",\n "${secret}": [1, 2,]}`,
      `{"all": "${secret}\\u00zz"}`,
      `${secret}`,
      `{"all": "advisory"} ${secret}`,
    ]) {
      const message = refusalOf("secret.json", text);
      expect(message).toMatch(/secret\.json is not JSON \(line \d+, column \d+: [a-z]/);
      for (const piece of piecesOf(secret)) expect(message, text).not.toContain(piece);
    }
    expect(refusalOf("secret.json", `{"bots-excluded": ${secret}}`)).toContain(
      "is not JSON (line 1, column 19: a value should come here",
    );
    expect(refusalOf("secret.json", '{"all": "advisory",\n  "x": [1, 2,]}')).toContain(
      "(line 2, column 14: a value",
    );
  });

  it("quotes a wrong value cut short", () => {
    const long = "x".repeat(5000);
    const message = problemsOf({ "bots-excluded": { enforcementLevel: long } });
    expect(message).toContain(`not "${"x".repeat(49)}...`);
    expect(message.length).toBeLessThan(400);
  });
});

describe("policy configuration at its edges", () => {
  it("refuses a configuration that is no object, a list included, and throws its own error", () => {
    for (const config of [[], "mandatory", null]) {
      expect(problemsOf(config)).toBe(
        'The policy configuration policy.json must be a JSON object keyed by rule name (e.g. {"bots-excluded": "mandatory"}).',
      );
    }
    expect(new PolicyConfigError("x").name).toBe("PolicyConfigError");
  });

  it("refuses a rule's entry that is a list, not an object of its settings", () => {
    expect(problemsOf({ "bots-excluded": ["mandatory"] })).toContain(
      `bots-excluded: must be an enforcement level or an object of enforcementLevel and the rule's settings, not ["mandatory"].`,
    );
  });

  it("suggests no rule when no name is near, and lists the rules", () => {
    const message = problemsOf({ zzzzzzzzzzzzzzzzzzzzzzzz: "mandatory" });
    expect(message).toContain(
      `"zzzzzzzzzzzzzzzzzzzzzzzz" is not a rule of the webstats policy pack; the rules are ${policyRules.map((r) => r.name).join(", ")}.`,
    );
  });

  it("refuses settings under all: only the level can be set for every rule", () => {
    expect(problemsOf({ all: { enforcementLevel: "advisory", ranges: [], maximum: 3 } })).toBe(
      "The policy configuration policy.json cannot be used:\n" +
        '  all: "ranges" cannot be set for every rule; only enforcementLevel can.\n' +
        '  all: "maximum" cannot be set for every rule; only enforcementLevel can.',
    );
    expect(byName({ all: { enforcementLevel: "advisory" } })["bots-excluded"]?.level).toBe("advisory");
  });

  it("names the settings a rule has, suggests none when no name is near, and why all cannot remediate", () => {
    expect(problemsOf({ "non-public-domains": { zzzzzzzzzzzzzzzz: 1 } })).toContain(
      'non-public-domains: "zzzzzzzzzzzzzzzz" is not a setting of this rule; its settings are patterns, privacy.',
    );
    expect(problemsOf({ all: "remediate" })).toContain(
      "(all cannot set it: only some rules can fix what they find)",
    );
  });

  it("quotes a wrong value whole up to 60 characters, and cuts it past them", () => {
    expect(problemsOf({ "bots-excluded": "loud" })).toContain('not "loud".');
    const sixty = "x".repeat(58); // 60 characters quoted
    expect(problemsOf({ "bots-excluded": sixty })).toContain(`not "${sixty}".`);
    const sixtyOne = "x".repeat(59);
    expect(problemsOf({ "bots-excluded": sixtyOne })).toContain(`not "${"x".repeat(49)}...`);
  });
});

describe("the JSON schema of a rule's settings", () => {
  it("lists the settings a rule requires, and only when there are some", () => {
    const rule = (settings: z.ZodObject) => ({ ...policyRules[0]!, settings }) as PolicyRule;
    expect(
      configSchemaOf(rule(z.strictObject({ owner: z.string(), team: z.string().default("web") }))),
    ).toEqual({
      properties: { owner: { type: "string" }, team: { type: "string", default: "web" } },
      required: ["owner"],
    });
    const none = configSchemaOf(rule(z.strictObject({ team: z.string().default("web") })));
    expect(Object.keys(none)).toEqual(["properties"]);
  });

  it("states each key's type and default, as the engine reads them", () => {
    const ips = configSchemaOf(policyRules.find((r) => r.name === "required-excluded-ips")!);
    expect(ips).toEqual({
      properties: { ranges: { type: "array", items: { type: "string" }, default: [] } },
    });
    const limit = configSchemaOf(policyRules.find((r) => r.name === "websites-per-stack")!);
    expect(limit.properties.maximum).toMatchObject({ type: "integer", minimum: 0, default: 100 });
    expect(configSchemaOf(policyRules.find((r) => r.name === "bots-excluded")!)).toEqual({ properties: {} });
  });
});

describe("pulumi-webstats policy check FILE", () => {
  const check = async (argv: string[]) => {
    let out = "";
    let err = "";
    const code = await runCli(
      ["policy", "check", ...argv],
      {},
      { out: (t) => (out += t), err: (t) => (err += t) },
    );
    return { code, out, err };
  };

  it("prints the rules as a usable file sets them, and refuses one naming no rule", async () => {
    const dir = mkdtempSync(join(tmpdir(), "policy-check-"));
    writeFileSync(
      join(dir, "ok.json"),
      '{"bots-excluded": "remediate", "websites-per-stack": {"maximum": 20}}',
    );
    writeFileSync(join(dir, "typo.json"), '{"bots-exclude": "remediate"}');
    const ok = await check([join(dir, "ok.json")]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("  bots-excluded: remediate\n");
    expect(ok.out).toContain(
      '  websites-per-stack: advisory {"maximum":20} (its default level: the file sets none)\n',
    );
    // The rules the file does not name are still in force, at their default levels, and it says so.
    expect(ok.out).toContain("  non-public-domains: mandatory");
    expect(ok.out).toMatch(
      / {2}allowed-domain-suffixes: mandatory .*\(its default level: the file sets none\)\n/,
    );
    expect(ok.out).toContain(
      "  mandatory  required-excluded-params, non-public-domains, allowed-domain-suffixes\n" +
        "  remediate  bots-excluded\n" +
        "  advisory   required-excluded-ips, websites-per-stack\n" +
        "  disabled   (none)\n",
    );
    const typo = await check([join(dir, "typo.json")]);
    expect(typo.code).toBe(1);
    expect(typo.err).toContain(
      '"bots-exclude" is not a rule of the webstats policy pack (did you mean bots-excluded?)',
    );
    expect((await check([])).code).toBe(USAGE_EXIT_CODE);
  });
});

describe("where each rule's level comes from", () => {
  it.each([
    [{}, "bots-excluded", "mandatory", "default"],
    [{ all: "advisory" }, "bots-excluded", "advisory", "all"],
    [{ all: "advisory", "bots-excluded": "disabled" }, "bots-excluded", "disabled", "rule"],
    [{ "bots-excluded": { enforcementLevel: "remediate" } }, "bots-excluded", "remediate", "rule"],
    [{ "websites-per-stack": { maximum: 3 } }, "websites-per-stack", "advisory", "default"],
  ])("%j sets %s to %s, from %s", (config, name, level, from) => {
    const rule = parsePolicyConfig(config, "p.json").find((c) => c.rule.name === name);
    expect(rule).toMatchObject({ level, levelFrom: from });
  });
});

it("policy check prints what docs/policy-pack.md shows for a file naming two rules", async () => {
  const dir = mkdtempSync(join(tmpdir(), "policy-check-doc-"));
  const file = join(dir, "policy.json");
  writeFileSync(
    file,
    JSON.stringify({
      "required-excluded-ips": { enforcementLevel: "mandatory", ranges: ["203.0.113.0/24"] },
      "websites-per-stack": "disabled",
    }),
  );
  let out = "";
  await runCli(["policy", "check", file], {}, { out: (t) => (out += t), err: () => {} });
  expect(out.replaceAll(file, "policy.json")).toBe(docExample("policy-check-output", "text"));
});
