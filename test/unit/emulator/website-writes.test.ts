import { describe, expect, it } from "vitest";
import { cleanRequestInput, isTruthyFlag } from "../../../emulator/request-input";
import type { StoredWebsite } from "../../../emulator/types";
import { applyWebsiteChanges, buildNewWebsite } from "../../../emulator/website-writes";

const created = new Date("2026-01-02T03:04:05.678Z");
const later = new Date("2026-02-03T04:05:06.789Z");

function website(): StoredWebsite {
  return {
    id: 1,
    ...buildNewWebsite(
      cleanRequestInput({ privacy: "1", email: "0" }),
      "example.com",
      7,
      { nullForOmitted: true },
      created,
    ),
  };
}

describe("request input", () => {
  it("trims strings except passwords and turns empty strings into null", () => {
    expect(
      cleanRequestInput({ domain: "  a.example ", password: " pw ", exclude_ips: "  ", privacy: 1 }),
    ).toEqual({
      domain: "a.example",
      password: " pw ",
      exclude_ips: null,
      privacy: 1,
    });
  });

  it.each([
    ["1", true],
    ["true", true],
    ["ON", true],
    ["yes", true],
    [true, true],
    [1, true],
    ["0", false],
    ["false", false],
    ["", false],
    [null, false],
    ["2", false],
  ] as const)("reads favorite %j as %s", (value, expected) => {
    expect(isTruthyFlag(value)).toBe(expected);
  });
});

describe("website rows", () => {
  it("stores integers and database timestamps on create", () => {
    expect(website()).toMatchObject({
      account_id: 7,
      privacy: 1,
      email: 0,
      exclude_bots: 1,
      favorite: false,
      created_at: "2026-01-02 03:04:05",
      updated_at: "2026-01-02 03:04:05",
    });
  });

  it("keeps updated_at when nothing changes, as the framework's dirty check does", () => {
    const unchanged = applyWebsiteChanges(website(), cleanRequestInput({ privacy: "1" }), later);
    expect(unchanged.updated_at).toBe("2026-01-02 03:04:05");
    const changed = applyWebsiteChanges(website(), cleanRequestInput({ privacy: "2" }), later);
    expect(changed.updated_at).toBe("2026-02-03 04:05:06");
  });

  it("stamps favorited_at again each time a truthy favorite is sent", () => {
    const first = applyWebsiteChanges(website(), cleanRequestInput({ favorite: "1" }), created);
    const second = applyWebsiteChanges(first, cleanRequestInput({ favorite: "true" }), later);
    expect(first.favorited_at).toBe("2026-01-02 03:04:05");
    expect(second).toMatchObject({ favorite: true, favorited_at: "2026-02-03 04:05:06" });
    const cleared = applyWebsiteChanges(second, cleanRequestInput({ favorite: "no" }), later);
    expect(cleared).toMatchObject({ favorite: false, favorited_at: null });
  });

  it("never changes the domain", () => {
    expect(applyWebsiteChanges(website(), cleanRequestInput({ domain: "other.example" }), later).domain).toBe(
      "example.com",
    );
  });
});
