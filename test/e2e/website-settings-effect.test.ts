// What a Website's exclusions are for, through the real engine: the settings a user sets with
// `pulumi up` decide which hits the installation counts. One stack, the dynamic host (the provider
// tier proves both hosts send the same settings: test/provider/lifecycle.test.ts; the emulator's
// rules for each setting are in test/integration/emulator-stats.test.ts). The up excludes this
// machine (the emulator sees hits from 127.0.0.1), bots and `utm_source`; a hit from here is
// refused. A second up excludes another range instead: a browser's hit is counted, a crawler's is
// not, and `utm_source` is dropped from the page recorded. The statistics, read with the sdk's
// `client.stats`, hold exactly that.
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import type { StatName } from "../../sdk";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs } from "./programs";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeEngine("Website settings applied to hits, set through the engine", () => {
  const fixture = useEngineFixture([{ name: "Tracked" }]);

  it("counts the hits the settings allow and nothing else", async () => {
    const domain = uniqueDomain("effect");
    const settings = (excludeIps: string[]) =>
      oneWebsite({ domain, excludeIps, excludeBots: true, excludeParams: ["utm_source"] });

    /** A pageview as a page's tracking script sends it; the answer's body is the outcome. */
    const hit = async (path: string, userAgent = BROWSER): Promise<string> => {
      const response = await fetch(`${fixture.emulator.url}/api/event`, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          origin: `https://${domain}`,
          "user-agent": userAgent,
        },
        body: JSON.stringify({
          page: `https://${domain}${path}`,
          referrer: "",
          screen_resolution: "1920x1080",
        }),
      });
      expect(response.status).toBe(200);
      return await response.text();
    };

    const stack = fixture.stack(settings(["127.0.0.1/32"]));
    const websiteId = plainOutputs((await stack.up()).outputs).websiteId as number;
    expect(await hit("/")).toBe("403");

    stack.setProgram(settings(["192.0.2.0/24"]));
    const changed = await stack.up();
    expect(changed.summary?.resourceChanges).toMatchObject({ update: 1 });
    expect(await hit("/")).toBe("200");
    expect(await hit("/", CRAWLER)).toBe("403");
    expect(await hit("/?utm_source=x&id=1")).toBe("200");

    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    /** value -> count of one statistic, yesterday to tomorrow (today's, whatever the clock does). */
    const counted = async (name: StatName) =>
      Object.fromEntries(
        (await client.stats.list(websiteId, { name, from: day(-1), to: day(1) })).map((row) => [
          row.value,
          row.count,
        ]),
      );
    const pageviews = await counted("pageviews");
    expect(Object.values(pageviews)).toEqual([2]);
    expect(await counted("visitors")).toEqual(pageviews);
    expect(await counted("page")).toEqual({ "/": 1, "/?id=1": 1 });
    // The crawler would be the device "bot" had it been counted.
    expect(await counted("device")).toEqual({ desktop: 2 });
    expect(await counted("browser")).toEqual({ Chrome: 2 });
  });
});
