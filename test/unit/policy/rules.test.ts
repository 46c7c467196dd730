// Each rule of the policy pack as a pure function over a website's values (as the provider sends
// them) and its settings: what it finds, what it leaves alone, what it does not know, and its fix.
import { describe, expect, it } from "vitest";
import type { PolicyWebsite } from "../../../policy";
import { websiteFromInputs, websiteFromServer } from "../../../policy";
import { coversRange } from "../../../policy/ip-cover";
import { policyRules, ruleNamed } from "../../../policy/rules";
import type { StackRule, WebsiteRule } from "../../../policy/rules";
import { liveWebsite } from "../../support/drift-entries";

const rule = (name: string) => policyRules.find((r) => r.name === name) as WebsiteRule;
const settingsOf = (name: string, given: Record<string, unknown> = {}) =>
  rule(name).settings.parse(given) as Record<string, unknown>;

const site = (values: Partial<PolicyWebsite> = {}): PolicyWebsite => ({
  domain: "blog.example.com",
  privacy: "public",
  excludeBots: true,
  excludeIps: [],
  excludeParams: [],
  ...values,
});

describe("required-excluded-ips", () => {
  const settings = settingsOf("required-excluded-ips", { ranges: ["203.0.113.0/24", "2001:db8::/32"] });
  const check = (values: Partial<PolicyWebsite>) =>
    rule("required-excluded-ips").check(site(values), settings);

  it("passes a website whose entries cover every range, exactly or by a wider one", () => {
    expect(check({ excludeIps: ["203.0.113.0/24", "2001:DB8::/32"] })).toBeUndefined();
    expect(check({ excludeIps: ["203.0.0.0/16", "2001:db8::/16"] })).toBeUndefined();
  });

  it("names the website, the missing ranges and the fix; the fix adds them", () => {
    const violation = check({ excludeIps: ["203.0.113.7", "2001:db8::/32"] });
    expect(violation?.message).toBe(
      'Website blog.example.com does not exclude "203.0.113.0/24" (excludeIps holds "203.0.113.7", "2001:db8::/32"). Fix: add "203.0.113.0/24" to its excludeIps.',
    );
    expect(rule("required-excluded-ips").fix?.(site({ excludeIps: ["198.51.100.1"] }), settings)).toEqual({
      excludeIps: ["198.51.100.1", "203.0.113.0/24", "2001:db8::/32"],
    });
  });

  it("says nothing of values it does not know, nor with no range required", () => {
    expect(check({ excludeIps: undefined })).toBeUndefined();
    expect(rule("required-excluded-ips").check(site(), settingsOf("required-excluded-ips"))).toBeUndefined();
  });

  it("a range covers another only when it holds all of it, of the same family", () => {
    expect(coversRange("10.0.0.0/8", "10.1.0.0/16")).toBe(true);
    expect(coversRange("10.1.0.0/16", "10.0.0.0/8")).toBe(false);
    expect(coversRange("10.0.0.1", "10.0.0.1")).toBe(true);
    expect(coversRange("::ffff:0:0/96", "10.0.0.1")).toBe(false);
  });
});

describe("bots-excluded", () => {
  const bots = rule("bots-excluded");
  it("finds a website that counts bots, and turns the exclusion on", () => {
    expect(bots.check(site({ excludeBots: false }), {})?.message).toContain("Fix: set excludeBots to true");
    expect(bots.fix?.(site({ excludeBots: false }), {})).toEqual({ excludeBots: true });
    expect(bots.check(site(), {})).toBeUndefined();
    expect(bots.fix?.(site(), {})).toBeUndefined();
  });

  it("judges the value the provider sends: an omitted excludeBots is true", () => {
    expect(bots.check(websiteFromInputs({ domain: "blog.example.com" }), {})).toBeUndefined();
    expect(
      bots.check(websiteFromInputs({ domain: "blog.example.com", excludeBots: false }), {}),
    ).toBeDefined();
  });
});

