// Request values as the server's framework hands them to validation: strings are trimmed
// (passwords excepted) and empty strings become null, for the query string and the body alike.

export type InputValue = string | number | boolean | null | InputValue[] | { [key: string]: InputValue };
export type RequestInput = Record<string, InputValue>;

const UNTRIMMED_FIELDS = new Set(["password", "password_confirmation", "current_password"]);

/**
 * Built with Object.fromEntries rather than by assignment: a "__proto__" key from a JSON body must
 * stay an ordinary field, not replace the prototype of the object the handlers read.
 */
export function cleanRequestInput(raw: unknown): RequestInput {
  if (!isPlainObject(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, cleanValue(value, !UNTRIMMED_FIELDS.has(key))]),
  );
}

function cleanValue(value: unknown, trim: boolean): InputValue {
  if (typeof value === "string") {
    const text = trim ? value.trim() : value;
    return text === "" ? null : text;
  }
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, trim));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanValue(item, trim)]));
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hasField(input: RequestInput, field: string): boolean {
  return Object.prototype.hasOwnProperty.call(input, field);
}

/** The value as PHP's string cast would give it; arrays and objects have none. */
export function phpString(value: InputValue | undefined): string | undefined {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "";
  return undefined;
}

const NUMERIC_STRING = /^\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*$/;

/** The number a loosely typed comparison would see, or undefined for non-numeric values. */
export function numericValue(value: InputValue | undefined): number | undefined {
  const text = phpString(value);
  if (text === undefined || !NUMERIC_STRING.test(text)) return undefined;
  return Number(text);
}

const TRUTHY_WORDS = new Set(["1", "true", "on", "yes"]);

/** Boolean reading of a flag: "1", "true", "on", "yes" (any case) and true are true; everything else false. */
export function isTruthyFlag(value: InputValue | undefined): boolean {
  if (value === true) return true;
  const text = phpString(value);
  return text !== undefined && TRUTHY_WORDS.has(text.trim().toLowerCase());
}
