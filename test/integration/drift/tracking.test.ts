// `pulumi-webstats drift --check-tracking` in-process (runCli) against the emulator over real
// HTTP, with stack exports written here: two accounts (one plan limited to 10 websites, one
// unlimited), hits sent through the tracker (POST /api/event) to some websites today, one website
// whose last pageviews are 10 days old (in the emulator's data file), others never visited. The
// silent ones in every format, a website both changed and silent, the window's length, the exit
// codes with --fail-on, what the command says it costs and how far it got, each account's use
// of its plan, bad --silent-days refused before any request, and a throttled installation where
// the pacer spreads the reads over its windows without a failure.
//
// The clock is fixed (at noon UTC, moving on from there), for the run and the installation alike,
// both in this process: a test never races the turn of a UTC date. Each test reads the
// installation as it was set up; the one that sends more hits has an installation of its own.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { runCaptured } from "../../support/run-cli";
import { writeStackExport } from "../../support/stack-exports";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { driftJsonReport } from "../../support/drift-json-report";

const run = runCaptured;

/** Noon UTC: what the run and the installation take for now (a test takes seconds, not 12 hours). */
const CLOCK = Date.UTC(2026, 2, 18, 12);
/** The date `offset` days from the fixed clock's, as the server writes dates. */
const day = (offset: number) => new Date(CLOCK + offset * 86_400_000).toISOString().slice(0, 10);

/** A pageview as the tracking script sends it. */
async function hit(emulator: Emulator, domain: string, path = "/") {
  const response = await fetch(`${emulator.url}/api/event`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    },
    body: JSON.stringify({ page: `https://${domain}${path}`, referrer: "", screen_resolution: "1280x800" }),
  });
  expect(await response.text()).toBe("200");
}

interface Report {
  summary: Record<string, number>;
  tracking?: { days: number; from: string; to: string; requests: number };
  accounts: { email: string; websites: number; plan: { name: string; websites: number } | null }[];
  websites: { domain: string; status: string; silent?: boolean }[];
}

const root = mkdtempSync(join(tmpdir(), "drift-tracking-"));

const domains = {
  busy: "busy.tracking.example",
  quiet: "quiet.tracking.example",
  lapsed: "lapsed.tracking.example",
  stray: "stray.tracking.example",
  visitedStray: "visited-stray.tracking.example",
  other: "other.tracking.example",
};

/**
 * An installation with two accounts and a stack export of each: the websites are made on a first
 * run of the installation; its data file then gets the pageviews of 10 days ago that no request
 * can record, and the installation starts again and receives today's hits.
 */
async function trackedInstallation() {
  const dir = mkdtempSync(join(root, "installation-"));
  const dataFile = join(dir, "installation.json");
  const first = await startEmulator({ requestsPerMinute: 0, dataFile });
  const limited = first.createAccount({ name: "Limited", websiteLimit: 10 });
  const unlimited = first.createAccount({ name: "Unlimited" });
  const create = (account: EmulatorAccount, domain: string) =>
    new WebstatsClient({ baseUrl: first.url, apiKey: account.apiKey }).websites.create({ domain });
  const managed = [
    await create(limited, domains.busy),
    await create(limited, domains.quiet),
    await create(limited, domains.lapsed),
  ];
  await create(limited, domains.stray);
  await create(limited, domains.visitedStray);
  const other = await create(unlimited, domains.other);
  await first.close();
  const data = JSON.parse(readFileSync(dataFile, "utf8")) as { stats?: unknown[] };
  const lapsed = managed[2]!.id;
  data.stats = [
    ...(data.stats ?? []),
    { website_id: lapsed, name: "pageviews", value: day(-10), date: day(-10), count: 3 },
  ];
  writeFileSync(dataFile, JSON.stringify(data));

  const emulator = await startEmulator({ requestsPerMinute: 0, dataFile });
  await hit(emulator, domains.busy);
  await hit(emulator, domains.busy, "/pricing");
  await hit(emulator, domains.visitedStray);
  await hit(emulator, domains.other);
  const files = { limited: join(dir, "limited.json"), unlimited: join(dir, "unlimited.json") };
  writeStackExport(files.limited, {
    project: "limited",
    url: emulator.url,
    apiKey: limited.apiKey,
    websites: managed,
  });
  writeStackExport(files.unlimited, {
    project: "unlimited",
    url: emulator.url,
    apiKey: unlimited.apiKey,
    websites: [other],
  });
  // Changed out of band, and never visited: both changed and silent.
  emulator.updateWebsite(managed[1]!.id, { exclude_ips: "10.0.0.1" });
  const states = () => ["--state", files.limited, "--state", files.unlimited];
  return { emulator, limited, unlimited, states };
}