describe("required-excluded-params", () => {
  const params = rule("required-excluded-params");
  const defaults = settingsOf("required-excluded-params");

  it("requires email, token and session by default; & drops every parameter", () => {
    expect(defaults).toEqual({ parameters: ["email", "token", "session"] });
    expect(
      params.check(site({ excludeParams: ["session", "token", "email", "utm_source"] }), defaults),
    ).toBeUndefined();
    expect(params.check(site({ excludeParams: ["&"] }), defaults)).toBeUndefined();
    expect(params.check(site({ excludeParams: ["email"] }), defaults)?.message).toBe(
      'Website blog.example.com keeps the query parameters "token", "session" in the URLs it tracks. Fix: add "token", "session" to its excludeParams.',
    );
  });

  it("an unmanaged list (omitted) is a violation; the fix adds what is missing, or sets the list", () => {
    expect(params.check(site({ excludeParams: null }), defaults)?.message).toContain(
      "leaves excludeParams unset",
    );
    expect(params.fix?.(site({ excludeParams: ["utm_source", "email"] }), defaults)).toEqual({
      excludeParams: ["utm_source", "email", "token", "session"],
    });
    expect(params.fix?.(site({ excludeParams: null }), defaults)).toEqual({
      excludeParams: ["email", "token", "session"],
    });
    expect(params.fix?.(site({ excludeParams: ["&"] }), defaults)).toBeUndefined();
  });

  it("a website read from the server without a stack's list is not judged", () => {
    const read = websiteFromServer(liveWebsite(1, "x.example.com"));
    expect(params.check(read, defaults)).toBeUndefined();
  });
});

describe("non-public-domains", () => {
  const nonPublic = rule("non-public-domains");
  const defaults = settingsOf("non-public-domains");

  it("staging and preview sites may not be public by default", () => {
    for (const domain of [
      "staging.example.com",
      "shop.staging.example.com",
      "preview.example.org",
      "pr-12.preview.example.com",
    ]) {
      expect(nonPublic.check(site({ domain }), defaults)?.message).toContain(`Website ${domain} matches`);
      expect(nonPublic.check(site({ domain, privacy: "private" }), defaults)).toBeUndefined();
    }
    expect(nonPublic.check(site({ domain: "mystaging.example.com" }), defaults)).toBeUndefined();
  });

  it("privacy [password] requires password protection", () => {
    const settings = settingsOf("non-public-domains", {
      patterns: ["*.internal.example.com"],
      privacy: ["password"],
    });
    const violation = nonPublic.check(
      site({ domain: "hr.internal.example.com", privacy: "private" }),
      settings,
    );
    expect(violation?.message).toBe(
      'Website hr.internal.example.com matches "*.internal.example.com" but its statistics page is private. Fix: set privacy to "password" (with a password).',
    );
    expect(
      nonPublic.check(site({ domain: "hr.internal.example.com", privacy: "password" }), settings),
    ).toBeUndefined();
    expect(nonPublic.fix).toBeUndefined();
  });

  it("matches the domain the provider sends (normalised)", () => {
    const given = websiteFromInputs({ domain: "https://www.Staging.Example.com" });
    expect(given.domain).toBe("staging.example.com");
    expect(nonPublic.check(given, defaults)).toBeDefined();
  });
});

describe("allowed-domain-suffixes", () => {
  const allowed = rule("allowed-domain-suffixes");
  const settings = settingsOf("allowed-domain-suffixes", { suffixes: ["example.com", ".example.org"] });

  it("allows the suffix itself and names below it, nothing else", () => {
    expect(allowed.check(site({ domain: "example.com" }), settings)).toBeUndefined();
    expect(allowed.check(site({ domain: "shop.example.org" }), settings)).toBeUndefined();
    expect(allowed.check(site({ domain: "badexample.com" }), settings)?.message).toBe(
      'Website badexample.com is under none of the approved suffixes "example.com", "example.org". Fix: track it under an approved domain, or add its suffix to the rule\'s suffixes.',
    );
  });

  it("an empty list allows every domain", () => {
    expect(
      allowed.check(site({ domain: "anything.test" }), settingsOf("allowed-domain-suffixes")),
    ).toBeUndefined();
  });
});

