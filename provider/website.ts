// The Website resource as programs see it.
import * as pulumi from "@pulumi/pulumi";
import type { Privacy } from "../sdk";
import { apiOnlyOutputs, secretFields, websiteFields } from "./website-fields";
// The provider must be this module object itself (not a copy) so Pulumi serializes it as a require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import webstatsProvider = require("./dynamic-provider");

/** Credentials for one installation and account; overrides stack config and environment. */
export interface WebsiteConnection {
  /** The installation's root URL, e.g. `https://stats.example.com`. */
  baseUrl?: pulumi.Input<string>;
  /** An API key of the account that owns the website. */
  apiKey?: pulumi.Input<string>;
}

/** The desired settings of a {@link Website}; only `domain` is required. */
export interface WebsiteArgs {
  /** The tracked domain. Normalised like the server does (`https://www.Example.com` is `example.com`); changing it replaces the website. */
  domain: pulumi.Input<string>;
  /** Who may see the statistics: `"public"` (default), `"private"` or `"password"`. */
  privacy?: pulumi.Input<Privacy>;
  /** Password for the statistics page; required when privacy is `"password"`, refused otherwise. Stored as a secret. */
  password?: pulumi.Input<string>;
  /** Periodic email reports. Default false. */
  email?: pulumi.Input<boolean>;
  /** Leave common bots out of the statistics. Default true. */
  excludeBots?: pulumi.Input<boolean>;
  /** Pin the website to the top of the dashboard. Default false. */
  favorite?: pulumi.Input<boolean>;
  /** Query parameter names to strip from tracked URLs; `"&"` strips every parameter. Order does not matter. */
  excludeParams?: pulumi.Input<pulumi.Input<string>[]>;
  /** IPv4/IPv6 addresses or CIDR ranges whose visits are not tracked. Order does not matter. */
  excludeIps?: pulumi.Input<pulumi.Input<string>[]>;
  /** Take over a website with this domain that already exists in the account instead of failing. Default false. */
  adoptExisting?: pulumi.Input<boolean>;
  /** Credentials for this website; default: stack config `webstats:*`, then `WEBSTATS_*` variables. Stored as a secret. */
  connection?: pulumi.Input<WebsiteConnection>;
}

/**
 * A website tracked by the Website Statistics Service, with its privacy, report, bot,
 * query-parameter and IP exclusion settings.
 *
 * Deleting a Website also erases its collected statistics, irreversibly: consider
 * `protect: true` or `retainOnDelete: true` in the resource options.
 */
export class Website extends pulumi.dynamic.Resource {
  /** The website's id in the service (also the resource id). */
  declare readonly websiteId: pulumi.Output<number>;
  /** The domain as the service stores it (normalised). */
  declare readonly domain: pulumi.Output<string>;
  /** Who may see the statistics page. */
  declare readonly privacy: pulumi.Output<Privacy>;
  /** The statistics page's password as given in the program (secret), or undefined. */
  declare readonly password: pulumi.Output<string | undefined>;
  /** Whether the service holds a password for the statistics page. */
  declare readonly hasPassword: pulumi.Output<boolean>;
  /** Whether periodic e-mail reports are sent. */
  declare readonly email: pulumi.Output<boolean>;
  /** Whether common bots are left out of the statistics. */
  declare readonly excludeBots: pulumi.Output<boolean>;
  /** Whether the website is pinned to the top of the dashboard. */
  declare readonly favorite: pulumi.Output<boolean>;
  /** When the website was marked as favorite, or null. */
  declare readonly favoritedAt: pulumi.Output<string | null>;
  /** Query parameter names stripped from tracked URLs (the service never reports them; this is the desired list). */
  declare readonly excludeParams: pulumi.Output<string[]>;
  /** Addresses and CIDR ranges whose visits are not tracked. */
  declare readonly excludeIps: pulumi.Output<string[]>;
  /** Whether an existing website with the domain was to be taken over on create. */
  declare readonly adoptExisting: pulumi.Output<boolean>;
  /** When the website was added to the service, ISO-8601 in UTC, or null. */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** When the website last changed in the service, ISO-8601 in UTC, or null. */
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: WebsiteArgs, opts?: pulumi.CustomResourceOptions) {
    // Every property is listed, even when undefined: the engine exposes as outputs on this
    // object only the properties named here. Secret arguments stay encrypted in the state; their
    // outputs are marked secret too.
    // Keys that are no argument are passed on too, so that check refuses them (programs in
    // JavaScript and data loaded from files are not held to WebsiteArgs).
    const given: Record<string, unknown> = Object.fromEntries(Object.entries(args ?? {}));
    const props: Record<string, unknown> = { ...given };
    for (const field of Object.keys(websiteFields)) props[field] = given[field];
    for (const field of secretFields)
      if (given[field] !== undefined) props[field] = pulumi.secret(given[field]);
    for (const output of Object.keys(apiOnlyOutputs)) props[output] = undefined;
    super(
      webstatsProvider,
      name,
      props,
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretFields] },
      "webstats",
      "Website",
    );
  }
}
