import * as webstats from "@pulumi-webstats/webstats";

// June's pageviews and visitors of a website the account tracks, and its five most viewed pages.
const blog = webstats.getWebsiteOutput({ domain: "blog.example.com" });
const june = webstats.getWebsiteStatsOutput({
  id: blog.id,
  from: "2026-06-01",
  to: "2026-06-30",
  top: { name: "page", count: 5 },
});

export const pageviews = june.pageviews;
export const visitors = june.visitors;
export const topPages = june.apply((stats) => (stats.top ?? []).map((row) => row.value));
