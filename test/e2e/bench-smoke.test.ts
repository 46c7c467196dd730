// `npm run bench` in smoke mode (tiny sizes), so that the bench cannot rot: every scenario runs
// through the engine and its results are complete and make sense. Times are not judged here;
// counts, failures and sizes are.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { MODES, runBench, writeResults } from "../../bench/bench.mjs";
import { describeEngine, e2e } from "./harness";

describeEngine("the bench, in smoke mode", () => {
  it("runs every scenario through the engine and writes complete, sane results", async () => {
    const result = await runBench({ mode: "smoke", pulumi: e2e });
    const sizes = MODES.smoke;

    expect(result.up).toHaveLength(sizes.up.length);
    for (const { count, throttle, baseline, measured } of result.up) {
      // One POST per website, and one read of the account's plan (GET /account) per operation
      // that creates websites (core/plan-budget.ts).
      expect(baseline).toMatchObject({ ok: true, failed: 0, refused: 0, requests: count + 1 });
      expect(measured).toMatchObject({ ok: true, failed: 0 });
      // Refusals come on top, at most one per window filled.
      expect(measured.requests! - measured.refused!).toBe(count + 1);
      expect(measured.refused).toBeLessThanOrEqual(Math.ceil(count / throttle.limit));
      // The throttle really held the operation back: its requests spread over the floor, less
      // at most the part of the first window before its first whole second.
      expect(measured.floorMs).toBe(Math.floor((count - 1) / throttle.limit) * throttle.windowSeconds * 1000);
      expect(measured.requestSpanMs).toBeGreaterThan(measured.floorMs - 1000);
      expect(measured.ms).toBeGreaterThanOrEqual(measured.requestSpanMs! + measured.toFirstRequestMs!);
    }

    // The same `up` through each host, beside as many no-op resources.
    const byHost = result.upByHost;
    expect(byHost.count).toBe(sizes.hosts.count);
    expect(byHost.noOp).toMatchObject({ ok: true, failed: 0 });
    for (const host of [byHost.dynamic, byHost.plugin]) {
      expect(host.baseline).toMatchObject({ ok: true, failed: 0, refused: 0, requests: byHost.count + 1 });
      expect(host.measured).toMatchObject({ ok: true, failed: 0 });
      expect(host.measured.requests! - host.measured.refused!).toBe(byHost.count + 1);
      expect(host.measured.refused).toBeLessThanOrEqual(Math.ceil(byHost.count / byHost.throttle.limit));
      expect(host.measured.floorMs).toBe(
        Math.floor((byHost.count - 1) / byHost.throttle.limit) * byHost.throttle.windowSeconds * 1000,
      );
    }
    if (process.platform === "linux") expect(byHost.plugin.baseline.providerPeakRssKb).toBeGreaterThan(0);

    const { websites, plugin, noOp, count } = result.fleet;
    expect(websites.up).toMatchObject({ ok: true, failed: 0, requests: count + 1 });
    // A refresh reads every website from one shared listing (100 per page).
    expect(websites.refresh).toMatchObject({ ok: true, failed: 0, requests: Math.ceil(count / 100) });
    expect(noOp.up.ok && noOp.refresh.ok).toBe(true);
    expect(result.fleet.oneGetEach.requests).toBe(count);
    expect(websites.state.resources).toBe(count);
    expect(noOp.state.resources).toBe(count);
    // The provider is a `require` of the package's subpath, not serialized code.
    expect(websites.state.providerBytes).toBeGreaterThan(0);
    expect(websites.state.providerBytes).toBeLessThan(512);
    expect(websites.state.bytesPerResource).toBeGreaterThan(0);
    if (process.platform === "linux") expect(websites.up.providerPeakRssKb).toBeGreaterThan(0);
    // The same fleet through the plugin: one request per website created, the same shared
    // listing for the refresh, every website in the state and no serialized provider there.
    expect(plugin.up).toMatchObject({ ok: true, failed: 0, requests: count + 1 });
    expect(plugin.refresh).toMatchObject({ ok: true, failed: 0, requests: Math.ceil(count / 100) });
    expect(plugin.state.resources).toBe(count);
    expect(plugin.state.providerBytes).toBe(0);
    expect(plugin.state.bytesPerResource).toBeGreaterThan(0);
    if (process.platform === "linux") expect(plugin.up.providerPeakRssKb).toBeGreaterThan(0);

    const { adoption } = result;
    expect(adoption.measured).toMatchObject({ ok: true, failed: 0, adopted: adoption.count });
    // Adopted, not created again.
    expect(adoption.measured.websitesAfter).toBe(adoption.count);
    expect(adoption.baseline).toMatchObject({ ok: true, failed: 0 });

    // Drift over two stacks (one per host) and two accounts, everything in sync: every website
    // reported in-sync, and only reads: one GET /account per key and one listing page per
    // account, no GET per website. Each stack's `preview --refresh` changes nothing either.
    const { drift, previewRefresh } = result.drift;
    expect(drift).toMatchObject({ ok: true, exitCode: 0, refused: 0 });
    expect(drift.summary).toEqual({
      "in-sync": sizes.drift,
      changed: 0,
      gone: 0,
      unmanaged: 0,
      duplicate: 0,
    });
    expect(previewRefresh.stacks.map((p) => p.host)).toEqual(["dynamic", "plugin"]);
    expect(drift.stacks).toEqual(previewRefresh.stacks.map((p) => p.stack));
    const pages = previewRefresh.stacks.map((p) => Math.ceil(p.websites / 100));
    expect(drift.requestsByRoute).toEqual({
      "GET /api/v1/account": 2,
      "GET /api/v1/websites": pages[0]! + pages[1]!,
    });
    expect(previewRefresh.stacks.reduce((sum, p) => sum + p.recorded, 0)).toBe(sizes.drift);
    for (const [i, preview] of previewRefresh.stacks.entries()) {
      expect(preview).toMatchObject({ ok: true, failed: 0, recorded: preview.websites });
      expect(preview.changes).toEqual({ same: preview.websites + 1 });
      expect(preview.requestsByRoute).toEqual({ "GET /api/v1/websites": pages[i] });
    }
    expect(previewRefresh).toMatchObject({ ok: true, failed: 0, requests: pages[0]! + pages[1]! });

    // drift --check-tracking under the throttle: one pageviews read per website, each answered,
    // none failed, the unvisited ones silent, the cost said before the check started.
    const { tracking } = result;
    expect(tracking.baseline).toMatchObject({ ok: true, refused: 0, requests: 2 });
    expect(tracking.measured).toMatchObject({ ok: true, exitCode: 0 });
    expect(tracking.measured.requests - tracking.measured.refused).toBe(2 + sizes.tracking.count);
    expect(tracking.measured.summary.silent).toBe(tracking.expectedSilent);
    expect(tracking.measured.costLine).toMatch(/^Checking tracking: \d+ requests, one per website/);
    expect(tracking.measured.requestSpanMs).toBeGreaterThan(tracking.measured.floorMs - 1000);

    // drift --all over the stacks imported into one backend: every stack read, every website in
    // sync, the requests at the floor, progress said, and a filter keeping the one stack it names.
    const { stacks } = result;
    const everyStack = { ok: true, exitCode: 0, stacks: stacks.stackCount, websites: stacks.websites };
    expect(stacks.backendWide).toMatchObject({ ...everyStack, summary: { "in-sync": stacks.websites } });
    expect(stacks.byProject).toMatchObject(everyStack);
    expect(stacks.backendWide.requests - stacks.backendWide.refused).toBe(stacks.requestFloor);
    expect(stacks.backendWide.progressLines).toBeGreaterThan(0);
    expect(stacks.backendWide.peakRssKb).toBeGreaterThan(0);
    expect(stacks.filtered.map((f) => f.stacks)).toEqual([1]);
    expect(stacks.previews.map((p) => p.changes)).toEqual([
      { same: stacks.websites / stacks.stackCount + 1 },
    ]);

    // drift's HTML report of a fleet beside its JSON report, and in Chromium when the machine has it.
    const { report } = result;
    expect(report).toMatchObject({ websites: sizes.report.websites });
    expect(report.html.bytes).toBeGreaterThan(0);
    expect(report.json.bytes).toBeGreaterThan(0);
    if (!("skipped" in report.browser)) {
      expect(report.browser.consoleErrors).toEqual([]);
      expect(report.browser.filtered).toMatch(/^Showing \d+ of \d+ websites\.$/);
    }

    // drift's history of the fleet's nights: findings came, were fixed and were accepted over
    // them; the run with it read every night, showed them all in its trend, and left the file at
    // --history-keep (the oldest night dropped); both runs rendered the same formats.
    const { history } = result;
    expect(history).toMatchObject({ nights: sizes.history.nights, keep: sizes.history.nights });
    expect(history.history.bytes).toBeGreaterThan(0);
    for (const status of ["new", "open", "accepted", "fixed"] as const) {
      expect(history.history.nightsWith[status]).toBeGreaterThan(0);
    }
    expect(history.run.trend).toBe(sizes.history.nights);
    expect(history.run.after.lines).toBe(sizes.history.nights);
    expect(history.run.after.first > history.history.from).toBe(true);
    expect(Object.keys(history.withHistory.ms)).toEqual(
      expect.arrayContaining(["read", "diff", "write", ...Object.keys(history.baseline.ms)]),
    );
    expect(Object.keys(history.withHistory.bytes)).toEqual(Object.keys(history.baseline.bytes));
    if (process.platform === "linux") expect(history.withHistory.peakRssKb).toBeGreaterThan(0);

    expect(result.client.pairs.map((p) => p.name)).toHaveLength(4);
    for (const pair of result.client.pairs) expect(pair.ratio).toBeGreaterThan(0);
    expect(result.targets.length).toBeGreaterThanOrEqual(8);
    expect(result.loadAverages.map((l) => l.scenario)).toHaveLength(sizes.up.length + 9);

    const dir = mkdtempSync(join(tmpdir(), "webstats-bench-smoke-"));
    try {
      const markdown = writeResults(result, dir);
      expect(JSON.parse(readFileSync(join(dir, "latest.json"), "utf8"))).toEqual(result);
      expect(readFileSync(join(dir, "latest.md"), "utf8")).toBe(markdown);
      for (const heading of [
        "## 1.",
        "## 2, 4.",
        "## 3.",
        "## 4b.",
        "## 5.",
        "## 6.",
        "### 6a.",
        "### 6b.",
        "## 7.",
        "## 8.",
        "## 9.",
        "## 10.",
        "## 11.",
        "## Targets",
      ]) {
        expect(markdown).toContain(heading);
      }
      expect(markdown).not.toMatch(/undefined|NaN/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
