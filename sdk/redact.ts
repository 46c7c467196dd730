// Servers and proxies sometimes echo request data back (debug pages, validation messages). The API
// key must never travel further than the Authorization header, so every text that can end up in an
// error is passed through one of these first.

export const REDACTED = "[REDACTED]";

export type Redactor = (text: string) => string;

/**
 * Below this length a secret (a website's password may be one character) is replaced only where
 * it stands as a word of its own: replacing every "e" of a message would make it unreadable,
 * while the secret itself, quoted back, is still hidden.
 */
export const SHORT_SECRET_LENGTH = 8;

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The spellings a secret takes inside JSON strings, URLs and form bodies. */
const spellingsOf = (secret: string): string[] => [
  secret,
  JSON.stringify(secret).slice(1, -1),
  encodeURIComponent(secret),
  new URLSearchParams({ s: secret }).toString().slice(2),
];

/** Hides the secrets, also in the spellings they take inside JSON strings, URLs and form bodies. */
export function makeRedactor(...secrets: string[]): Redactor {
  const spellings = [...new Set(secrets.flatMap(spellingsOf))]
    .filter((spelling) => spelling.length > 0)
    // Longest first, so a spelling that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const steps = spellings.map((spelling): Redactor => {
    if (spelling.length >= SHORT_SECRET_LENGTH) return (text) => text.split(spelling).join(REDACTED);
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeForPattern(spelling)}(?![\\p{L}\\p{N}])`, "gu");
    return (text) => text.replace(word, REDACTED);
  });
  return (text) => steps.reduce((result, step) => step(result), text);
}

/**
 * A parsed body with the secrets hidden in every string. The text was redacted before it was
 * parsed, but an echo escaped twice (a JSON string inside a JSON string) only shows its secret
 * once parsed.
 */
export function redactParsed(value: unknown, redact: Redactor): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactParsed(item, redact));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key), redactParsed(item, redact)]),
    );
  }
  return value;
}

/** A short, single-line, redacted quotation of a body for error messages. */
export function excerptOf(text: string, redact: Redactor, maxLength = 200): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
