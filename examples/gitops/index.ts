// The websites of websites.yaml, checked for drift every day by
// .github/workflows/drift-check.yml: a change made in the web interface fails the check.
import * as webstats from "pulumi-webstats";

const fleet = new webstats.WebsiteFleet("sites", { fleet: webstats.loadFleet("websites.yaml") });

export const websiteIds = fleet.websiteIds;
