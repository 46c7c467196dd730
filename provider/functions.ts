// Data functions: read the account and its websites. They run in the program's own
// process (dynamic providers have no invoke), during previews as well as updates; what they do
// is the core's (core/functions.ts), which the provider plugin serves as well.
import * as pulumi from "@pulumi/pulumi";
import type { Account, Website as WebsiteInfo } from "../sdk";
import * as core from "../core/functions";
import type { ConnectionInputs } from "../core/connection-inputs";
import { programContext } from "./program-context";

export type { Account, WebsiteInfo };

/** Arguments every data function accepts. */
export interface FunctionConnectionArgs {
  /**
   * Credentials to use instead of the stack configuration and environment: `baseUrl` (the
   * installation's root URL) and `apiKey`, both optional plain strings.
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

export { WebsiteNotFoundError } from "../core/lookup-errors";
export type { WebsiteLookup } from "../core/lookup-errors";
