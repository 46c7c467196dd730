// The provider's own rules for Website arguments, applied to the entries of a fleet file.
// This is the only place where fleet code reaches into the provider's validation: when the
// rules move, this import is the one line to change.
import { checkWebsiteInputs } from "../core/website-check";

export interface ArgumentProblem {
  /** The Website argument, e.g. "excludeIps". */
  argument: string;
  reason: string;
}

/**
 * What the provider's `check` would refuse in these Website arguments, at preview, with the
 * stack's default of adoptExisting (which changes what a new website needs).
 */
export function websiteArgumentProblems(
  args: Record<string, unknown>,
  adoptExisting: boolean,
): ArgumentProblem[] {
  const settings = { adoptExisting: { value: adoptExisting, source: "the stack's adoptExisting" } };
  return checkWebsiteInputs(args, {}, settings).failures.map((f) => ({
    argument: f.argument,
    reason: f.reason,
  }));
}
