// The comparison behind `pulumi-webstats drift`: each website's one status, and a field counted as
// changed exactly when the provider's diff after a refresh would count it (same normalisation).
import { describe, expect, it } from "vitest";
import { changesOf, compareAccount, sortEntries } from "../../../../drift/compare/compare";
import { account, liveWebsite as live } from "../../../support/drift-entries";
import { stackWebsite } from "../../../support/recorded-website";

describe("drift: changesOf", () => {
  it("finds nothing where the provider's diff finds nothing", () => {
    // Another spelling of the domain, IP ranges in another order, password and
    // write-only parameters the server never reports: no change after a refresh either.
    const record = stackWebsite(1, "www.Example.com", {
      outputs: {
        excludeIps: ["10.0.0.2", "10.0.0.1"],
        excludeParams: ["utm_source"],
        privacy: "password",
        password: "kept-in-state",
        hasPassword: true,
      },
    });
    const website = live(1, "example.com", {
      excludeIps: ["10.0.0.1", "10.0.0.2"],
      privacy: "password",
      hasPassword: true,
    });
    expect(changesOf(record, website)).toEqual([]);
  });

  it("names each field that differs, with its recorded and live value", () => {
    const website = live(1, "example.com", {
      email: true,
      excludeBots: false,
      excludeIps: ["10.0.0.9"],
      privacy: "private",
    });
    expect(changesOf(stackWebsite(1, "example.com"), website)).toEqual([
      { field: "privacy", recorded: "public", live: "private" },
      { field: "email", recorded: false, live: true },
      { field: "excludeBots", recorded: true, live: false },
      { field: "excludeIps", recorded: [], live: ["10.0.0.9"] },
    ]);
  });

  it("takes a field missing from an older state as its default", () => {
    const record = stackWebsite(1, "example.com");
    delete record.outputs.excludeBots;
    expect(changesOf(record, live(1, "example.com", { excludeBots: false }))).toEqual([
      { field: "excludeBots", recorded: true, live: false },
    ]);
    expect(changesOf(record, live(1, "example.com"))).toEqual([]);
  });
});

describe("drift: compareAccount", () => {
  it("gives every website of the account one status", () => {
    const entries = compareAccount(
      account,
      [
        stackWebsite(1, "same.example.com"),
        stackWebsite(2, "changed.example.com"),
        stackWebsite(3, "gone.example.com"),
        stackWebsite(4, "late.example.com"),
        stackWebsite(5, "twice.example.com", { stack: "a/prod" }),
        stackWebsite(5, "twice.example.com", { stack: "b/prod" }),
      ],
      [
        live(1, "same.example.com"),
        live(2, "changed.example.com", { favorite: true }),
        live(5, "twice.example.com"),
        live(6, "new.example.com"),
      ],
      // 3 and 4 were missing from the listing; the GET found 4 (listed while it was created).
      new Map([
        [3, undefined],
        [4, live(4, "late.example.com")],
      ]),
    );
    expect(Object.fromEntries(entries.map((e) => [e.domain, e.status]))).toEqual({
      "same.example.com": "in-sync",
      "changed.example.com": "changed",
      "gone.example.com": "gone",
      "late.example.com": "in-sync",
      "twice.example.com": "duplicate",
      "new.example.com": "unmanaged",
    });
    const twice = entries.find((e) => e.id === 5);
    expect(twice).toMatchObject({
      stacks: ["a/prod", "b/prod"],
      resources: ["a/prod:twice", "b/prod:twice"],
    });
    expect(entries.find((e) => e.id === 6)).toMatchObject({ stacks: [], resources: [], account });
    expect(entries.find((e) => e.id === 2)?.changes).toEqual([
      { field: "favorite", recorded: false, live: true },
    ]);
  });

  it("calls a website recorded twice in one stack a duplicate", () => {
    const entries = compareAccount(
      account,
      [
        stackWebsite(1, "x.example.com", { stack: "a/prod" }),
        { ...stackWebsite(1, "x.example.com", { stack: "a/prod" }), resource: "copy" },
      ],
      [live(1, "x.example.com")],
      new Map(),
    );
    expect(entries).toMatchObject([
      { status: "duplicate", stacks: ["a/prod"], resources: ["a/prod:copy", "a/prod:x"] },
    ]);
  });

  it("sorts by installation, account and domain", () => {
    const other = { ...account, url: "https://a.example.com" };
    const entries = [
      ...compareAccount(account, [], [live(1, "b.example.com"), live(2, "a.example.com")], new Map()),
      ...compareAccount(other, [], [live(3, "z.example.com")], new Map()),
    ];
    expect(sortEntries(entries).map((e) => e.domain)).toEqual([
      "z.example.com",
      "a.example.com",
      "b.example.com",
    ]);
  });
});
