#!/usr/bin/env node
// `npm run docs:screenshot`: the picture of drift's HTML report on the drift docs page
// (docs/images/drift-report.png). It renders the report of the bench's big fleet
// (test/harness/report-fleet.mjs: 10,000 websites over 50 stacks and 10 accounts, the same every time)
// with the built renderer (dist/), opens it from its file in headless Chromium (Debian's,
// installed when missing by tools/machine/ensure-chromium.mjs; driven by playwright-core,
// offline) and saves one viewport, light, as Chromium encodes it. Run after `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { fleetReport } from "../../test/harness/report-fleet.mjs";
import { formatReport } from "../../dist/drift/report/formats/index.js";
import { ensureChromium } from "../machine/ensure-chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const target = join(root, "docs", "images", "drift-report.png");

async function main() {
  const executablePath = ensureChromium();
  const html = formatReport(
    fleetReport({ websites: 10_000 }),
    "html",
    { failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"] },
    new Date("2026-11-27T09:30:00Z"),
  );
  const dir = mkdtempSync(join(tmpdir(), "report-screenshot-"));
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const file = join(dir, "drift.html");
    writeFileSync(file, html);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1300 },
      deviceScaleFactor: 1,
      colorScheme: "light",
      offline: true,
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    mkdirSync(dirname(target), { recursive: true });
    await page.screenshot({ path: target, animations: "disabled", caret: "hide" });
    process.stdout.write(`${relative(root, target)}: ${statSync(target).size} bytes\n`);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`report-screenshot: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