describe("pulumi-webstats drift --check-tracking", () => {
  let emulator: Emulator;
  let limited: EmulatorAccount;
  let unlimited: EmulatorAccount;
  let states: () => string[];

  beforeAll(async () => {
    // The fixed clock, for the installation (which dates each hit) and the run (its window).
    vi.useFakeTimers({ now: CLOCK, toFake: ["Date"], shouldAdvanceTime: true });
    ({ emulator, limited, unlimited, states } = await trackedInstallation());
  });

  afterAll(async () => {
    await emulator?.close();
    vi.useRealTimers();
  });

  it("marks the websites without a pageview in the last 7 days silent, saying the cost first", async () => {
    emulator.resetRequestCounts();
    const result = await run(["drift", ...states(), "--check-tracking", "--format", "json"]);
    expect(result.err).toBe(
      "Read 2 stacks: 4 recorded websites.\n" +
        "Listing the websites of 2 accounts...\n" +
        "Checking tracking: 6 requests, one per website on the server (its pageviews from " +
        `${day(-6)} to ${day(0)}, UTC dates), paced at the server's limit of 60 a minute.\n` +
        "Tracking: 6 of 6 websites checked.\n",
    );
    // Silent and unmanaged websites count as drift by default with --check-tracking.
    expect(result.code).toBe(2);
    const report = driftJsonReport<Report>(result.out);
    expect(report.websites.map((w) => [w.domain, w.status, w.silent])).toEqual([
      [domains.busy, "in-sync", false],
      [domains.lapsed, "in-sync", true],
      [domains.quiet, "changed", true],
      [domains.stray, "unmanaged", true],
      [domains.visitedStray, "unmanaged", false],
      [domains.other, "in-sync", false],
    ]);
    expect(report.summary).toEqual({
      "in-sync": 3,
      changed: 1,
      gone: 0,
      unmanaged: 2,
      duplicate: 0,
      silent: 3,
    });
    expect(report.tracking).toEqual({ days: 7, from: day(-6), to: day(0), requests: 6 });
    expect(report.accounts).toEqual([
      expect.objectContaining({ email: limited.email, websites: 5, plan: { name: "Default", websites: 10 } }),
      expect.objectContaining({
        email: unlimited.email,
        websites: 1,
        plan: { name: "Default", websites: -1 },
      }),
    ]);
    // One read of pageviews per website on the server, on top of what drift always reads.
    expect(emulator.requestCounts()).toEqual({
      "GET /api/v1/account": 2,
      "GET /api/v1/websites": 2,
      "GET /api/v1/stats/:id": 6,
    });
  });

  it("looks back --silent-days days: the pageviews of 10 days ago count in a window of 30", async () => {
    const result = await run([
      "drift",
      ...states(),
      "--check-tracking",
      "--silent-days",
      "30",
      "--format",
      "json",
    ]);
    const report = driftJsonReport<Report>(result.out);
    expect(report.tracking).toMatchObject({ days: 30, from: day(-29), to: day(0) });
    expect(report.websites.filter((w) => w.silent).map((w) => w.domain)).toEqual([
      domains.quiet,
      domains.stray,
    ]);
    expect(result.err).toContain(`(its pageviews from ${day(-29)} to ${day(0)}, UTC dates)`);
  });

  it("exits 2 with --fail-on silent only while a website is silent", async () => {
    // Everyone visits below: on an installation of its own, which the other tests do not read.
    const own = await trackedInstallation();
    const { emulator, states } = own;
    const silentOnly = await run(["drift", ...states(), "--check-tracking", "--fail-on", "silent"]);
    expect(silentOnly.code).toBe(2);
    const gone = await run(["drift", ...states(), "--check-tracking", "--fail-on", "gone"]);
    expect(gone.code).toBe(0);
    const withoutCheck = await run(["drift", ...states(), "--fail-on", "gone"]);
    expect(withoutCheck.code).toBe(0);
    expect(withoutCheck.err).not.toContain("tracking");
    // Everyone visits: nothing is silent any more.
    for (const domain of [domains.quiet, domains.lapsed, domains.stray]) await hit(emulator, domain);
    const visited = await run([
      "drift",
      ...states(),
      "--check-tracking",
      "--fail-on",
      "silent",
      "--format",
      "json",
    ]);
    expect(visited.code).toBe(0);
    expect(driftJsonReport<Report>(visited.out).summary.silent).toBe(0);
    await emulator.close();
  });

  it("text and markdown: the outcome and its cost, the tracking of each website, each account's plan", async () => {
    const text = await run(["drift", ...states(), "--check-tracking", "--silent-days", "1"]);
    const lines = text.out.split("\n");
    expect(lines[0]).toBe(
      "6 websites in 2 accounts of 2 stacks (limited/prod, unlimited/prod): 3 in-sync, 1 changed, 0 gone, 2 unmanaged, 0 duplicate.",
    );
    expect(lines[1]).toBe(
      `Tracking: 3 of 6 websites on the server silent, with no pageview from ${day(0)} to ${day(0)} ` +
        "(the last 1 day, UTC dates); 6 requests, one per website.",
    );
    expect(lines[2]).toBe(
      `Account ${limited.email} (${limited.id}) at ${emulator.url}: 5 of 10 websites (plan Default).`,
    );
    expect(lines[3]).toBe(
      `Account ${unlimited.email} (${unlimited.id}) at ${emulator.url}: 1 website, no limit (plan Default).`,
    );
    expect(lines[5]).toMatch(/^STATUS\s+DOMAIN\s+ID\s+ACCOUNT\s+STACKS\s+TRACKING$/);
    const row = (status: string, domain: string, tracking: string) =>
      new RegExp(`${status}\\s+${domain.replace(/\./g, "\\.")}\\s.*\\s${tracking}\\n`);
    expect(text.out).toMatch(row("changed", domains.quiet, "silent"));
    expect(text.out).toMatch(row("in-sync", domains.busy, "active"));

    const markdown = await run(["drift", ...states(), "--check-tracking", "--format", "markdown"]);
    expect(markdown.out).toContain("| silent | 3 |");
    expect(markdown.out).toContain(
      `| ${limited.email} (${limited.id}) at ${emulator.url} | Default | 5 of 10 |`,
    );
    expect(markdown.out).toContain("| Status | Domain | ID | Account | Stacks | Tracking | Details |");
  });

  it("refuses --silent-days that is not a positive whole number, with exit code 1, before any request", async () => {
    emulator.resetRequestCounts();
    for (const days of ["0", "abc"]) {
      const result = await run(["drift", ...states(), "--check-tracking", "--silent-days", days]);
      expect(result).toEqual({
        code: 1,
        out: "",
        err:
          "pulumi-webstats: --silent-days is a whole number of days from 1 to 3650 (default 7).\n" +
          "Run pulumi-webstats drift --help for usage.\n",
      });
    }
    expect(emulator.requestCounts()).toEqual({});
  });

  it("documents the options in --help", async () => {
    const help = await run(["drift", "--help"]);
    expect(help.out).toMatch(/^ {2}--check-tracking +also read each website's pageviews/m);
    expect(help.out).toMatch(
      /^ {2}--silent-days N +silent: no pageview in the last N dates \(UTC\), 1 to 3650 \(default 7\)$/m,
    );
  });
});

describe("pulumi-webstats drift --check-tracking on a throttled installation", () => {
  let emulator: Emulator;

  afterAll(async () => {
    await emulator?.close();
  });

  it("paces the reads at the server's limit and finishes without a failure", async () => {
    // 10 requests per window of 1 second: 2 + 40 requests.
    emulator = await startEmulator({ requestsPerMinute: 0, rateWindowSeconds: 1 });
    const account = emulator.createAccount();
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const websites: Website[] = [];
    for (let i = 0; i < 40; i += 1)
      websites.push(await client.websites.create({ domain: `paced-${i}.tracking.example` }));
    for (const website of websites.slice(0, 10)) await hit(emulator, website.domain);
    const file = join(root, "paced.json");
    writeStackExport(file, {
      project: "paced",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: websites.slice(0, 20),
    });
    emulator.setRequestsPerMinute(10);
    emulator.resetRequestCounts();

    const started = Date.now();
    const result = await run([
      "drift",
      "--state",
      file,
      "--check-tracking",
      "--format",
      "json",
      "--fail-on",
      "none",
    ]);
    const elapsed = Date.now() - started;
    expect(result.code).toBe(0);
    const report = driftJsonReport<Report>(result.out);
    expect(report.summary).toMatchObject({ "in-sync": 20, unmanaged: 20, silent: 30 });
    const counts = emulator.requestCounts();
    const refused = emulator.throttledRequestCounts();
    const refusals = Object.values(refused).reduce((sum, n) => sum + n, 0);
    // Every read answered; a refusal only where a window ran out (about one per window).
    expect((counts["GET /api/v1/stats/:id"] ?? 0) - (refused["GET /api/v1/stats/:id"] ?? 0)).toBe(40);
    expect(refusals).toBeLessThanOrEqual(5);
    // 42 counted requests fill 4 windows before the last one opens; the first ends at a whole
    // second, so it may last less than one.
    expect(elapsed).toBeGreaterThanOrEqual(3_000);
    expect(result.err).toContain("Tracking: 40 of 40 websites checked.\n");
    expect(result.err.match(/^Tracking: \d+ of 40 websites checked\.$/gm)).toHaveLength(4);
  }, 300_000);
});
