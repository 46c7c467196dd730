import { describe, expect, it } from "vitest";
import { domainProblem, ipProblem, normalizeDomain } from "../../sdk";

describe("normalizeDomain", () => {
  it.each([
    ["example.com", "example.com"],
    ["  Example.COM  ", "example.com"],
    ["http://example.com", "example.com"],
    ["HTTPS://Example.com", "example.com"],
    ["www.example.com", "example.com"],
    ["https://www.example.com", "example.com"],
    // Only a leading www. triggers the removal, and then every www. goes (the server does that).
    ["www.shop.www.example.com", "shop.example.com"],
    ["shop.www.example.com", "shop.www.example.com"],
    ["wwwexample.com", "wwwexample.com"],
    ["example.com/", "example.com/"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});

describe("domainProblem", () => {
  it.each([
    "example.com",
    "sub.example.co.uk",
    "example.com.",
    "xn--bcher-kva.example",
    "a-b.c0m",
    "1.2.3.4",
    "255.255.255.255",
    "123.example.com",
    `${"a".repeat(63)}.com`,
  ])("accepts %s", (domain) => {
    expect(domainProblem(domain)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    ["localhost", /localhost/],
    ["localhost.", /localhost/],
    ["example.com:8080", /port/],
    ["example.com/", /path/],
    ["example.com/blog", /path/],
    ["example", /at least one dot/],
    ["example.123", /ends in a number/],
    ["1.2.3.256", /IPv4/],
    ["1.2.3", /IPv4/],
    ["1.2.3.4.", /IPv4/],
    ["-example.com", /hyphen/],
    ["example-.com", /hyphen/],
    ["exa_mple.com", /letters, digits and hyphens/],
    ["ex ample.com", /letters, digits and hyphens/],
    ["example..com", /empty part/],
    [".example.com", /empty part/],
    [`${"a".repeat(64)}.com`, /at most 63/],
    [`${"abc.".repeat(64)}com`, /at most 255/],
  ])("rejects %j with a reason", (domain, reason) => {
    const problem = domainProblem(domain);
    expect(problem).toMatch(reason);
    // Reasons are sentences a person can act on.
    expect(problem).toMatch(/^[A-Za-z"].*[.]$/);
  });
});

describe("ipProblem", () => {
  it.each([
    "192.0.2.1",
    "10.0.0.0/8",
    "0.0.0.0/0",
    "203.0.113.0/32",
    "::1",
    "2001:db8::/32",
    "2001:db8::1/128",
  ])("accepts %s", (entry) => {
    expect(ipProblem(entry)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    ["example.com", /not an IPv4 or IPv6/],
    ["300.1.1.1", /not an IPv4 or IPv6/],
    ["1.2.3.4/33", /0 to 32/],
    ["2001:db8::/129", /0 to 128/],
    ["10.0.0.0/x", /prefix length/],
    ["10.0.0.0/8/8", /not an IPv4 or IPv6/],
    [" 1.2.3.4", /spaces/],
    ["1.2.3.4\n5.6.7.8", /line breaks/],
    ["fe80::1%eth0", /zone/],
  ])("rejects %j", (entry, reason) => {
    expect(ipProblem(entry)).toMatch(reason);
  });
});
