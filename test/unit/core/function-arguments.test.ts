// The functions' arguments checked without a request: getWebsiteStats's dates, their order and
// the statistic of `top` by the sdk's own rules (sdk/stats.ts), worded as the function's
// arguments, with the same words as the client's errors; required arguments; the page size
// that fetches `top` in one request. A context whose clients throw proves that no check reaches
// the network.
import { describe, expect, it } from "vitest";
import { checkArguments, functionSpecs, getWebsiteStats } from "../../../core/functions";
import type { CoreContext } from "../../../core/website-lifecycle";
import { STAT_NAMES, WebstatsClient, type StatsQuery } from "../../../sdk";
import { pageSizeFor } from "../../../sdk/stats";

/** A context that fails any attempt to reach an installation. */
const offline = {
  settings: () => {
    throw new Error("no settings: an argument check reached for the network");
  },
  clients: {
    clientFor: () => {
      throw new Error("no client: an argument check reached for the network");
    },
  },
} as unknown as CoreContext;

const valid = { id: 7, from: "2026-03-01", to: "2026-03-31" };

describe("getWebsiteStats's arguments", () => {
  it.each([
    [{ ...valid, from: "2026-3-01" }, 'getWebsiteStats: from is a date written YYYY-MM-DD, got "2026-3-01".'],
    [{ ...valid, to: "31/03/2026" }, 'getWebsiteStats: to is a date written YYYY-MM-DD, got "31/03/2026".'],
    [{ ...valid, to: "2026-02-29" }, 'getWebsiteStats: to is not a date of the calendar: "2026-02-29".'],
    [{ ...valid, from: 20260301 }, "getWebsiteStats: from is a date written YYYY-MM-DD, got 20260301."],
    [{ ...valid, from: "2026-04-01" }, "getWebsiteStats: from (2026-04-01) is after to (2026-03-31)."],
    [
      { ...valid, top: { name: "landing_page", count: 5 } },
      `getWebsiteStats: top.name is one of ${STAT_NAMES.join(", ")}; got "landing_page" (did you mean "landingPage"?).`,
    ],
    [
      { ...valid, top: { name: "sessions", count: 5 } },
      `getWebsiteStats: top.name is one of ${STAT_NAMES.join(", ")}; got "sessions".`,
    ],
    [
      { ...valid, top: { name: "page", count: 0 } },
      "getWebsiteStats: top.count must be a whole number from 1 to 100, not 0.",
    ],
    [
      { ...valid, top: { name: "page", count: 101 } },
      "getWebsiteStats: top.count must be a whole number from 1 to 100, not 101.",
    ],
    [
      { ...valid, top: { name: "page", count: 2.5 } },
      "getWebsiteStats: top.count must be a whole number from 1 to 100, not 2.5.",
    ],
    [
      { ...valid, top: { name: "page" } },
      "getWebsiteStats: top.count must be a whole number from 1 to 100, not undefined.",
    ],
    [
      { ...valid, top: { name: "page", count: 5, sort: "asc" } },
      "getWebsiteStats: top takes name and count, not sort.",
    ],
    [
      { ...valid, top: "page" },
      'getWebsiteStats: top must be an object with name and count, such as { name: "page", count: 10 }.',
    ],
    [{ ...valid, id: "7" }, "getWebsiteStats: id must be a website id, a whole number such as 42."],
    [
      { from: "2026-03-01" },
      "getWebsiteStats: id is required: the website's id, a whole number such as 42. to is required: the last date, written YYYY-MM-DD.",
    ],
    [
      { ...valid, form: "x" },
      "getWebsiteStats: form is not an argument of getWebsiteStats (did you mean from?)",
    ],
  ])("%j is refused before any request", async (args, message) => {
    await expect(getWebsiteStats(offline, args)).rejects.toThrow(message);
  });

  it("words each date and name problem as the client does, by the same rules", () => {
    const client = new WebstatsClient({ baseUrl: "https://stats.example", apiKey: "k".repeat(64) });
    const cases: [Record<string, unknown>, Partial<StatsQuery>][] = [
      [{ from: "2026-13-01" }, { from: "2026-13-01" }],
      [{ to: "tomorrow" }, { to: "tomorrow" }],
      [{ top: { name: "pageviews_hour", count: 1 } }, { name: "pageviews_hour" as StatsQuery["name"] }],
    ];
    for (const [change, query] of cases) {
      const clientMessage = (() => {
        try {
          client.stats.list(1, { name: "page", ...valid, ...query });
        } catch (error) {
          return (error as Error).message.replace(/^stats: /, "").replace(/^name /, "top.name ");
        }
        throw new Error("the client accepted it");
      })();
      expect(() => checkArguments("getWebsiteStats", { ...valid, ...change })).toThrow(
        `getWebsiteStats: ${clientMessage}`,
      );
    }
  });

  it("accepts every statistic and keeps the arguments as given", () => {
    for (const name of STAT_NAMES) {
      expect(checkArguments("getWebsiteStats", { ...valid, top: { name, count: 3 } })).toEqual({
        ...valid,
        top: { name, count: 3 },
      });
    }
    // Null counts as omitted, as for every function.
    expect(checkArguments("getWebsiteStats", { ...valid, top: null })).toEqual(valid);
  });

  it("requires id, from and to, and says so in the schema", () => {
    const specs: Record<string, { description: string; required?: string }> =
      functionSpecs.getWebsiteStats.arguments;
    expect(
      Object.entries(specs)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name),
    ).toEqual(["id", "from", "to"]);
  });
});

describe("the page size of top", () => {
  it("is the smallest the server allows that holds count rows: one request", () => {
    expect([1, 10, 11, 25, 26, 50, 51, 99, 100].map(pageSizeFor)).toEqual([
      10, 10, 25, 25, 50, 50, 100, 100, 100,
    ]);
  });
});
