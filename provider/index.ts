/**
 * Websites of the Website Statistics Service as Pulumi resources, and data functions that read
 * the account and its websites.
 * @module pulumi-webstats
 */
export { Website } from "./website";
export type { WebsiteArgs, WebsiteConnection } from "./website";
export {
  getAccount,
  getAccountOutput,
  getWebsite,
  getWebsiteOutput,
  getWebsites,
  getWebsitesOutput,
} from "./functions";
export type {
  Account,
  FunctionConnectionArgs,
  GetWebsiteArgs,
  GetWebsitesArgs,
  GetWebsitesResult,
  WebsiteInfo,
} from "./functions";
export type { Privacy } from "../sdk";
export type { ConnectionInputs } from "./argument-schemas";
export { FleetError, WebsiteFleet, loadFleet, parseFleet } from "../fleet";
export type {
  Fleet,
  FleetProblem,
  FleetSettings,
  FleetWebsite,
  FleetWebsiteArgs,
  WebsiteFleetArgs,
} from "../fleet";
