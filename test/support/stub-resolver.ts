// Name resolution without the machine's resolver, for the test files below the engine tier that
// use host names: node:dns's lookup, which Node's sockets call for every name they connect to
// (undici's and fetch's included) and which modules importing node:dns get (its promise form
// too), answers from a table while the file's tests run, and every other name with ENOTFOUND at
// once; so do the DNS queries of node:dns's Resolver (resolve4, resolve6), which the page check
// asks (drift/compare/page-resolver.ts), and no query leaves. So a name that must not resolve
// never does, however the machine's resolver is set up, and never waits on it. The processes a
// test starts load stub-resolver-preload.cjs instead.
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

type QueryCallback = (error: NodeJS.ErrnoException | null, addresses?: string[]) => void;

/** A Resolver's query of one family answering from `table`: ENOTFOUND, or ENODATA for the other family. */
function tableQuery(table: Record<string, string>, family: 4 | 6, asked: string[]) {
  const names = new Map(Object.entries(table).map(([name, address]) => [name.toLowerCase(), address]));
  return function query(hostname: string, options: unknown, callback?: QueryCallback): void {
    const done = (typeof options === "function" ? options : callback) as QueryCallback;
    asked.push(hostname);
    const address = names.get(hostname.toLowerCase());
    const code = address === undefined ? "ENOTFOUND" : isIP(address) === family ? undefined : "ENODATA";
    const syscall = family === 4 ? "queryA" : "queryAaaa";
    process.nextTick(() =>
      code === undefined
        ? done(null, [address!])
        : done(Object.assign(new Error(`${syscall} ${code} ${hostname}`), { code, syscall, hostname })),
    );
  };
}

/**
 * For the tests of the calling file: node:dns's lookup and its Resolver's queries answer from
 * `table` (localhost as the loopback, unless the table says otherwise), every other name
 * ENOTFOUND; the machine's resolver is back after them. Returns the names asked, in order.
 */
export function useStubResolver(table: Record<string, string> = {}): { asked: string[] } {
  const asked: string[] = [];
  const original = {
    lookup: dns.lookup,
    promised: dns.promises.lookup,
    resolve4: dns.Resolver.prototype.resolve4,
    resolve6: dns.Resolver.prototype.resolve6,
  };
  beforeAll(() => {
    const answers = { localhost: "127.0.0.1", ...table };
    const lookup = tableLookup(answers, asked);
    // Every Resolver's queries, whatever its servers: none is sent.
    dns.Resolver.prototype.resolve4 = tableQuery(answers, 4, asked) as typeof dns.Resolver.prototype.resolve4;
    dns.Resolver.prototype.resolve6 = tableQuery(answers, 6, asked) as typeof dns.Resolver.prototype.resolve6;
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
    dns.Resolver.prototype.resolve4 = original.resolve4;
    dns.Resolver.prototype.resolve6 = original.resolve6;
    syncBuiltinESMExports();
  });
  return { asked };
}
