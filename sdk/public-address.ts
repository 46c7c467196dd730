// Which addresses are public: the one list of the addresses no request goes to unless the user
// allowed it, for every edge that sends requests where data points (a website's home page, its
// redirects). The IANA special-purpose registries' ranges that never hold a public website:
// "this network", private, shared (carrier-grade NAT), loopback, link-local, IETF protocol
// assignments, benchmarking, multicast and reserved IPv4; the IPv6 loopback, unspecified, unique
// local, link-local and multicast ranges; and the IPv4-mapped (`::ffff:a.b.c.d`), NAT64
// (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`) forms of the IPv4 ones, which reach the same
// hosts.
//
// An IP literal in a URL never goes through name resolution: check it before connecting. A name
// is checked where the connection resolves it (`publicOnlyLookup`), so the address checked is the
// address connected to. Through an HTTP proxy the proxy resolves names: only literals can be
// checked then.
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
  { phrase: "a link-local address", v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  { phrase: "an IETF protocol assignments address", v4: [["192.0.0.0", 24]], v6: [] },
  { phrase: "a benchmarking address", v4: [["198.18.0.0", 15]], v6: [] },
  { phrase: "a multicast address", v4: [["224.0.0.0", 4]], v6: [["ff00::", 8]] },
  { phrase: "a reserved address", v4: [["240.0.0.0", 4]], v6: [] },
  { phrase: "the unspecified address", v4: [], v6: [["::", 128]] },
  { phrase: "a unique local address", v4: [], v6: [["fc00::", 7]] },
];

/** Each kind's ranges, in a BlockList of its own so that a match names its kind. */
const LISTS = KINDS.map((kind) => {
  const list = new BlockList();
  for (const [network, prefix] of kind.v4) list.addSubnet(network, prefix, "ipv4");
  for (const [network, prefix] of kind.v6) list.addSubnet(network, prefix, "ipv6");
  return { list, kind };
});

/** The IPv6 prefixes (/96) whose last 32 bits are an IPv4 address that the packet reaches. */
const EMBEDDING = [
  { prefix: [0, 0, 0, 0, 0, 0xffff], form: "IPv4-mapped" },
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

/** What kind of non-public address this IPv4 address is, or undefined when it is public. */
function v4Phrase(address: string): string | undefined {
  return LISTS.find(({ list }) => list.check(address, "ipv4"))?.kind.phrase;
}

/**
 * What kind of address `address` is when it is not public ("a link-local address", "an
 * IPv4-mapped loopback address"), or undefined when it is public. Anything that is not an IP
 * address is not public either ("not an IP address"). A zone (`%eth0`) is ignored.
 */
export function notPublic(address: string): string | undefined {
  const bare = address.replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return v4Phrase(bare);
  if (version !== 6) return "not an IP address";
  const groups = groupsOf(bare.toLowerCase());
  const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  for (const { prefix, form } of EMBEDDING) {
    if (prefix.every((group, i) => groups[i] === group)) {
      const v4 = dotted(groups[6]!, groups[7]!);
      const phrase = v4Phrase(v4);
      return phrase && `${phrase} in its ${form} form (${v4})`;
    }
  }
  // 6to4 (2002::/16) carries its relay's IPv4 address in the 32 bits after the prefix.
  if (groups[0] === 0x2002) {
    const v4 = dotted(groups[1]!, groups[2]!);
    const phrase = v4Phrase(v4);
    if (phrase) return `${phrase} in its 6to4 form (${v4})`;
  }
  // BlockList matches an IPv4-mapped address against IPv4 ranges too; those were handled above.
  return LISTS.find(({ list, kind }) => kind.v6.length > 0 && list.check(bare, "ipv6"))?.kind.phrase;
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
