// Websites made by hand in the web interface, brought under Pulumi. With adoptExisting, the
// first `up` finds each domain in the account and takes the website over, applying the
// settings declared here, instead of failing because the domain is taken.
//
// For a whole account, `npx pulumi-webstats generate --out DIR` writes such a program (or a
// fleet file) with every website's current settings: its first `up` changes nothing.
import * as webstats from "pulumi-webstats";

// Made by hand with email reports off; from now on they are on.
const main = new webstats.Website("main", {
  domain: "example.info",
  email: true,
  favorite: true,
  adoptExisting: true,
});

// Made by hand, then excluded the office network here.
const blog = new webstats.Website("blog", {
  domain: "blog.example.info",
  excludeIps: ["203.0.113.0/24"],
  adoptExisting: true,
});

// adoptExisting only matters when the website is not yet in the stack: on a fresh account
// this one is created like any other.
const shop = new webstats.Website("shop", {
  domain: "shop.example.info",
  adoptExisting: true,
});

export const ids = { main: main.websiteId, blog: blog.websiteId, shop: shop.websiteId };
