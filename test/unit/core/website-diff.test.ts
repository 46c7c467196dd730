import { describe, expect, it } from "vitest";
import { diffWebsite, passwordGap, updatePatch } from "../../../core/website-diff";
import { unknownValue as UNKNOWN } from "../../../core/unknown-values";
import { recordedWebsite } from "../../support/recorded-website";

const state = recordedWebsite(7, "example.com", {
  excludeParams: ["utm_source", "ref"],
  excludeIps: ["10.0.0.0/8", "fe80::1"],
});

const sameInputs = {
  domain: "example.com",
  privacy: "public",
  email: false,
  excludeBots: true,
  favorite: false,
  excludeParams: ["utm_source", "ref"],
  excludeIps: ["10.0.0.0/8", "fe80::1"],
  adoptExisting: false,
};

describe("diffWebsite", () => {
  it("reports no change for identical arguments", () => {
    expect(diffWebsite(state, sameInputs)).toEqual({ changes: false, replaces: [], changed: [] });
  });

  it.each([
    ["another spelling of the domain", { domain: "https://www.Example.com" }],
    ["list order", { excludeParams: ["ref", "utm_source"], excludeIps: ["fe80::1", "10.0.0.0/8"] }],
    ["IPv6 letter case", { excludeIps: ["10.0.0.0/8", "FE80::1"] }],
  ])("ignores %s", (_label, change) => {
    expect(diffWebsite(state, { ...sameInputs, ...change }).changes).toBe(false);
  });

  it.each([
    ["privacy", { privacy: "private" }],
    ["email", { email: true }],
    ["excludeBots", { excludeBots: false }],
    ["favorite", { favorite: true }],
    ["excludeParams", { excludeParams: ["utm_source"] }],
    ["excludeIps", { excludeIps: ["10.0.0.0/8", "fe80::1", "1.2.3.4"] }],
    ["password", { privacy: "public", password: "new" }],
    ["connection", { connection: { apiKey: "k2" } }],
  ])("updates %s in place", (property, change) => {
    const result = diffWebsite(state, { ...sameInputs, ...change });
    expect(result.changes).toBe(true);
    expect(result.changed).toContain(property);
    expect(result.replaces).toEqual([]);
  });

  it("never counts adoptExisting as a change: it only matters at create", () => {
    expect(diffWebsite(state, { ...sameInputs, adoptExisting: true }).changes).toBe(false);
    expect(diffWebsite({ ...state, adoptExisting: true }, sameInputs).changes).toBe(false);
  });

  it("leaves omitted write-only arguments alone, and compares them once given", () => {
    const { excludeParams: _omitted, ...withoutParams } = sameInputs;
    expect(diffWebsite(state, withoutParams).changes).toBe(false);
    expect(diffWebsite(state, { ...withoutParams, excludeParams: [] }).changed).toEqual(["excludeParams"]);
    const protectedState = { ...state, privacy: "password" as const, hasPassword: true, password: "one" };
    expect(diffWebsite(protectedState, { ...sameInputs, privacy: "password" }).changes).toBe(false);
  });

  it("replaces on a new domain", () => {
    expect(diffWebsite(state, { ...sameInputs, domain: "example.org" }).replaces).toEqual(["domain"]);
  });

  it("never replaces for a change of address or key: only an update, which checks the new address", () => {
    const olds = { ...state, connection: { baseUrl: "https://a.example/", apiKey: "k" } };
    const moved = diffWebsite(olds, {
      ...sameInputs,
      connection: { baseUrl: "https://b.example", apiKey: "k" },
    });
    expect(moved).toEqual({ changes: true, replaces: [], changed: ["connection"] });
    const given = diffWebsite(state, {
      ...sameInputs,
      connection: { baseUrl: "https://a.example", apiKey: "k" },
    });
    expect(given).toEqual({ changes: true, replaces: [], changed: ["connection"] });
    const dropped = diffWebsite(olds, sameInputs);
    expect(dropped).toEqual({ changes: true, replaces: [], changed: ["connection"] });
    const newKey = diffWebsite(olds, {
      ...sameInputs,
      connection: { baseUrl: "https://a.example", apiKey: "j" },
    });
    expect(newKey.replaces).toEqual([]);
    const trailingSlashOnly = diffWebsite(olds, {
      ...sameInputs,
      connection: { baseUrl: "https://a.example", apiKey: "k" },
    });
    expect(trailingSlashOnly.changes).toBe(false);
    const apiPathSpelled = diffWebsite(olds, {
      ...sameInputs,
      connection: { baseUrl: "https://a.example/api/v1/", apiKey: "k" },
    });
    expect(apiPathSpelled.changes).toBe(false);
  });

  it("compares the write-only password with the last applied one", () => {
    const protectedState = { ...state, privacy: "password" as const, hasPassword: true, password: "one" };
    const protectedInputs = { ...sameInputs, privacy: "password", password: "one" };
    expect(diffWebsite(protectedState, protectedInputs).changes).toBe(false);
    expect(diffWebsite(protectedState, { ...protectedInputs, password: "two" }).changed).toEqual([
      "password",
    ]);
  });

  it("treats unknown values as changes, and an unknown domain as a replacement", () => {
    expect(diffWebsite(state, { ...sameInputs, email: UNKNOWN }).changed).toEqual(["email"]);
    expect(diffWebsite(state, { ...sameInputs, domain: UNKNOWN }).replaces).toEqual(["domain"]);
  });

  it("treats connection credentials not known yet as a change, for a website recorded without any", () => {
    // Unknown as a whole, the argument has no baseUrl or key to compare: it may name any installation.
    expect(diffWebsite(state, { ...sameInputs, connection: UNKNOWN })).toEqual({
      changes: true,
      replaces: [],
      changed: ["connection"],
    });
  });
});

