// The Website resource as programs see it.
import * as pulumi from "@pulumi/pulumi";
import type { Privacy } from "../sdk";
import type { ConnectionInputs } from "../core/setting-specs";
import { apiOnlyOutputs, recordedOutputs, secretFields, websiteFields } from "../core/website-fields";
// The provider must be this module object itself (not a copy) so Pulumi serializes it as a require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import webstatsProvider = require("./dynamic-provider");

/**
 * A Website's installation and account, and how to reach it, instead of the provider's: every
 * setting of a {@link ConnectionInputs}, each of which may be an Output (an API key read as a
 * secret, say). What it leaves out comes from the provider's settings, setting by setting.
 * @interface
 */
export type WebsiteConnection = {
  [K in keyof ConnectionInputs]: pulumi.Input<NonNullable<ConnectionInputs[K]>>;
};

/** The desired settings of a {@link Website}; only `domain` is required. */
export interface WebsiteArgs {
  /** The tracked domain, normalised as the server does before any comparison: lowercased, `http://` / `https://` removed, and leading `www.` removed (`https://www.Example.com` is `example.com`, so respelling it is no change). Must be a host name (labels of at most 63 characters, last label not numeric) or an IPv4 address; `localhost`, ports and paths are refused at preview. **Changing it replaces the website**: the API cannot rename one, so the new one is created, then the old one deleted with all its statistics. */
  domain: pulumi.Input<string>;
  /** Who may see the statistics page: anyone (`public`), only the account (`private`) or whoever has its password (`password`). */
  privacy?: pulumi.Input<Privacy>;
  /** The statistics page's password: 1 to 128 characters, only with privacy `password` (refused otherwise, since the server ignores it); a new website with that privacy needs one. Stored encrypted in the state; the API never returns it, so changes are detected against the last applied value. Omitted, the password the server holds is kept. */
  password?: pulumi.Input<string>;
  /** Periodic email reports. */
  email?: pulumi.Input<boolean>;
  /** Leave common bots out of the statistics. */
  excludeBots?: pulumi.Input<boolean>;
  /** Pin the website to the dashboard. Sent only when it changes, because every update that sends it resets `favoritedAt`. */
  favorite?: pulumi.Input<boolean>;
  /** Query parameter names to drop from tracked URLs; `&` drops every parameter. Entries are trimmed; empty entries and duplicates are refused; order is not a change. The API never returns this list: changes made outside Pulumi cannot be detected. Omitted, the list on the server is left as it is; `[]` clears it. */
  excludeParams?: pulumi.Input<pulumi.Input<string>[]>;
  /** IPv4 or IPv6 addresses and CIDR ranges whose visits are not tracked. Trimmed; empty entries, entries that can never match and duplicates are refused; order is not a change. */
  excludeIps?: pulumi.Input<pulumi.Input<string>[]>;
  /** When this account already has a website with the domain, take it over (send only the arguments that differ from it) instead of failing. It only matters when the website is created: changing it, or its default, is never a change. */
  adoptExisting?: pulumi.Input<boolean>;
  /** Credentials for this website, for programs that manage several accounts or installations. Changing them never replaces the website: the next read or update checks that the new address still holds it. */
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
  /** The website's id in the service; also the resource id. */
  declare readonly websiteId: pulumi.Output<number>;
  /** The tracked domain, normalised as the server does before any comparison: lowercased, `http://` / `https://` removed, and leading `www.` removed (`https://www.Example.com` is `example.com`, so respelling it is no change). Must be a host name (labels of at most 63 characters, last label not numeric) or an IPv4 address; `localhost`, ports and paths are refused at preview. **Changing it replaces the website**: the API cannot rename one, so the new one is created, then the old one deleted with all its statistics. */
  declare readonly domain: pulumi.Output<string>;
  /** Who may see the statistics page: anyone (`public`), only the account (`private`) or whoever has its password (`password`). */
  declare readonly privacy: pulumi.Output<Privacy>;
  /** The statistics page's password: 1 to 128 characters, only with privacy `password` (refused otherwise, since the server ignores it); a new website with that privacy needs one. Stored encrypted in the state; the API never returns it, so changes are detected against the last applied value. Omitted, the password the server holds is kept. */
  declare readonly password: pulumi.Output<string | undefined>;
  /** Whether the service holds a password for the statistics page. */
  declare readonly hasPassword: pulumi.Output<boolean>;
  /** Periodic email reports. */
  declare readonly email: pulumi.Output<boolean>;
  /** Leave common bots out of the statistics. */
  declare readonly excludeBots: pulumi.Output<boolean>;
  /** Pin the website to the dashboard. Sent only when it changes, because every update that sends it resets `favoritedAt`. */
  declare readonly favorite: pulumi.Output<boolean>;
  /** When the website was marked as favorite, ISO-8601 in UTC, or null. */
  declare readonly favoritedAt: pulumi.Output<string | null>;
  /** Query parameter names to drop from tracked URLs; `&` drops every parameter. Entries are trimmed; empty entries and duplicates are refused; order is not a change. The API never returns this list: changes made outside Pulumi cannot be detected. Omitted, the list on the server is left as it is; `[]` clears it. */
  declare readonly excludeParams: pulumi.Output<string[] | undefined>;
  /** IPv4 or IPv6 addresses and CIDR ranges whose visits are not tracked. Trimmed; empty entries, entries that can never match and duplicates are refused; order is not a change. */
  declare readonly excludeIps: pulumi.Output<string[]>;
  /** When this account already has a website with the domain, take it over (send only the arguments that differ from it) instead of failing. It only matters when the website is created: changing it, or its default, is never a change. */
  declare readonly adoptExisting: pulumi.Output<boolean>;
  /** Credentials for this website, for programs that manage several accounts or installations. Changing them never replaces the website: the next read or update checks that the new address still holds it. */
  declare readonly connection: pulumi.Output<ConnectionInputs | undefined>;
  /** When the website was added to the service, ISO-8601 in UTC, or null. */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** When the website last changed in the service, ISO-8601 in UTC, or null. */
  declare readonly updatedAt: pulumi.Output<string | null>;
  /** The root URL of the installation where the website was last read or changed (never a key). After a change of address, reads and updates first check that the website's id still names its domain there. */
  declare readonly installation: pulumi.Output<string>;
  /** The tracking code to put into every page of the website, in its `<head>` or `<body>`: the installation's `<script>` element exactly as its web interface shows it (the same for every website of an installation). Its Do Not Track flag and script address come from the provider's `trackingDoNotTrack` and `trackingScriptUrl` settings, which the API does not tell; a change of those shows after the next refresh. */
  declare readonly trackingCode: pulumi.Output<string>;

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
    for (const output of [...Object.keys(apiOnlyOutputs), ...Object.keys(recordedOutputs)])
      props[output] = undefined;
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
