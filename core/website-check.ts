// The provider's `check`: Website arguments validated and normalised at preview, before any API
// call, by the rules of website-fields.ts plus the one rule that spans two arguments (a password
// belongs to privacy "password"). Values unknown during a preview pass through untouched; they
// are checked when known.
//
// The engine prints a failure as `property <name> value {<the raw value>} has a problem`, secrets
// included. So a failure names its argument as the property only when that argument is present
// and not secret; otherwise it is a failure of the whole resource, which the engine prints as
// `resource <urn> has a problem: <reason>`, and the reason names the argument.
import type { z } from "zod";
import { closestName } from "./closest-name";
import {
  defaultOf,
  fieldEntries,
  maxPasswordLength,
  protectedPrivacy,
  websiteFields,
} from "./website-fields";
import type { FieldName, FieldSpec } from "./website-fields";
import type { ProviderSettings } from "./settings";
import { isUnknown } from "./unknown-values";

export interface CheckFailure {
  /** What the engine is told the failure is about: the argument, or "" for the whole resource. */
  property: string;
  /** The argument the failure is about, always named (for fleet files, which show no values). */
  argument: string;
  reason: string;
}

/** An omitted argument: null counts as omitted, as it does for the engine. */
const omitted = (value: unknown): value is null | undefined => value === undefined || value === null;

/**
 * The property a failure is reported on: the argument itself (the engine resolves only top-level
 * names), or "" (the whole resource) when showing its value could leak a secret or there is none.
 */
function reportedProperty(name: string, spec: FieldSpec<z.ZodType>, raw: unknown): string {
  return spec.secret || omitted(raw) ? "" : name;
}

function checkField(
  name: FieldName,
  spec: FieldSpec<z.ZodType>,
  raw: unknown,
  failures: CheckFailure[],
  settings: ProviderSettings,
): unknown {
  if (omitted(raw)) {
    if (spec.required) failures.push({ property: "", argument: name, reason: spec.required });
    return defaultOf(spec, settings);
  }
  if (isUnknown(raw)) return raw;
  const parsed = spec.argument.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const where = [name, ...path].join(".");
    // Failures of secret arguments are reported on the resource: their reason must say where.
    const reason =
      spec.secret && !issue.message.includes(where) ? `${where}: ${issue.message}` : issue.message;
    failures.push({ property: reportedProperty(name, spec, raw), argument: name, reason });
  }
  return raw;
}

/**
 * A password belongs to privacy "password". Given with another privacy, it is refused (the server
 * would ignore it). Omitted with privacy "password", it is left as the server has it: fine for a
 * website that exists (an adopted one keeps its password), but a new website needs one.
 */
function checkPasswordMatchesPrivacy(
  inputs: Record<string, unknown>,
  creating: boolean,
  failures: CheckFailure[],
): void {
  const { privacy, password, adoptExisting } = inputs;
  if (isUnknown(privacy) || isUnknown(password)) return;
  if (privacy === protectedPrivacy && password === undefined && creating && adoptExisting === false) {
    failures.push({
      property: "",
      argument: "password",
      reason:
        `password is required when privacy is "password" for a new website: visitors of the statistics page need it ` +
        `(1 to ${maxPasswordLength} characters). To take over an existing website and keep its password, set adoptExisting.`,
    });
  } else if (privacy !== protectedPrivacy && password !== undefined) {
    failures.push({
      property: "",
      argument: "password",
      reason: `password is only used when privacy is "password" (privacy is "${String(privacy)}"); remove password or set privacy = "password".`,
    });
  }
}

function unknownArgument(key: string): CheckFailure {
  const near = closestName(key, Object.keys(websiteFields));
  return {
    property: "",
    argument: key,
    reason: `${key} is not an argument of Website${near ? ` (did you mean ${near}?)` : ""}; remove it or correct its name.`,
  };
}

/**
 * Validates and normalises raw Website inputs; returns what create, diff and update receive.
 * `olds` are the arguments last applied, empty for a website not created yet; `settings` give
 * the defaults that come from the stack (adoptExisting).
 */
export function checkWebsiteInputs(
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
  settings: ProviderSettings = {},
): {
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
} {
  const failures: CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};

  for (const key of Object.keys(news)) {
    if (!Object.hasOwn(websiteFields, key)) failures.push(unknownArgument(key));
  }
  for (const [name, spec] of fieldEntries) {
    const raw = spec.emptyIsOmitted && news[name] === "" ? undefined : news[name];
    const value = checkField(name, spec, raw, failures, settings);
    if (value !== undefined) inputs[name] = value;
  }
  const creating = olds.domain === undefined;
  checkPasswordMatchesPrivacy(inputs, creating, failures);
  return { inputs, failures };
}
