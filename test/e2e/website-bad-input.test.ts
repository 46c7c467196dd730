// Bad arguments through the real engine: every case fails at preview, before any request, with a
// reason that names the argument and the fix, and no secret value is printed. The engine stops a
// preview at the first check failure, so each case is a preview of its own, a few at a time.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { program, scenarioHosts } from "./programs";

const password = "pw-in-clear-3c9e";
const apiKey = "key-in-clear-77d1";

/** [case, Website arguments as a JavaScript expression, what the failure must say] */
const cases: [string, string, RegExp][] = [
  ["empty domain", `{ domain: "" }`, /domain is required/],
  ["no domain", `{ privacy: "private" }`, /domain is required/],
  ["no arguments at all", `{}`, /domain is required/],
  ["localhost", `{ domain: "localhost" }`, /"localhost" is not a valid domain: localhost cannot be tracked/],
  ["a port", `{ domain: "example.com:8080" }`, /"example.com:8080" is not a valid domain: .*port/],
  ["a path", `{ domain: "example.com/blog" }`, /"example.com\/blog" is not a valid domain: .*path/],
  ["no dot", `{ domain: "intranet" }`, /"intranet" is not a valid domain: .*at least one dot/],
  [
    "numeric last label",
    `{ domain: "example.123" }`,
    /"example.123" is not a valid domain: .*ends in a number/,
  ],
  ["leading hyphen", `{ domain: "-bad.example.com" }`, /"-bad.example.com" is not a valid domain: .*hyphen/],
  [
    "underscore",
    `{ domain: "exa_mple.com" }`,
    /"exa_mple.com" is not a valid domain: .*letters, digits and hyphens/,
  ],
  ["overlong label", `{ domain: "${"a".repeat(64)}.com" }`, /at most 63 are allowed between dots/],
  ["overlong domain", `{ domain: "${"abcd.".repeat(52)}com" }`, /at most 255 are allowed/],
  ["international name", `{ domain: "bücher.example" }`, /Use its ASCII form "xn--bcher-kva.example"/],
  ["another scheme", `{ domain: "ftp://example.com" }`, /"ftp:\/\/example.com" is not a valid domain/],
  ["bad IPv4", `{ domain: "192.0.2.300" }`, /"192.0.2.300" is not a valid domain: .*IPv4/],
  ["IPv4 with leading zero", `{ domain: "010.0.0.1" }`, /"010.0.0.1" is not a valid domain: .*leading zeros/],
  ["empty label", `{ domain: "example..com" }`, /"example..com" is not a valid domain: .*empty part/],
  ["IPv6 address", `{ domain: "::1" }`, /"::1" is not a valid domain/],
  ["domain not a string", `{ domain: 42 }`, /domain must be a host name such as "example.com", not 42/],
  [
    "unknown privacy",
    `{ domain: "a.example.com", privacy: "secret" }`,
    /privacy must be one of "public", "private" or "password", not "secret"/,
  ],
  ["privacy as a number", `{ domain: "a.example.com", privacy: 2 }`, /privacy must be one of .* not 2/],
  [
    "protected new site without password",
    `{ domain: "a.example.com", privacy: "password" }`,
    /password is required when privacy is "password" for a new website/,
  ],
  [
    "password with public privacy",
    `{ domain: "a.example.com", password: "${password}" }`,
    /password is only used when privacy is "password" \(privacy is "public"\)/,
  ],
  [
    "overlong password",
    `{ domain: "a.example.com", privacy: "password", password: "${password}${"x".repeat(130)}" }`,
    /password must be a string of 1 to 128 characters/,
  ],
  [
    "password not a string",
    `{ domain: "a.example.com", privacy: "password", password: 1234 }`,
    /password must be a string of 1 to 128 characters/,
  ],
  [
    "email not a boolean",
    `{ domain: "a.example.com", email: "yes" }`,
    /email must be true or false, not "yes"/,
  ],
  [
    "excludeBots as a number",
    `{ domain: "a.example.com", excludeBots: 1 }`,
    /excludeBots must be true or false, not 1/,
  ],
  [
    "favorite as text",
    `{ domain: "a.example.com", favorite: "true" }`,
    /favorite must be true or false, not "true"/,
  ],
  [
    "adoptExisting as text",
    `{ domain: "a.example.com", adoptExisting: "no" }`,
    /adoptExisting must be true or false, not "no"/,
  ],
  [
    "IP out of range",
    `{ domain: "a.example.com", excludeIps: ["300.1.1.1"] }`,
    /The IP entry "300.1.1.1" is not an IPv4 or IPv6 address/,
  ],
  [
    "IPv4 prefix too long",
    `{ domain: "a.example.com", excludeIps: ["10.0.0.0/33"] }`,
    /"10.0.0.0\/33" has an invalid prefix length/,
  ],
  [
    "IPv6 prefix too long",
    `{ domain: "a.example.com", excludeIps: ["2001:db8::/129"] }`,
    /"2001:db8::\/129" has an invalid prefix length/,
  ],
  ["IPv6 zone", `{ domain: "a.example.com", excludeIps: ["fe80::1%eth0"] }`, /has a zone suffix/],
  [
    "two IPs in one entry",
    `{ domain: "a.example.com", excludeIps: ["192.0.2.1\\n192.0.2.2"] }`,
    /contains spaces or line breaks: put one address or range per entry/,
  ],
  [
    "duplicate IPs",
    `{ domain: "a.example.com", excludeIps: ["192.0.2.1", "192.0.2.1"] }`,
    /"192.0.2.1" is listed twice in excludeIps/,
  ],
  [
    "empty IP entry",
    `{ domain: "a.example.com", excludeIps: ["192.0.2.1", ""] }`,
    /excludeIps has an empty entry; remove it/,
  ],
  [
    "IPs as text",
    `{ domain: "a.example.com", excludeIps: "192.0.2.1" }`,
    /excludeIps must be a list of strings/,
  ],
  [
    "IPs as numbers",
    `{ domain: "a.example.com", excludeIps: [1, 2] }`,
    /excludeIps must be a list of strings/,
  ],
  [
    "parameter with a space",
    `{ domain: "a.example.com", excludeParams: ["utm source"] }`,
    /"utm source" is not a query parameter name/,
  ],
  [
    "parameter with a value",
    `{ domain: "a.example.com", excludeParams: ["ref=1"] }`,
    /"ref=1" is not a query parameter name/,
  ],
  [
    "two parameters in one entry",
    `{ domain: "a.example.com", excludeParams: ["ref\\nutm"] }`,
    /is not a query parameter name/,
  ],
  [
    "duplicate parameters",
    `{ domain: "a.example.com", excludeParams: ["ref", "ref"] }`,
    /"ref" is listed twice in excludeParams/,
  ],
  [
    "empty parameter entry",
    `{ domain: "a.example.com", excludeParams: [""] }`,
    /excludeParams has an empty entry; remove it/,
  ],
  [
    "parameters as an object",
    `{ domain: "a.example.com", excludeParams: {} }`,
    /excludeParams must be a list of strings/,
  ],
  [
    "misspelt argument",
    `{ domain: "a.example.com", privcy: "private" }`,
    /privcy is not an argument of Website \(did you mean privacy\?\)/,
  ],
  [
    "wire spelling of an argument",
    `{ domain: "a.example.com", exclude_bots: false }`,
    /exclude_bots is not an argument of Website \(did you mean excludeBots\?\)/,
  ],
  [
    "base URL without scheme",
    `{ domain: "a.example.com", connection: { baseUrl: "stats.example.com", apiKey: "${apiKey}" } }`,
    /connection\.baseUrl.*starting with http:\/\/ or https:\/\//,
  ],
  [
    "base URL of another scheme",
    `{ domain: "a.example.com", connection: { baseUrl: "ftp://stats.example.com", apiKey: "${apiKey}" } }`,
    /connection\.baseUrl.*must start with http:\/\/ or https:\/\//,
  ],
  [
    "base URL with credentials",
    `{ domain: "a.example.com", connection: { baseUrl: "https://user:${apiKey}@stats.example.com" } }`,
    /remove the user name and password from it/,
  ],
  [
    "unknown connection key",
    `{ domain: "a.example.com", connection: { token: "${apiKey}" } }`,
    /connection takes only baseUrl and apiKey, both strings/,
  ],
];

