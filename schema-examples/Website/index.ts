import * as pulumi from "@pulumi/pulumi";
import * as webstats from "@pulumi-webstats/webstats";

const config = new pulumi.Config();

// Statistics behind a password, read from the stack's secrets; bots, two tracking parameters and
// the office network left out of the counts.
const blog = new webstats.Website("blog", {
  domain: "blog.example.com",
  privacy: webstats.Privacy.Password,
  password: config.requireSecret("statsPassword"),
  email: true,
  excludeBots: true,
  excludeParams: ["utm_source", "fbclid"],
  excludeIps: ["203.0.113.0/24"],
});

export const websiteId = blog.websiteId;
