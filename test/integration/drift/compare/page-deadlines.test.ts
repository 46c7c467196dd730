// The page check's deadline bounds everything a page costs, from the name to the judgement:
// a server that accepts TCP and never answers TLS, a proxy that never answers its CONNECT, name
// servers that never answer some names, each end at the page's deadline as that page's status,
// while the other websites are read. Deadlines here are short and the tests' time limits long:
// the limits only catch a hang (undici's own connect timeout, 10 s, was the old bound).
//
// Names resolve through the page check's own resolver, set to a name server of the test's on
// loopback (test/support/dns-server.ts) with no hosts file: the machine's resolver is never
// asked. Websites live on loopback addresses the check takes as public (`takenAsPublic`).
import { once } from "node:events";
import { createServer } from "node:http";
import type { Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import type { AddressInfo, Server as NetServer, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, PAGE_DEFAULTS } from "../../../../drift/compare/page-check";
import type { PageCheckOptions } from "../../../../drift/compare/page-check";
import { checkPages } from "../../../../drift/compare/page-run";
import { trackingCodeOf } from "../../../../core/tracking-code";
import { startDnsServer } from "../../../support/dns-server";
import type { DnsServer } from "../../../support/dns-server";

const installation = "https://stats.example.com";
const snippet = trackingCodeOf(installation, {}).trackingCode;

/** The tests' time limit: far past every deadline here, far short of a hang. */
const HANG_MS = 60_000;

/** Names whose name server never answers. */
const stuck = ["stuck1.test", "stuck2.test", "stuck3.test", "stuck4.test"];
/** Websites whose pages are there, served in plain HTTP at 127.0.0.2. */
const healthy = ["shop.test", "blog.test", "docs.test"];

let names: DnsServer;
let pages: Server;
/** Accepts TCP at 127.0.0.1 and never says a word: no TLS handshake, no CONNECT answer. */
let mute: ReturnType<typeof createNetServer>;
const muteSockets: Socket[] = [];
let options: PageCheckOptions;

const listen = (server: Server | NetServer, address: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, address, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  names = await startDnsServer({
    answers: { ...Object.fromEntries(healthy.map((name) => [name, "127.0.0.2"])), "mute.test": "127.0.0.1" },
    silent: stuck,
  });
  pages = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><head>${snippet}</head>`),
  );
  mute = createNetServer((socket) => {
    muteSockets.push(socket);
    socket.on("error", () => {});
    // Read, so that the client's hanging up is seen.
    socket.resume();
  });
  const [httpPort, mutePort] = await Promise.all([listen(pages, "127.0.0.2"), listen(mute, "127.0.0.1")]);
  options = {
    ...PAGE_DEFAULTS,
    timeoutMs: 1_000,
    network: { proxy: undefined, caCertificates: undefined },
    resolver: { servers: [names.address], hosts: new Map() },
    // https:// at the mute server's port: it answers no handshake at 127.0.0.1, and refuses at
    // 127.0.0.2, where the healthy websites fall back to http://.
    ports: { https: mutePort, http: httpPort },
    takenAsPublic: ["127.0.0.1", "127.0.0.2"],
  };
});
afterAll(async () => {
  for (const socket of muteSockets) socket.destroy();
  mute?.close();
  pages?.closeAllConnections();
  pages?.close();
  await names?.close();
});

describe("the page's deadline bounds its connection", () => {
  it(
    "ends a page whose server accepts TCP and never answers TLS, and closes that connection",
    async () => {
      muteSockets.length = 0;
      expect(await checkPage("mute.test", installation, options)).toEqual({
        status: "unreachable",
        url: "https://mute.test/",
        reason: "no complete answer from https://mute.test in time",
      });
      expect(muteSockets).toHaveLength(1);
      // The check hung up: the server sees its connection closed (the time limit guards one left open).
      if (!muteSockets[0]!.destroyed) await once(muteSockets[0]!, "close");
    },
    HANG_MS / 10,
  );

  it(
    "ends a page whose proxy never answers its CONNECT",
    async () => {
      const proxy = `http://127.0.0.1:${(mute.address() as AddressInfo).port}`;
      expect(
        await checkPage("shop.test", installation, {
          ...options,
          network: { proxy: { httpsProxy: proxy, httpProxy: proxy, noProxy: "" }, caCertificates: undefined },
        }),
      ).toEqual({
        status: "unreachable",
        url: "https://shop.test/",
        reason: "no complete answer from https://shop.test in time",
      });
    },
    HANG_MS / 10,
  );
});

describe("the page's deadline bounds its names", () => {
  it(
    "reads the other websites while names whose servers never answer wait out their own deadline",
    async () => {
      const targets = [...stuck, ...healthy].map((domain) => ({ domain, host: installation }));
      const results = await checkPages(
        targets,
        { ...options, timeoutMs: 5_000 },
        { parallel: 8, runTimeoutMs: HANG_MS },
      );
      expect(results).toEqual([
        ...stuck.map((name) => ({
          status: "unreachable",
          url: `https://${name}/`,
          reason: `no complete answer from https://${name} in time`,
        })),
        ...healthy.map((name) => ({ status: "present", url: `http://${name}/` })),
      ]);
      // Each stuck name was asked for, in both families.
      for (const name of stuck) {
        expect(names.queries.filter((q) => q.name === name).map((q) => q.type)).toEqual(
          expect.arrayContaining(["A", "AAAA"]),
        );
      }
    },
    HANG_MS,
  );

  it("says a name that does not exist, and never asks the name servers for a hosts file's name", async () => {
    const asked = names.queries.length;
    expect(await checkPage("nowhere.test", installation, options)).toEqual({
      status: "unreachable",
      url: "https://nowhere.test/",
      reason: "the name nowhere.test does not resolve (ENOTFOUND)",
    });
    const hosts = new Map([["listed.test", ["127.0.0.2"]]]);
    expect(
      await checkPage("listed.test", installation, { ...options, resolver: { ...options.resolver, hosts } }),
    ).toEqual({ status: "present", url: "http://listed.test/" });
    expect(names.queries.slice(asked).map((q) => q.name)).not.toContain("listed.test");
  });

  it("refuses a hosts file's name that points inside, as a name server's", async () => {
    const hosts = new Map([["inside.test", ["10.0.0.7"]]]);
    expect(
      await checkPage("inside.test", installation, { ...options, resolver: { ...options.resolver, hosts } }),
    ).toEqual({
      status: "unreachable",
      reason:
        "refused: inside.test resolves to 10.0.0.7, a private address, not a public one (--page-allow-private allows intranet websites)",
    });
  });
});
