// The tracking code as the installation's web interface writes it (its view: the attributes in
// order, `data-dnt` spelled true/false, the CDN address when set, else the installation's own
// js/script.js, the fixed id, `async defer`), its two settings with the server's defaults, and
// getTrackingCode's arguments: no request and no key needed, a connection's address over the
// provider's, a missing address said with every way to give it.
import { describe, expect, it } from "vitest";
import { ClientRegistry } from "../../../core/clients";
import { getTrackingCode } from "../../../core/functions";
import { namespacedLookup, resolveSettings } from "../../../core/settings";
import { trackingCodeOf } from "../../../core/tracking-code";

const fromStack = (values: Record<string, string>, env: Record<string, string> = {}) =>
  resolveSettings(
    namespacedLookup((key) => values[key]),
    env,
  );

describe("trackingCodeOf", () => {
  it("writes the server's snippet with its defaults: Do Not Track off, the installation's own script", () => {
    const settings = fromStack({ "webstats:baseUrl": "https://stats.example.com/api/v1/" });
    expect(trackingCodeOf(settings.baseUrl!.value, settings)).toEqual({
      trackingCode:
        '<script data-host="https://stats.example.com" data-dnt="false" src="https://stats.example.com/js/script.js" id="ZwSg9rf6GA" async defer></script>',
      host: "https://stats.example.com",
      scriptUrl: "https://stats.example.com/js/script.js",
      doNotTrack: false,
    });
  });

  it("states Do Not Track and a CDN address from the settings, an installation in a folder under its folder", () => {
    const settings = fromStack(
      { "webstats:trackingDoNotTrack": "true" },
      { WEBSTATS_TRACKING_SCRIPT_URL: "https://cdn.example.net/pa/script.js?v=3" },
    );
    expect(trackingCodeOf("https://example.org/stats", settings).trackingCode).toBe(
      '<script data-host="https://example.org/stats" data-dnt="true" src="https://cdn.example.net/pa/script.js?v=3" id="ZwSg9rf6GA" async defer></script>',
    );
    expect(trackingCodeOf("https://example.org/stats", fromStack({})).scriptUrl).toBe(
      "https://example.org/stats/js/script.js",
    );
  });

  it.each([
    ["cdn.example.net/script.js", "webstats:trackingScriptUrl"],
    ["ftp://cdn.example.net/script.js", "webstats:trackingScriptUrl"],
    ['https://cdn.example.net/"onload="x', "webstats:trackingScriptUrl"],
  ])("refuses the script address %s, naming the setting", (value, source) => {
    expect(() => fromStack({ "webstats:trackingScriptUrl": value })).toThrow(
      `${source} must be the tracking script's full address, such as https://cdn.example.com/js/script.js`,
    );
  });

  it("refuses a Do Not Track value that is no flag, naming the variable", () => {
    expect(() => fromStack({}, { WEBSTATS_TRACKING_DO_NOT_TRACK: "yes" })).toThrow(
      'WEBSTATS_TRACKING_DO_NOT_TRACK must be true or false, not "yes".',
    );
  });
});

describe("getTrackingCode", () => {
  const context = (values: Record<string, string>) => ({
    settings: fromStack(values),
    clients: new ClientRegistry(),
  });

  it("needs no API key: the installation's address and the settings make it", async () => {
    const result = await getTrackingCode(context({ "webstats:baseUrl": "https://stats.example.com" }), {});
    expect(result.trackingCode).toContain('data-host="https://stats.example.com"');
  });

  it("takes a connection's address over the provider's, keeping the provider's tracking settings", async () => {
    const ctx = context({ "webstats:baseUrl": "https://a.example.com", "webstats:trackingDoNotTrack": "1" });
    const result = await getTrackingCode(ctx, { connection: { baseUrl: "https://b.example.com/" } });
    expect(result).toMatchObject({
      host: "https://b.example.com",
      scriptUrl: "https://b.example.com/js/script.js",
      doNotTrack: true,
    });
  });

  it("rejects without an address, saying each way to give one, and refuses unknown arguments", async () => {
    await expect(getTrackingCode(context({}), {})).rejects.toThrow(
      "getTrackingCode needs the installation's address: set webstats:baseUrl (or WEBSTATS_BASE_URL), or connection.baseUrl.",
    );
    await expect(
      getTrackingCode(context({ "webstats:baseUrl": "https://a.example.com" }), { domain: "x.example.com" }),
    ).rejects.toThrow("domain is not an argument of getTrackingCode");
  });
});
