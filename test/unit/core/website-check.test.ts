import { describe, expect, it } from "vitest";
import { checkWebsiteInputs } from "../../../core/website-check";
import { unknownValue as pulumiUnknownValue } from "@pulumi/pulumi/runtime/rpc";
import { unknownValue as UNKNOWN } from "../../../core/unknown-values";
import { defaultArguments } from "../../support/recorded-website";

const check = (news: Record<string, unknown>) => checkWebsiteInputs(news);
const CREDENTIALS = { baseUrl: "https://stats.example.com", apiKey: "key" };
/**
 * Reasons of the failures about `argument`: reported on the argument itself, or on the whole
 * resource ("") with a reason that names it (secret, missing and unknown arguments).
 */
const reasonsFor = (news: Record<string, unknown>, argument: string) =>
  check(news)
    .failures.filter(
      (f) => f.property === argument || (f.property === "" && f.reason.includes(argument.split(".")[0]!)),
    )
    .map((f) => f.reason);

describe("Website check: defaults and normalisation", () => {
  it("applies every default", () => {
    const { inputs, failures } = check({ domain: "example.com" });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ domain: "example.com", ...defaultArguments });
  });

  it.each([
    ["https://www.Example.com", "example.com"],
    ["http://EXAMPLE.org", "example.org"],
    ["  www.www.shop.example.net ", "shop.example.net"],
    ["blog.example.com", "blog.example.com"],
    ["192.168.10.4", "192.168.10.4"],
  ])("normalises the domain %j to %j", (raw, normalized) => {
    const { inputs, failures } = check({ domain: raw });
    expect(failures).toEqual([]);
    expect(inputs.domain).toBe(normalized);
  });

  it("keeps __provider (the dynamic provider's host carries it past the core)", async () => {
    const host = await import("../../../provider/website-provider");
    const checked = await host.check({}, { domain: "a.com", __provider: "x", connection: CREDENTIALS });
    expect(checked.failures).toEqual([]);
    expect((checked.inputs as Record<string, unknown>).__provider).toBe("x");
    // The core itself knows no such key.
    expect(check({ domain: "a.com", __provider: "x" }).failures.map((f) => f.reason)).toEqual([
      "__provider is not an argument of Website; remove it or correct its name.",
    ]);
  });

  it("trims list entries and keeps their order", () => {
    const { inputs, failures } = check({
      domain: "a.com",
      excludeParams: [" utm_source ", "ref"],
      excludeIps: ["10.0.0.0/8", " ::1 "],
    });
    expect(failures).toEqual([]);
    expect(inputs.excludeParams).toEqual(["utm_source", "ref"]);
    expect(inputs.excludeIps).toEqual(["10.0.0.0/8", "::1"]);
  });

  it("refuses empty list entries", () => {
    expect(reasonsFor({ domain: "a.com", excludeParams: ["ref", ""] }, "excludeParams")).toEqual([
      "excludeParams has an empty entry; remove it.",
    ]);
    expect(reasonsFor({ domain: "a.com", excludeIps: ["  "] }, "excludeIps")).toEqual([
      "excludeIps has an empty entry; remove it.",
    ]);
  });
});

