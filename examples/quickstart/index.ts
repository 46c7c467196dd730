// Quickstart: three tracked websites with their settings, and what the account holds.
import * as pulumi from "@pulumi/pulumi";
import * as webstats from "pulumi-webstats";

const config = new pulumi.Config();

// A public site: bots excluded (the default), marketing parameters dropped from URLs,
// the office network left out of the statistics.
const blog = new webstats.Website("blog", {
  domain: "blog.example.com",
  excludeParams: ["utm_source", "utm_medium", "utm_campaign", "fbclid"],
  excludeIps: ["203.0.113.0/24", "2001:db8::/32"],
  email: true,
  favorite: true,
});

// A site whose statistics page needs a password (kept as a secret in the state).
const shop = new webstats.Website(
  "shop",
  {
    domain: "https://www.shop.example.com", // stored as "shop.example.com"
    privacy: "password",
    password: config.getSecret("shopStatsPassword") ?? pulumi.secret("change-me-please"),
  },
  // Deleting a website erases its statistics: guard the ones that matter.
  { protect: false },
);

// A site whose statistics only the account sees; its monitoring robots are counted too.
const intranet = new webstats.Website("intranet", {
  domain: "intranet.example.com",
  privacy: "private",
  excludeBots: false,
});

const account = webstats.getAccountOutput();

export const blogId = blog.websiteId;
export const shopDomain = shop.domain;
export const shopHasPassword = shop.hasPassword;
export const intranetId = intranet.websiteId;
export const accountName = account.name;
export const websiteLimit = account.plan.apply((plan) => plan?.features.websites ?? -1);
