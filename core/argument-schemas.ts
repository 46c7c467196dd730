// How each kind of Website argument is checked and normalised, as zod schemas whose messages
// name the argument and the fix. They only ever see known values: check (website-check.ts) lets
// values that are unknown during a preview through before calling them.
import { domainToASCII } from "node:url";
import { z } from "zod";
import { domainProblem, normalizeDomain } from "../sdk/domain";
import { installationRoot } from "../sdk/connection-rules";
import type { ConnectionInputs } from "./settings";
import { connectionSettingNames, resolveSettings, settingSpecs } from "./settings";
import { isUnknown } from "./unknown-values";

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** A true/false switch. */
export function flag(name: string) {
  return z.boolean({ error: (issue) => `${name} must be true or false, not ${shown(issue.input)}.` });
}

/** One of a fixed set of words. */
export function choice<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  const listed = values.map((v) => `"${v}"`);
  const spoken = `${listed.slice(0, -1).join(", ")} or ${listed[listed.length - 1]}`;
  return z.enum(values, { error: (issue) => `${name} must be one of ${spoken}, not ${shown(issue.input)}.` });
}

/** Why a non-ASCII domain is refused, with the form the server accepts when there is one. */
function internationalNameHint(raw: string): string {
  const ascii = domainToASCII(normalizeDomain(raw));
  return ascii !== "" && ascii !== normalizeDomain(raw) ? ` Use its ASCII form "${ascii}".` : "";
}

/** A domain, normalised as the server does before it validates it (docs/server-behaviour.md). */
export const domainArgument = z
  .string({
    error: (issue) => `domain must be a host name such as "example.com", not ${shown(issue.input)}.`,
  })
  .transform((raw, ctx) => {
    if (raw.trim() === "") {
      ctx.addIssue({
        code: "custom",
        message: `domain is required: the site's host name, e.g. "example.com".`,
      });
      return z.NEVER;
    }
    const normalized = normalizeDomain(raw);
    const problem = domainProblem(normalized);
    if (problem) {
      const hint = [...normalized].some((char) => char.charCodeAt(0) > 0x7f)
        ? internationalNameHint(raw)
        : "";
      ctx.addIssue({ code: "custom", message: `"${raw}" is not a valid domain: ${problem}${hint}` });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * A list of entries: trimmed, empty ones refused, order kept, each listed once (compared without
 * letter case when `caseInsensitive`), each checked by `entryProblem`. Entries unknown during a
 * preview are kept as they are.
 */
export function entryList(
  name: string,
  entryProblem: (entry: string) => string | undefined,
  caseInsensitive: boolean,
) {
  const shape = `${name} must be a list of strings.`;
  return z.array(z.string({ error: shape }), { error: shape }).transform((entries, ctx) => {
    const cleaned: string[] = [];
    const seen = new Set<string>();
    for (const raw of entries) {
      if (isUnknown(raw)) {
        cleaned.push(raw);
        continue;
      }
      const entry = raw.trim();
      if (entry === "") {
        // Most often a slip in a list built from data; dropping it silently would hide the slip.
        ctx.addIssue({ code: "custom", message: `${name} has an empty entry; remove it.` });
        continue;
      }
      const key = caseInsensitive ? entry.toLowerCase() : entry;
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: `"${entry}" is listed twice in ${name}; list each entry once.`,
        });
        continue;
      }
      seen.add(key);
      const problem = entryProblem(entry);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
      cleaned.push(entry);
    }
    return cleaned;
  });
}

/** A query parameter name as the tracker matches it, or `&` for "every parameter". */
export function queryParameterProblem(entry: string): string | undefined {
  if (entry === "&") return undefined;
  if (/[\s&=?#]/.test(entry)) {
    return `"${entry}" is not a query parameter name: use the bare name (e.g. "utm_source"), or "&" to drop every parameter.`;
  }
  return undefined;
}

/** Lists compare as sets: order is no change (nor letter case, when `caseInsensitive`). */
export function sameEntries(caseInsensitive: boolean) {
  const key = (entry: string) => (caseInsensitive ? entry.toLowerCase() : entry);
  return (a: string[] | undefined, b: string[] | undefined): boolean => {
    if (a === undefined || b === undefined) return a === b;
    const left = new Set(a.map(key));
    const right = new Set(b.map(key));
    return left.size === right.size && [...left].every((entry) => right.has(entry));
  };
}

export type { ConnectionInputs };

/** A connection argument's value type, by the setting's type. */
const connectionValueOf = (name: keyof ConnectionInputs, error?: string) =>
  settingSpecs[name].type === "boolean" ? z.boolean({ error }) : z.string({ error });

export const connectionValue = z.object(
  Object.fromEntries(connectionSettingNames.map((name) => [name, connectionValueOf(name).optional()])),
) as unknown as z.ZodType<ConnectionInputs>;

const connectionShape =
  `connection takes only ${connectionSettingNames.join(", ")} ` +
  `(${connectionSettingNames.filter((name) => settingSpecs[name].type === "boolean").join(" and ")} true or false, the others strings).`;

/**
 * Credentials and how to reach the installation for one resource or function; each value is
 * checked by its setting's own rule (the key is never shown).
 */
export const connectionArgument = z
  .strictObject(
    Object.fromEntries(
      connectionSettingNames.map((name) => [name, connectionValueOf(name, connectionShape).optional()]),
    ),
    { error: connectionShape },
  )
  .superRefine((connection, ctx) => {
    for (const name of connectionSettingNames) {
      const value = (connection as Record<string, unknown>)[name];
      if (value === undefined || isUnknown(value)) continue;
      try {
        resolveSettings(
          (wanted) => (wanted === name ? value : undefined),
          {},
          (key) => `connection.${key}`,
        );
      } catch (error) {
        ctx.addIssue({ code: "custom", path: [name], message: (error as Error).message });
      }
    }
  }) as unknown as z.ZodType<ConnectionInputs>;

/** The installation a base URL names (a trailing "/" or "/api/v1" is the same installation). */
export function installationOf(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined || baseUrl.trim() === "") return undefined;
  if (isUnknown(baseUrl)) return baseUrl;
  try {
    return installationRoot(baseUrl.trim(), "connection.baseUrl");
  } catch {
    return baseUrl.trim();
  }
}
