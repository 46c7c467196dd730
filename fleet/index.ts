// Fleets: many websites declared in one YAML file, read by loadFleet and declared by WebsiteFleet.
export { loadFleet, parseFleet } from "./load-fleet";
export type { Fleet, FleetReadOptions, FleetWebsite, FleetWebsiteArgs } from "./load-fleet";
export { FleetError } from "./fleet-errors";
export type { FleetProblem } from "./fleet-errors";
export type { FleetSettings } from "./fleet-format";
export { WebsiteFleet } from "./website-fleet";
export type { WebsiteFleetArgs } from "./website-fleet";
