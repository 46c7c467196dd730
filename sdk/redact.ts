// Servers and proxies sometimes echo request data back (debug pages, validation messages). The API
// key must never travel further than the Authorization header, so every text that can end up in an
// error is passed through one of these first.

export const REDACTED = "[REDACTED]";

export type Redactor = (text: string) => string;

/** Hides the secrets, also in the spellings they take inside JSON strings and URLs. */
export function makeRedactor(...secrets: string[]): Redactor {
  const spellings = [
    ...new Set(
      secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]),
    ),
  ]
    .filter((spelling) => spelling.length > 0)
    // Longest first, so a spelling that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text) => spellings.reduce((result, spelling) => result.split(spelling).join(REDACTED), text);
}

/** A short, single-line, redacted quotation of a body for error messages. */
export function excerptOf(text: string, redact: Redactor, maxLength = 200): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
