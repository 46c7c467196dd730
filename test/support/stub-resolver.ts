// Name resolution without the machine's resolver, for the test files below the engine tier that
// use host names: node:dns's lookup, which Node's sockets call for every name they connect to
// (undici's and fetch's included) and which modules importing node:dns get (its promise form
// too), answers from a table while the file's tests run, and every other name with ENOTFOUND at
// once. So a name that must not resolve never does, however the machine's resolver is set up,
// and never waits on it. The processes a test starts load stub-resolver-preload.cjs instead.
import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { syncBuiltinESMExports } from "node:module";
import { afterAll, beforeAll } from "vitest";

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address?: string | LookupAddress[],
  family?: number,
) => void;

/** The error getaddrinfo gives for a name no resolver knows. */
export function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: "ENOTFOUND",
    errno: -3008,
    syscall: "getaddrinfo",
    hostname,
  });
}

/**
 * A lookup answering the names of `table` (case-insensitive) with their address, an address with
 * itself, and any other name with ENOTFOUND; each name asked is pushed onto `asked`.
 */
export function tableLookup(table: Record<string, string>, asked: string[] = []): typeof dns.lookup {
  const names = new Map(Object.entries(table).map(([name, address]) => [name.toLowerCase(), address]));
  const lookup = (
    hostname: string,
    options: LookupOptions | number | LookupCallback,
    callback?: LookupCallback,
  ): void => {
    const done = typeof options === "function" ? options : callback!;
    const all = typeof options === "object" && options.all === true;
    asked.push(hostname);
    const address = isIP(hostname) !== 0 ? hostname : names.get(hostname.toLowerCase());
    process.nextTick(() => {
      if (address === undefined) done(notFound(hostname));
      else if (all) done(null, [{ address, family: isIP(address) }]);
      else done(null, address, isIP(address));
    });
  };
  return lookup as typeof dns.lookup;
}

/**
 * For the tests of the calling file: node:dns's lookup answers from `table` (localhost as the
 * loopback, unless the table says otherwise), every other name ENOTFOUND; the machine's resolver
 * is back after them. Returns the names asked, in order.
 */
export function useStubResolver(table: Record<string, string> = {}): { asked: string[] } {
  const asked: string[] = [];
  const original = { lookup: dns.lookup, promised: dns.promises.lookup };
  beforeAll(() => {
    const lookup = tableLookup({ localhost: "127.0.0.1", ...table }, asked);
    dns.lookup = lookup;
    // The promise form (node:dns/promises is the same object) answers the same.
    dns.promises.lookup = ((hostname: string, options?: LookupOptions) =>
      new Promise((resolve, reject) =>
        lookup(hostname, options ?? {}, (error, address, family) =>
          error ? reject(error) : resolve(Array.isArray(address) ? address : { address, family }),
        ),
      )) as typeof dns.promises.lookup;
    syncBuiltinESMExports();
  });
  afterAll(() => {
    dns.lookup = original.lookup;
    dns.promises.lookup = original.promised;
    syncBuiltinESMExports();
  });
  return { asked };
}
