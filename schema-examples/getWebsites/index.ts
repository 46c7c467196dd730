import * as webstats from "@pulumi-webstats/webstats";

// The account's favorite websites, across every page of the listing, in the order of their domains.
const favorites = webstats.getWebsitesOutput({ favorite: true, sortBy: "domain", sort: "asc" });

export const favoriteDomains = favorites.websites.apply((sites) => sites.map((site) => site.domain));
