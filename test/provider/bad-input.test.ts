// Bad Website arguments through both hosts, as the engine checks them at preview: every case is
// refused by the host's Check, with a failure that names the argument (as the failure's property,
// or, when the engine must not print the value, in the reason) and says how to fix it; nothing
// reaches the API; and no secret (a password, an API key, a connection) shows in a failure, in
// what the host returns outside what the engine keeps secret, in its logged messages or on its
// standard error. Check is the host's alone, so the whole table runs here; how the engine prints
// a failure (and that it prints no secret) is the engine's, shown by test/e2e/website-bad-input.
import { expect, it } from "vitest";
import { hosts, isSecret, secret } from "./engine-processes";
import type { Host } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";
import { secretArguments } from "./secret-leaks";

type Props = Record<string, unknown>;

const password = "pw-in-clear-3c9e";
const apiKey = "key-in-clear-77d1";

/** The argument a failure is about, and the property the engine is told: the argument itself. */
const on = (argument: string) => ({ argument, property: argument });
/** ...or "" (the whole resource): the argument is secret, omitted or no argument at all. */
const about = (argument: string) => ({ argument, property: "" });

/**
 * [case, the Website's arguments as the engine sends them (a program's secret arguments marked
 * secret), what the failure is about, what it says is wrong, the fix it gives]
 */
