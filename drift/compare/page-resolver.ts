// How the page check resolves a website's names: DNS queries of its own (node:dns's Resolver,
// c-ares, on the event loop), not the system's getaddrinfo. getaddrinfo runs on libuv's thread
// pool, at most two lookups at once for the whole process, and cannot be stopped: a name whose
// servers never answer holds a thread past any deadline and queues every other website's lookup
// behind it. Here each page has a Resolver of its own, cancelled when the page's deadline passes.
//
// The system's name servers are asked (c-ares reads /etc/resolv.conf, or the system's settings
// on Windows and macOS). The hosts file is read too, before them, as the system's resolver reads
// it: a name it lists gets its addresses from there, and no query. Other name services the system
// may have (mDNS, NIS, LDAP) are not asked. Every answer is judged against the public addresses
// by the page check (publicOnlyLookup), wherever it came from.
import { Resolver } from "node:dns";
import type { LookupAddress } from "node:dns";
import { closeSync, openSync, readSync } from "node:fs";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { join } from "node:path";

/** How long one query waits for an answer, and how often it is asked: about 6 s in all. */
const QUERY = { timeout: 2_000, tries: 2 };

/** A hosts file larger than this is read to here: its entries for websites come early anyway. */
const HOSTS_FILE_BYTES = 1024 * 1024;

/** Where the page check's names are resolved besides the system's defaults (a test's). */
export interface PageResolverOptions {
  /** The name servers asked instead of the system's ("127.0.0.1:5353"). */
  servers?: readonly string[];
  /** The hosts file's names and their addresses, instead of the system's hosts file. */
  hosts?: ReadonlyMap<string, readonly string[]>;
}

/** Marks a failure to resolve a name, so that a name server's code is not taken for a website's. */
const nameFailure = Symbol("name failure");

/** Whether `error` is a name that could not be resolved (pageLookup's failure, or getaddrinfo's). */
export function isNameFailure(error: unknown): boolean {
  const failure = error as { [nameFailure]?: true; code?: unknown } | null;
  return failure?.[nameFailure] === true || failure?.code === "ENOTFOUND" || failure?.code === "EAI_AGAIN";
}

/** The names of a hosts file's text and their addresses, in the file's order. */
function hostsFileNames(text: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const [address, ...aliases] = line.replace(/#.*/, "").trim().split(/\s+/);
    if (address === undefined || isIP(address.replace(/%.*$/, "")) === 0) continue;
    for (const alias of aliases) {
      const name = alias.toLowerCase().replace(/\.$/, "");
      const known = names.get(name) ?? [];
      if (!known.includes(address)) names.set(name, [...known, address]);
    }
  }
  return names;
}

/** The system's hosts file. */
function hostsFilePath(): string {
  if (process.platform !== "win32") return "/etc/hosts";
  return join(process.env.SystemRoot ?? "C:\\Windows", "System32", "drivers", "etc", "hosts");
}

let systemHosts: Map<string, string[]> | undefined;

/** The system's hosts file, read once a process (none when it cannot be read). */
function systemHostsNames(): Map<string, string[]> {
  if (systemHosts) return systemHosts;
  let text = "";
  try {
    const file = openSync(hostsFilePath(), "r");
    try {
      const buffer = Buffer.alloc(HOSTS_FILE_BYTES);
      text = buffer.subarray(0, readSync(file, buffer, 0, buffer.length, 0)).toString("utf8");
    } finally {
      closeSync(file);
    }
  } catch {
    text = "";
  }
  systemHosts = hostsFileNames(text);
  return systemHosts;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: unknown, family?: number) => void;

/** How c-ares says why a query found nothing: a name that does not exist is the likeliest. */
const EMPTY_ANSWERS = new Set(["ENOTFOUND", "ENODATA"]);

/** The failure of a name whose queries all failed: the most telling of their errors, marked. */
function failureOf(hostname: string, errors: NodeJS.ErrnoException[]): NodeJS.ErrnoException {
  const telling =
    errors.find((error) => !EMPTY_ANSWERS.has(String(error.code))) ??
    errors.find((error) => error.code === "ENOTFOUND") ??
    errors[0];
  const code = telling?.code ?? "ENOTFOUND";
  return Object.assign(new Error(`the name ${hostname} does not resolve (${code})`), {
    code,
    hostname,
    [nameFailure]: true as const,
  });
}

/** The family a lookup asks for: 4, 6, or 0 for both. */
function familyOf(options: unknown): number {
  const family = (options as { family?: unknown } | null)?.family;
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

/** Answers a lookup with `addresses`, in the form asked for (`all` or the first). */
function answer(addresses: readonly string[], options: unknown, done: LookupCallback): void {
  const found: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  if ((options as { all?: unknown } | null)?.all === true) done(null, found);
  else done(null, found[0]!.address, found[0]!.family);
}

/**
 * A name resolution for one page (a `lookup` for its connections): the hosts file, then the name
 * servers, IPv4 and IPv6 asked at once; every query still open is cancelled when `signal` aborts
 * (its failure is then ECANCELLED), and by `close()`.
 */
export function pageLookup(
  signal: AbortSignal,
  options: PageResolverOptions = {},
): { lookup: LookupFunction; close: () => void } {
  const resolver = new Resolver(QUERY);
  if (options.servers) resolver.setServers([...options.servers]);
  const hosts = options.hosts ?? systemHostsNames();
  const cancel = () => resolver.cancel();
  signal.addEventListener("abort", cancel, { once: true });

  const lookup = (hostname: string, given: unknown, callback?: LookupCallback) => {
    const done = (typeof given === "function" ? given : callback) as LookupCallback;
    const asked = typeof given === "function" ? {} : given;
    const family = familyOf(asked);
    const fits = (address: string) => family === 0 || isIP(address) === family;
    if (isIP(hostname) !== 0) return process.nextTick(() => answer([hostname], asked, done));
    const listed = (hosts.get(hostname.toLowerCase()) ?? []).filter(fits);
    if (listed.length > 0) return process.nextTick(() => answer(listed, asked, done));
    if (signal.aborted) {
      const error = Object.assign(new Error("cancelled"), { code: "ECANCELLED" });
      return process.nextTick(() => done(failureOf(hostname, [error]), undefined));
    }
    const queries: ((next: (error: NodeJS.ErrnoException | null, found?: string[]) => void) => void)[] = [];
    if (family !== 6) queries.push((next) => resolver.resolve4(hostname, next));
    if (family !== 4) queries.push((next) => resolver.resolve6(hostname, next));
    const addresses: string[][] = queries.map(() => []);
    const errors: NodeJS.ErrnoException[] = [];
    let open = queries.length;
    queries.forEach((query, i) =>
      query((error, found) => {
        if (error) errors.push(error);
        else addresses[i] = found ?? [];
        if (--open > 0) return;
        const all = addresses.flat();
        if (all.length > 0) answer(all, asked, done);
        else done(failureOf(hostname, errors), undefined);
      }),
    );
  };
  return {
    lookup: lookup as unknown as LookupFunction,
    close: () => {
      signal.removeEventListener("abort", cancel);
      cancel();
    },
  };
}
