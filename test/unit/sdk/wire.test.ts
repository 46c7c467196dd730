import { describe, expect, it } from "vitest";
import { liveWebsite, wireWebsite } from "../../support/wire-records";
import { normalizeTimestamp } from "../../../sdk/timestamps";
import {
  decodeAccount,
  decodeErrorBody,
  decodeWebsite,
  decodeWebsitePage,
  encodeCreateForm,
  encodeListQuery,
  encodeUpdateForm,
  secretFormValues,
} from "../../../sdk/wire";
import type { WebsiteCreateInput, WebsiteUpdateInput } from "../../../sdk";
import { splitLines } from "../../../sdk/wire-values";

const baseRecord = wireWebsite(7, "example.com");

function websiteFrom(fields: Record<string, unknown>) {
  const decoded = decodeWebsite({ data: { ...baseRecord, ...fields }, status: 200 });
  if (!decoded.ok) throw new Error(decoded.problem);
  return decoded.value;
}

describe("website decoding tolerates every variant the server sends", () => {
  it("maps a GET record to the domain model", () => {
    // Every wire value in the model's own terms: numbers as words and booleans, a null list empty,
    // timestamps to the second.
    expect(websiteFrom({})).toEqual(
      liveWebsite(7, "example.com", { createdAt: "2024-05-01T10:00:00Z", updatedAt: "2024-05-01T10:00:00Z" }),
    );
  });

  it.each([
    [{ id: "7" }, "id", 7],
    [{ privacy: 1 }, "privacy", "private"],
    [{ privacy: "2" }, "privacy", "password"],
    [{ privacy: null }, "privacy", "public"],
    [{ privacy: undefined }, "privacy", "public"],
    [{ email: 1 }, "email", true],
    [{ email: "1" }, "email", true],
    [{ email: "0" }, "email", false],
    [{ email: true }, "email", true],
    [{ email: null }, "email", false],
    [{ exclude_bots: 0 }, "excludeBots", false],
    [{ exclude_bots: "0" }, "excludeBots", false],
    [{ exclude_bots: false }, "excludeBots", false],
    [{ exclude_bots: null }, "excludeBots", true],
    [{ favorite: 1 }, "favorite", true],
    [{ favorite: "1" }, "favorite", true],
    [{ favorite: null }, "favorite", false],
    [{ password: true }, "hasPassword", true],
    [{ password: 1 }, "hasPassword", true],
    [{ password: null }, "hasPassword", false],
    [{ password: "s3cret-text" }, "hasPassword", true],
    [{ exclude_ips: "1.2.3.4\n10.0.0.0/8" }, "excludeIps", ["1.2.3.4", "10.0.0.0/8"]],
    [{ exclude_ips: "1.2.3.4\r\n\r\n 10.0.0.1 \r::1\n" }, "excludeIps", ["1.2.3.4", "10.0.0.1", "::1"]],
    [{ exclude_ips: "" }, "excludeIps", []],
    [{ exclude_ips: null }, "excludeIps", []],
    [{ favorited_at: "2024-05-02 08:09:10" }, "favoritedAt", "2024-05-02T08:09:10Z"],
    [{ favorited_at: "2024-05-02T08:09:10.123456Z" }, "favoritedAt", "2024-05-02T08:09:10Z"],
    [{ created_at: null }, "createdAt", null],
  ])("%j gives %s = %j", (fields, property, expected) => {
    expect(websiteFrom(fields)).toHaveProperty(property, expected);
  });

  it("never keeps a password text that a server might echo", () => {
    expect(JSON.stringify(websiteFrom({ password: "s3cret-text" }))).not.toContain("s3cret-text");
  });

  it("decodes a create echo: form strings, null for omitted fields, unknown fields ignored", () => {
    const website = websiteFrom({
      id: 12,
      privacy: "2",
      email: null,
      exclude_bots: 1,
      exclude_ips: "192.0.2.1",
      favorite: undefined,
      user_id: 3,
      extra: { nested: true },
    });
    expect(website).toMatchObject({ id: 12, privacy: "password", email: false, excludeIps: ["192.0.2.1"] });
    expect(website).not.toHaveProperty("user_id");
  });

  it("accepts a bare record without the data envelope", () => {
    expect(decodeWebsite(baseRecord)).toMatchObject({ ok: true, value: { id: 7 } });
  });

  it.each([
    [{ privacy: 3 }, "data.privacy"],
    [{ id: "seven" }, "data.id"],
    [{ email: "yes" }, "data.email"],
    [{ domain: 5 }, "data.domain"],
  ])("rejects %j and names the field", (fields, where) => {
    const decoded = decodeWebsite({ data: { ...baseRecord, ...fields } });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.problem).toContain(where);
  });
});

