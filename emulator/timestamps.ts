// The three timestamp shapes the server produces, all in UTC:
// database rows hold "Y-m-d H:i:s"; model timestamps serialise as ISO-8601 with six zero
// fractional digits (the column keeps whole seconds); a freshly assigned date object
// serialises with its real microseconds.

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function toDatabaseTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** "2026-01-02 03:04:05" -> "2026-01-02T03:04:05.000000Z" */
export function databaseTimeToIso(value: string): string {
  return `${value.replace(" ", "T")}.000000Z`;
}

/** ISO-8601 with microseconds; JavaScript dates stop at milliseconds, so the last three digits are made up. */
export function toIsoWithMicroseconds(date: Date): string {
  const micros = pad(date.getUTCMilliseconds(), 3) + pad(Math.floor(Math.random() * 1000), 3);
  return `${toDatabaseTime(date).replace(" ", "T")}.${micros}Z`;
}
