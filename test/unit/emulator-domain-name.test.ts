import { describe, expect, it } from "vitest";
import { isValidDomainName, normalizeDomain } from "../../emulator/domain-name";
import { isIpAddressOrRange, splitListEntries } from "../../emulator/ip-ranges";

describe("normalizeDomain", () => {
  it.each([
    ["Example.COM", "example.com"],
    [" https://example.com ", "example.com"],
    ["HTTP://www.example.com", "example.com"],
    ["www.shop.www.example.com", "shop.example.com"],
    ["shop.www.example.com", "shop.www.example.com"],
    ["ftp://example.com", "ftp://example.com"],
    ["https://https://example.com", "https://example.com"],
  ])("%j becomes %j", (raw, normalized) => {
    expect(normalizeDomain(raw)).toBe(normalized);
  });
});

describe("isValidDomainName", () => {
  it.each([
    "example.com",
    "a.b.c.example",
    "xn--bcher-kva.example",
    "example.com.",
    "10.0.0.1",
    "1-2.io",
    "a.b2",
  ])("accepts %j", (domain) => {
    expect(isValidDomainName(domain)).toBe(true);
  });

  it.each([
    "localhost",
    "example",
    "example.com..",
    ".example.com",
    "example..com",
    "-a.example",
    "a-.example",
    "a_b.example",
    "example.123",
    "256.1.1.1",
    "01.2.3.4",
    "example.com:80",
    "example.com/",
    `${"x".repeat(64)}.com`,
    "::1",
  ])("rejects %j", (domain) => {
    expect(isValidDomainName(domain)).toBe(false);
  });

  it("allows labels of exactly 63 characters", () => {
    expect(isValidDomainName(`${"x".repeat(63)}.com`)).toBe(true);
  });
});

describe("IP lists", () => {
  it("splits on either line-break character and drops empty entries", () => {
    expect(splitListEntries("a\r\nb\rc\n\nd")).toEqual(["a", "b", "c", "d"]);
  });

  it.each(["192.0.2.1", "192.0.2.0/24", "0.0.0.0/0", "2001:db8::1", "2001:db8::/32", "::/0", "10.0.0.0/32"])(
    "accepts %j",
    (entry) => {
      expect(isIpAddressOrRange(entry)).toBe(true);
    },
  );

  it.each([
    "192.0.2.256",
    "192.0.2.0/33",
    "2001:db8::/129",
    "192.0.2.0/",
    "192.0.2.0/abc",
    "host.example",
    " 192.0.2.1",
  ])("rejects %j", (entry) => {
    expect(isIpAddressOrRange(entry)).toBe(false);
  });
});
