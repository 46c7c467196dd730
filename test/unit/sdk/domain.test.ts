import { describe, expect, it } from "vitest";
// Which domains and IP entries are accepted is decided by the shared tables in test/support
// (test/integration/emulator/server-rules-tables.test.ts); here: that each refusal says why.
import { domainProblem } from "../../../sdk/domain";
import { ipProblem } from "../../../sdk/ip";

describe("domainProblem", () => {
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
