// Whether an excluded-IP entry covers a required range (policy/ip-cover.ts), at the edges the
// required-excluded-ips rule meets: entries as users write them, entries that are no address,
// narrower ranges that start where the required one starts, and the two families apart.
import { describe, expect, it } from "vitest";
import { coversRange, uncoveredRanges } from "../../../policy/ip-cover";

describe("coversRange", () => {
  it("reads an entry as written, spaces around it included", () => {
    expect(coversRange(" 10.0.0.0/8 ", "10.1.0.0/16")).toBe(true);
    expect(coversRange("10.0.0.0/8", " 10.1.2.3 ")).toBe(true);
  });

  it("covers nothing with an entry, or for a requirement, that is no address", () => {
    expect(coversRange("not-an-address", "10.0.0.1")).toBe(false);
    expect(coversRange("10.0.0.0/8", "not-an-address")).toBe(false);
    expect(coversRange("not-an-address", "also-not")).toBe(false);
  });

  it("a narrower range starting at the same address does not cover the wider one", () => {
    expect(coversRange("10.0.0.0/16", "10.0.0.0/8")).toBe(false);
    expect(coversRange("2001:db8::/64", "2001:db8::/32")).toBe(false);
  });

  it("an address alone is one address: an IPv6 address does not cover its /64", () => {
    expect(coversRange("2001:db8::1", "2001:db8::/64")).toBe(false);
    expect(coversRange("2001:db8::", "2001:db8::")).toBe(true);
    expect(coversRange("10.0.0.0", "10.0.0.0/24")).toBe(false);
  });

  it("never covers across families, not even with the widest range", () => {
    expect(coversRange("::/0", "10.0.0.1")).toBe(false);
    expect(coversRange("0.0.0.0/0", "::1")).toBe(false);
    expect(coversRange("0.0.0.0/0", "10.0.0.1")).toBe(true);
  });

  it("lists the required ranges no entry covers, in their order", () => {
    expect(uncoveredRanges(["10.0.0.0/8"], ["192.0.2.0/24", "10.1.0.0/16", "198.51.100.7"])).toEqual([
      "192.0.2.0/24",
      "198.51.100.7",
    ]);
  });
});
