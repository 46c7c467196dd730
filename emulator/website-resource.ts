// The website record as the API shows it. `exclude_params` is write-only and the password is
// reduced to whether one is set.
import type { InputValue, RequestInput } from "./request-input";
import { databaseTimeToIso } from "./timestamps";
import type { StoredWebsite } from "./types";

export interface WebsiteJson {
  id: number;
  domain: string;
  privacy: InputValue;
  email: InputValue;
  password: boolean;
  exclude_bots: InputValue;
  exclude_ips: InputValue;
  favorite: boolean;
  favorited_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The record as GET and listings return it: integers (or null) straight from the row. */
export function websiteJson(row: StoredWebsite): WebsiteJson {
  return {
    id: row.id,
    domain: row.domain,
    privacy: row.privacy,
    email: row.email,
    password: row.password !== null && row.password !== "",
    exclude_bots: row.exclude_bots,
    exclude_ips: row.exclude_ips,
    favorite: row.favorite,
    favorited_at: row.favorited_at,
    created_at: databaseTimeToIso(row.created_at),
    updated_at: databaseTimeToIso(row.updated_at),
  };
}

const ECHOED_FIELDS = ["privacy", "email", "exclude_bots", "exclude_ips"] as const;

/**
 * The record as create and update return it on the real server: the saved model still holds
 * the values it was given, so submitted fields come back with their request types ("1" from a
 * form, 1 from JSON) while the others show what the row holds.
 */
export function websiteJsonEchoingInput(row: StoredWebsite, input: RequestInput): WebsiteJson {
  const json = websiteJson(row);
  for (const field of ECHOED_FIELDS) {
    const submitted = input[field];
    if (submitted !== undefined && submitted !== null) json[field] = submitted;
  }
  return json;
}
