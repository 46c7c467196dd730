// Which addresses are public: the one list of the addresses no request goes to unless the user
// allowed it, for every edge that sends requests where data points (a website's home page, its
// redirects). The ranges of the IANA IPv4 and IPv6 special-purpose registries that never hold a
// public website (private, shared, loopback, link-local, documentation, benchmarking, protocol
// assignments, translation, discard...), multicast, the reserved and deprecated ranges; and every
// IPv6 form of an IPv4 address that is not public (IPv4-mapped, IPv4-compatible, IPv4-translated,
// NAT64, 6to4), which reaches the same host. Teredo (2001::/32) is refused whole, as the IETF
// protocol assignments block that holds it.
//
// An IP literal in a URL never goes through name resolution: check it before connecting. A name
// is checked where it is resolved (`publicOnlyLookup`): for a connection, where the connection
// resolves it, so the address checked is the address connected to.
import { BlockList, isIP } from "node:net";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";

/** A kind of address that is not public, and the ranges that hold it. */
interface AddressKind {
  /** How a sentence names one: "a link-local address". */
  phrase: string;
  v4: readonly (readonly [string, number])[];
  v6: readonly (readonly [string, number])[];
}

/** The first kind whose ranges hold an address names it: narrower ranges come before wider ones. */
const KINDS: readonly AddressKind[] = [
  { phrase: 'a "this network" address', v4: [["0.0.0.0", 8]], v6: [] },
  {
    phrase: "a private address",
    v4: [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
    ],
    v6: [],
  },
  { phrase: "a shared (carrier-grade NAT) address", v4: [["100.64.0.0", 10]], v6: [] },
  { phrase: "a loopback address", v4: [["127.0.0.0", 8]], v6: [["::1", 128]] },
  { phrase: "the unspecified address", v4: [], v6: [["::", 128]] },
  { phrase: "a link-local address", v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  {
    phrase: "a documentation address",
    v4: [
      ["192.0.2.0", 24],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
    ],
    v6: [
      ["2001:db8::", 32],
      ["3fff::", 20],
    ],
  },
  { phrase: "a benchmarking address", v4: [["198.18.0.0", 15]], v6: [["2001:2::", 48]] },
  { phrase: "a Teredo address", v4: [], v6: [["2001::", 32]] },
  { phrase: "an IETF protocol assignments address", v4: [["192.0.0.0", 24]], v6: [["2001::", 23]] },
  { phrase: "a deprecated 6to4 relay anycast address", v4: [["192.88.99.0", 24]], v6: [] },
  { phrase: "a local-use IPv4/IPv6 translation address", v4: [], v6: [["64:ff9b:1::", 48]] },
  { phrase: "a discard-only address", v4: [], v6: [["100::", 64]] },
  { phrase: "a dummy address", v4: [], v6: [["100:0:0:1::", 64]] },
  { phrase: "a segment routing address", v4: [], v6: [["5f00::", 16]] },
  { phrase: "a unique local address", v4: [], v6: [["fc00::", 7]] },
  { phrase: "a deprecated site-local address", v4: [], v6: [["fec0::", 10]] },
  { phrase: "a multicast address", v4: [["224.0.0.0", 4]], v6: [["ff00::", 8]] },
  { phrase: "a reserved address", v4: [["240.0.0.0", 4]], v6: [] },
];

/** A list of one family's ranges (an IPv6 list holds no IPv4 range, which BlockList would match mapped). */
function listOf(ranges: AddressKind["v4"], family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** Each kind's ranges, per family, in lists of their own so that a match names its kind. */
const LISTS = KINDS.map((kind) => ({ kind, v4: listOf(kind.v4, "ipv4"), v6: listOf(kind.v6, "ipv6") }));

/**
 * The IPv6 forms whose last 32 bits are an IPv4 address that the packet reaches: the first six
 * groups of each. IPv4-compatible (::/96) comes after the kinds, so that `::1` and `::` keep theirs.
 */
const EMBEDDING = [
  { prefix: [0, 0, 0, 0, 0, 0xffff], form: "IPv4-mapped" },
  { prefix: [0, 0, 0, 0, 0xffff, 0], form: "IPv4-translated" },
  { prefix: [0, 0, 0, 0, 0, 0], form: "IPv4-compatible" },
  { prefix: [0x64, 0xff9b, 0, 0, 0, 0], form: "NAT64" },
] as const;

/** An IPv6 address's eight 16-bit groups (an embedded dotted IPv4 tail counts as two). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const before = part(head);
  const after = part(tail);
  const missing = tail === undefined ? 0 : 8 - before.length - after.length;
  return [...before, ...new Array<number>(missing).fill(0), ...after];
}

/** What kind of non-public IPv4 address this is, or undefined when it is public. */
function v4Phrase(address: string): string | undefined {
  return LISTS.find(({ v4 }) => v4.check(address, "ipv4"))?.kind.phrase;
}

/** What kind of non-public IPv6 address this is by the IPv6 ranges alone, or undefined. */
function v6Phrase(address: string): string | undefined {
  return LISTS.find(({ kind, v6 }) => kind.v6.length > 0 && v6.check(address, "ipv6"))?.kind.phrase;
}

/**
 * What kind of address `address` is when it is not public ("a link-local address", "a loopback
 * address in its IPv4-mapped form (127.0.0.1)"), or undefined when it is public. Anything that is
 * not an IP address is not public either ("not an IP address"). A zone (`%eth0`) is ignored.
 */
export function notPublic(address: string): string | undefined {
  const bare = address.replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return v4Phrase(bare);
  if (version !== 6) return "not an IP address";
  const groups = groupsOf(bare.toLowerCase());
  const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  const embeddedIn = (form: string, high: number, low: number) => {
    const v4 = dotted(high, low);
    const phrase = v4Phrase(v4);
    return phrase && `${phrase} in its ${form} form (${v4})`;
  };
  const own = v6Phrase(bare);
  if (own !== undefined) return own;
  for (const { prefix, form } of EMBEDDING) {
    if (prefix.every((group, i) => groups[i] === group)) return embeddedIn(form, groups[6]!, groups[7]!);
  }
  // 6to4 (2002::/16) carries its relay's IPv4 address in the 32 bits after the prefix.
  if (groups[0] === 0x2002) return embeddedIn("6to4", groups[1]!, groups[2]!);
  return undefined;
}

/** The code of the error `publicOnlyLookup` fails a connection with. */
export const NOT_PUBLIC = "ERR_ADDRESS_NOT_PUBLIC";

/** A name resolved to an address that is not public: the connection is never made. */
export interface NotPublicError extends Error {
  code: typeof NOT_PUBLIC;
  hostname: string;
  address: string;
  /** What kind of address it is, as `notPublic` says it. */
  kind: string;
}

export const isNotPublicError = (error: unknown): error is NotPublicError =>
  (error as { code?: unknown } | null)?.code === NOT_PUBLIC;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: unknown, family?: number) => void;

/**
 * A `lookup` for a connection that resolves with `resolve` and fails, before any connection is
 * made, when one of the addresses the name resolves to is not public (`isPublic` decides, the
 * list above by default): with an error of code `ERR_ADDRESS_NOT_PUBLIC` naming the name, the
 * address and its kind. All the addresses are refused when one is not: a name that points inside
 * a network does not get a second chance.
 */
export function publicOnlyLookup(
  resolve: LookupFunction,
  isPublic: (address: string) => boolean = (address) => notPublic(address) === undefined,
): LookupFunction {
  return ((hostname: string, options: unknown, callback?: LookupCallback) => {
    const done = (typeof options === "function" ? options : callback) as LookupCallback;
    const given = typeof options === "function" ? {} : options;
    (resolve as (h: string, o: unknown, c: LookupCallback) => void)(
      hostname,
      given,
      (error, found, family) => {
        if (error) return done(error, found, family);
        const addresses = Array.isArray(found)
          ? (found as LookupAddress[]).map((a) => a.address)
          : [String(found)];
        const refused = addresses.find((address) => !isPublic(address));
        if (refused === undefined) return done(null, found, family);
        const kind = notPublic(refused) ?? "not a public address";
        const failure = Object.assign(
          new Error(`${hostname} resolves to ${refused}, ${kind}, not a public one`),
          { code: NOT_PUBLIC, hostname, address: refused, kind },
        );
        done(failure, undefined);
      },
    );
  }) as unknown as LookupFunction;
}
