// A name server for tests, on a loopback UDP port: it answers the A queries of the names it is
// given with their IPv4 address (and their AAAA queries with no address), never answers the
// names it is told to ignore (a server that has gone silent), and answers every other name that
// it does not exist (NXDOMAIN). It records every query it reads. Enough of DNS for node:dns's
// Resolver (c-ares), set to it with setServers: one question a query, no compression to read.
import { createSocket } from "node:dgram";

/** How `startDnsServer` answers. */
export interface DnsServerOptions {
  /** Names and their IPv4 addresses. */
  answers?: Record<string, string>;
  /** Names whose queries are read and never answered. */
  silent?: readonly string[];
}

/** A query the server read: its name (lower case) and type ("A", "AAAA", or the type's number). */
export interface DnsQuery {
  name: string;
  type: string;
}

export interface DnsServer {
  /** "127.0.0.1:PORT", for Resolver.setServers. */
  address: string;
  /** Every query read, oldest first. */
  queries: DnsQuery[];
  close(): Promise<void>;
}

const TYPES: Record<number, string> = { 1: "A", 28: "AAAA" };

/** The question of a query: its name, type, and where the question section ends. */
function questionOf(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at] !== 0) {
    const length = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + length).toString("latin1"));
    at += 1 + length;
  }
  return { name: labels.join(".").toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/** The answer to `query`: its question echoed, with `address` as an A record when given. */
function answerTo(query: Buffer, end: number, rcode: number, address?: string): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // A response, recursion desired and available, with its code.
  header.writeUInt16BE(0x8180 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(address ? 1 : 0, 6);
  const question = query.subarray(12, end);
  if (!address) return Buffer.concat([header, question]);
  const record = Buffer.alloc(16);
  // The name as a pointer to the question's, type A, class IN, a TTL of 60 s, four bytes.
  record.writeUInt16BE(0xc00c, 0);
  record.writeUInt16BE(1, 2);
  record.writeUInt16BE(1, 4);
  record.writeUInt32BE(60, 6);
  record.writeUInt16BE(4, 10);
  address.split(".").forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
  return Buffer.concat([header, question, record]);
}

/** Starts a name server on 127.0.0.1 and a free UDP port. */
export async function startDnsServer(options: DnsServerOptions = {}): Promise<DnsServer> {
  const answers = new Map(Object.entries(options.answers ?? {}).map(([n, a]) => [n.toLowerCase(), a]));
  const silent = new Set((options.silent ?? []).map((name) => name.toLowerCase()));
  const queries: DnsQuery[] = [];
  const socket = createSocket("udp4");
  socket.on("message", (query, from) => {
    const { name, type, end } = questionOf(query);
    queries.push({ name, type: TYPES[type] ?? String(type) });
    if (silent.has(name)) return;
    const address = answers.get(name);
    const reply =
      address === undefined
        ? answerTo(query, end, 3)
        : answerTo(query, end, 0, type === 1 ? address : undefined);
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
