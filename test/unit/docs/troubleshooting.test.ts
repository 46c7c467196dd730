// docs/troubleshooting.md is held to the messages the code gives: the checks at preview, the
// settings and credentials, the network and certificate failures. Each message is made here by
// the real code from bad input (the same functions the provider, the plugin and the commands
// call), and each section of the page must quote exactly the messages made for it: a message
// reworded in the code, or a quote edited on the page, fails here until both say the same. The
// server's answers, plan limits and drift's refusals need the emulator or a git repository:
// test/integration/docs/troubleshooting.test.ts holds those sections the same way.
import { describe, expect, it } from "vitest";
import { clientOptionsOf } from "../../../core/clients";
import { checkArguments } from "../../../core/functions";
import { namespacedLookup, resolveSettings } from "../../../core/settings";
import type { ProviderSettings } from "../../../core/settings";
import { checkWebsiteInputs } from "../../../core/website-check";
import { atProxy, atProxyCertificate, describeConnectionFailure } from "../../../sdk/connection-failures";
import { proxyEndpoint } from "../../../sdk/connection-rules";
import { quotedMessages, troubleshootingSections } from "../../support/troubleshooting-page";

const KEY = "troubleshooting-key-".padEnd(64, "0");

/** The reasons a Website's check gives for these arguments, as the engine prints them. */
function checkReasons(news: Record<string, unknown>): string[] {
  return checkWebsiteInputs(news).failures.map((failure) => failure.reason);
}

/** The message of what `run` throws. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

const fromStack = (values: Record<string, string>): ProviderSettings =>
  resolveSettings(
    namespacedLookup((key) => values[key]),
    {},
  );

/** How a failure to reach the installation is worded, through the proxy given. */
const connectionFailure = (code: string, message: string, proxyUrl?: string, fields = {}) =>
  describeConnectionFailure(
    "https://stats.example.com",
    proxyUrl === undefined ? undefined : proxyEndpoint(proxyUrl),
    Object.assign(new Error(message), { code, ...fields }),
    code,
  ).detail;

/** The messages of each section this tier holds, made by the code. */
const sections: Record<string, () => string[]> = {
  "## Checks at preview": () => [
    ...checkReasons({ domain: "exa mple.com" }),
    ...checkReasons({ domain: "example.com", password: "hunter2-pass" }),
    ...checkReasons({ domain: "example.com", privacy: "password" }),
    ...checkReasons({ domain: "example.com", privacy: "secret" }),
    ...checkReasons({ domain: "example.com", excludeIps: ["10.0.0.300"] }),
    ...checkReasons({ domain: "example.com", excludeParams: ["utm_source", "utm_source"] }),
    ...checkReasons({ domain: "example.com", privcy: "private" }),
    thrown(() => checkArguments("getWebsites", { sortBy: "name" })),
    thrown(() => checkArguments("getWebsiteStats", { id: 12, from: "2026-06-31", to: "2026-07-31" })),
  ],
  "## Settings and credentials": () => [
    thrown(() => clientOptionsOf({})),
    thrown(() => clientOptionsOf(fromStack({ "webstats:baseUrl": "https://stats.example.com" }))),
    thrown(() => resolveSettings(() => undefined, { WEBSTATS_REQUESTS_PER_MINUTE: "fast" })),
    thrown(() =>
      clientOptionsOf(
        resolveSettings(() => undefined, {
          WEBSTATS_BASE_URL: "http://stats.example.com",
          WEBSTATS_API_KEY: KEY,
        }),
      ),
    ),
    thrown(() => fromStack({ "webstats:caCertFile": "/etc/ssl/company-root.pem" })),
  ],
  "## Networks and certificates": () => [
    connectionFailure("UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify the first certificate"),
    connectionFailure("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"),
    connectionFailure("ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames"),
    connectionFailure("CERT_HAS_EXPIRED", "certificate has expired"),
    connectionFailure(
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "self-signed certificate",
      "https://user:password@proxy.example.com:3128",
      { [atProxyCertificate]: "https://***@proxy.example.com:3128" },
    ),
    connectionFailure(
      "UND_ERR_PRX_TLS",
      "secure proxy connection failed",
      "https://user:password@proxy.example.com:3128",
      {
        [atProxy]: true,
        cause: Object.assign(new Error("Hostname/IP does not match certificate's altnames"), {
          code: "ERR_TLS_CERT_ALTNAME_INVALID",
          [atProxyCertificate]: "https://***@proxy.example.com:3128",
        }),
      },
    ),
    connectionFailure(
      "ECONNREFUSED",
      "connect ECONNREFUSED 10.9.8.7:3128",
      "http://user:password@10.9.8.7:3128",
      { address: "10.9.8.7", port: 3128 },
    ),
    connectionFailure(
      "UND_ERR_ABORTED",
      "Proxy response (407) !== 200 when HTTP Tunneling",
      "http://proxy.example.com:3128",
    ),
    connectionFailure(
      "UND_ERR_ABORTED",
      "Proxy response (403) !== 200 when HTTP Tunneling",
      "http://proxy.example.com:3128",
    ),
  ],
};

describe("docs/troubleshooting.md: the messages made without a server", () => {
  it("has the sections this test and the integration test hold, and no other", () => {
    expect(troubleshootingSections()).toEqual([
      "## Checks at preview",
      "## Settings and credentials",
      "## Networks and certificates",
      "## The server's answers",
      "## Plan limits",
      "## Drift's refusals",
      "## Verbose output",
    ]);
  });

  it.each(Object.keys(sections))("%s: quotes each message the code gives, and only those", (section) => {
    const produced = sections[section]!();
    // Each bad input above makes a message (a check that stopped failing would drop one).
    expect(produced.every((message) => message.length > 0)).toBe(true);
    expect(quotedMessages(section)).toEqual(produced);
  });

  it("writes no secret into a message it quotes", () => {
    for (const section of Object.keys(sections)) {
      for (const message of quotedMessages(section)) {
        expect(message).not.toContain("hunter2-pass");
        expect(message).not.toContain(KEY);
        expect(message).not.toContain("user:password@10.9.8.7");
      }
    }
  });
});
