// The lifecycle's diff (core/website-lifecycle.ts) where it asks no server: the words of a
// replacement whose recorded state lacks its domain, and a new tracking code not said while the
// settings cannot give one (no address, a connection that cannot be read). The diff against a
// website the emulator holds is in test/integration/core/website-lifecycle.test.ts.
import { describe, expect, it } from "vitest";
import { ClientRegistry } from "../../../core/clients";
import { resolveSettings } from "../../../core/settings";
import { Custody } from "../../../core/website-custody";
import { diff } from "../../../core/website-lifecycle";
import type { WebsiteContext } from "../../../core/website-lifecycle";

/** A context of these environment settings, its custody's messages kept in `said`. */
function contextOf(env: Record<string, string>) {
  const said: string[] = [];
  const ctx: WebsiteContext = {
    settings: resolveSettings(() => undefined, env),
    clients: new ClientRegistry(),
    custody: new Custody((message) => said.push(message)),
  };
  return { ctx, said };
}

const reachable = { WEBSTATS_BASE_URL: "https://stats.example.com", WEBSTATS_API_KEY: "key" };
const domain = "blog.example.com";
const staleState = { domain, websiteId: 7, trackingCode: "<script>old</script>" };

describe("diff", () => {
  it("says a replacement of a website whose recorded state lacks its domain", () => {
    const { ctx, said } = contextOf(reachable);
    expect(diff(ctx, "7", { websiteId: 7 }, { domain: "next.example.com" }).replaces).toEqual(["domain"]);
    expect(said).toEqual([
      `the domain of website 7 (unknown) changes to next.example.com. The API cannot rename a website: ` +
        `next.example.com is created, then website 7 is deleted with all its statistics.`,
    ]);
  });

  it("says no new tracking code while the settings give no address", () => {
    const { ctx, said } = contextOf({});
    expect(diff(ctx, "7", staleState, { domain })).toMatchObject({ changes: false, changed: [] });
    expect(said).toEqual([]);
  });

  it("says no new tracking code for a connection that cannot be read (check reports it)", () => {
    const { ctx } = contextOf(reachable);
    const connection = { caCertFile: "/nonexistent/webstats-ca.pem" };
    expect(diff(ctx, "7", { ...staleState, connection }, { domain, connection })).toMatchObject({
      changes: false,
      changed: [],
    });
    // A connection that can be read gives its address's code: another one than recorded.
    const other = { baseUrl: "https://other.example.com" };
    expect(diff(ctx, "7", { ...staleState, connection: other }, { domain, connection: other })).toMatchObject(
      {
        changes: true,
        changed: ["trackingCode"],
      },
    );
  });
});
