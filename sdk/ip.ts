// Excluded-IP entries are matched by the server as IPv4/IPv6 addresses or CIDR ranges; anything
// else is stored but silently never matches, so it is worth catching before it is sent.
import { isIP } from "node:net";

const EXAMPLES = "such as 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32";

/** Why this exclude-IP entry would never match, or undefined when it is a valid address or range. */
export function ipProblem(entry: string): string | undefined {
  const quoted = JSON.stringify(entry);
  if (entry.trim() === "") return "The IP entry is empty: remove it.";
  if (/\s/.test(entry)) {
    return `The IP entry ${quoted} contains spaces or line breaks: put one address or range per entry.`;
  }
  // A zone such as %eth0 is accepted by some parsers but not by the server's matcher.
  if (entry.includes("%")) return `The IP entry ${quoted} has a zone suffix ("%..."): remove it.`;
  const [address = "", bits, ...extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra.length > 0) {
    return `The IP entry ${quoted} is not an IPv4 or IPv6 address or CIDR range (${EXAMPLES}).`;
  }
  if (bits === undefined) return undefined;
  const maxBits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits) {
    return `The IP entry ${quoted} has an invalid prefix length "/${bits}": use a whole number from 0 to ${maxBits} for IPv${version}.`;
  }
  return undefined;
}
