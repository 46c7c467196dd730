/**
 * Websites of the Website Statistics Service as Pulumi resources, data functions that read the
 * account, its websites and their statistics, and fleets of websites declared in YAML files.
 * @module pulumi-webstats
 */
export * from "./provider";
export { FleetError, WebsiteFleet, loadFleet, parseFleet } from "./fleet";
export type {
  Fleet,
  FleetProblem,
  FleetReadOptions,
  FleetSettings,
  FleetWebsite,
  FleetWebsiteArgs,
  WebsiteFleetArgs,
} from "./fleet";
