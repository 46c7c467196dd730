#!/usr/bin/env node
// `npm run docs:screenshot`: the pictures of drift's HTML report on the drift docs pages. Both
// render the report of the bench's big fleet (test/harness/report-fleet.mjs: 10,000 websites over
// 50 stacks and 10 accounts, the same every time) with the built renderer (dist/), open it from its
// file in headless Chromium (Debian's, installed when missing by tools/machine/ensure-chromium.mjs;
// driven by playwright-core, offline) and save one viewport, light, as Chromium encodes it:
// docs/images/drift-report.png, the report alone; docs/images/drift-report-history.png, the same
// report with the history of 30 nightly runs before it (fleetHistory below: the same every time).
// Run after `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { fleetReport } from "../../test/harness/report-fleet.mjs";
import { formatReport } from "../../dist/drift/report/formats/index.js";
import { historyDiff } from "../../dist/drift/history/history-diff.js";
import { historyOfRun } from "../../dist/drift/history/history-run.js";
import { historyView } from "../../dist/drift/report/view/history-view.js";
import { ensureChromium } from "../machine/ensure-chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const images = join(root, "docs", "images");
const now = new Date("2026-11-27T09:30:00Z");
const failOn = ["changed", "gone", "unmanaged", "duplicate", "silent"];
const DAY_MS = 86_400_000;

/** The nightly runs before this one: at 02:00 UTC on each of the 30 days before the report's. */
const RUNS = 30;
const runAt = (k) => new Date(Date.parse("2026-11-27T02:00:00Z") - (RUNS - k) * DAY_MS);

/** A website as it was before its drift: in sync, active, its page present. */
function calm(entry) {
  const calmed = {
    ...entry,
    status: "in-sync",
    ...(entry.silent === undefined ? {} : { silent: false }),
    ...(entry.page ? { page: { status: "present", url: `https://${entry.domain}/` } } : {}),
  };
  delete calmed.changes;
  return calmed;
}

const hasDrift = (e) => e.status !== "in-sync" || e.silent === true;

/**
 * The fleet's report in run `k` (0, the oldest, to RUNS - 1): each website drifted today drifted
 * from a run of its own (two in three before the history began, a few only today); one in 37 of
 * those in sync today drifted in runs 8 to 13 (a change undone a week later), and one in 89 for 2
 * to 8 runs of its own, fixed since. Numbers from each website's place alone: the same history
 * every time.
 */
function earlierReport(report, k) {
  const drifted = new Set();
  const excludeBots = { status: "changed", changes: [{ field: "excludeBots", recorded: true, live: false }] };
  const websites = report.websites.map((e, i) => {
    if (hasDrift(e)) {
      const since = ((i * 7919) % 91) - 60;
      if (k < since) return calm(e);
      drifted.add(e);
      return e;
    }
    const from = (i * 13) % 24;
    if (i % 37 === 5 && k >= 8 && k <= 13) return { ...e, ...excludeBots };
    if (i % 89 === 3 && k >= from && k < from + 2 + (i % 7)) return { ...e, ...excludeBots };
    return e;
  });
  const findings = report.policy.findings.filter((f) => drifted.has(f.entry));
  return { ...report, websites, policy: { ...report.policy, findings } };
}

/** The history view of `report` after RUNS nightly runs, as drift --history makes it. */
function fleetHistory(report) {
  const runs = [];
  for (let k = 0; k < RUNS; k++) runs.push(historyDiff(earlierReport(report, k), runs.at(-1), runAt(k)).line);
  const file = "drift-history.jsonl";
  const run = historyOfRun({ file, runs }, report, { file, keep: { runs: 100 } }, now);
  return historyView(file, run.diff, run.kept);
}

/** Opens `html` from a file of `dir` and saves a viewport `height` pixels high as `name` in docs/images. */
async function shoot(browser, dir, html, name, height) {
  const file = join(dir, `${name}.html`);
  writeFileSync(file, html);
  const context = await browser.newContext({
    viewport: { width: 1280, height },
    deviceScaleFactor: 1,
    colorScheme: "light",
    offline: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    const target = join(images, name);
    mkdirSync(images, { recursive: true });
    await page.screenshot({ path: target, animations: "disabled", caret: "hide" });
    process.stdout.write(`${relative(root, target)}: ${statSync(target).size} bytes\n`);
  } finally {
    await context.close();
  }
}

async function main() {
  const executablePath = ensureChromium();
  const report = fleetReport({ websites: 10_000 });
  const plain = formatReport(report, "html", { failOn }, now);
  const withHistory = formatReport(report, "html", { failOn, history: fleetHistory(report) }, now);
  // The picture is of the history: a page without its headline is a mistake to stop at.
  if (!withHistory.includes('<p class="headline">')) throw new Error("the report shows no history");
  const dir = mkdtempSync(join(tmpdir(), "report-screenshot-"));
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    await shoot(browser, dir, plain, "drift-report.png", 1300);
    // Taller: the headline and the trend above the accounts, the filters and the ages below them.
    await shoot(browser, dir, withHistory, "drift-report-history.png", 1700);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`report-screenshot: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
