// The tracking code through both hosts as the engine drives them: every Website records its
// installation's snippet as the `trackingCode` output, with the server's defaults or the
// provider's tracking settings (the stack's, an explicit provider's); getTrackingCode returns
// the same snippet through the plugin's default and explicit providers, with no request to the
// installation. The dynamic host's functions run in the program: the engine tests show them.
import { beforeAll, describe, expect, it } from "vitest";
import type { EmulatorAccount } from "../../emulator";
import { hosts } from "./engine-processes";
import { ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";
import { uniqueDomain } from "../support/unique-domain";

// Each operation's host runs in this process (in-process-hosts.ts): the snippet and the requests
// are the hosts' and the core's, which a process boundary does not change.
const inProcess = { inProcess: true };

const emulator = useSharedEmulator();
let account: EmulatorAccount;
beforeAll(() => {
  account = emulator().createAccount({ name: "Tracking" });
});

/** The snippet the installation's web interface shows, written out here as its view writes it. */
const snippet = (host: string, dnt: boolean, src: string) =>
  `<script data-host="${host}" data-dnt="${dnt}" src="${src}" id="ZwSg9rf6GA" async defer></script>`;

const cdn = "https://cdn.example.net/analytics/script.js";

/** A stack of the plugin whose Websites go through an explicit provider of the account, with `tracking` settings. */
const explicitProvider = (tracking: Record<string, string>) =>
  new ProviderStack(
    "plugin",
    { explicit: { baseUrl: emulator().url, apiKey: account.apiKey, ...tracking } },
    inProcess,
  );

describe.each(hosts)("%s host", (host) => {
  it("records the installation's snippet as trackingCode, and a new one when the tracking settings change, without a write", async () => {
    const settings = { baseUrl: `${emulator().url}/api/v1/`, apiKey: account.apiKey };
    const stack = new ProviderStack(host, { settings }, inProcess);
    const program = { site: { domain: uniqueDomain(`tc-${host}`) } };
    await stack.up(program);
    expect(stack.get("site").outputs.trackingCode).toBe(
      snippet(emulator().url, false, `${emulator().url}/js/script.js`),
    );

    stack.config = { settings: { ...settings, trackingDoNotTrack: "true", trackingScriptUrl: cdn } };
    emulator().resetRequestCounts();
    expect((await stack.up(program)).steps).toEqual([{ name: "site", op: "update" }]);
    expect(stack.get("site").outputs.trackingCode).toBe(snippet(emulator().url, true, cdn));
    expect(Object.keys(emulator().requestCounts()).filter((call) => !call.startsWith("GET "))).toEqual([]);
    expect((await stack.up(program)).steps).toEqual([{ name: "site", op: "same" }]);
    await stack.refresh();
    expect(stack.get("site").outputs.trackingCode).toBe(snippet(emulator().url, true, cdn));
    await stack.destroy();
  });
});

describe("plugin host: getTrackingCode and an explicit provider", () => {
  it("returns the snippet and its parts through the default and an explicit provider, without a request", async () => {
    const token = "webstats:index:getTrackingCode";
    emulator().resetRequestCounts();
    const byDefault = new ProviderStack(
      "plugin",
      {
        settings: { baseUrl: emulator().url, apiKey: account.apiKey },
      },
      inProcess,
    );
    expect(await byDefault.invoke(token)).toEqual({
      trackingCode: snippet(emulator().url, false, `${emulator().url}/js/script.js`),
      host: emulator().url,
      scriptUrl: `${emulator().url}/js/script.js`,
      doNotTrack: false,
    });
    // No key needed, and a connection's address over the provider's.
    const keyless = new ProviderStack("plugin", { settings: { baseUrl: emulator().url } }, inProcess);
    expect(
      (await keyless.invoke(token, { connection: { baseUrl: "https://stats.example.org/" } })).trackingCode,
    ).toBe(snippet("https://stats.example.org", false, "https://stats.example.org/js/script.js"));
    expect(emulator().requestCounts()).toEqual({});

    const explicit = explicitProvider({ trackingDoNotTrack: "true", trackingScriptUrl: cdn });
    expect(await explicit.invoke(token)).toMatchObject({
      trackingCode: snippet(emulator().url, true, cdn),
      scriptUrl: cdn,
      doNotTrack: true,
    });
    await explicit.up({ site: { domain: uniqueDomain("tc-explicit") } });
    expect(explicit.get("site").outputs.trackingCode).toBe(snippet(emulator().url, true, cdn));
    await explicit.destroy();
  });

  it("refuses a bad tracking setting at the provider's check, naming it", async () => {
    const stack = explicitProvider({ trackingScriptUrl: "cdn.example.net/script.js" });
    await expect(stack.up({ site: { domain: uniqueDomain("tc-bad") } })).rejects.toThrow(
      'trackingScriptUrl of provider explicit must be the tracking script\'s full address, such as https://cdn.example.com/js/script.js, not "cdn.example.net/script.js".',
    );
    expect(stack.resources.size).toBe(0);
  });
});
