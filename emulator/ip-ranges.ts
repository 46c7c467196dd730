import { isIP } from "node:net";

/** Entries of a newline-separated list; the server splits on either line-break character. */
export function splitListEntries(text: string): string[] {
  return text.split(/[\r\n]/).filter((entry) => entry.length > 0);
}

const PREFIX_LENGTH = /^[0-9]{1,3}$/;

/**
 * An IPv4 or IPv6 address, or a CIDR range of either, as the tracker's IP matcher understands them.
 * Node's isIP accepts an IPv6 zone ("fe80::1%eth0"); the matcher does not.
 */
export function isIpAddressOrRange(entry: string): boolean {
  if (entry.includes("%")) return false;
  const slash = entry.indexOf("/");
  if (slash === -1) return isIP(entry) !== 0;
  const address = entry.slice(0, slash);
  const prefix = entry.slice(slash + 1);
  if (!PREFIX_LENGTH.test(prefix)) return false;
  const version = isIP(address);
  if (version === 4) return Number(prefix) <= 32;
  if (version === 6) return Number(prefix) <= 128;
  return false;
}