describe("updatePatch", () => {
  it("sends only the changed fields", () => {
    expect(updatePatch(state, { ...sameInputs, email: true, excludeIps: [] })).toEqual({
      email: true,
      excludeIps: [],
    });
  });

  it("sends favorite only when it changes", () => {
    const favoriteState = { ...state, favorite: true };
    expect(updatePatch(favoriteState, { ...sameInputs, favorite: true, email: true })).toEqual({
      email: true,
    });
    expect(updatePatch(state, { ...sameInputs, favorite: true })).toEqual({ favorite: true });
  });

  it("sends the password with a switch to password privacy", () => {
    expect(updatePatch(state, { ...sameInputs, privacy: "password", password: "pw" })).toEqual({
      privacy: "password",
      password: "pw",
    });
  });

  it("sends the password with a switch to password privacy even when the recorded one is the same", () => {
    // The outputs drop the password beside another privacy, a state edited by hand may keep it;
    // the server may hold another one since: a website that becomes protected is sent it again.
    const formerlyProtected = {
      ...state,
      privacy: "private" as const,
      hasPassword: true,
      password: "pw",
    };
    expect(updatePatch(formerlyProtected, { ...sameInputs, privacy: "password", password: "pw" })).toEqual({
      privacy: "password",
      password: "pw",
    });
  });

  it("sends the password again only when the server needs it", () => {
    const protectedState = { ...state, privacy: "password" as const, hasPassword: true, password: "pw" };
    const protectedInputs = { ...sameInputs, privacy: "password", password: "pw" };
    expect(updatePatch(protectedState, { ...protectedInputs, email: true })).toEqual({ email: true });
    expect(
      updatePatch({ ...protectedState, hasPassword: false }, { ...protectedInputs, email: true }),
    ).toEqual({
      email: true,
      password: "pw",
    });
  });

  it("never puts an argument the API takes only on create into an update", () => {
    expect(updatePatch(state, { ...sameInputs, domain: "example.org", email: true })).toEqual({
      email: true,
    });
  });

  it("never sends an omitted write-only argument", () => {
    const { excludeParams: _omitted, ...withoutParams } = sameInputs;
    expect(updatePatch({ ...state, excludeParams: undefined }, { ...withoutParams, email: true })).toEqual({
      email: true,
    });
    // Strictly: a key holding undefined would count, and callers send an update when a patch has keys.
    expect(
      updatePatch({ ...state, privacy: "private" }, { ...sameInputs, privacy: "password" }),
    ).toStrictEqual({
      privacy: "password",
    });
  });

  it("sends nothing for changes the API does not hold", () => {
    expect(updatePatch(state, { ...sameInputs, adoptExisting: true, connection: { apiKey: "k" } })).toEqual(
      {},
    );
  });
});

describe("passwordGap", () => {
  it("names the new website, or the recorded one by id and domain, that has no password to keep", () => {
    const wanted = { ...sameInputs, privacy: "password" };
    expect(passwordGap({}, wanted)).toBe(
      `privacy "password" needs a password and the new website example.com has none: give the password argument (1 to 128 characters).`,
    );
    expect(passwordGap({ ...state, hasPassword: false }, wanted)).toBe(
      `privacy "password" needs a password and website 7 (example.com) has none: give the password argument (1 to 128 characters).`,
    );
  });

  it("finds none when a password is given or the server holds one", () => {
    expect(passwordGap({}, { ...sameInputs, privacy: "password", password: "pw" })).toBeUndefined();
    expect(
      passwordGap({ ...state, hasPassword: true }, { ...sameInputs, privacy: "password" }),
    ).toBeUndefined();
    expect(passwordGap({}, sameInputs)).toBeUndefined();
  });
});
