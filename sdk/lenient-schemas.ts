// Generic zod building blocks for decoding answers from servers that are loose about types. They
// carry no API field names or codes (those are in website-fields.ts, wire-values.ts and wire.ts),
// only the tolerance itself.
import { z } from "zod";
import { normalizeTimestamp } from "./timestamps";

/** A whole number sent as a JSON number or as a numeric string. */
export const integer = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** Null and absent both mean "not set"; each field names its own default. */
export function withDefault<T>(schema: z.ZodType<T>, fallback: T) {
  return schema.nullish().transform((value) => value ?? fallback);
}

export const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** A date-time in any of the server's spellings, brought to one form (see timestamps.ts). */
export const timestamp = z
  .string()
  .nullish()
  .transform((value) => (value == null || value === "" ? null : normalizeTimestamp(value)));

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Runs a schema and reports the first problem as "path: message" instead of throwing. */
export function decodeWith<T>(schema: z.ZodType<T>, body: unknown): Decoded<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return { ok: false, problem: `${where}${issue?.message ?? "invalid"}` };
}
