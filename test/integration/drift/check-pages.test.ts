// `pulumi-webstats drift --check-pages` in-process (runCli) against the emulator: the page check
// wired into a run, with --check-tracking. The websites' names do not resolve (the `.invalid`
// top-level domain never does, and here a stub answers node:dns's lookup, which is never the
// machine's resolver: test/support/stub-resolver.ts), so each is unreachable with its reason and
// the likely cause of its silence, in every format, with the counts and progress, while the run
// itself succeeds; the bounds are options refused when wrong before any request. The page
// check's statuses against websites served on this machine are test/integration/drift/compare/page-check.test.ts's.
//
// And the wiring: drift hands the page check each website's own installation (the address its
// account is reached at) and the network settings the command is given. Two accounts reached at
// two addresses, each website's page carrying its own installation's tracking code, read through
// the environment's proxy, which alone resolves the websites' names, with the environment's
// authority: another installation's address makes a page wrong, and a run without the proxy or
// the authority reads none.
//
// And websites the real server stores though no page can be read at them (its domain rule takes
// any text shaped like label.label.tld, and IP literals): each gets its status and reason while
// the run goes on and writes its report. The emulator refuses such domains, so they are written
// into its data file between two starts, as the real server's database would hold them.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:https";
import type { Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { runCaptured } from "../../support/run-cli";
import { writeStackExport } from "../../support/stack-exports";
import { WebstatsClient } from "../../../sdk";
import { trackingCodeOf } from "../../../core/tracking-code";
import {
  issueCertificate,
  makeCertificateAuthority,
  startForwardingProxy,
  urlWithHost,
  writePemFiles,
} from "../../support/network";
import type { ForwardingProxy, PemFiles } from "../../support/network";
import { useStubResolver } from "../../support/stub-resolver";
import { driftJsonReport } from "../../support/drift-json-report";
import { scratchFolder } from "../../support/scratch-folder";

const run = runCaptured;

/** Every name the run or its proxy resolves through node:dns is not found, at once. */
const resolver = useStubResolver();

const root = scratchFolder("drift-pages-");
const file = join(root, "stack.json");
/** drift --check-pages on the stack of `file`, with `more` options. */
const checkPages = (...more: string[]) => run(["drift", "--state", file, "--check-pages", ...more]);
const domains = ["blog.pages.invalid", "shop.pages.invalid"];

describe("pulumi-webstats drift --check-pages", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Pages" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const websites = [];
    for (const domain of domains) websites.push(await client.websites.create({ domain }));
    writeStackExport(file, { project: "pages", url: emulator.url, apiKey: account.apiKey, websites });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("reports each page's status and the likely cause of a silence, in every format, with progress", async () => {
    const json = await checkPages("--check-tracking", "--format", "json");
    expect(json.err).toContain("Checking pages: 2 home pages, 8 at a time, at most 10 s each.\n");
    expect(json.err).toContain("Pages: 2 of 2 home pages read.\n");
    const report = driftJsonReport<{
      summary: Record<string, number>;
      pages: { read: number };
      websites: { domain: string; page?: { status: string; reason: string; cause: string } }[];
    }>(json.out);
    expect(report.pages).toEqual({ read: 2 });
    expect(report.summary).toMatchObject({
      silent: 2,
      pagesPresent: 0,
      pagesMissing: 0,
      pagesWrong: 0,
      pagesUnreachable: 2,
    });
    for (const website of report.websites) {
      expect(website.page).toMatchObject({ status: "unreachable" });
      expect(website.page?.reason).toMatch(
        new RegExp(`^the name ${website.domain.replace(/\./g, "\\.")} does not resolve \\(ENOTFOUND\\)$`),
      );
      expect(website.page?.cause).toMatch(/^silent, and the home page could not be read: the name /);
    }
    const text = await checkPages();
    expect(text.out).toContain(
      "Pages: 0 present, 0 missing, 0 wrong, 2 unreachable (2 home pages read, one GET each).",
    );
    expect(text.out).toContain(`${domains[0]} (`);
    expect(text.out).toMatch(/\) page unreachable: the name blog\.pages\.invalid does not resolve/);
    const markdown = await checkPages("--format", "markdown");
    expect(markdown.out).toContain("| pagesUnreachable | 2 |");
    expect(markdown.out).toContain("page unreachable: the name blog.pages.invalid does not resolve");
    // A silent website fails as a test case, whose text says its page too.
    const junit = await checkPages("--check-tracking", "--format", "junit");
    expect(junit.out).toContain("status: in-sync, silent, page unreachable");
    expect(json.code).toBe(2);
  });

  it.each([
    [
      ["--page-allow-private"],
      "--page-allow-private goes with --check-pages, which reads every website's home page.",
    ],
    [
      ["--page-run-timeout", "60"],
      "--page-run-timeout goes with --check-pages, which reads every website's home page.",
    ],
    [
      ["--check-pages", "--page-run-timeout", "5"],
      "--page-run-timeout is a whole number from 10 to 86400 (default 600).",
    ],
    [
      ["--page-parallel", "4"],
      "--page-parallel goes with --check-pages, which reads every website's home page.",
    ],
    [
      ["--check-pages", "--page-parallel", "0"],
      "--page-parallel is a whole number from 1 to 64 (default 8).",
    ],
    [
      ["--check-pages", "--page-timeout", "1e3"],
      "--page-timeout is a whole number from 1 to 120 (default 10).",
    ],
  ])("refuses %j before any request", async (options, message) => {
    emulator.resetRequestCounts();
    const result = await run(["drift", "--state", file, ...options]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(emulator.requestCounts()).toEqual({});
  });
});

