// Whether an excluded-IP list covers a required range: an entry covers it when the entry's range
// holds the whole required range (the same address or range, or a wider one around it). Entries
// are matched by the server as addresses or CIDR ranges (sdk/ip.ts checks them).
import { BlockList, isIP } from "node:net";

interface Range {
  address: string;
  bits: number;
  family: "ipv4" | "ipv6";
}

function rangeOf(entry: string): Range | undefined {
  const [address = "", bits] = entry.trim().split("/");
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  return { address, bits: bits === undefined ? max : Number(bits), family: version === 4 ? "ipv4" : "ipv6" };
}

/** Whether `entry` (an address or range) holds every address of `required`. */
export function coversRange(entry: string, required: string): boolean {
  const outer = rangeOf(entry);
  const inner = rangeOf(required);
  if (!outer || !inner || outer.family !== inner.family || outer.bits > inner.bits) return false;
  const list = new BlockList();
  list.addSubnet(outer.address, outer.bits, outer.family);
  // A wider (or equal) range that holds one address of the narrower one holds all of them.
  return list.check(inner.address, inner.family);
}

/** The required ranges no entry of `entries` covers, in their order. */
export const uncoveredRanges = (entries: readonly string[], required: readonly string[]): string[] =>
  required.filter((range) => !entries.some((entry) => coversRange(entry, range)));
