// 10. drift's HTML report of the bench's big fleet (section 9's shape: 10,000 websites over 50
// stacks and 10 accounts, built in-process by test/harness/report-fleet.mjs with tracking, pages and policy
// findings), beside the JSON report of the same fleet: the bytes of each, the time to render
// each (the median of a few renders, after one to warm up), and in headless Chromium (Debian's,
// driven by playwright-core) what a reader waits for: the page loaded and drawn, a status filter,
// a sort, and the filter cleared, each measured in the page from the change to the next frame
// drawn after it; the search box also waits the 150 ms the page leaves between keystrokes. Each
// browser figure is the median of a few page loads. Without Chromium on the machine, the browser
// figures are left out and the section says why.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { formatReport } from "../dist/drift/report/formats/index.js";
import { fleetReport } from "../test/harness/report-fleet.mjs";

const chromiumPath = "/usr/bin/chromium";
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The median time of `runs` calls of `render` (after one more to warm up), and its last output. */
function timed(render, runs) {
  let text = render();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    text = render();
    times.push(performance.now() - started);
  }
  return { bytes: Buffer.byteLength(text), ms: Math.round(median(times)), text };
}

// In the page: from a change to the frame drawn after it (two animation frames: the one that
// lays out and paints, and the next, which starts once it is shown).
const afterFrame = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))";
const measure = (change) => `(async () => {
  const started = performance.now();
  ${change}
  await ${afterFrame};
  return performance.now() - started;
})()`;

/** One page load and its interactions, each in ms. */
async function browse(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(String(e)));
  try {
    await page.goto(url, { waitUntil: "load" });
    const loadMs = await page.evaluate(`(async () => {
      await ${afterFrame};
      return performance.now();
    })()`);
    const filterMs = await page.evaluate(
      measure(
        `const s = document.getElementById("filter-status"); s.value = "s:changed"; s.dispatchEvent(new Event("change"));`,
      ),
    );
    const filtered = await page.textContent("#shown");
    const sortMs = await page.evaluate(
      measure(`document.querySelector("thead th[data-sort] button").click();`),
    );
    const clearMs = await page.evaluate(
      measure(
        `const s = document.getElementById("filter-status"); s.value = ""; s.dispatchEvent(new Event("change"));`,
      ),
    );
    const searchMs = await page.evaluate(`(async () => {
      const started = performance.now();
      const shown = document.getElementById("shown");
      const before = shown.textContent;
      const box = document.getElementById("filter-search");
      box.value = "client-07";
      box.dispatchEvent(new Event("input"));
      while (shown.textContent === before) await new Promise((done) => setTimeout(done, 5));
      await ${afterFrame};
      return performance.now() - started;
    })()`);
    return { loadMs, filterMs, sortMs, clearMs, searchMs, filtered, problems };
  } finally {
    await page.close();
  }
}

/**
 * The figures of section 10 for `sizes` ({ websites, projects, stacksPerProject, accounts,
 * loads }): bytes and render times of both reports, and the browser's times.
 */
export async function htmlReportCost(sizes, log = () => {}) {
  const report = fleetReport(sizes);
  const context = { failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"] };
  const runs = sizes.renders ?? 5;
  const json = timed(() => formatReport(report, "json", context), runs);
  const html = timed(() => formatReport(report, "html", context), runs);
  log(`HTML report: ${html.bytes} bytes in ${html.ms} ms; JSON report: ${json.bytes} bytes in ${json.ms} ms`);
  const result = {
    websites: report.websites.length,
    stacks: report.stacks.length,
    accounts: report.accounts.length,
    summary: Object.fromEntries(
      ["in-sync", "changed", "gone", "unmanaged", "duplicate"].map((s) => [
        s,
        report.websites.filter((e) => e.status === s).length,
      ]),
    ),
    json: { bytes: json.bytes, ms: json.ms },
    html: { bytes: html.bytes, ms: html.ms },
  };
  if (!existsSync(chromiumPath)) {
    return {
      ...result,
      browser: { skipped: `no Chromium at ${chromiumPath} (tools/machine/ensure-chromium.mjs)` },
    };
  }
  const { chromium } = await import("playwright-core");
  const dir = mkdtempSync(join(tmpdir(), "bench-html-report-"));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const file = join(dir, "drift.html");
    writeFileSync(file, html.text);
    const loads = [];
    for (let i = 0; i < (sizes.loads ?? 3); i++) loads.push(await browse(browser, pathToFileURL(file).href));
    const pick = (name) => Math.round(median(loads.map((l) => l[name])));
    const browserFigures = {
      version: browser.version(),
      loads: loads.length,
      loadMs: pick("loadMs"),
      filterMs: pick("filterMs"),
      sortMs: pick("sortMs"),
      clearMs: pick("clearMs"),
      searchMs: pick("searchMs"),
      filtered: loads[0].filtered,
      consoleErrors: loads.flatMap((l) => l.problems),
    };
    log(
      `Chromium: loaded and drawn in ${browserFigures.loadMs} ms, filtered in ${browserFigures.filterMs} ms, ` +
        `sorted in ${browserFigures.sortMs} ms`,
    );
    return { ...result, browser: browserFigures };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