describe("pulumi-webstats drift --check-pages with websites no page can be read at", () => {
  const hostileRoot = scratchFolder("drift-pages-hostile-");
  const dataFile = join(hostileRoot, "emulator.json");
  const stackFile = join(hostileRoot, "stack.json");
  /** What each website's domain becomes in the data file, and what its page then says. */
  const stored: Record<string, { domain: string; reason: RegExp }> = {
    "space.pages.invalid": {
      domain: "my shop.example.org",
      reason: /^no page requested, the domain is not a host name: The part "my shop" of the domain /,
    },
    "path.pages.invalid": {
      domain: "127.0.0.1:8080/admin?x=1#.com",
      reason: /^no page requested, the domain is not a host name: .*contains a path/,
    },
    "credentials.pages.invalid": {
      domain: "user:pw@host.example.com",
      reason: /^no page requested, the domain is not a host name: .*contains a port or scheme/,
    },
    "markup.pages.invalid": {
      domain: "<img src=x onerror=alert(1)>.example.org",
      reason: /^no page requested, the domain is not a host name: /,
    },
    "metadata.pages.invalid": {
      domain: "169.254.169.254",
      reason:
        /^refused: 169\.254\.169\.254 is a link-local address, not a public one \(--page-allow-private allows intranet websites\)$/,
    },
  };
  let emulator: Emulator;

  beforeAll(async () => {
    const first = await startEmulator({ requestsPerMinute: 0, dataFile });
    const owner = first.createAccount({ name: "Hostile" });
    const client = new WebstatsClient({ baseUrl: first.url, apiKey: owner.apiKey });
    for (const domain of [...Object.keys(stored), "kept.pages.invalid"])
      await client.websites.create({ domain });
    await first.close();
    let data = readFileSync(dataFile, "utf8");
    for (const [placeholder, { domain }] of Object.entries(stored)) {
      data = data.replace(JSON.stringify(placeholder), JSON.stringify(domain));
    }
    writeFileSync(dataFile, data);
    emulator = await startEmulator({ requestsPerMinute: 0, dataFile });
    const again = new WebstatsClient({ baseUrl: emulator.url, apiKey: owner.apiKey });
    const kept = (await again.websites.list()).filter((w) => w.domain === "kept.pages.invalid");
    writeStackExport(stackFile, {
      project: "hostile",
      url: emulator.url,
      apiKey: owner.apiKey,
      websites: kept,
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("gives each its own status and reason, and the run writes its report", async () => {
    const json = await run(["drift", "--state", stackFile, "--check-pages", "--format", "json"]);
    expect(json.err).toContain("Pages: 6 of 6 home pages read.\n");
    const report = driftJsonReport<{
      summary: Record<string, number>;
      websites: { domain: string; page?: { status: string; reason: string; url?: string } }[];
    }>(json.out);
    expect(report.summary).toMatchObject({ pagesUnreachable: 6 });
    for (const { domain, reason } of Object.values(stored)) {
      const page = report.websites.find((w) => w.domain === domain)?.page;
      expect(page, domain).toMatchObject({ status: "unreachable" });
      expect(page?.reason, domain).toMatch(reason);
      expect(page?.url, domain).toBeUndefined();
    }
    const kept = report.websites.find((w) => w.domain === "kept.pages.invalid")?.page;
    expect(kept?.reason).toMatch(/^the name kept\.pages\.invalid does not resolve/);
    const text = await run(["drift", "--state", stackFile, "--check-pages"]);
    expect(text.out).toContain(
      "Pages: 0 present, 0 missing, 0 wrong, 6 unreachable (6 home pages read, one GET each).",
    );
    expect(text.code).toBe(json.code);
    expect([0, 2]).toContain(json.code);
  });
});

describe("pulumi-webstats drift --check-pages hands the page check each installation and the network settings", () => {
  const installation = "stats.pages.test";
  /** Each website's name, and the account (by the address it is reached at) that holds it. */
  const sites = { byName: "shop.pages.test", byAddress: "blog.pages.test" };
  const wiringRoot = scratchFolder("drift-pages-wiring-");
  const states = { byName: join(wiringRoot, "by-name.json"), byAddress: join(wiringRoot, "by-address.json") };
  let emulator: Emulator;
  let pages: Server;
  let proxy: ForwardingProxy;
  let pem: PemFiles;
  /** The installation reached by its name (through the proxy) and by its address (directly). */
  const addresses = { byName: "", byAddress: "" };
  /** The host of every request a website received. */
  const requested: string[] = [];

  beforeAll(async () => {
    const ca = await makeCertificateAuthority("Pages Wiring Root");
    const certificate = await issueCertificate(ca, {
      dnsNames: [installation, ...Object.values(sites)],
      ipAddresses: ["127.0.0.1"],
    });
    emulator = await startEmulator({
      requestsPerMinute: 0,
      tls: { key: certificate.keyPem, cert: certificate.certPem },
    });
    addresses.byName = urlWithHost(emulator.url, installation);
    addresses.byAddress = emulator.url;
    // Each website's home page carries the tracking code of the installation its account is reached at.
    pages = createServer({ key: certificate.keyPem, cert: certificate.certPem }, (req, res) => {
      const host = (req.headers.host ?? "").replace(/:\d+$/, "");
      requested.push(host);
      const owner = host === sites.byName ? addresses.byName : addresses.byAddress;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head>${trackingCodeOf(owner, {}).trackingCode}</head><body>Hi</body></html>`,
      );
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    // The company's proxy resolves the installation's and the websites' names; their 443 is the pages server.
    proxy = await startForwardingProxy({
      resolve: Object.fromEntries([installation, ...Object.values(sites)].map((name) => [name, "127.0.0.1"])),
      ports: { 443: (pages.address() as AddressInfo).port },
    });
    pem = writePemFiles({ "company-root.pem": ca.certPem });
    for (const via of ["byName", "byAddress"] as const) {
      const account = emulator.createAccount({ name: via });
      const client = new WebstatsClient({
        baseUrl: emulator.url,
        apiKey: account.apiKey,
        caCertificates: ca.certPem,
      });
      const website = await client.websites.create({ domain: sites[via] });
      writeStackExport(states[via], {
        project: via.toLowerCase(),
        url: addresses[via],
        apiKey: account.apiKey,
        websites: [website],
      });
    }
  });
  afterAll(async () => {
    pages?.closeAllConnections();
    pages?.close();
    await Promise.all([emulator?.close(), proxy?.close()]);
    pem?.remove();
  });

  it("reads each page through the given proxy and authority, judged against its own installation", async () => {
    requested.length = 0;
    const asked = resolver.asked.length;
    // The longest page deadline: a page read through the proxy on a busy machine is never cut by it.
    const result = await run(
      [
        "drift",
        "--state",
        states.byName,
        "--state",
        states.byAddress,
        "--check-pages",
        "--page-timeout",
        "120",
        "--format",
        "json",
      ],
      { HTTPS_PROXY: proxy.url, WEBSTATS_CA_CERT_FILE: pem.path("company-root.pem") },
    );
    const report = driftJsonReport<{
      websites: {
        domain: string;
        account: { url: string };
        page?: { status: string; url?: string; reason?: string };
      }[];
    }>(result.out);
    expect(report.websites.map((w) => [w.domain, w.account.url, w.page])).toEqual([
      [sites.byAddress, addresses.byAddress, { status: "present", url: `https://${sites.byAddress}/` }],
      [sites.byName, addresses.byName, { status: "present", url: `https://${sites.byName}/` }],
    ]);
    expect(result.code).toBe(0);
    // Each page through the proxy, which resolved the websites' names: asked here first, they did not resolve.
    expect(requested.sort()).toEqual([sites.byAddress, sites.byName]);
    expect(
      proxy.connects
        .filter((c) => c.port === 443)
        .map((c) => c.host)
        .sort(),
    ).toEqual([sites.byAddress, sites.byName]);
    expect(new Set(resolver.asked.slice(asked))).toEqual(new Set([sites.byAddress, sites.byName]));
  });
});
