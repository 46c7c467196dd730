// The data functions' types come from their tables (core/functions.ts, core/result-types.ts), as
// the connection's come from the settings table (test/unit/package/connection-types.test.ts). At compile time (npm
// run typecheck): the arguments checkArguments returns and the results the core returns, key by
// key, against the tables, and the provider's documented types exactly equal to them, with an
// equality that tells an optional property from a required one. At run time: the keys the core
// returns are the result table's.
import { describe, expect, it } from "vitest";
import type {
  GetTrackingCodeResult,
  GetWebsiteStatsArgs,
  GetWebsiteStatsResult,
  GetWebsitesArgs,
  StatName,
  StatRow,
  StatsTop as ProviderStatsTop,
} from "../../../index";
import { checkArguments, functionSpecs } from "../../../core/functions";
import type { FunctionArguments, FunctionName, StatsTop, WebsiteStats } from "../../../core/functions";
import { resultTypes } from "../../../core/result-types";
import type { ResultOf } from "../../../core/result-types";
import { trackingCodeOf } from "../../../core/tracking-code";
import type { TrackingCode } from "../../../core/tracking-code";

// ---- Compile time: a mismatch is a type error in `npm run typecheck`. ----

/** True only when A and B are the same type (not merely assignable both ways). */
type Exactly<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type Flat<T> = { [K in keyof T]: T[K] };
type WithoutConnection<T> = Flat<Omit<T, "connection">>;

// Each function's arguments: exactly the table's names.
type ArgumentNames<N extends FunctionName> = keyof (typeof functionSpecs)[N]["arguments"];
type _Keys = Assert<
  Exactly<{ [N in FunctionName]: keyof FunctionArguments<N> }, { [N in FunctionName]: ArgumentNames<N> }>
>;
// getWebsiteStats: id, from and to required (the table's `required`), top and connection optional.
type _StatsArguments = Assert<
  Exactly<
    WithoutConnection<FunctionArguments<"getWebsiteStats">>,
    { id: number; from: string; to: string; top?: { name: StatName; count: number } }
  >
>;
type _StatsTop = Assert<Exactly<StatsTop, { name: StatName; count: number }>>;
// The results: the result table's properties, `required` ones always there.
type _WebsiteStats = Assert<Exactly<WebsiteStats, { pageviews: number; visitors: number; top?: StatRow[] }>>;
type _WebsiteStatsTable = Assert<Exactly<WebsiteStats, ResultOf<"WebsiteStats">>>;
type _TrackingCode = Assert<
  Exactly<TrackingCode, { trackingCode: string; host: string; scriptUrl: string; doNotTrack: boolean }>
>;
type _TrackingCodeTable = Assert<Exactly<TrackingCode, ResultOf<"TrackingCode">>>;
// The provider's documented types (what programs import) are exactly the tables' types.
type _ProviderStatsTop = Assert<Exactly<Flat<ProviderStatsTop>, StatsTop>>;
type _ProviderStatsArgs = Assert<
  Exactly<WithoutConnection<GetWebsiteStatsArgs>, WithoutConnection<FunctionArguments<"getWebsiteStats">>>
>;
type _ProviderListArgs = Assert<
  Exactly<WithoutConnection<GetWebsitesArgs>, WithoutConnection<FunctionArguments<"getWebsites">>>
>;
type _ProviderStatsResult = Assert<Exactly<Flat<GetWebsiteStatsResult>, WebsiteStats>>;
type _ProviderTrackingResult = Assert<Exactly<Flat<GetTrackingCodeResult>, TrackingCode>>;

// ---- Run time ----

describe("the data functions' types and tables", () => {
  it("the tracking code the core makes has exactly the result table's properties", () => {
    const code = trackingCodeOf("https://stats.example.com", {});
    expect(Object.keys(code).sort()).toEqual(Object.keys(resultTypes.TrackingCode.properties).sort());
  });

  it("checkArguments returns the arguments under the table's names, checked", () => {
    const args = checkArguments("getWebsiteStats", {
      id: 42,
      from: "2026-06-01",
      to: "2026-06-30",
      top: { name: "page", count: 5 },
    });
    expect(args).toEqual({ id: 42, from: "2026-06-01", to: "2026-06-30", top: { name: "page", count: 5 } });
    expect(Object.keys(args).every((k) => k in functionSpecs.getWebsiteStats.arguments)).toBe(true);
  });
});
