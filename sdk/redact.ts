// Servers and proxies sometimes echo request data back (debug pages, validation messages). The API
// key must never travel further than the Authorization header, so every text that can end up in an
// error is passed through one of these first.
import { asWritten, markupRead, percentRead, readAgain, type Reading } from "./escaped-spellings";

export const REDACTED = "[REDACTED]";

export type Redactor = (text: string) => string;

/**
 * Below this length a secret (a website's password may be one character) is replaced only where
 * it stands as a word of its own: replacing every "e" of a message would make it unreadable,
 * while the secret itself, quoted back, is still hidden.
 */
export const SHORT_SECRET_LENGTH = 8;

/** A letter or a digit: a short secret next to one is part of a word, and not taken for the secret. */
const letterOrDigit = /^[\p{L}\p{N}]$/u;
const isLetterOrDigit = (point: number | undefined): boolean =>
  point !== undefined && letterOrDigit.test(String.fromCodePoint(point));

/** The code point that ends just before `at`, or undefined at the start. */
function codePointBefore(text: string, at: number): number | undefined {
  if (at === 0) return undefined;
  const last = text.charCodeAt(at - 1);
  const pair = at >= 2 && (last & 0xfc00) === 0xdc00 && (text.charCodeAt(at - 2) & 0xfc00) === 0xd800;
  return pair ? text.codePointAt(at - 2) : last;
}

const standsAlone = (text: string, start: number, end: number): boolean =>
  !isLetterOrDigit(codePointBefore(text, start)) && !isLetterOrDigit(text.codePointAt(end));

/** Whether a text holds what markupRead or percentRead reads back. */
const hasMarkupEscape = /[&\\]/;
const hasPercentEscape = /[%+]/;

/**
 * The readings of a text a secret is looked for in: as written; with its HTML references and
 * JSON escapes read back, once and twice (JSON escaped again as HTML: `\&quot;`); with its
 * percent-encoding read back, and then its HTML and JSON escapes (JSON inside a URL). A reading
 * that would change nothing is skipped. Each is one pass over the text.
 */
function readingsOf(text: string): Reading[] {
  const readings = [asWritten(text)];
  const readOn = (reading: Reading) => {
    readings.push(reading);
    if (hasMarkupEscape.test(reading.text)) readings.push(readAgain(reading, markupRead));
  };
  if (hasMarkupEscape.test(text)) readOn(markupRead(text));
  if (hasPercentEscape.test(text)) readOn(percentRead(text));
  return readings;
}

/**
 * The ranges of `text` where a secret stands in `reading`: every occurrence, left to right, not
 * overlapping; a short secret only where no letter or digit touches it.
 */
function rangesOf(secret: string, reading: Reading): [number, number][] {
  const ranges: [number, number][] = [];
  const short = [...secret].length < SHORT_SECRET_LENGTH;
  for (let at = reading.text.indexOf(secret); at >= 0;) {
    const end = at + secret.length;
    if (short && !standsAlone(reading.text, at, end)) {
      at = reading.text.indexOf(secret, at + 1);
      continue;
    }
    ranges.push([reading.from[at]!, reading.to[end - 1]!]);
    at = reading.text.indexOf(secret, end);
  }
  return ranges;
}

/**
 * Hides the secrets in every spelling a server may echo them in: as they are, inside JSON and
 * script strings (`\"`, `\u00e9`, PHP's `\/`), HTML-escaped (`&amp;`, `&#38;`, `&#x26;`,
 * `&quot;`, `&eacute;`), percent-encoded in either case or as a form writes them, in any mix
 * (escaped-spellings.ts). Each stretch of the text that spells a secret becomes one [REDACTED].
 */
export function makeRedactor(...secrets: string[]): Redactor {
  const wanted = [...new Set(secrets)].filter((secret) => secret.length > 0);
  return (text) => {
    if (wanted.length === 0) return text;
    const ranges = readingsOf(text).flatMap((reading) =>
      wanted.flatMap((secret) => rangesOf(secret, reading)),
    );
    if (ranges.length === 0) return text;
    ranges.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
    let out = "";
    let last = 0;
    for (const [start, end] of ranges) {
      if (end <= last) continue;
      out += text.slice(last, Math.max(last, start)) + (start >= last ? REDACTED : "");
      last = end;
    }
    return out + text.slice(last);
  };
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

/**
 * A short, single-line, redacted quotation of a body for error messages: redacted first, its
 * white space folded, redacted again (folding may join what was apart into a secret), then cut to
 * `maxLength` code units, never between the two halves of a surrogate pair.
 */
export function excerptOf(text: string, redact: Redactor, maxLength = 200): string {
  const flat = redact(redact(text).replace(/\s+/g, " ").trim());
  if (flat.length <= maxLength) return flat;
  let end = maxLength - 1;
  if (/[\ud800-\udbff]/.test(flat[end - 1] ?? "")) end--;
  return `${flat.slice(0, end)}…`;
}
