// Which addresses are public (sdk/public-address.ts), from the tables of test/support/ip-cases.ts:
// every range of the list at its first and last address, the addresses just outside each, every
// IPv6 form of the IPv4 ranges; and the lookup that fails a connection to a name resolving inside
// them. Resolution is a stub: no name is resolved and no address reached.
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { isNotPublicError, NOT_PUBLIC, notPublic, publicOnlyLookup } from "../../../sdk/public-address";
import { embeddedNotPublicCases, notPublicCases, publicCases } from "../../support/ip-cases";

describe("notPublic", () => {
  it.each(notPublicCases)("%s is %s", (address, kind) => {
    expect(notPublic(address)).toBe(kind);
  });

  it.each(embeddedNotPublicCases)("%s is %s", (address, kind) => {
    expect(notPublic(address)).toBe(kind);
  });

  it.each(publicCases)("%s is public", (address) => {
    expect(notPublic(address)).toBeUndefined();
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
    "www.example.test": ["93.184.216.34", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "intranet.example.test": ["10.0.0.7"],
    "mixed.example.test": ["93.184.216.34", "169.254.169.254"],
    "mapped.example.test": ["::ffff:127.0.0.1"],
  });
  const lookup = publicOnlyLookup(resolve);

  it("passes public addresses on, in either form of the answer", async () => {
    expect(await ask(lookup, "www.example.test", { all: true })).toEqual({
      error: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
      family: undefined,
    });
    expect(await ask(lookup, "www.example.test", {})).toEqual({
      error: null,
      address: "93.184.216.34",
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
