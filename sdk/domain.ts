// The server's domain rules (docs/server-behaviour.md), so callers can compare domains the way the
// server does and explain a rejection before sending anything.
import { isIPv4 } from "node:net";

/**
 * What the server stores for a given domain input: trimmed, lower-cased, without any "https://"
 * and then without any "http://" (wherever they stand, in that order, as the server's string
 * replacement does), and - only when it then starts with "www." - without any "www.".
 */
export function normalizeDomain(input: string): string {
  const withoutScheme = input.trim().toLowerCase().replaceAll("https://", "").replaceAll("http://", "");
  return withoutScheme.startsWith("www.") ? withoutScheme.replaceAll("www.", "") : withoutScheme;
}

const MAX_DOMAIN_LENGTH = 255;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const DOTTED_NUMBERS = /^\d+(?:\.\d+)*$/;

/**
 * Why the server would reject this (already normalised) domain, or undefined when it would accept
 * it. Accepted: a dotted IPv4 address, or host name labels of letters, digits and inner hyphens,
 * at most 63 characters each, the last one not all digits, with an optional trailing dot.
 * @internal
 */
export function domainProblem(normalized: string): string | undefined {
  const quoted = JSON.stringify(normalized);
  if (normalized === "") return "The domain is empty: give a host name such as example.com.";
  if (normalized.length > MAX_DOMAIN_LENGTH) {
    return `The domain is ${normalized.length} characters long; at most ${MAX_DOMAIN_LENGTH} are allowed.`;
  }
  if (normalized.includes("/")) {
    return `The domain ${quoted} contains a path: give only the host name, such as example.com, without "/".`;
  }
  if (normalized.includes(":")) {
    return `The domain ${quoted} contains a port or scheme: give only the host name, without ":".`;
  }
  const host = normalized.endsWith(".") ? normalized.slice(0, -1) : normalized;
  if (host === "localhost") return "localhost cannot be tracked: use the public host name of the website.";
  if (DOTTED_NUMBERS.test(host)) {
    // isIPv4 refuses leading zeros ("01.2.3.4"), as the server's address check does.
    return isIPv4(normalized)
      ? undefined
      : `The domain ${quoted} is not a valid IPv4 address: use four numbers from 0 to 255, without leading zeros or a trailing dot.`;
  }
  const labels = host.split(".");
  if (labels.length < 2) return `The domain ${quoted} needs at least one dot, such as example.com.`;
  for (const label of labels) {
    if (label === "") return `The domain ${quoted} has an empty part: remove the leading or doubled dot.`;
    if (label.length > MAX_LABEL_LENGTH) {
      return `The part "${label.slice(0, 20)}…" of the domain is ${label.length} characters long; at most ${MAX_LABEL_LENGTH} are allowed between dots.`;
    }
    if (!LABEL.test(label)) {
      return `The part "${label}" of the domain may only contain letters, digits and hyphens, and may not start or end with a hyphen.`;
    }
  }
  const last = labels[labels.length - 1]!;
  if (/^\d+$/.test(last)) {
    return `The domain ${quoted} ends in a number ("${last}"): the last part must contain a letter.`;
  }
  return undefined;
}
