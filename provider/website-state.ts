// The Website's recorded state (its outputs) and how it is derived from the API's view
// of a website plus the arguments the API never returns.
import type { Privacy, Website as ApiWebsite } from "../sdk";
import type { ConnectionInputs, WebsiteInputs } from "./website-inputs";

export interface WebsiteOutputs {
  websiteId: number;
  domain: string;
  privacy: Privacy;
  /** Write-only: kept from the last applied arguments (secret). */
  password?: string;
  hasPassword: boolean;
  email: boolean;
  excludeBots: boolean;
  favorite: boolean;
  favoritedAt: string | null;
  /** Write-only: kept from the last applied arguments. */
  excludeParams: string[];
  excludeIps: string[];
  adoptExisting: boolean;
  /** Kept so refresh and delete reach the same installation and account (secret). */
  connection?: ConnectionInputs;
  createdAt: string | null;
  updatedAt: string | null;
}

/** What the API cannot tell us about a website: taken from the arguments last applied. */
export type RememberedFields = Pick<
  WebsiteInputs,
  "password" | "excludeParams" | "adoptExisting" | "connection"
>;

export function rememberedFrom(source: Partial<WebsiteInputs> | Partial<WebsiteOutputs>): RememberedFields {
  const remembered: RememberedFields = {
    excludeParams: source.excludeParams ?? [],
    adoptExisting: source.adoptExisting ?? false,
  };
  if (source.password) remembered.password = source.password;
  if (source.connection) remembered.connection = source.connection;
  return remembered;
}

export function outputsFrom(website: ApiWebsite, remembered: RememberedFields): WebsiteOutputs {
  const outputs: WebsiteOutputs = {
    websiteId: website.id,
    domain: website.domain,
    privacy: website.privacy,
    hasPassword: website.hasPassword,
    email: website.email,
    excludeBots: website.excludeBots,
    favorite: website.favorite,
    favoritedAt: website.favoritedAt,
    excludeParams: remembered.excludeParams,
    excludeIps: website.excludeIps,
    adoptExisting: remembered.adoptExisting,
    createdAt: website.createdAt,
    updatedAt: website.updatedAt,
  };
  // A password only matters while the site is password-protected; keeping a stale one
  // would make a later switch back to "password" look like no change.
  if (remembered.password && website.privacy === "password") outputs.password = remembered.password;
  if (remembered.connection) outputs.connection = remembered.connection;
  return outputs;
}

/**
 * The arguments that would produce the website as it is now: returned by `read` so a
 * refresh records drift in the inputs too. Secrets are left out: the engine cannot mark
 * values returned this way as secret, and the diff reads them from the outputs anyway.
 */
export function inputsFromOutputs(outputs: WebsiteOutputs): Record<string, unknown> {
  return {
    domain: outputs.domain,
    privacy: outputs.privacy,
    email: outputs.email,
    excludeBots: outputs.excludeBots,
    favorite: outputs.favorite,
    excludeParams: outputs.excludeParams,
    excludeIps: outputs.excludeIps,
    adoptExisting: outputs.adoptExisting,
  };
}
