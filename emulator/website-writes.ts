// How validated request values become database rows. The database holds integers where the
// request held strings, and an unchanged row keeps its updated_at, as the framework's
// dirty-checking does.
import {
  hasField,
  isTruthyFlag,
  numericValue,
  phpString,
  type InputValue,
  type RequestInput,
} from "./request-input";
import type { NewWebsite } from "./store";
import { toDatabaseTime } from "./timestamps";
import type { StoredWebsite, WebsitePatch } from "./types";

function storedInteger(value: InputValue | undefined): number | null {
  const number = numericValue(value);
  return number === undefined ? null : Math.trunc(number);
}

function storedText(value: InputValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return phpString(value) ?? null;
}

export interface NewWebsiteDefaults {
  /** The real server leaves privacy and email null when they are not sent. */
  nullForOmitted: boolean;
}

export function buildNewWebsite(
  input: RequestInput,
  domain: string,
  accountId: number,
  defaults: NewWebsiteDefaults,
  now: Date,
): NewWebsite {
  const omitted = defaults.nullForOmitted ? null : 0;
  const timestamp = toDatabaseTime(now);
  return {
    account_id: accountId,
    domain,
    privacy: storedInteger(input.privacy) ?? omitted,
    email: storedInteger(input.email) ?? omitted,
    password: storedText(input.password),
    exclude_bots: storedInteger(input.exclude_bots) ?? 1,
    exclude_params: storedText(input.exclude_params),
    exclude_ips: storedText(input.exclude_ips),
    favorite: false,
    favorited_at: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

const INTEGER_FIELDS = ["privacy", "email", "exclude_bots"] as const;
const TEXT_FIELDS = ["password", "exclude_params", "exclude_ips"] as const;

/** Applies the fields present in an update request; `domain` is not one of them. */
export function applyWebsiteChanges(current: StoredWebsite, input: RequestInput, now: Date): StoredWebsite {
  const next: StoredWebsite = { ...current };
  for (const field of INTEGER_FIELDS) {
    if (hasField(input, field)) next[field] = storedInteger(input[field]);
  }
  for (const field of TEXT_FIELDS) {
    if (hasField(input, field)) next[field] = storedText(input[field]);
  }
  // Sending a truthy favorite stamps the time again on every request, which always counts as a change.
  const favoriteSet = hasField(input, "favorite") && isTruthyFlag(input.favorite);
  if (hasField(input, "favorite")) setFavorite(next, favoriteSet, now);
  return touchIfChanged(current, next, now, favoriteSet);
}

/** A change made in the web interface rather than through the API. */
export function applyWebsitePatch(current: StoredWebsite, patch: WebsitePatch, now: Date): StoredWebsite {
  const next: StoredWebsite = { ...current };
  for (const field of INTEGER_FIELDS) {
    const value = patch[field];
    if (value !== undefined) next[field] = value;
  }
  for (const field of TEXT_FIELDS) {
    const value = patch[field];
    if (value !== undefined) next[field] = value === "" ? null : value;
  }
  if (patch.favorite !== undefined) setFavorite(next, patch.favorite, now);
  return touchIfChanged(current, next, now, patch.favorite === true);
}

function setFavorite(website: StoredWebsite, favorite: boolean, now: Date): void {
  website.favorite = favorite;
  website.favorited_at = favorite ? toDatabaseTime(now) : null;
}

function touchIfChanged(
  current: StoredWebsite,
  next: StoredWebsite,
  now: Date,
  force = false,
): StoredWebsite {
  const changed =
    force || (Object.keys(next) as (keyof StoredWebsite)[]).some((key) => next[key] !== current[key]);
  if (changed) next.updated_at = toDatabaseTime(now);
  return next;
}
