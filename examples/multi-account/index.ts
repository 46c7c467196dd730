// One program, three accounts: the agency's own websites use the stack's credentials
// (webstats:baseUrl, webstats:apiKey); each client's websites carry a `connection` built
// from this stack's configuration, the API key kept as a secret.
import * as pulumi from "@pulumi/pulumi";
import * as webstats from "pulumi-webstats";

const config = new pulumi.Config();

/** A client account: `<client>BaseUrl` and the secret `<client>ApiKey` in the stack configuration. */
function clientConnection(client: string) {
  return {
    baseUrl: config.require(`${client}BaseUrl`),
    apiKey: config.requireSecret(`${client}ApiKey`),
  };
}

const acme = clientConnection("acme");
const globex = clientConnection("globex");

// The agency's own website: the stack's credentials.
const agency = new webstats.Website("agency", { domain: "agency.example", favorite: true });

// Acme's websites, one by one.
const acmeShop = new webstats.Website("acme-shop", {
  domain: "shop.acme.example",
  email: true,
  connection: acme,
});
const acmeBlog = new webstats.Website("acme-blog", { domain: "blog.acme.example", connection: acme });

// Globex's websites, from a fleet file: the connection applies to every one of them.
const globexSites = new webstats.WebsiteFleet("globex", {
  fleet: webstats.loadFleet("globex.yaml"),
  connection: globex,
});

export const ids = {
  agency: agency.websiteId,
  acme: { shop: acmeShop.websiteId, blog: acmeBlog.websiteId },
  globex: globexSites.websiteIds,
};
// The functions take the same connection: here, which account each key belongs to.
// (pulumi.output resolves the secret key inside the arguments before the call.)
export const accounts = {
  agency: webstats.getAccountOutput().name,
  acme: webstats.getAccountOutput(pulumi.output({ connection: acme })).name,
  globex: webstats.getAccountOutput(pulumi.output({ connection: globex })).name,
};
