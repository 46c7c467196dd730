// The PHP functions the tracker runs URLs through: parse_url (which host a hit is for, which
// page and referrer it names), parse_str and http_build_query (dropping excluded query
// parameters), and the few conversions of PHP values to text it relies on.
import { phpString, type InputValue } from "./request-input";

export interface ParsedUrl {
  host: string | undefined;
  path: string | undefined;
  /** Present, possibly empty, when the URL has a `?`. */
  query: string | undefined;
}

/** scheme, `//authority`, path, `?query`, `#fragment`, each optional, as parse_url splits them. */
const URL_PARTS = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/s;

/**
 * The parts of a URL as PHP's parse_url gives them: the host is not lower-cased, a missing path is
 * absent rather than "/", and a URL without `//host` has no host at all ("example.com/page" is a
 * path). Only shapes that matter here are covered: scheme-relative URLs, credentials and ports.
 */
export function parseUrl(url: string): ParsedUrl | undefined {
  const parts = URL_PARTS.exec(url);
  if (!parts) return undefined;
  const [, , authority, path, query] = parts;
  let host: string | undefined;
  if (authority !== undefined) {
    const withoutCredentials = authority.slice(authority.lastIndexOf("@") + 1);
    const bracketed = /^\[[^\]]*\]/.exec(withoutCredentials);
    host = bracketed ? bracketed[0] : withoutCredentials.replace(/:[0-9]*$/, "");
    // parse_url fails on "http://" and "http://:80": no host means no URL.
    if (host === "") return undefined;
  }
  return { host, path: path === "" ? undefined : path, query };
}

/**
 * The host without `www.`: only when it starts with `www.`, and then every `www.` in it goes
 * (PHP's str_replace), as the tracker does before looking the website up.
 */
export function hostWithoutWww(host: string): string {
  return host.startsWith("www.") ? host.split("www.").join("") : host;
}

// ---- query strings --------------------------------------------------------------------------

/** A PHP array as parse_str builds it: ordered keys, string leaves. */
export type PhpArray = Map<string, PhpValue>;
export type PhpValue = string | PhpArray;

/** PHP's nesting limit for request variables (max_input_nesting_level). */
const MAX_NESTING = 64;

function urldecode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  // Invalid escapes stay as they are, as PHP's urldecode leaves them.
  return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return Buffer.from(run.replace(/%/g, ""), "hex").toString("latin1");
    }
  });
}

/** The next integer key of a PHP array: one past the largest integer key so far. */
function nextIndex(array: PhpArray): string {
  let next = 0;
  for (const key of array.keys()) {
    if (/^(?:0|-?[1-9][0-9]*)$/.test(key)) next = Math.max(next, Number(key) + 1);
  }
  return String(next);
}

/**
 * The variable name and its `[...]` segments as PHP registers request variables: leading spaces
 * dropped, spaces and dots in the base name turned into `_`, and a `[` without its `]` taken as
 * `_` with the rest of the name kept literally.
 */
function splitVariableName(raw: string): { base: string; segments: string[] } | undefined {
  const name = raw.replace(/^ +/, "");
  const open = name.indexOf("[");
  const baseOf = (text: string) => text.replace(/[ .]/g, "_");
  if (open === -1) return name === "" ? undefined : { base: baseOf(name), segments: [] };
  let base = baseOf(name.slice(0, open));
  const segments: string[] = [];
  let rest = name.slice(open);
  while (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    if (close === -1) {
      if (segments.length === 0) base = `${base}_${rest.slice(1)}`;
      break;
    }
    segments.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  if (base === "") return undefined;
  return { base, segments: segments.slice(0, MAX_NESTING) };
}

/** PHP's parse_str: `a=1&b[]=2&b[]=3&c[x]=4`, the last of repeated keys winning in place. */
export function parseQueryString(query: string): PhpArray {
  const result: PhpArray = new Map();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const rawName = urldecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? "" : urldecode(pair.slice(equals + 1));
    const name = splitVariableName(rawName);
    if (!name) continue;
    let target = result;
    let key = name.base;
    for (const segment of name.segments) {
      let child = target.get(key);
      if (!(child instanceof Map)) {
        child = new Map();
        target.set(key, child);
      }
      target = child;
      key = segment === "" ? nextIndex(target) : segment;
    }
    target.set(key, value);
  }
  return result;
}

/** PHP's urlencode: letters, digits and `-_.` stay, a space is `+`, the rest is %XX. */
function urlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** PHP's http_build_query: nested keys written `a[b]`, brackets percent-encoded. */
export function buildQueryString(params: PhpArray): string {
  const pairs: string[] = [];
  const walk = (array: PhpArray, prefix: string | undefined) => {
    for (const [key, value] of array) {
      const name = prefix === undefined ? key : `${prefix}[${key}]`;
      if (value instanceof Map) walk(value, name);
      else pairs.push(`${urlencode(name)}=${urlencode(value)}`);
    }
  };
  walk(params, undefined);
  return pairs.join("&");
}

// ---- PHP values -----------------------------------------------------------------------------

/** PHP's truthiness: null, "", "0", 0, false and empty arrays are false. */
export function phpTruthy(value: InputValue | PhpValue | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (value === "0") return false;
  if (value instanceof Map) return value.size > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/**
 * A value as text the way the tracker stores it (mb_substr to 255 characters; null gives "").
 * Arrays have no text: PHP throws there, and the request fails with 500.
 */
export function storedText(value: InputValue | PhpValue | undefined, limit = 255): string | undefined {
  if (value instanceof Map) return undefined;
  const text = phpString(value);
  return text === undefined ? undefined : [...text].slice(0, limit).join("");
}