const cases: [string, Props, { argument: string; property: string }, RegExp, RegExp][] = [
  ["empty domain", { domain: "" }, on("domain"), /domain is required/, /host name, e\.g\. "example\.com"/],
  ["no domain", { privacy: "private" }, about("domain"), /domain is required/, /e\.g\. "example\.com"/],
  ["no arguments at all", {}, about("domain"), /domain is required/, /e\.g\. "example\.com"/],
  [
    "localhost",
    { domain: "localhost" },
    on("domain"),
    /"localhost" is not a valid domain: localhost cannot be tracked/,
    /use the public host name of the website/,
  ],
  [
    "a port",
    { domain: "example.com:8080" },
    on("domain"),
    /"example.com:8080" is not a valid domain: .*port/,
    /give only the host name, without ":"/,
  ],
  [
    "a path",
    { domain: "example.com/blog" },
    on("domain"),
    /"example.com\/blog" is not a valid domain: .*path/,
    /give only the host name, such as example\.com, without "\/"/,
  ],
  [
    "no dot",
    { domain: "intranet" },
    on("domain"),
    /"intranet" is not a valid domain: .*at least one dot/,
    /such as example\.com/,
  ],
  [
    "numeric last label",
    { domain: "example.123" },
    on("domain"),
    /"example.123" is not a valid domain: .*ends in a number/,
    /the last part must contain a letter/,
  ],
  [
    "leading hyphen",
    { domain: "-bad.example.com" },
    on("domain"),
    /"-bad.example.com" is not a valid domain: .*hyphen/,
    /may not start or end with a hyphen/,
  ],
  [
    "underscore",
    { domain: "exa_mple.com" },
    on("domain"),
    /"exa_mple.com" is not a valid domain: .*letters, digits and hyphens/,
    /may only contain letters, digits and hyphens/,
  ],
  [
    "overlong label",
    { domain: `${"a".repeat(64)}.com` },
    on("domain"),
    /is 64 characters long/,
    /at most 63 are allowed between dots/,
  ],
  [
    "overlong domain",
    { domain: `${"abcd.".repeat(52)}com` },
    on("domain"),
    /The domain is 263 characters long/,
    /at most 255 are allowed/,
  ],
  [
    "international name",
    { domain: "bücher.example" },
    on("domain"),
    /"bücher.example" is not a valid domain/,
    /Use its ASCII form "xn--bcher-kva.example"/,
  ],
  [
    "another scheme",
    { domain: "ftp://example.com" },
    on("domain"),
    /"ftp:\/\/example.com" is not a valid domain/,
    /give only the host name/,
  ],
  [
    "bad IPv4",
    { domain: "192.0.2.300" },
    on("domain"),
    /"192.0.2.300" is not a valid domain: .*IPv4/,
    /use four numbers from 0 to 255/,
  ],
  [
    "IPv4 with leading zero",
    { domain: "010.0.0.1" },
    on("domain"),
    /"010.0.0.1" is not a valid domain/,
    /without leading zeros/,
  ],
  [
    "empty label",
    { domain: "example..com" },
    on("domain"),
    /"example..com" is not a valid domain: .*empty part/,
    /remove the leading or doubled dot/,
  ],
  ["IPv6 address", { domain: "::1" }, on("domain"), /"::1" is not a valid domain/, /give only the host name/],
  [
    "domain not a string",
    { domain: 42 },
    on("domain"),
    /domain must be .*, not 42/,
    /a host name such as "example.com"/,
  ],
  [
    "unknown privacy",
    { domain: "a.example.com", privacy: "secret" },
    on("privacy"),
    /privacy must be one of .*, not "secret"/,
    /one of "public", "private" or "password"/,
  ],
  [
    "privacy as a number",
    { domain: "a.example.com", privacy: 2 },
    on("privacy"),
    /privacy must be one of .* not 2/,
    /one of "public", "private" or "password"/,
  ],
  [
    "protected new site without password",
    { domain: "a.example.com", privacy: "password" },
    about("password"),
    /password is required when privacy is "password" for a new website/,
    /1 to 128 characters\). To take over an existing website and keep its password, set adoptExisting/,
  ],
  [
    "password with public privacy",
    { domain: "a.example.com", password: secret(password) },
    about("password"),
    /password is only used when privacy is "password" \(privacy is "public"\)/,
    /remove password or set privacy = "password"/,
  ],
  [
    "overlong password",
    { domain: "a.example.com", privacy: "password", password: secret(`${password}${"x".repeat(130)}`) },
    about("password"),
    /password must be/,
    /a string of 1 to 128 characters/,
  ],
  [
    "password not a string",
    { domain: "a.example.com", privacy: "password", password: secret(1234) },
    about("password"),
    /password must be/,
    /a string of 1 to 128 characters/,
  ],
  [
    "email not a boolean",
    { domain: "a.example.com", email: "yes" },
    on("email"),
    /email must be .*, not "yes"/,
    /true or false/,
  ],
  [
    "excludeBots as a number",
    { domain: "a.example.com", excludeBots: 1 },
    on("excludeBots"),
    /excludeBots must be .*, not 1/,
    /true or false/,
  ],
  [
    "favorite as text",
    { domain: "a.example.com", favorite: "true" },
    on("favorite"),
    /favorite must be .*, not "true"/,
    /true or false/,
  ],
  [
    "adoptExisting as text",
    { domain: "a.example.com", adoptExisting: "no" },
    on("adoptExisting"),
    /adoptExisting must be .*, not "no"/,
    /true or false/,
  ],
  [
    "IP out of range",
    { domain: "a.example.com", excludeIps: ["300.1.1.1"] },
    on("excludeIps"),
    /The IP entry "300.1.1.1" is not an IPv4 or IPv6 address/,
    /such as 203\.0\.113\.7, 203\.0\.113\.0\/24 or 2001:db8::\/32/,
  ],
  [
    "IPv4 prefix too long",
    { domain: "a.example.com", excludeIps: ["10.0.0.0/33"] },
    on("excludeIps"),
    /"10.0.0.0\/33" has an invalid prefix length/,
    /use a whole number from 0 to 32 for IPv4/,
  ],
  [
    "IPv6 prefix too long",
    { domain: "a.example.com", excludeIps: ["2001:db8::/129"] },
    on("excludeIps"),
    /"2001:db8::\/129" has an invalid prefix length/,
    /use a whole number from 0 to 128 for IPv6/,
  ],
  [
    "IPv6 zone",
    { domain: "a.example.com", excludeIps: ["fe80::1%eth0"] },
    on("excludeIps"),
    /has a zone suffix/,
    /remove it/,
  ],
  [
    "two IPs in one entry",
    { domain: "a.example.com", excludeIps: ["192.0.2.1\n192.0.2.2"] },
    on("excludeIps"),
    /contains spaces or line breaks/,
    /put one address or range per entry/,
  ],
  [
    "duplicate IPs",
    { domain: "a.example.com", excludeIps: ["192.0.2.1", "192.0.2.1"] },
    on("excludeIps"),
    /"192.0.2.1" is listed twice in excludeIps/,
    /list each entry once/,
  ],
  [
    "empty IP entry",
    { domain: "a.example.com", excludeIps: ["192.0.2.1", ""] },
    on("excludeIps"),
    /excludeIps has an empty entry/,
    /remove it/,
  ],
  [
    "IPs as text",
    { domain: "a.example.com", excludeIps: "192.0.2.1" },
    on("excludeIps"),
    /excludeIps must be/,
    /a list of strings/,
  ],
  [
    "IPs as numbers",
    { domain: "a.example.com", excludeIps: [1, 2] },
    on("excludeIps"),
    /excludeIps must be/,
    /a list of strings/,
  ],
  [
    "parameter with a space",
    { domain: "a.example.com", excludeParams: ["utm source"] },
    on("excludeParams"),
    /"utm source" is not a query parameter name/,
    /use the bare name \(e\.g\. "utm_source"\), or "&" to drop every parameter/,
  ],
  [
    "parameter with a value",
    { domain: "a.example.com", excludeParams: ["ref=1"] },
    on("excludeParams"),
    /"ref=1" is not a query parameter name/,
    /use the bare name/,
  ],
  [
    "two parameters in one entry",
    { domain: "a.example.com", excludeParams: ["ref\nutm"] },
    on("excludeParams"),
    /is not a query parameter name/,
    /use the bare name/,
  ],
  [
    "duplicate parameters",
    { domain: "a.example.com", excludeParams: ["ref", "ref"] },
    on("excludeParams"),
    /"ref" is listed twice in excludeParams/,
    /list each entry once/,
  ],
  [
    "empty parameter entry",
    { domain: "a.example.com", excludeParams: [""] },
    on("excludeParams"),
    /excludeParams has an empty entry/,
    /remove it/,
  ],
  [
    "parameters as an object",
    { domain: "a.example.com", excludeParams: {} },
    on("excludeParams"),
    /excludeParams must be/,
    /a list of strings/,
  ],
  [
    "misspelt argument",
    { domain: "a.example.com", privcy: "private" },
    about("privcy"),
    /privcy is not an argument of Website/,
    /\(did you mean privacy\?\); remove it or correct its name/,
  ],
  [
    "wire spelling of an argument",
    { domain: "a.example.com", exclude_bots: false },
    about("exclude_bots"),
    /exclude_bots is not an argument of Website/,
    /\(did you mean excludeBots\?\); remove it or correct its name/,
  ],
  [
    "base URL without scheme",
    { domain: "a.example.com", connection: secret({ baseUrl: "stats.example.com", apiKey }) },
    about("connection"),
    /Invalid base URL "stats.example.com" \(connection\.baseUrl\)/,
    /give the installation's address starting with http:\/\/ or https:\/\//,
  ],
  [
    "base URL of another scheme",
    { domain: "a.example.com", connection: secret({ baseUrl: "ftp://stats.example.com", apiKey }) },
    about("connection"),
    /Invalid base URL "ftp:\/\/stats.example.com" \(connection\.baseUrl\)/,
    /it must start with http:\/\/ or https:\/\//,
  ],
  [
    "base URL with credentials",
    { domain: "a.example.com", connection: secret({ baseUrl: `https://user:${apiKey}@stats.example.com` }) },
    about("connection"),
    /Invalid base URL \(connection\.baseUrl\)/,
    /remove the user name and password from it; authentication uses the API key/,
  ],
  [
    "unknown connection key",
    { domain: "a.example.com", connection: secret({ token: apiKey }) },
    about("connection"),
    /connection takes only baseUrl, apiKey, proxyUrl, caCertFile, skipTlsVerify, allowHttp/,
    /\(skipTlsVerify and allowHttp true or false, the others strings\)/,
  ],
];

