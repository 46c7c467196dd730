// Which addresses are public (sdk/public-address.ts): every range of the list at its first and
// last address, the addresses just outside each, the IPv4-mapped and NAT64 forms of the IPv4
// ranges, and the lookup that fails a connection to a name resolving inside them. Resolution is
// a stub: no name is resolved and no address reached.
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { isNotPublicError, NOT_PUBLIC, notPublic, publicOnlyLookup } from "../../sdk/public-address";

describe("notPublic", () => {
  it.each([
    ["0.0.0.0", 'a "this network" address'],
    ["0.255.255.255", 'a "this network" address'],
    ["10.0.0.0", "a private address"],
    ["10.255.255.255", "a private address"],
    ["100.64.0.0", "a shared (carrier-grade NAT) address"],
    ["100.127.255.255", "a shared (carrier-grade NAT) address"],
    ["127.0.0.1", "a loopback address"],
    ["127.255.255.255", "a loopback address"],
    ["169.254.0.0", "a link-local address"],
    ["169.254.169.254", "a link-local address"],
    ["169.254.255.255", "a link-local address"],
    ["172.16.0.0", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.0.0.0", "an IETF protocol assignments address"],
    ["192.0.0.255", "an IETF protocol assignments address"],
    ["192.168.0.0", "a private address"],
    ["192.168.255.255", "a private address"],
    ["198.18.0.0", "a benchmarking address"],
    ["198.19.255.255", "a benchmarking address"],
    ["224.0.0.0", "a multicast address"],
    ["239.255.255.255", "a multicast address"],
    ["240.0.0.0", "a reserved address"],
    ["255.255.255.255", "a reserved address"],
    ["::1", "a loopback address"],
    ["0:0:0:0:0:0:0:1", "a loopback address"],
    ["::", "the unspecified address"],
    ["fc00::", "a unique local address"],
    ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a unique local address"],
    ["fe80::", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a link-local address"],
    ["FE80::ABCD", "a link-local address"],
    ["ff00::", "a multicast address"],
    ["ff02::1", "a multicast address"],
  ])("%s is %s", (address, kind) => {
    expect(notPublic(address)).toBe(kind);
  });

  it.each([
    "9.255.255.255",
    "11.0.0.0",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "191.255.255.255",
    "192.0.1.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "203.0.113.7",
    "223.255.255.255",
    "::2",
    "2001:db8::1",
    "2606:4700::1111",
    "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    "fec0::",
    "feff::",
    "::ffff:8.8.8.8",
    "::ffff:0808:0808",
    "64:ff9b::8.8.8.8",
    "64:ff9b::0808:0808",
    "64:ff9b:0:0:0:1:a9fe:a9fe",
    "::fffe:a9fe:a9fe",
    "2002:808:808::1",
    "2003:a9fe:a9fe::1",
  ])("%s is public", (address) => {
    expect(notPublic(address)).toBeUndefined();
  });

  it.each([
    ["::ffff:127.0.0.1", "a loopback address in its IPv4-mapped form (127.0.0.1)"],
    ["::ffff:7f00:1", "a loopback address in its IPv4-mapped form (127.0.0.1)"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "a link-local address in its IPv4-mapped form (169.254.169.254)"],
    ["::FFFF:10.0.0.7", "a private address in its IPv4-mapped form (10.0.0.7)"],
    ["::ffff:0.0.0.0", 'a "this network" address in its IPv4-mapped form (0.0.0.0)'],
    ["::ffff:100.64.0.1", "a shared (carrier-grade NAT) address in its IPv4-mapped form (100.64.0.1)"],
    ["::ffff:172.16.0.1", "a private address in its IPv4-mapped form (172.16.0.1)"],
    ["::ffff:192.0.0.8", "an IETF protocol assignments address in its IPv4-mapped form (192.0.0.8)"],
    ["::ffff:192.168.1.1", "a private address in its IPv4-mapped form (192.168.1.1)"],
    ["::ffff:198.18.0.1", "a benchmarking address in its IPv4-mapped form (198.18.0.1)"],
    ["::ffff:224.0.0.1", "a multicast address in its IPv4-mapped form (224.0.0.1)"],
    ["::ffff:240.0.0.1", "a reserved address in its IPv4-mapped form (240.0.0.1)"],
    ["64:ff9b::169.254.169.254", "a link-local address in its NAT64 form (169.254.169.254)"],
    ["64:ff9b::a9fe:a9fe", "a link-local address in its NAT64 form (169.254.169.254)"],
    ["64:ff9b::7f00:1", "a loopback address in its NAT64 form (127.0.0.1)"],
    ["64:ff9b::10.0.0.7", "a private address in its NAT64 form (10.0.0.7)"],
    ["64:ff9b::c0a8:101", "a private address in its NAT64 form (192.168.1.1)"],
    ["2002:a9fe:a9fe::1", "a link-local address in its 6to4 form (169.254.169.254)"],
    ["2002:7f00:1::", "a loopback address in its 6to4 form (127.0.0.1)"],
    ["2002:0a00:0007:1::5", "a private address in its 6to4 form (10.0.0.7)"],
  ])("%s is %s", (address, kind) => {
    expect(notPublic(address)).toBe(kind);
  });

  it.each(["", "localhost", "example.com", "1.2.3", "01.2.3.4", "::ffff:1.2.3.4.5", "[::1]"])(
    "%j is not an IP address, so not public",
    (text) => {
      expect(notPublic(text)).toBe("not an IP address");
    },
  );
});

/** A resolver stub: each name's addresses, as dns.lookup gives them. */
function stubResolver(table: Record<string, string[]>) {
  const asked: { hostname: string; options: unknown }[] = [];
  const lookup = ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    asked.push({ hostname, options });
    const addresses = table[hostname];
    if (!addresses) {
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    }
    const found = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    if ((options as { all?: boolean }).all) callback(null, found);
    else callback(null, found[0]!.address, found[0]!.family);
  }) as unknown as LookupFunction;
  return { lookup, asked };
}

