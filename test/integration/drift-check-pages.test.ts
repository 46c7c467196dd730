// `pulumi-webstats drift --check-pages` in-process (runCli) against the emulator: the page check
// wired into a run, with --check-tracking. The websites' names do not resolve (the `.invalid`
// top-level domain never does), so each is unreachable with its reason and the likely cause of
// its silence, in every format, with the counts and progress, while the run itself succeeds; the
// bounds are options refused when wrong before any request. The page check's statuses against
// websites served on this machine are drift-page-check.test.ts's.
import { mkdtempSync } from "node:fs";
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
