// The provider's `check`: Website arguments validated and normalised at preview, before any API
// call, by the rules of website-fields.ts plus the one rule that spans two arguments (a password
// belongs to privacy "password"). Values unknown during a preview pass through untouched; they
// are checked when known.
import type { z } from "zod";
import { fieldEntries, maxPasswordLength, websiteFields } from "./website-fields";
import type { FieldName, FieldSpec } from "./website-fields";
import { isUnknown } from "./unknown-values";

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Keys the engine adds to a dynamic resource's inputs. */
const engineKeys = new Set(["__provider"]);

/** An omitted argument: null counts as omitted, as it does for the engine. */
const omitted = (value: unknown): value is null | undefined => value === undefined || value === null;

function checkField(
  name: FieldName,
  spec: FieldSpec<z.ZodType>,
  raw: unknown,
  failures: CheckFailure[],
): unknown {
  if (omitted(raw)) {
    if (spec.required) failures.push({ property: name, reason: spec.required });
    return spec.default;
  }
  if (isUnknown(raw)) return raw;
  const parsed = spec.argument.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    failures.push({ property: [name, ...issue.path.map(String)].join("."), reason: issue.message });
  }
  return raw;
}

/** A password belongs to privacy "password": required there, refused elsewhere (the server would ignore it). */
function checkPasswordMatchesPrivacy(privacy: unknown, password: unknown, failures: CheckFailure[]): void {
  if (isUnknown(privacy) || isUnknown(password)) return;
  if (privacy === "password" && password === undefined) {
    failures.push({
      property: "password",
      reason: `password is required when privacy is "password": visitors of the statistics page need it (1 to ${maxPasswordLength} characters).`,
    });
  } else if (privacy !== "password" && password !== undefined) {
    failures.push({
      property: "password",
      reason: `password is only used when privacy is "password" (privacy is "${String(privacy)}"); remove password or set privacy = "password".`,
    });
  }
}

/** Validates and normalises raw Website inputs; returns what create, diff and update receive. */
export function checkWebsiteInputs(news: Record<string, unknown>): {
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
} {
  const failures: CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};

  for (const key of Object.keys(news)) {
    if (!(key in websiteFields) && !engineKeys.has(key)) {
      failures.push({ property: key, reason: `${key} is not an argument of Website.` });
    }
  }
  for (const [name, spec] of fieldEntries) {
    // An empty password is no password.
    const raw = name === "password" && news[name] === "" ? undefined : news[name];
    const value = checkField(name, spec, raw, failures);
    if (value !== undefined) inputs[name] = value;
  }
  checkPasswordMatchesPrivacy(inputs.privacy, inputs.password, failures);

  for (const key of engineKeys) if (news[key] !== undefined) inputs[key] = news[key];
  return { inputs, failures };
}