describe("Website check: failures name the property and the fix", () => {
  it.each([
    [{}, "domain", /required/],
    [{ domain: "" }, "domain", /required/],
    [{ domain: "localhost" }, "domain", /not a valid domain/],
    [{ domain: "example.com:8080" }, "domain", /not a valid domain/],
    [{ domain: "example.com/path/" }, "domain", /not a valid domain/],
    [{ domain: "example.123" }, "domain", /not a valid domain/],
    [{ domain: `${"a".repeat(64)}.com` }, "domain", /not a valid domain/],
    [{ domain: "a.com", privacy: "secret" }, "privacy", /one of "public", "private" or "password"/],
    [
      { domain: "a.com", privacy: "password" },
      "password",
      /required when privacy is "password" for a new website/,
    ],
    [{ domain: "a.com", privacy: "password", password: "x".repeat(129) }, "password", /1 to 128/],
    [{ domain: "a.com", password: "hunter2" }, "password", /only used when privacy is "password"/],
    [{ domain: "a.com", privacy: "private", password: "p" }, "password", /remove password/],
    [{ domain: "a.com", email: "yes" }, "email", /true or false/],
    [{ domain: "a.com", excludeBots: 1 }, "excludeBots", /true or false/],
    [{ domain: "a.com", favorite: "true" }, "favorite", /true or false/],
    [{ domain: "a.com", adoptExisting: null, excludeIps: ["10.0.0.300"] }, "excludeIps", /10\.0\.0\.300/],
    [{ domain: "a.com", excludeIps: ["10.0.0.0/33"] }, "excludeIps", /10\.0\.0\.0\/33/],
    [{ domain: "a.com", excludeIps: ["1.1.1.1", "1.1.1.1"] }, "excludeIps", /listed twice/],
    [{ domain: "a.com", excludeIps: ["fe80::1", "FE80::1"] }, "excludeIps", /listed twice/],
    [{ domain: "a.com", excludeParams: ["a", "a"] }, "excludeParams", /listed twice/],
    [{ domain: "a.com", excludeParams: ["utm source"] }, "excludeParams", /not a query parameter name/],
    [{ domain: "a.com", excludeParams: ["a=b"] }, "excludeParams", /not a query parameter name/],
    [{ domain: "a.com", excludeParams: "utm_source" }, "excludeParams", /list of strings/],
    [
      { domain: "a.com", connection: { baseUrl: "ftp://x" } },
      "connection.baseUrl",
      /http:\/\/ or https:\/\//,
    ],
    [
      { domain: "a.com", connection: { baseUrl: "not a url" } },
      "connection.baseUrl",
      /installation's address/,
    ],
    [
      { domain: "a.com", connection: { token: "x" } },
      "connection",
      /only baseUrl, apiKey, proxyUrl, caCertFile, skipTlsVerify, allowHttp \(/,
    ],
    [{ domain: "a.com", colour: "blue" }, "colour", /not an argument of Website/],
    [
      { domain: "a.com", privcy: "private" },
      "privcy",
      /not an argument of Website \(did you mean privacy\?\)/,
    ],
    [{ domain: "a.com", exclude_ips: ["1.2.3.4"] }, "exclude_ips", /did you mean excludeIps\?/],
  ])("%j fails on %s", (news, property, reason) => {
    const reasons = reasonsFor(news, property);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.join(" ")).toMatch(reason);
  });

  it("accepts a password with privacy password and the & parameter", () => {
    const { failures, inputs } = check({
      domain: "a.com",
      privacy: "password",
      password: "s3cret",
      excludeParams: ["&"],
    });
    expect(failures).toEqual([]);
    expect(inputs.password).toBe("s3cret");
  });

  it("reports failures of secret, missing and unknown arguments on the resource, never on the argument", () => {
    const { failures } = check({
      privacy: "public",
      password: "pw",
      connection: { baseUrl: "nope", apiKey: 5 },
      passwrd: "typo",
    });
    const properties = failures.map((f) => f.property);
    expect(properties.filter((p) => p !== "")).toEqual([]);
    expect(failures.map((f) => f.reason).join(" ")).toMatch(/domain is required/);
    expect(failures.map((f) => f.reason).join(" ")).toMatch(
      /passwrd is not an argument of Website \(did you mean password\?\)/,
    );
    expect(failures.map((f) => f.reason).join(" ")).toMatch(/connection\.apiKey/);
  });

  it("suggests an argument only for a likely typo", () => {
    const reasons = check({ domain: "a.com", colour: "blue" }).failures.map((f) => f.reason);
    expect(reasons).toEqual(["colour is not an argument of Website; remove it or correct its name."]);
  });

  it("still names a present, non-secret argument as the property", () => {
    expect(
      check({ domain: "localhost", email: "yes" })
        .failures.map((f) => f.property)
        .sort(),
    ).toEqual(["domain", "email"]);
  });

  it("lets a website that exists keep its password when privacy is password and none is given", () => {
    expect(check({ domain: "a.com", privacy: "password", adoptExisting: true }).failures).toEqual([]);
    expect(
      checkWebsiteInputs({ domain: "a.com", privacy: "password" }, { domain: "a.com" }).failures,
    ).toEqual([]);
  });

  it("leaves excludeParams unmanaged when omitted, and managed when given, even empty", () => {
    expect(check({ domain: "a.com" }).inputs).not.toHaveProperty("excludeParams");
    expect(check({ domain: "a.com", excludeParams: [] }).inputs.excludeParams).toEqual([]);
  });

  it("never puts a password or API key into a failure", () => {
    const { failures } = check({
      domain: "localhost",
      privacy: "public",
      password: "pw-visible?",
      connection: { baseUrl: "nope", apiKey: "key-visible?" },
    });
    const text = JSON.stringify(failures);
    expect(failures.length).toBeGreaterThan(1);
    expect(text).not.toContain("pw-visible?");
    expect(text).not.toContain("key-visible?");
  });
});

describe("Website check: unknown values during preview", () => {
  it("knows the placeholder the engine sends, as @pulumi/pulumi spells it", () => {
    expect(UNKNOWN).toBe(pulumiUnknownValue);
  });

  it("lets unknown values through without failures", () => {
    const { inputs, failures } = check({
      domain: UNKNOWN,
      privacy: UNKNOWN,
      password: UNKNOWN,
      favorite: UNKNOWN,
      excludeIps: [UNKNOWN, "10.0.0.1"],
      excludeParams: UNKNOWN,
      connection: UNKNOWN,
    });
    expect(failures).toEqual([]);
    expect(inputs.domain).toBe(UNKNOWN);
    expect(inputs.excludeIps).toEqual([UNKNOWN, "10.0.0.1"]);
    expect(JSON.stringify(inputs)).toContain(UNKNOWN);
  });

  it("still checks the known values next to unknown ones", () => {
    expect(reasonsFor({ domain: UNKNOWN, excludeIps: [UNKNOWN, "bad"] }, "excludeIps")).toHaveLength(1);
    expect(JSON.stringify(check({ domain: "a.com" }).inputs)).not.toContain(UNKNOWN);
  });
});

describe("Website check: the password and its privacy", () => {
  it("takes an empty password for none: refused for a new password-protected website, ignored otherwise", () => {
    expect(check({ domain: "a.com", privacy: "public", password: "" })).toEqual({
      inputs: { domain: "a.com", ...defaultArguments },
      failures: [],
    });
    expect(check({ domain: "a.com", privacy: "password", password: "" }).failures).toEqual([
      {
        property: "",
        argument: "password",
        reason:
          'password is required when privacy is "password" for a new website: visitors of the statistics page need it ' +
          "(1 to 128 characters). To take over an existing website and keep its password, set adoptExisting.",
      },
    ]);
  });

  it("leaves the pair unchecked while either is unknown", () => {
    expect(check({ domain: "a.com", privacy: UNKNOWN, password: "pw" }).failures).toEqual([]);
    expect(check({ domain: "a.com", privacy: "public", password: UNKNOWN }).failures).toEqual([]);
  });
});
