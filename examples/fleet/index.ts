// A fleet: thirty websites declared in websites.yaml, with shared defaults and per-site
// overrides. loadFleet checks the whole file first (every problem with its line); then
// WebsiteFleet declares one Website per entry, named after its domain.
import * as webstats from "pulumi-webstats";

const fleet = new webstats.WebsiteFleet(
  "group",
  { fleet: webstats.loadFleet("websites.yaml") },
  // Removing a line from the file deletes that website and its statistics on the next `up`.
  // protect: true makes Pulumi refuse instead, until the protection is lifted.
  { protect: false },
);

/** Each website's id in the service, by domain. */
export const websiteIds = fleet.websiteIds;
export const websiteCount = Object.keys(fleet.websites).length;