/**
 * What a host's check returned, with what the engine keeps secret left out: the plugin's secret
 * markers; for the dynamic host (which receives plain values and returns them plain), the secret
 * arguments' own keys, which the engine marks secret again because the program sent them secret.
 */
function outsideSecrets(host: Host, inputs: Props): Props {
  return Object.fromEntries(
    Object.entries(inputs).filter(([key, value]) =>
      host === "plugin" ? !isSecret(value) : !secretArguments.includes(key),
    ),
  );
}

const emulator = useSharedEmulator();

const requestsMade = () => Object.values(emulator().requestCounts()).reduce((a, b) => a + b, 0);

it.each(hosts)(
  `%s host: refuses all ${cases.length} bad inputs at check, naming the argument and the fix, without a request or a secret`,
  async (host) => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    const account = emulator().createAccount();
    const stack = new ProviderStack(host, { settings: { baseUrl: emulator().url, apiKey: account.apiKey } });
    const secrets = [password, apiKey, account.apiKey];
    emulator().resetRequestCounts();
    const wrong: string[] = [];
    const answers: unknown[] = [];
    // One preview of a program declaring every case: the engine checks each Website.
    const provider = await stack.provider();
    try {
      for (const [i, [label, args, { argument, property }, says, fix]] of cases.entries()) {
        const { inputs, failures } = await stack.check(provider, `case-${i}`, {}, args);
        answers.push(failures, outsideSecrets(host, inputs));
        if (host === "plugin") {
          for (const name of secretArguments)
            if (name in inputs && !isSecret(inputs[name])) wrong.push(`${label}: ${name} returned unmarked`);
        }
        const matching = failures.filter((f) => says.test(f.reason));
        if (matching.length === 0)
          wrong.push(`${label}: no failure says ${says}: ${JSON.stringify(failures)}`);
        for (const failure of matching) {
          if (!fix.test(failure.reason)) wrong.push(`${label}: no fix ${fix}: ${failure.reason}`);
          if (failure.property !== property)
            wrong.push(`${label}: reported on "${failure.property}", not "${property}"`);
          if (property === "" && !failure.reason.includes(argument))
            wrong.push(`${label}: the reason does not name ${argument}: ${failure.reason}`);
        }
      }
      answers.push(provider.notices(), provider.stderr);
    } finally {
      provider.kill();
    }
    expect(wrong).toEqual([]);
    const everything = JSON.stringify(answers);
    for (const value of secrets) expect(everything).not.toContain(value);

    // An up stops at the failed check: nothing is created.
    const [, badPassword] = cases.find(([label]) => label === "overlong password")!;
    const up = await stack.up({ site: badPassword }, { allowFailure: true });
    expect(up.steps).toEqual([]);
    expect(up.error?.message).toMatch(/password must be a string of 1 to 128 characters/);
    for (const value of secrets) expect(`${up.error?.message}\n${up.notices}`).not.toContain(value);
    expect(stack.resources.size).toBe(0);
    expect(requestsMade()).toBe(0);
  },
);

it.each(hosts)(
  "%s host: refuses a Website without credentials at preview, naming every way to give them",
  async (host) => {
    emulator().resetRequestCounts();
    const stack = new ProviderStack(host, { settings: {} });
    const preview = await stack.up(
      { site: { domain: "nocreds.example.com" } },
      { preview: true, allowFailure: true },
    );
    expect(preview.steps).toEqual([]);
    const failures = (preview.error as { failures?: { property: string; reason: string }[] }).failures;
    expect(failures).toHaveLength(1);
    expect(failures![0]!.property).toBe("");
    expect(failures![0]!.reason).toMatch(/No address of the Website Statistics Service installation/);
    expect(failures![0]!.reason).toMatch(
      /WEBSTATS_BASE_URL[\s\S]*webstats:baseUrl[\s\S]*connection\.baseUrl/,
    );
    expect(requestsMade()).toBe(0);
  },
);
