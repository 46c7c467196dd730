// During a preview, arguments that depend on other resources' outputs are not known yet; the
// engine hands them to check and diff as a placeholder string, which @pulumi/pulumi exports.
// (The rpc module is loaded rather than the whole runtime: it is all this needs.)
import { unknownValue } from "@pulumi/pulumi/runtime/rpc";

export { unknownValue };

export const isUnknown = (value: unknown): boolean => value === unknownValue;

/** Whether the value, or anything inside it, is not known yet. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
