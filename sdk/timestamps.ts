// The server spells the same instant differently per endpoint ("2024-05-01 12:30:00" on GET,
// "2024-05-01T12:30:00.000000Z" after an update). Callers compare values across calls, so every
// timestamp is brought to one form: ISO-8601 in UTC, whole seconds, "Z" suffix.

const SQL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?$/;
const UTC_ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Returns the canonical form, or the input unchanged when it is not a date we recognise (better to
 * show an odd value than to drop it). Times without a zone are taken as UTC, the server's zone.
 */
export function normalizeTimestamp(value: string): string {
  // Fast path for UTC with a "Z" (every API answer spells it so or as SQL): cut the fraction.
  // A refresh of hundreds of websites normalizes three timestamps each.
  const utc = UTC_ISO.exec(value);
  if (utc) return `${utc[1]}Z`;
  const trimmed = value.trim();
  const sql = SQL_DATETIME.exec(trimmed);
  if (sql) return `${sql[1]}T${sql[2]}Z`;
  if (ISO_WITH_ZONE.test(trimmed)) {
    const millis = Date.parse(trimmed);
    if (!Number.isNaN(millis)) return new Date(millis).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  return value;
}
