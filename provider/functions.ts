// Data functions: read the account and its websites. They run in the program's own
// process (dynamic providers have no invoke), during previews as well as updates.
import * as pulumi from "@pulumi/pulumi";
import type { Account, ListWebsitesParams, Website as WebsiteInfo } from "../sdk";
import { clientFor, settingsFromConfig } from "./connection";
import type { ConnectionInputs } from "./website-fields";

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

/** The stack configuration of the running program (secrets included, as plain values). */
function programClient(connection?: ConnectionInputs) {
  return clientFor(
    connection,
    settingsFromConfig((key) => pulumi.runtime.getConfig(key)),
  );
}

/** The account that owns the API key, with its plan and limits. */
export function getAccount(args: FunctionConnectionArgs = {}): Promise<Account> {
  return programClient(args.connection).account.get();
}

/** Every website of the account (all pages), optionally filtered and ordered. */
export async function getWebsites(args: GetWebsitesArgs = {}): Promise<GetWebsitesResult> {
  const params: ListWebsitesParams = {};
  if (args.search !== undefined) params.search = args.search;
  if (args.favorite !== undefined) params.favorite = args.favorite;
  if (args.sortBy !== undefined) params.sortBy = args.sortBy;
  if (args.sort !== undefined) params.sort = args.sort;
  return { websites: await programClient(args.connection).websites.list(params) };
}

/** One website, by id or by domain (normalised like the server does). */
export async function getWebsite(args: GetWebsiteArgs): Promise<WebsiteInfo> {
  const client = programClient(args.connection);
  if (args.id !== undefined && args.domain !== undefined) {
    throw new Error("getWebsite takes either id or domain, not both.");
  }
  if (args.id !== undefined) return client.websites.get(args.id);
  if (args.domain === undefined) throw new Error("getWebsite needs an id or a domain.");
  const website = await client.websites.findByDomain(args.domain);
  if (!website) {
    throw new Error(`No website with the domain "${args.domain}" in this account.`);
  }
  return website;
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
