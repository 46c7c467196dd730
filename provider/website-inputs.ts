// Validation and normalisation of Website arguments: the provider's `check`.
// Pure functions, so the rules are tested on their own and run at preview time,
// before any API call.
import { z } from "zod";
import { domainProblem, installationRoot, ipProblem, normalizeDomain } from "../sdk";
import type { Privacy } from "../sdk";

/** The value the engine uses for inputs that are not known yet during a preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export const privacyValues = ["public", "private", "password"] as const satisfies readonly Privacy[];

export interface ConnectionInputs {
  baseUrl?: string;
  apiKey?: string;
}

/** Website arguments after `check`: defaults applied, domain normalised, lists cleaned. */
export interface WebsiteInputs {
  domain: string;
  privacy: Privacy;
  password?: string;
  email: boolean;
  excludeBots: boolean;
  favorite: boolean;
  excludeParams: string[];
  excludeIps: string[];
  adoptExisting: boolean;
  connection?: ConnectionInputs;
}

export interface CheckFailure {
  property: string;
  reason: string;
}

export const isUnknown = (value: unknown): boolean => value === UNKNOWN;

const defaults = {
  privacy: "public",
  email: false,
  excludeBots: true,
  favorite: false,
  excludeParams: [] as string[],
  excludeIps: [] as string[],
  adoptExisting: false,
} as const;

const booleanFields = ["email", "excludeBots", "favorite", "adoptExisting"] as const;
const knownFields = new Set([
  "domain",
  "privacy",
  "password",
  "email",
  "excludeBots",
  "favorite",
  "excludeParams",
  "excludeIps",
  "adoptExisting",
  "connection",
  "__provider",
]);

const maxPasswordLength = 128;

/** A query parameter name as the tracker matches it, or `&` for "every parameter". */
function paramProblem(entry: string): string | undefined {
  if (entry === "&") return undefined;
  if (/[\s&=?#]/.test(entry)) {
    return `"${entry}" is not a query parameter name: use the bare name (e.g. "utm_source"), or "&" to drop every parameter.`;
  }
  return undefined;
}

const stringList = z.array(z.string());

/** Trims entries, drops empty ones and reports duplicates and invalid entries. */
function cleanList(
  property: string,
  value: unknown,
  entryProblem: (entry: string) => string | undefined,
  failures: CheckFailure[],
  caseInsensitive: boolean,
): unknown {
  if (value === undefined || value === null) return [];
  if (isUnknown(value)) return value;
  const parsed = stringList.safeParse(value);
  if (!parsed.success) {
    failures.push({ property, reason: `${property} must be a list of strings.` });
    return value;
  }
  const cleaned: string[] = [];
  const seen = new Set<string>();
  for (const raw of parsed.data) {
    if (isUnknown(raw)) {
      cleaned.push(raw);
      continue;
    }
    const entry = raw.trim();
    if (entry === "") continue;
    const key = caseInsensitive ? entry.toLowerCase() : entry;
    if (seen.has(key)) {
      failures.push({ property, reason: `"${entry}" is listed twice in ${property}; list each entry once.` });
      continue;
    }
    seen.add(key);
    const problem = entryProblem(entry);
    if (problem) failures.push({ property, reason: problem });
    cleaned.push(entry);
  }
  return cleaned;
}

function checkDomain(value: unknown, failures: CheckFailure[]): unknown {
  if (isUnknown(value)) return value;
  if (typeof value !== "string" || value.trim() === "") {
    failures.push({
      property: "domain",
      reason: 'domain is required: the site\'s host name, e.g. "example.com".',
    });
    return value;
  }
  const normalized = normalizeDomain(value);
  const problem = domainProblem(normalized);
  if (problem) failures.push({ property: "domain", reason: `"${value}" is not a valid domain: ${problem}` });
  return normalized;
}

function checkConnection(value: unknown, failures: CheckFailure[]): unknown {
  if (value === undefined || value === null || isUnknown(value)) return value ?? undefined;
  const parsed = z
    .object({ baseUrl: z.string().optional(), apiKey: z.string().optional() })
    .strict()
    .safeParse(value);
  if (!parsed.success) {
    failures.push({
      property: "connection",
      reason: "connection takes only baseUrl and apiKey, both strings.",
    });
    return value;
  }
  const { baseUrl } = parsed.data;
  if (baseUrl !== undefined && !isUnknown(baseUrl) && baseUrl.trim() !== "") {
    try {
      installationRoot(baseUrl.trim(), "connection.baseUrl");
    } catch (error) {
      failures.push({ property: "connection.baseUrl", reason: (error as Error).message });
    }
  }
  return parsed.data;
}

function checkPassword(privacy: unknown, password: unknown, failures: CheckFailure[]): void {
  if (isUnknown(privacy) || isUnknown(password)) return;
  const hasPassword = password !== undefined && password !== null && password !== "";
  if (privacy === "password") {
    if (!hasPassword) {
      failures.push({
        property: "password",
        reason: 'password is required when privacy is "password": visitors of the statistics page need it.',
      });
    } else if (typeof password !== "string" || password.length > maxPasswordLength) {
      failures.push({
        property: "password",
        reason: `password must be a string of 1 to ${maxPasswordLength} characters.`,
      });
    }
  } else if (hasPassword) {
    failures.push({
      property: "password",
      reason: `password is only used when privacy is "password" (privacy is "${String(privacy)}"); remove password or set privacy = "password".`,
    });
  }
}

/**
 * Validates and normalises raw Website inputs. Unknown values pass through untouched so a
 * preview can proceed; they are checked again when known.
 */
export function checkWebsiteInputs(news: Record<string, unknown>): {
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
} {
  const failures: CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};

  for (const key of Object.keys(news)) {
    if (!knownFields.has(key)) {
      failures.push({ property: key, reason: `${key} is not an argument of Website.` });
    }
  }

  inputs.domain = checkDomain(news.domain, failures);

  const privacy = news.privacy ?? defaults.privacy;
  if (!isUnknown(privacy) && !privacyValues.includes(privacy as Privacy)) {
    failures.push({
      property: "privacy",
      reason: `privacy must be one of "public", "private" or "password", not ${JSON.stringify(privacy)}.`,
    });
  }
  inputs.privacy = privacy;

  checkPassword(privacy, news.password, failures);
  if (news.password !== undefined && news.password !== null && news.password !== "") {
    inputs.password = news.password;
  }

  for (const field of booleanFields) {
    const value = news[field] ?? defaults[field];
    if (!isUnknown(value) && typeof value !== "boolean") {
      failures.push({
        property: field,
        reason: `${field} must be true or false, not ${JSON.stringify(value)}.`,
      });
    }
    inputs[field] = value;
  }

  inputs.excludeParams = cleanList("excludeParams", news.excludeParams, paramProblem, failures, false);
  inputs.excludeIps = // IPv6 addresses are case-insensitive; query parameter names are not.
    inputs.excludeIps = cleanList("excludeIps", news.excludeIps, ipProblem, failures, true);

  const connection = checkConnection(news.connection, failures);
  if (connection !== undefined) inputs.connection = connection;

  if (news.__provider !== undefined) inputs.__provider = news.__provider;
  return { inputs, failures };
}