/**
 * Through the provider plugin, programs use the Node.js SDK generated from the schema, which acts
 * first on a few cases: it requires `domain` itself, and sends the plugin only the arguments the
 * schema declares (TypeScript refuses any other at compile time: language-sdk-nodejs.test.ts).
 */
const throughGeneratedSdk: Record<string, RegExp | "dropped by the SDK"> = {
  "no domain": /Missing required property 'domain'/,
  "no arguments at all": /Missing required property 'domain'/,
  "misspelt argument": "dropped by the SDK",
  "wire spelling of an argument": "dropped by the SDK",
};

describeEngine.each(scenarioHosts)("bad Website arguments at preview through the %s host", (host) => {
  const fixture = useEngineFixture(undefined, undefined, host);

  it(`refuses all ${cases.length} cases at preview, naming the argument, without a request or a secret`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    fixture.emulator.resetRequestCounts();
    const outputs: string[] = [];
    const failures: string[] = [];
    const pending = [...cases.entries()];
    const previewOne = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const [i, [label, args, hostless]] = next;
        const reason = (host === "plugin" && throughGeneratedSdk[label]) || hostless;
        const stack = fixture.stack(program(`  new webstats.Website("case-${i}", ${args});\n  return {};`));
        const preview = await stack.preview({ allowFailure: true });
        outputs.push(preview.output);
        if (reason === "dropped by the SDK") {
          if (!preview.ok) failures.push(`${label}: the SDK should drop it, but: ${preview.output}`);
        } else if (preview.ok) failures.push(`${label}: the preview succeeded`);
        else if (!reason.test(preview.output)) failures.push(`${label}: ${preview.output}`);
      }
    };
    // Four previews at a time: each starts the engine and a provider.
    await Promise.all([previewOne(), previewOne(), previewOne(), previewOne()]);
    expect(failures).toEqual([]);
    const everything = outputs.join("\n");
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(apiKey);
    expect(Object.values(fixture.emulator.requestCounts()).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("refuses a Website without credentials at preview, naming every way to give them", async () => {
    const stack = fixture.stack(
      program(`new webstats.Website("site", { domain: "${uniqueDomain()}" }); return {};`),
      undefined,
      {
        config: {},
      },
    );
    const preview = await stack.preview({ allowFailure: true });
    expect(preview.ok).toBe(false);
    expect(preview.output).toMatch(/No address of the Website Statistics Service installation/);
    expect(preview.output).toMatch(/WEBSTATS_BASE_URL[\s\S]*webstats:baseUrl[\s\S]*connection\.baseUrl/);
  });
});
