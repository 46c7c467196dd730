// The rules as the policy pack's policies, fed what the engine feeds them through @pulumi/policy's
// own proxies: which resources are webstats Websites (both hosts; another dynamic resource with
// the same properties is not), the violations, a remediation that leaves every secret as it was,
// values not known during a preview, and settings checked before any website is.
import { describe, expect, it } from "vitest";
import { Secret } from "@pulumi/policy/policy";
import { packPolicies } from "../../../policy";
import type { PackResourcePolicy, PackStackPolicy, PolicyResourceArgs } from "../../../policy";
import { runtime } from "@pulumi/pulumi";
import { dynamicProviderModule, websiteHost } from "../../../policy/website-resources";
import * as webstatsProvider from "../../../provider/dynamic-provider";

// The engine's proxies are internal to @pulumi/policy (its declarations leave them out).
/* eslint-disable @typescript-eslint/no-require-imports */
const { unknownCheckingProxy, unknownStringValue } = require("@pulumi/policy/proxy") as {
  unknownCheckingProxy: (props: object) => object;
  unknownStringValue: string;
};
const { secretsPreservingProxy } = require("@pulumi/policy/secret") as {
  secretsPreservingProxy: (props: object) => object;
};
const { serializeProperties } = require("@pulumi/policy/deserialize") as {
  serializeProperties: (props: unknown) => Promise<Record<string, unknown>>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

// The __provider of a Website installed from npm, as the engine recorded it.
const serializedProvider = `exports.handler = __f0;\nconst provider = require("pulumi-webstats/dynamic-provider");\n\nfunction __f0() {\n  return (function() {\n    with({ this: undefined, arguments: undefined }) {\n\nreturn () => provider;\n\n    }\n  }).apply(undefined, undefined).apply(this, arguments);\n}\n`;

const policies = packPolicies();
const policy = (name: string) => policies.find((p) => p.name === name) as PackResourcePolicy;

function args(
  type: string,
  props: Record<string, unknown>,
  config: object = {},
  remediating = false,
): PolicyResourceArgs {
  const target = remediating ? secretsPreservingProxy(props) : props;
  return {
    type,
    name: "site",
    urn: `urn:pulumi:prod::shop::${type}::site`,
    props: unknownCheckingProxy(target) as Record<string, unknown>,
    getConfig: <T extends object>() => config as T,
  };
}

function violations(name: string, a: PolicyResourceArgs): string[] {
  const found: string[] = [];
  policy(name).validateResource(a, (message) => found.push(message));
  return found;
}

const dynamicType = "pulumi-nodejs:dynamic/webstats:Website";

describe("the policy pack's policies", () => {
  it("has one policy per rule, with its level, description and settings schema", () => {
    expect(policies.map((p) => [p.name, p.enforcementLevel])).toEqual([
      ["required-excluded-ips", "advisory"],
      ["bots-excluded", "mandatory"],
      ["required-excluded-params", "mandatory"],
      ["non-public-domains", "mandatory"],
      ["allowed-domain-suffixes", "mandatory"],
      ["websites-per-stack", "advisory"],
    ]);
    expect(
      policies.filter((p) => "remediateResource" in p && p.remediateResource).map((p) => p.name),
    ).toEqual(["required-excluded-ips", "bots-excluded", "required-excluded-params"]);
  });

  it("checks the plugin's and the dynamic provider's Websites (by type, and by the provider serialized into them where the engine shows it), and no other resource", () => {
    const props = { domain: "blog.example.com", excludeBots: false };
    expect(violations("bots-excluded", args("webstats:index:Website", props))).toHaveLength(1);
    expect(
      violations("bots-excluded", args(dynamicType, { ...props, __provider: serializedProvider })),
    ).toHaveLength(1);
    // What a validation sees: the engine leaves __provider out, the type token tells.
    expect(violations("bots-excluded", args(dynamicType, props))).toHaveLength(1);
    // Another dynamic provider whose resources happen to have the same properties, even the type.
    const foreign = serializedProvider.replace("pulumi-webstats/dynamic-provider", "./my-provider");
    expect(violations("bots-excluded", args(dynamicType, { ...props, __provider: foreign }))).toEqual([]);
    expect(violations("bots-excluded", args("pulumi-nodejs:dynamic:Resource", props))).toEqual([]);
    expect(
      violations("bots-excluded", args("pulumi-nodejs:dynamic:Resource", { ...props, __provider: foreign })),
    ).toEqual([]);
    expect(violations("bots-excluded", args("aws:s3/bucket:Bucket", props))).toEqual([]);
  });

  it("a provider serialized by value (a linked checkout) names its module too", async () => {
    const provider = (webstatsProvider as unknown as { default?: object }).default ?? webstatsProvider;
    const { text } = await runtime.serializeFunction(() => provider);
    expect(text).not.toContain('require("pulumi-webstats/dynamic-provider")');
    expect(text).toContain(`module: "${dynamicProviderModule}"`);
    expect(websiteHost(dynamicType, () => text)).toBe("dynamic");
  });

  it("reports what the rule finds, naming the website and the fix", () => {
    const found = violations(
      "required-excluded-ips",
      args(
        "webstats:index:Website",
        { domain: "https://www.Blog.example.com", excludeIps: [] },
        { ranges: ["10.0.0.0/8"] },
      ),
    );
    expect(found).toEqual([
      'Website blog.example.com does not exclude "10.0.0.0/8" (excludeIps holds nothing). Fix: add "10.0.0.0/8" to its excludeIps.',
    ]);
  });

  it("passes no verdict on a value not known during a preview", () => {
    const found = violations(
      "bots-excluded",
      args("webstats:index:Website", { domain: unknownStringValue, excludeBots: false }),
    );
    expect(found).toEqual([]);
    expect(
      violations(
        "required-excluded-ips",
        args(
          "webstats:index:Website",
          { domain: "a.example.com", excludeIps: [unknownStringValue] },
          { ranges: ["10.0.0.0/8"] },
        ),
      ),
    ).toEqual([]);
  });

  it("remediates in the engine's own object: the fixed settings change, secrets stay secret and unread", async () => {
    const props = {
      domain: "blog.example.com",
      privacy: "password",
      password: new Secret("statistics-password"),
      connection: new Secret({ apiKey: "the-api-key" }),
      excludeBots: false,
      excludeParams: ["utm_source"],
      __provider: serializedProvider,
    };
    const bots = policy("bots-excluded").remediateResource!(args(dynamicType, props, {}, true));
    const params = policy("required-excluded-params").remediateResource!(
      args(dynamicType, props, { parameters: ["email", "token"] }, true),
    );
    expect(bots).toBeDefined();
    expect(params).toBeDefined();
    const sent = await serializeProperties(params);
    expect(sent).toMatchObject({ excludeBots: true, excludeParams: ["utm_source", "email", "token"] });
    expect(sent.password).toMatchObject({
      value: "statistics-password",
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    });
    expect(sent.connection).toMatchObject({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    });
    expect(
      policy("bots-excluded").remediateResource!(
        args(dynamicType, { ...props, excludeBots: true }, {}, true),
      ),
    ).toBeUndefined();
  });

  it("refuses settings the engine let through, naming the rule and the key, before the website is checked", () => {
    const bad = args("aws:s3/bucket:Bucket", {}, { ranges: ["10.0.0.0/40"] });
    expect(() => violations("required-excluded-ips", bad)).toThrow(
      /The configuration of required-excluded-ips cannot be used: ranges\[0\] is not an address or range the server can match/,
    );
  });

  it("counts a stack's Websites of both hosts", () => {
    const stack = policies.find((p) => p.name === "websites-per-stack") as PackStackPolicy;
    const resource = (type: string, name: string, props: Record<string, unknown>) => ({
      type,
      name,
      urn: `urn:pulumi:prod::shop::${type}::${name}`,
      props: unknownCheckingProxy(props) as Record<string, unknown>,
    });
    const found: string[] = [];
    stack.validateStack(
      {
        resources: [
          resource("webstats:index:Website", "a", { domain: "a.example.com" }),
          resource(dynamicType, "b", { domain: "b.example.com", __provider: serializedProvider }),
          resource("pulumi-nodejs:dynamic:Resource", "c", { domain: "c.example.com", __provider: "other" }),
        ],
        getConfig: <T extends object>() => ({ maximum: 1 }) as T,
      },
      (message) => found.push(message),
    );
    expect(found).toEqual([
      "Stack prod holds 2 websites, more than the 1 allowed. Fix: move some into another stack, or raise the rule's maximum.",
    ]);
  });
});

describe("the policy pack's policies at their edges", () => {
  const stack = () => policies.find((p) => p.name === "websites-per-stack") as PackStackPolicy;
  const stackViolations = (resources: { type: string; name: string; props: Record<string, unknown> }[]) => {
    const found: string[] = [];
    stack().validateStack(
      {
        resources: resources.map((r) => ({
          ...r,
          urn: `urn:pulumi:prod::shop::${r.type}::${r.name}`,
          props: unknownCheckingProxy(r.props) as Record<string, unknown>,
        })),
        getConfig: <T extends object>() => ({ maximum: 1 }) as T,
      },
      (message) => found.push(message),
    );
    return found;
  };

  it("a list not known during a preview is not an unset one: no verdict, not the unset finding", () => {
    const params = (excludeParams: unknown) =>
      violations(
        "required-excluded-params",
        args("webstats:index:Website", { domain: "a.example.com", excludeParams }, { parameters: ["email"] }),
      );
    expect(params(unknownStringValue)).toEqual([]);
    expect(params(null)).toEqual([
      expect.stringContaining("Website a.example.com leaves excludeParams unset"),
    ]);
    expect(params(undefined)).toEqual([
      expect.stringContaining("Website a.example.com leaves excludeParams unset"),
    ]);
  });

  it("names every unknown key of the settings the engine let through, and every problem", () => {
    const bad = args("webstats:index:Website", { domain: "a.example.com" }, { rangs: [], rnges: [] });
    expect(() => violations("required-excluded-ips", bad)).toThrow(
      'The configuration of required-excluded-ips cannot be used: "rangs", "rnges" is not a setting of this rule.',
    );
    const twice = args(
      "webstats:index:Website",
      { domain: "a.example.com" },
      { ranges: ["10.0.0.0/40"], extra: 1 },
    );
    expect(() => violations("required-excluded-ips", twice)).toThrow(
      'ranges[0] is not an address or range the server can match: The IP entry "10.0.0.0/40" has an invalid prefix length "/40": use a whole number from 0 to 32 for IPv4. "extra" is not a setting of this rule.',
    );
  });

  it("reads an object where a value belongs through the engine's proxy too, a value not known inside it included", () => {
    const odd = args("webstats:index:Website", { domain: { name: unknownStringValue }, excludeBots: false });
    expect(violations("bots-excluded", odd)).toEqual([]);
    const listed = args(
      "webstats:index:Website",
      { domain: "a.example.com", excludeIps: [{ range: unknownStringValue }] },
      { ranges: ["10.0.0.0/8"] },
    );
    expect(violations("required-excluded-ips", listed)).toEqual([]);
  });

  it("remediates no other resource, even one with a Website's properties", () => {
    const bucket = args("aws:s3/bucket:Bucket", { domain: "a.example.com", excludeBots: false }, {}, true);
    expect(policy("bots-excluded").remediateResource!(bucket)).toBeUndefined();
  });

  it("passes a stack under its maximum, and one with no website at all", () => {
    expect(
      stackViolations([{ type: "webstats:index:Website", name: "a", props: { domain: "a.example.com" } }]),
    ).toEqual([]);
    expect(stackViolations([])).toEqual([]);
    expect(stackViolations([{ type: "aws:s3/bucket:Bucket", name: "b", props: {} }])).toEqual([]);
  });
});
