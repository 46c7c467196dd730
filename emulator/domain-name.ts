import { isIPv4 } from "node:net";

export const MAX_DOMAIN_LENGTH = 255;

/**
 * The server's clean-up before validating a domain: trimmed, lowercase, every "https://" and then
 * every "http://" removed wherever it stands (a plain string replacement), and, for names that
 * start with "www.", every "www." removed (not just the first one, which is the server's doing).
 */
export function normalizeDomain(raw: string): string {
  let domain = raw.trim().toLowerCase();
  domain = domain.replaceAll("https://", "").replaceAll("http://", "");
  if (domain.startsWith("www.")) domain = domain.split("www.").join("");
  return domain;
}

const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ALL_DIGITS = /^[0-9]+$/;

/**
 * A hostname of at least two labels whose last label is not numeric (one trailing dot allowed),
 * or a dotted IPv4 address. Single names such as `localhost`, ports and paths do not qualify.
 */
export function isValidDomainName(domain: string): boolean {
  if (isIPv4(domain)) return true;
  const withoutTrailingDot = domain.endsWith(".") ? domain.slice(0, -1) : domain;
  const labels = withoutTrailingDot.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((label) => HOSTNAME_LABEL.test(label))) return false;
  const lastLabel = labels[labels.length - 1] ?? "";
  return !ALL_DIGITS.test(lastLabel);
}
