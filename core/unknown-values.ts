// During a preview, arguments that depend on other resources' outputs are not known yet; the
// engine hands them to check and diff as a placeholder string. It is part of the engine's wire
// protocol (@pulumi/pulumi exports it as `unknownValue` from runtime/rpc, and a unit test holds the
// two equal); written here so that the commands and the Action's bundle load nothing of the
// Pulumi runtime for one string.
export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export const isUnknown = (value: unknown): boolean => value === unknownValue;

/** Whether the value, or anything inside it, is not known yet. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