/** What a lookup answers, as a promise. */
const ask = (lookup: LookupFunction, hostname: string, options: object) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family: unknown }>((resolve) =>
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );

describe("publicOnlyLookup", () => {
  const { lookup: resolve, asked } = stubResolver({
    "www.example.test": ["203.0.113.7", "2001:db8::7"],
    "intranet.example.test": ["10.0.0.7"],
    "mixed.example.test": ["203.0.113.7", "169.254.169.254"],
    "mapped.example.test": ["::ffff:127.0.0.1"],
  });
  const lookup = publicOnlyLookup(resolve);

  it("passes public addresses on, in either form of the answer", async () => {
    expect(await ask(lookup, "www.example.test", { all: true })).toEqual({
      error: null,
      address: [
        { address: "203.0.113.7", family: 4 },
        { address: "2001:db8::7", family: 6 },
      ],
      family: undefined,
    });
    expect(await ask(lookup, "www.example.test", {})).toEqual({
      error: null,
      address: "203.0.113.7",
      family: 4,
    });
    expect(asked.at(-1)).toEqual({ hostname: "www.example.test", options: {} });
  });

  it("fails with a clear error when the name resolves to an address that is not public", async () => {
    const { error } = await ask(lookup, "intranet.example.test", { all: true });
    expect(isNotPublicError(error)).toBe(true);
    expect(error).toMatchObject({
      code: NOT_PUBLIC,
      hostname: "intranet.example.test",
      address: "10.0.0.7",
      kind: "a private address",
      message: "intranet.example.test resolves to 10.0.0.7, a private address, not a public one",
    });
    const single = await ask(lookup, "intranet.example.test", {});
    expect(single.error?.code).toBe(NOT_PUBLIC);
  });

  it("refuses a name when any of its addresses is not public, and the mapped forms", async () => {
    expect((await ask(lookup, "mixed.example.test", { all: true })).error).toMatchObject({
      address: "169.254.169.254",
      kind: "a link-local address",
    });
    expect((await ask(lookup, "mapped.example.test", { all: true })).error).toMatchObject({
      address: "::ffff:127.0.0.1",
      kind: "a loopback address in its IPv4-mapped form (127.0.0.1)",
    });
  });

  it("passes the resolver's own failures on unchanged", async () => {
    const { error } = await ask(lookup, "nowhere.example.test", { all: true });
    expect(error?.code).toBe("ENOTFOUND");
  });

  it("takes another judge of what is public (a test's stand-ins)", async () => {
    const standIn = publicOnlyLookup(resolve, (address) => address === "10.0.0.7");
    expect((await ask(standIn, "intranet.example.test", {})).error).toBeNull();
    expect((await ask(standIn, "www.example.test", {})).error?.code).toBe(NOT_PUBLIC);
  });
});
