// generate --only-unmanaged's reading of the stacks (drift/read/unmanaged.ts): the network
// settings of the first recorded website on the command's installation whose state records some,
// under the command's own installation and key; and the websites of the installation no stack
// records, by id, counting only the websites recorded on that installation.
import { describe, expect, it } from "vitest";
import { resolveSettings } from "../../../../core/settings";
import type { Website } from "../../../../sdk";
import type { RecordedNetwork, RecordedStack, RecordedWebsite } from "../../../../drift/read/stack-export";
import { stackNetworkSettings, unmanagedWebsites } from "../../../../drift/read/unmanaged";
import { stackConfiguration, stackWebsite } from "../../../support/recorded-website";

const ours = "https://stats.example.com";
const theirs = "https://other.example.com";

/** Website `id` of team/prod, recorded on `baseUrl` with the state's key and `network`. */
const recorded = (id: number, baseUrl: string, network?: RecordedNetwork): RecordedWebsite =>
  stackWebsite(id, `site-${id}.example.com`, {
    stack: "team/prod",
    resource: `site-${id}`,
    address: { ...stackConfiguration, baseUrl, apiKey: "state-key", ...(network ? { network } : {}) },
  });
const stackOf = (...websites: RecordedWebsite[]): RecordedStack => ({ name: "team/prod", websites });
const proxied = (proxyUrl: string): RecordedNetwork => ({
  values: { proxyUrl },
  sources: { proxyUrl: "webstats:proxyUrl of stack team/prod" },
});

const command = (env: Record<string, string>) => resolveSettings(() => undefined, env);

describe("generate --only-unmanaged: the stacks' network settings", () => {
  it("keeps the command's settings when no website on its installation records network settings", () => {
    const settings = command({ WEBSTATS_BASE_URL: ours, WEBSTATS_API_KEY: "own" });
    const stacks = [stackOf(recorded(1, ours), recorded(2, theirs, proxied("http://proxy.other:3128")))];
    expect(stackNetworkSettings(stacks, settings, {})).toBe(settings);
  });

  it("takes the first recorded network on its installation, under the command's installation and key", () => {
    const settings = command({ WEBSTATS_BASE_URL: `${ours}/api/v1`, WEBSTATS_API_KEY: "own" });
    const stacks = [
      stackOf(recorded(1, ours), recorded(2, theirs, proxied("http://proxy.other:3128"))),
      stackOf(
        recorded(3, ours, proxied("http://proxy.first:3128")),
        recorded(4, ours, proxied("http://proxy.second:3128")),
      ),
    ];
    const resolved = stackNetworkSettings(stacks, settings, { WEBSTATS_API_KEY: "from-env" });
    expect(resolved.proxyUrl).toEqual({
      value: "http://proxy.first:3128",
      source: "webstats:proxyUrl of stack team/prod",
    });
    expect(resolved.baseUrl).toEqual(settings.baseUrl);
    expect(resolved.apiKey).toEqual(settings.apiKey);
  });

  it("adds no installation or key the command does not have", () => {
    const settings = command({});
    // A website whose state names no installation: on the command's, which names none either.
    const unplaced = recorded(1, ours, proxied("http://proxy.first:3128"));
    delete unplaced.address.baseUrl;
    const stacks = [stackOf(unplaced)];
    const resolved = stackNetworkSettings(stacks, settings, { WEBSTATS_API_KEY: "from-env" });
    expect(resolved.proxyUrl?.value).toBe("http://proxy.first:3128");
    expect(resolved.apiKey).toEqual({ value: "from-env", source: "WEBSTATS_API_KEY" });
    // Not even as an undefined entry, which a spread of these settings would carry over.
    expect("baseUrl" in resolved).toBe(false);
  });
});

describe("generate --only-unmanaged: the websites no stack records", () => {
  it("leaves out the ids recorded on the installation, not those recorded on another", () => {
    const websites = [1, 2, 3].map((id) => ({ id, domain: `s${id}.example.com` }) as Website);
    const stacks = [stackOf(recorded(1, `${ours}/`)), stackOf(recorded(2, theirs))];
    expect(unmanagedWebsites(websites, `${ours}/api/v1`, stacks, command({})).map((w) => w.id)).toEqual([
      2, 3,
    ]);
  });
});