describe("websites-per-stack", () => {
  const limit = policyRules.find((r) => r.name === "websites-per-stack") as StackRule;
  it("finds a stack with more websites than the maximum", () => {
    const settings = limit.settings.parse({ maximum: 2 });
    expect(limit.check({ name: "prod", websites: 2 }, settings)).toBeUndefined();
    expect(limit.check({ name: "prod", websites: 3 }, settings)?.message).toBe(
      "Stack prod holds 3 websites, more than the 2 allowed. Fix: move some into another stack, or raise the rule's maximum.",
    );
    expect(limit.settings.parse({})).toEqual({ maximum: 100 });
  });
});

describe("the values a rule sees", () => {
  it("are the provider's checked values: defaults applied, lists cleaned, secrets never read", () => {
    const values = websiteFromInputs({
      domain: "HTTP://Blog.Example.com",
      excludeIps: [" 203.0.113.0/24 "],
      password: "never-read",
      privacy: "password",
      connection: { apiKey: "never-read-either" },
      __provider: "serialized",
    });
    expect(values).toEqual({
      domain: "blog.example.com",
      privacy: "password",
      excludeBots: true,
      excludeIps: ["203.0.113.0/24"],
      excludeParams: null,
    });
    expect(JSON.stringify(values)).not.toContain("never-read");
  });

  it("a value not known yet, or one the provider refuses, is not known to the rules", () => {
    const values = websiteFromInputs({
      domain: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
      excludeBots: "yes",
      excludeIps: ["04da6b54-80e4-46f7-96ec-b56ff0331ba9"],
    });
    expect(values).toMatchObject({ domain: undefined, excludeBots: undefined, excludeIps: undefined });
  });
});

describe("the rules' settings and lookup at their edges", () => {
  const problems = (name: string, given: Record<string, unknown>) => {
    const parsed = rule(name).settings.safeParse(given);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("places each problem at its entry", () => {
    const parsed = rule("required-excluded-params").settings.safeParse({
      parameters: ["email", "token", "EMAIL"],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "custom", path: ["parameters", 2] },
    ]);
  });

  it("refuses an empty entry and one listed twice (as written, case and spaces aside)", () => {
    expect(problems("required-excluded-ips", { ranges: ["10.0.0.0/8", "  "] })).toEqual([
      "ranges[1] is empty: remove it.",
    ]);
    expect(problems("required-excluded-params", { parameters: ["email", " Email "] })).toEqual([
      'parameters[1] " Email " is listed twice: list it once.',
    ]);
    expect(problems("required-excluded-params", { parameters: [" token ", "token"] })).toEqual([
      'parameters[1] "token" is listed twice: list it once.',
    ]);
  });

  it("says what is wrong with a parameter name and with a suffix the server writes otherwise", () => {
    const [parameter] = problems("required-excluded-params", { parameters: ["a b"] });
    expect(parameter).toMatch(/^parameters\[0\] is not a query parameter name: ./);
    expect(problems("allowed-domain-suffixes", { suffixes: ["Example.com"] })).toEqual([
      'suffixes[0] is written "example.com" by the server: write it that way (lower case, without scheme or "www.").',
    ]);
    expect(problems("allowed-domain-suffixes", { suffixes: [".example.com"] })).toEqual([]);
    const [suffix] = problems("allowed-domain-suffixes", { suffixes: ["not a domain"] });
    expect(suffix).toMatch(/^suffixes\[0\] is not a domain suffix such as "example.com": ./);
  });

  it("names only the privacy asked for, the password only when it is one", () => {
    const domains = rule("non-public-domains");
    const settings = settingsOf("non-public-domains", { patterns: ["*.example.com"], privacy: ["private"] });
    expect(domains.check(site({ privacy: "public" }), settings)?.message).toBe(
      'Website blog.example.com matches "*.example.com" but its statistics page is public. Fix: set privacy to "private".',
    );
  });

  it("sets an unmanaged parameter list even when no parameter is required", () => {
    const params = rule("required-excluded-params");
    expect(
      params.fix?.(site({ excludeParams: null }), settingsOf("required-excluded-params", { parameters: [] })),
    ).toEqual({
      excludeParams: [],
    });
    expect(
      params.fix?.(site({ excludeParams: [] }), settingsOf("required-excluded-params", { parameters: [] })),
    ).toBeUndefined();
  });

  it("finds a rule by its name, and no other", () => {
    expect(ruleNamed("bots-excluded")?.name).toBe("bots-excluded");
    expect(ruleNamed("websites-per-stack")?.kind).toBe("stack");
    expect(ruleNamed("no-such-rule")).toBeUndefined();
  });
});

