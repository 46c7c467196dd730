import { BlockList, isIP } from "node:net";

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

/**
 * Whether `ip` is one of the addresses or inside one of the CIDR ranges, as the tracker's matcher
 * (Symfony's IpUtils) decides: an address is IPv6 when it has more than one colon, and then only
 * IPv6 entries can match it; IPv4 addresses meet only IPv4 entries. Entries it cannot read match
 * nothing.
 */
export function ipMatchesAny(ip: string, entries: readonly string[]): boolean {
  const version = ip.split(":").length > 2 ? 6 : 4;
  if (isIP(ip) !== version) return false;
  const family = version === 6 ? "ipv6" : "ipv4";
  const ranges = new BlockList();
  for (const entry of entries) {
    const slash = entry.indexOf("/");
    const address = slash === -1 ? entry : entry.slice(0, slash);
    if (isIP(address) !== version) continue;
    if (slash === -1) {
      ranges.addAddress(address, family);
      continue;
    }
    const prefix = entry.slice(slash + 1);
    if (!PREFIX_LENGTH.test(prefix) || Number(prefix) > (version === 6 ? 128 : 32)) continue;
    ranges.addSubnet(address, Number(prefix), family);
  }
  return ranges.check(ip, family);
}
