// The websites of websites.yaml, checked for drift every day by
// .github/workflows/drift-check.yml: a change made in the web interface opens an issue, and
// .github/workflows/drift-fix.yml proposes the live values in a pull request.
import * as webstats from "pulumi-webstats";

const fleet = new webstats.WebsiteFleet("sites", { fleet: webstats.loadFleet("websites.yaml") });

export const websiteIds = fleet.websiteIds;
