// `pulumi-webstats drift --check-pages` in-process (runCli) against the emulator: the page check
// wired into a run, with --check-tracking. The websites' names do not resolve (the `.invalid`
// top-level domain never does), so each is unreachable with its reason and the likely cause of
// its silence, in every format, with the counts and progress, while the run itself succeeds; the
// bounds are options refused when wrong before any request. The page check's statuses against
// websites served on this machine are drift-page-check.test.ts's.
//
// And websites the real server stores though no page can be read at them (its domain rule takes
// any text shaped like label.label.tld, and IP literals): each gets its status and reason while
// the run goes on and writes its report. The emulator refuses such domains, so they are written
// into its data file between two starts, as the real server's database would hold them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount } from "../../emulator";
import { runCaptured } from "../support/run-cli";
import { writeStackExport } from "../support/stack-exports";
import { WebstatsClient } from "../../sdk";

const run = runCaptured;

const root = mkdtempSync(join(tmpdir(), "drift-pages-"));
const file = join(root, "stack.json");
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
    const json = await run([
      "drift",
      "--state",
      file,
      "--check-tracking",
      "--check-pages",
      "--format",
      "json",
    ]);
    expect(json.err).toContain("Checking pages: 2 home pages, 8 at a time, at most 10 s each.\n");
    expect(json.err).toContain("Pages: 2 of 2 home pages read.\n");
    const report = JSON.parse(json.out) as {
      summary: Record<string, number>;
      pages: { read: number };
      websites: { domain: string; page?: { status: string; reason: string; cause: string } }[];
    };
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
        new RegExp(
          `^the name ${website.domain.replace(/\./g, "\\.")} does not resolve \\((ENOTFOUND|EAI_AGAIN)\\)$`,
        ),
      );
      expect(website.page?.cause).toMatch(/^silent, and the home page could not be read: the name /);
    }
    const text = await run(["drift", "--state", file, "--check-pages"]);
    expect(text.out).toContain(
      "Pages: 0 present, 0 missing, 0 wrong, 2 unreachable (2 home pages read, one GET each).",
    );
    expect(text.out).toContain(`${domains[0]} (`);
    expect(text.out).toMatch(/\) page unreachable: the name blog\.pages\.invalid does not resolve/);
    const markdown = await run(["drift", "--state", file, "--check-pages", "--format", "markdown"]);
    expect(markdown.out).toContain("| pagesUnreachable | 2 |");
    expect(markdown.out).toContain("page unreachable: the name blog.pages.invalid does not resolve");
    // A silent website fails as a test case, whose text says its page too.
    const junit = await run([
      "drift",
      "--state",
      file,
      "--check-tracking",
      "--check-pages",
      "--format",
      "junit",
    ]);
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
  const hostileRoot = mkdtempSync(join(tmpdir(), "drift-pages-hostile-"));
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
    const report = JSON.parse(json.out) as {
      summary: Record<string, number>;
      websites: { domain: string; page?: { status: string; reason: string; url?: string } }[];
    };
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
