// What changed between the recorded state of a Website and its new (checked) arguments, and the
// smallest API update that applies it, both derived from website-fields.ts. Pure functions.
import type { WebsiteUpdateInput } from "../sdk";
import { containsUnknown } from "./unknown-values";
import { fieldEntries, isWriteOnly, maxPasswordLength, protectedPrivacy } from "./website-fields";
import type { WebsiteOutputs } from "./website-fields";

export interface WebsiteDiff {
  changes: boolean;
  replaces: string[];
  /** Arguments that differ, for messages and tests. */
  changed: string[];
}

/** Checked arguments; during a preview some may still be placeholders for unknown values. */
type Wanted = Record<string, unknown>;

export function diffWebsite(recorded: Partial<WebsiteOutputs>, wanted: Wanted): WebsiteDiff {
  const changed: string[] = [];
  const replaces: string[] = [];
  for (const [name, spec] of fieldEntries) {
    if (spec.createOnly) continue;
    // An omitted argument the API never returns is left as it is on the server.
    if (isWriteOnly(spec) && wanted[name] === undefined) continue;
    // State written before an argument existed holds its default.
    const fallback = typeof spec.default === "function" ? undefined : spec.default;
    const before = recorded[name] ?? fallback;
    const after = wanted[name] ?? fallback;
    // A value not known yet during a preview may turn out to be anything.
    if (!containsUnknown(after)) {
      const same = spec.same ?? ((a: unknown, b: unknown) => a === b);
      if (same(before, after)) continue;
    }
    changed.push(name);
    if (spec.replaces) replaces.push(name);
  }
  return { changes: changed.length > 0, replaces, changed };
}

/**
 * The fields to send to the API to go from `recorded` to `wanted`: the changed ones the API
 * accepts on update. The password travels along whenever the website becomes or stays
 * password-protected without the server holding one, since the server needs it then.
 */
export function updatePatch(recorded: Partial<WebsiteOutputs>, wanted: Wanted): WebsiteUpdateInput {
  const { changed } = diffWebsite(recorded, wanted);
  const patch: WebsiteUpdateInput = {};
  for (const [name, spec] of fieldEntries) {
    const value = wanted[name];
    if (!changed.includes(name) || value === undefined || !spec.send) continue;
    if (spec.sentOn === "update" || spec.sentOn === "both") spec.send(value, patch);
  }
  const protecting = changed.includes("privacy") || !recorded.hasPassword;
  if (wanted.privacy === protectedPrivacy && typeof wanted.password === "string" && protecting) {
    patch.password = wanted.password;
  }
  return patch;
}

/**
 * Why the website cannot have privacy "password" as asked, or undefined: the password argument is
 * omitted (left as the server has it) and the server has none to keep.
 */
export function passwordGap(recorded: Partial<WebsiteOutputs>, wanted: Wanted): string | undefined {
  if (wanted.privacy !== protectedPrivacy || wanted.password !== undefined || recorded.hasPassword)
    return undefined;
  const which =
    recorded.websiteId === undefined
      ? `the new website ${String(wanted.domain)}`
      : `website ${recorded.websiteId} (${String(recorded.domain)})`;
  return `privacy "password" needs a password and ${which} has none: give the password argument (1 to ${maxPasswordLength} characters).`;
}
