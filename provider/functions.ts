// Data functions: read the account, its websites and their statistics. They run in the program's own
// process (dynamic providers have no invoke), during previews as well as updates; what they do
// is the core's (core/functions.ts), which the provider plugin serves as well.
import * as pulumi from "@pulumi/pulumi";
import type { Account, StatName, StatRow, Website as WebsiteInfo } from "../sdk";
import * as core from "../core/functions";
import type { ConnectionInputs } from "../core/setting-specs";
import { programContext } from "./program-context";

export type { Account, StatName, StatRow, WebsiteInfo };

/** Arguments every data function accepts. */
export interface FunctionConnectionArgs {
  /**
   * The installation and account to read, and how to reach them, instead of the provider's
   * settings (stack configuration, then environment): `baseUrl`, `apiKey`, `proxyUrl`,
   * `caCertFile`, `skipTlsVerify` and `allowHttp`, all optional plain values; what it leaves out
   * comes from the provider's settings, setting by setting.
   */
  connection?: ConnectionInputs;
}

/** Filters and order of {@link getWebsites}. */
export interface GetWebsitesArgs extends FunctionConnectionArgs {
  /** Substring of the domain. */
  search?: string;
  /** Only favorites (true) or only the others (false). */
  favorite?: boolean;
  /** Order by creation (`"id"`, the default) or by domain. */
  sortBy?: "id" | "domain";
  /** Direction of the order; default `"desc"`. */
  sort?: "asc" | "desc";
}

/** What {@link getWebsites} resolves to. */
export interface GetWebsitesResult {
  /** Every matching website, across all pages. */
  websites: WebsiteInfo[];
}

/** Which website {@link getWebsite} reads: by `id` or by `domain`, not both. */
export type GetWebsiteArgs = FunctionConnectionArgs &
  (
    | {
        /** The website's id in the service. */
        id: number;
        /** Not with `id`. */
        domain?: never;
      }
    | {
        /** The domain, normalised like the server does (`https://www.Example.com` is `example.com`). */
        domain: string;
        /** Not with `domain`. */
        id?: never;
      }
  );

/** Which statistic's most counted values {@link getWebsiteStats} returns, and how many. */
export interface StatsTop {
  /** The statistic, e.g. `"page"`, `"referrer"` or `"landingPage"`. */
  name: StatName;
  /** How many of its values, the most counted first: 1 to 100. */
  count: number;
}

/** Which website {@link getWebsiteStats} reads, over which dates. */
export interface GetWebsiteStatsArgs extends FunctionConnectionArgs {
  /** The website's id in the service. */
  id: number;
  /** The first date, `YYYY-MM-DD`, as the installation counts dates. */
  from: string;
  /** The last date, `YYYY-MM-DD`, not before `from`. */
  to: string;
  /** Also return the most counted values of one statistic over the dates. */
  top?: StatsTop;
}

/** What {@link getWebsiteStats} resolves to. */
export interface GetWebsiteStatsResult {
  /** Pageviews over the dates: the sum of the `pageviews` statistic's count of each date. */
  pageviews: number;
  /** Visitors over the dates: the sum of the `visitors` statistic's count of each date. */
  visitors: number;
  /** With `top` only: the statistic's most counted values, the most counted first. */
  top?: StatRow[];
}

/** The account that owns the API key, with its plan and limits. */
export function getAccount(args: FunctionConnectionArgs = {}): Promise<Account> {
  return core.getAccount(programContext(), args);
}

/** Every website of the account (all pages), optionally filtered and ordered. */
export function getWebsites(args: GetWebsitesArgs = {}): Promise<GetWebsitesResult> {
  return core.getWebsites(programContext(), args);
}

/**
 * One website, by id or by domain (normalised like the server does). When the account has no
 * such website, it rejects with a {@link WebsiteNotFoundError} either way.
 */
export function getWebsite(args: GetWebsiteArgs): Promise<WebsiteInfo> {
  return core.getWebsite(programContext(), args);
}

/**
 * A website's pageviews and visitors over the dates `from` to `to` (both included), and with
 * `top` the most counted values of one statistic. Arguments (dates, their order, the
 * statistic's name) are refused before any request; a website this account does not have
 * rejects with a {@link WebsiteNotFoundError}.
 */
export function getWebsiteStats(args: GetWebsiteStatsArgs): Promise<GetWebsiteStatsResult> {
  return core.getWebsiteStats(programContext(), args);
}

/** {@link getAccount} as an Output, for arguments that are Outputs themselves. */
export function getAccountOutput(args: pulumi.Input<FunctionConnectionArgs> = {}): pulumi.Output<Account> {
  return pulumi.output(args).apply((resolved) => getAccount(resolved as FunctionConnectionArgs));
}

/** {@link getWebsites} as an Output, for arguments that are Outputs themselves. */
export function getWebsitesOutput(
  args: pulumi.Input<GetWebsitesArgs> = {},
): pulumi.Output<GetWebsitesResult> {
  return pulumi.output(args).apply((resolved) => getWebsites(resolved as GetWebsitesArgs));
}

/** {@link getWebsite} as an Output, for arguments that are Outputs themselves. */
export function getWebsiteOutput(args: pulumi.Input<GetWebsiteArgs>): pulumi.Output<WebsiteInfo> {
  return pulumi.output(args).apply((resolved) => getWebsite(resolved));
}

/** {@link getWebsiteStats} as an Output, for arguments that are Outputs themselves. */
export function getWebsiteStatsOutput(
  args: pulumi.Input<GetWebsiteStatsArgs>,
): pulumi.Output<GetWebsiteStatsResult> {
  return pulumi.output(args).apply((resolved) => getWebsiteStats(resolved as GetWebsiteStatsArgs));
}

/** What {@link getTrackingCode} resolves to: an installation's tracking code, whole and in parts. */
export interface GetTrackingCodeResult {
  /** The `<script>` element, exactly as the installation's web interface shows it, for each page's `<head>` or `<body>`. */
  trackingCode: string;
  /** The installation's root URL (`data-host`): the script posts each hit to its `/api/event`. */
  host: string;
  /** Where pages load the script from (`src`): `trackingScriptUrl` when set, else the installation's `js/script.js`. */
  scriptUrl: string;
  /** Whether the script skips browsers that send Do Not Track (`data-dnt`). */
  doNotTrack: boolean;
}

/**
 * The installation's tracking code (the same for every website): made from its address and the
 * `trackingDoNotTrack` and `trackingScriptUrl` settings, without any request or API key.
 */
export function getTrackingCode(args: FunctionConnectionArgs = {}): Promise<GetTrackingCodeResult> {
  return core.getTrackingCode(programContext(), args);
}

/** {@link getTrackingCode} as an Output, for arguments that are Outputs themselves. */
export function getTrackingCodeOutput(
  args: pulumi.Input<FunctionConnectionArgs> = {},
): pulumi.Output<GetTrackingCodeResult> {
  return pulumi.output(args).apply((resolved) => getTrackingCode(resolved as FunctionConnectionArgs));
}

export { WebsiteNotFoundError } from "../core/lookup-errors";
export type { WebsiteLookup } from "../core/lookup-errors";
