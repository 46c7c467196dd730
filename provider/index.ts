// The dynamic-provider host's surface: the Website resource and the data functions. The
// package's entry (index.ts at the root) exports it with the fleets.
export { Website } from "./website";
export type { WebsiteArgs, WebsiteConnection } from "./website";
export {
  getAccount,
  getAccountOutput,
  getWebsite,
  getWebsiteOutput,
  getWebsiteStats,
  getWebsiteStatsOutput,
  getTrackingCode,
  getTrackingCodeOutput,
  getWebsites,
  getWebsitesOutput,
  WebsiteNotFoundError,
} from "./functions";
export type {
  Account,
  FunctionConnectionArgs,
  GetWebsiteArgs,
  GetWebsiteStatsArgs,
  GetTrackingCodeResult,
  GetWebsiteStatsResult,
  GetWebsitesArgs,
  GetWebsitesResult,
  StatName,
  StatRow,
  StatsTop,
  WebsiteInfo,
  WebsiteLookup,
} from "./functions";
export type { Privacy } from "../sdk";
export type { ConnectionInputs } from "../core/setting-specs";