describe("list decoding", () => {
  it.each([
    ["numbers", { current_page: 2, last_page: 3, per_page: 100, total: 230 }],
    ["numeric strings", { current_page: "2", last_page: "3", per_page: "100", total: "230" }],
  ])("reads meta given as %s", (_label, meta) => {
    const decoded = decodeWebsitePage({
      data: [baseRecord],
      links: { first: "x", last: "y", prev: null, next: null },
      meta: { ...meta, from: 101, to: 200, path: "/api/v1/websites", links: [] },
      status: 200,
    });
    expect(decoded).toMatchObject({
      ok: true,
      value: { currentPage: 2, lastPage: 3, perPage: 100, total: 230, data: [{ id: 7 }] },
    });
  });

  it("treats a list without meta as one whole page", () => {
    expect(decodeWebsitePage({ data: [baseRecord, { ...baseRecord, id: 8 }] })).toMatchObject({
      ok: true,
      value: { currentPage: 1, lastPage: 1, perPage: 2, total: 2 },
    });
  });
});

describe("account decoding", () => {
  const account = {
    id: "3",
    name: "Ada",
    email: "ada@example.com",
    avatar_url: null,
    locale: "en",
    timezone: null,
    plan: {
      id: 1,
      name: "Default",
      features: { pageviews: -1, websites: "-1", email_reports: 1, data_export: "0", api: true },
    },
    created_at: "2024-01-01 00:00:00",
  };

  it("maps the account and plan features", () => {
    expect(decodeAccount({ data: account, status: 200 })).toEqual({
      ok: true,
      value: {
        id: 3,
        name: "Ada",
        email: "ada@example.com",
        avatarUrl: null,
        locale: "en",
        timezone: null,
        plan: {
          id: 1,
          name: "Default",
          features: { pageviews: -1, websites: -1, emailReports: true, dataExport: false, api: true },
        },
        createdAt: "2024-01-01T00:00:00Z",
      },
    });
  });

  it("accepts a missing plan and missing optional texts", () => {
    const { avatar_url: _a, locale: _l, ...rest } = account;
    expect(decodeAccount({ data: { ...rest, plan: null } })).toMatchObject({
      ok: true,
      value: { plan: null, avatarUrl: null, locale: null },
    });
  });
});

describe("error bodies", () => {
  it("reads field errors from an object-shaped message, with domain-model names", () => {
    expect(decodeErrorBody({ message: { domain: ["Taken."], exclude_bots: ["Bad."] }, status: 422 })).toEqual(
      { message: undefined, fieldErrors: { domain: ["Taken."], excludeBots: ["Bad."] } },
    );
  });

  it("reads Laravel's errors object next to a summary message", () => {
    expect(
      decodeErrorBody({ message: "The given data was invalid.", errors: { exclude_ips: ["Nope."] } }),
    ).toEqual({ message: "The given data was invalid.", fieldErrors: { excludeIps: ["Nope."] } });
  });

  it("names every field a request sends by its model name, and the listing's parameters too", () => {
    const wire = {
      domain: "domain",
      privacy: "privacy",
      password: "password",
      email: "email",
      exclude_bots: "excludeBots",
      exclude_params: "excludeParams",
      exclude_ips: "excludeIps",
      favorite: "favorite",
      per_page: "perPage",
      sort_by: "sortBy",
      search_by: "searchBy",
    };
    const message = Object.fromEntries(Object.keys(wire).map((field) => [field, [`bad ${field}`]]));
    expect(decodeErrorBody({ message, status: 422 }).fieldErrors).toEqual(
      Object.fromEntries(Object.entries(wire).map(([field, name]) => [name, [`bad ${field}`]])),
    );
  });

  it.each([[undefined], ["text"], [[1, 2]], [{ message: 5 }]])("survives %j", (body) => {
    expect(decodeErrorBody(body).fieldErrors).toEqual({});
  });
});