describe("the rules on values they do not know, and entries as written", () => {
  it("passes no verdict without the domain or the privacy, and fixes no list it does not know", () => {
    const ips = rule("required-excluded-ips");
    const ipSettings = settingsOf("required-excluded-ips", { ranges: ["10.0.0.0/8"] });
    expect(ips.check(site({ domain: undefined }), ipSettings)).toBeUndefined();
    expect(ips.fix?.(site({ excludeIps: undefined }), ipSettings)).toBeUndefined();
    expect(ips.fix?.(site({ excludeIps: ["10.0.0.0/8"] }), ipSettings)).toBeUndefined();

    const params = rule("required-excluded-params");
    expect(
      params.check(site({ domain: undefined, excludeParams: [] }), settingsOf("required-excluded-params")),
    ).toBeUndefined();
    expect(
      params.check(site({ excludeParams: null }), settingsOf("required-excluded-params", { parameters: [] })),
    ).toBeUndefined();
    expect(
      params.fix?.(site({ excludeParams: undefined }), settingsOf("required-excluded-params")),
    ).toBeUndefined();

    const domains = rule("non-public-domains");
    const domainSettings = settingsOf("non-public-domains", { patterns: ["*.example.com"] });
    expect(domains.check(site({ domain: undefined, privacy: "public" }), domainSettings)).toBeUndefined();
    expect(domains.check(site({ privacy: undefined }), domainSettings)).toBeUndefined();

    const suffixes = settingsOf("allowed-domain-suffixes", { suffixes: ["example.org"] });
    expect(rule("allowed-domain-suffixes").check(site({ domain: undefined }), suffixes)).toBeUndefined();
  });

  it("reads entries with spaces around them as their trimmed selves", () => {
    expect(settingsOf("required-excluded-ips", { ranges: [" 10.0.0.0/8 "] })).toEqual({
      ranges: [" 10.0.0.0/8 "],
    });
    const patterns = settingsOf("non-public-domains", { patterns: [" *.example.com "] });
    expect(rule("non-public-domains").check(site({ privacy: "public" }), patterns)?.message).toContain(
      'matches " *.example.com "',
    );
    const suffixes = settingsOf("allowed-domain-suffixes", { suffixes: [" example.com "] });
    expect(rule("allowed-domain-suffixes").check(site(), suffixes)).toBeUndefined();
  });

  it("a domain written with its final dot is under its suffix", () => {
    const suffixes = settingsOf("allowed-domain-suffixes", { suffixes: ["example.com"] });
    expect(
      rule("allowed-domain-suffixes").check(site({ domain: "blog.example.com." }), suffixes),
    ).toBeUndefined();
  });

  it("places a refused entry at its index", () => {
    const parsed = rule("required-excluded-ips").settings.safeParse({ ranges: ["10.0.0.0/8", "nonsense"] });
    expect(parsed.error?.issues.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "custom", path: ["ranges", 1] },
    ]);
  });

  it("does not know a parameter list the provider would refuse", () => {
    expect(websiteFromInputs({ domain: "a.example.com", excludeParams: [5] }).excludeParams).toBeUndefined();
    expect(websiteFromInputs({ domain: "a.example.com" }).excludeParams).toBeNull();
  });
});
