// What changed between the recorded state of a Website and its new arguments, and the
// smallest API update that applies it. Pure functions over normalised values.
import { installationRoot, normalizeDomain } from "../sdk";
import type { WebsiteUpdateInput } from "../sdk";
import { isUnknown } from "./website-inputs";
import type { WebsiteOutputs } from "./website-state";

export interface WebsiteDiff {
  changes: boolean;
  replaces: string[];
  /** Properties that differ, for messages and tests. */
  changed: string[];
}

const sameSet = (a: unknown, b: unknown, caseInsensitive: boolean): boolean => {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  const key = (v: unknown) => (caseInsensitive ? String(v).toLowerCase() : String(v));
  const left = new Set(a.map(key));
  const right = new Set(b.map(key));
  return left.size === right.size && [...left].every((v) => right.has(v));
};

/** A connection field in a comparable form; base URLs by the installation they name. */
const connectionValue = (connection: unknown, field: "baseUrl" | "apiKey"): string | undefined => {
  if (isUnknown(connection)) return connection as string;
  const value = (connection as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== "string" || value.trim() === "") return undefined;
  if (field === "apiKey") return value.trim();
  try {
    return installationRoot(value.trim(), "connection.baseUrl");
  } catch {
    return value.trim();
  }
};

type Comparison = (olds: Partial<WebsiteOutputs>, news: Record<string, unknown>) => boolean;

/** Each property and how to tell whether it changed; unknown new values count as changes. */
const comparisons: Record<string, Comparison> = {
  domain: (o, n) =>
    typeof n.domain === "string" && !isUnknown(n.domain) && normalizeDomain(n.domain) === o.domain,
  privacy: (o, n) => n.privacy === o.privacy,
  // Write-only: compared with the value last applied, which the state keeps (as a secret).
  password: (o, n) => (n.password ?? undefined) === (o.password ?? undefined),
  email: (o, n) => n.email === o.email,
  excludeBots: (o, n) => n.excludeBots === o.excludeBots,
  favorite: (o, n) => n.favorite === o.favorite,
  excludeParams: (o, n) => sameSet(n.excludeParams ?? [], o.excludeParams ?? [], false),
  excludeIps: (o, n) => sameSet(n.excludeIps ?? [], o.excludeIps ?? [], true),
  adoptExisting: (o, n) => n.adoptExisting === (o.adoptExisting ?? false),
  "connection.baseUrl": (o, n) =>
    connectionValue(n.connection, "baseUrl") === connectionValue(o.connection, "baseUrl"),
  "connection.apiKey": (o, n) =>
    connectionValue(n.connection, "apiKey") === connectionValue(o.connection, "apiKey"),
};

/**
 * A new domain is a new website (the API cannot rename one), and so is a website on
 * another installation.
 */
const replacingProperties = new Set(["domain", "connection.baseUrl"]);

export function diffWebsite(olds: Partial<WebsiteOutputs>, news: Record<string, unknown>): WebsiteDiff {
  const changed = Object.entries(comparisons)
    .filter(([, same]) => !same(olds, news))
    .map(([property]) => property);
  const replaces = changed
    .filter((p) => replacingProperties.has(p))
    .map((p) => (p.startsWith("connection.") ? "connection" : p));
  return { changes: changed.length > 0, replaces: [...new Set(replaces)], changed };
}

/**
 * The fields to send to the API to go from `olds` to `news`. `favorite` is sent only when
 * it changes, because sending it again resets the time it was favorited.
 */
export function updatePatch(
  olds: Partial<WebsiteOutputs>,
  news: Record<string, unknown>,
): WebsiteUpdateInput {
  const { changed } = diffWebsite(olds, news);
  const patch: WebsiteUpdateInput = {};
  const has = (p: string) => changed.includes(p);
  if (has("privacy")) patch.privacy = news.privacy as WebsiteUpdateInput["privacy"];
  if (news.privacy === "password" && (has("privacy") || has("password") || !olds.hasPassword)) {
    patch.password = news.password as string;
  }
  if (has("email")) patch.email = news.email as boolean;
  if (has("excludeBots")) patch.excludeBots = news.excludeBots as boolean;
  if (has("favorite")) patch.favorite = news.favorite as boolean;
  if (has("excludeParams")) patch.excludeParams = news.excludeParams as string[];
  if (has("excludeIps")) patch.excludeIps = news.excludeIps as string[];
  return patch;
}