describe("request encoding", () => {
  it("create always sends privacy, email and exclude_bots with their defaults", () => {
    expect(Object.fromEntries(encodeCreateForm({ domain: "example.com" }))).toEqual({
      domain: "example.com",
      privacy: "0",
      email: "0",
      exclude_bots: "1",
    });
  });

  it("create encodes every field", () => {
    const form = encodeCreateForm({
      domain: "example.com",
      privacy: "password",
      password: "pw",
      email: true,
      excludeBots: false,
      excludeParams: ["utm_source", "&"],
      excludeIps: ["1.2.3.4", "10.0.0.0/8"],
    });
    expect(Object.fromEntries(form)).toEqual({
      domain: "example.com",
      privacy: "2",
      password: "pw",
      email: "1",
      exclude_bots: "0",
      exclude_params: "utm_source\n&",
      exclude_ips: "1.2.3.4\n10.0.0.0/8",
    });
    expect(form.toString()).toContain("exclude_params=utm_source%0A%26");
  });

  it("update sends only given fields; an empty list clears", () => {
    expect(
      Object.fromEntries(encodeUpdateForm({ privacy: "private", excludeIps: [], favorite: true })),
    ).toEqual({
      privacy: "1",
      exclude_ips: "",
      favorite: "1",
    });
    expect(Object.fromEntries(encodeUpdateForm({ favorite: false }))).toEqual({ favorite: "0" });
    expect(encodeUpdateForm({}).toString()).toBe("");
  });

  it("create never carries what only an update sends, nor an update the domain", () => {
    const create = { domain: "example.com", favorite: true } as WebsiteCreateInput;
    expect([...encodeCreateForm(create).keys()]).not.toContain("favorite");
    const update = { domain: "other.example", email: true } as WebsiteUpdateInput;
    expect(Object.fromEntries(encodeUpdateForm(update))).toEqual({ email: "1" });
  });

  it("names the password's value as the secret of a form, and nothing else", () => {
    const form = encodeCreateForm({ domain: "example.com", privacy: "password", password: "s3cret" });
    expect(secretFormValues(form)).toEqual(["s3cret"]);
    expect(secretFormValues(encodeUpdateForm({ email: true }))).toEqual([]);
    expect(secretFormValues(undefined)).toEqual([]);
  });

  it("list query uses the server's parameter names and numeric favorite", () => {
    const query = encodeListQuery({
      search: "ex",
      favorite: true,
      sortBy: "domain",
      sort: "asc",
      perPage: 25,
      page: 3,
    });
    expect(query.toString()).toBe("search=ex&favorite=1&sort_by=domain&sort=asc&per_page=25&page=3");
    expect(encodeListQuery({}).toString()).toBe("");
  });

  it("splits lists on CR and LF and drops blank entries", () => {
    expect(splitLines("a\r\nb\rc\n\n d ")).toEqual(["a", "b", "c", "d"]);
  });
});

describe("timestamps", () => {
  it.each([
    ["2024-05-02 08:09:10", "2024-05-02T08:09:10Z"],
    ["2024-05-02T08:09:10.123456Z", "2024-05-02T08:09:10Z"],
    ["2024-05-02T08:09:10Z", "2024-05-02T08:09:10Z"],
    ["2024-05-02T10:09:10+02:00", "2024-05-02T08:09:10Z"],
    ["not a date", "not a date"],
  ])("%s becomes %s", (input, expected) => {
    expect(normalizeTimestamp(input)).toBe(expected);
  });
});
