// The figures the pacing and fleet work aims for, checked against one bench result. They are
// reported, never asserted: a busy machine can miss a time target without anything being wrong.
import { backendsOf } from "./report-stacks.mjs";

export const TARGETS = {
  upOverFloor: 1.05,
  refreshRequestsPer500: 8,
  refreshOverNoOp: 1.2,
  clientOverUndici: 1.1,
  providerBytes: 512,
  /** drift's HTML report of the big fleet: "under a few MB", and shown and filtered in about a second. */
  htmlReportBytes: 5_000_000,
  htmlReportBrowserMs: 1500,
  /** drift --all over an organisation's stacks read from their backend: wall time against its rate floor. */
  driftAllOverFloor: 1.5,
  /** ... and the drift process's peak memory, MiB. */
  driftAllPeakMiB: 400,
  /** Memory follows the websites, not the stacks: the same websites in 4x the stacks, at most this much more. */
  driftAllStacksMemory: 1.25,
};

const fixed = (value, digits = 2) =>
  value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits);

export function checkTargets(result) {
  const checks = [];
  for (const run of result.up) {
    const { measured, count, throttle } = run;
    checks.push({
      target: `up of ${count} at ${throttle.limit} per ${throttle.windowSeconds} s within ${TARGETS.upOverFloor}x of the rate floor, no failure`,
      value: `${fixed(measured.overFloor)}x (${measured.failed} failed)`,
      met:
        measured.failed === 0 &&
        measured.overFloor !== undefined &&
        measured.overFloor <= TARGETS.upOverFloor,
    });
  }
  const byHost = result.upByHost;
  const pluginUp = byHost.plugin.measured;
  checks.push({
    target: `up of ${byHost.count} through the plugin at ${byHost.throttle.limit} per ${byHost.throttle.windowSeconds} s within ${TARGETS.upOverFloor}x of the rate floor, no failure`,
    value: `${fixed(pluginUp.overFloor)}x (${pluginUp.failed} failed)`,
    met:
      pluginUp.failed === 0 && pluginUp.overFloor !== undefined && pluginUp.overFloor <= TARGETS.upOverFloor,
  });
  const { websites, plugin, noOp, count } = result.fleet;
  const allowed = Math.ceil((TARGETS.refreshRequestsPer500 * count) / 500);
  for (const [label, figures] of [
    ["", websites],
    [" through the plugin", plugin],
  ]) {
    checks.push({
      target: `refresh of ${count}${label} in at most ${allowed} requests`,
      value: `${figures.refresh.requests} requests`,
      met: figures.refresh.failed === 0 && figures.refresh.requests <= allowed,
    });
    const refreshRatio = figures.refresh.ms / noOp.refresh.ms;
    checks.push({
      target: `refresh of ${count}${label} within ${TARGETS.refreshOverNoOp}x of ${count} no-op resources`,
      value: `${fixed(refreshRatio)}x`,
      met: refreshRatio <= TARGETS.refreshOverNoOp,
    });
  }
  for (const pair of result.client.pairs) {
    checks.push({
      target: `client within ${TARGETS.clientOverUndici}x of raw undici: ${pair.name}`,
      value: `${fixed(pair.ratio)}x`,
      met: pair.ratio <= TARGETS.clientOverUndici,
    });
  }
  const tracking = result.tracking;
  if (tracking) {
    const { measured: m, count, throttle } = tracking;
    checks.push({
      target: `drift --check-tracking of ${count} at ${throttle.limit} per ${throttle.windowSeconds} s within ${TARGETS.upOverFloor}x of the rate floor, no failure`,
      value: `${fixed(m.overFloor)}x (${m.ok ? "ran to its report" : "failed"})`,
      met: m.ok && m.overFloor !== undefined && m.overFloor <= TARGETS.upOverFloor,
    });
  }
  const stacks = result.stacks;
  if (stacks) checks.push(...stacksTargets(stacks));
  const report = result.report;
  if (report) {
    checks.push({
      target: `drift's HTML report of ${report.websites} websites under ${TARGETS.htmlReportBytes} bytes`,
      value: `${report.html.bytes} bytes (the JSON report: ${report.json.bytes})`,
      met: report.html.bytes < TARGETS.htmlReportBytes,
    });
    const b = report.browser;
    if (b && !b.skipped) {
      checks.push({
        target: `drift's HTML report of ${report.websites} websites shown, filtered and sorted in Chromium within ${TARGETS.htmlReportBrowserMs} ms each`,
        value: `load ${b.loadMs} ms, filter ${b.filterMs} ms, sort ${b.sortMs} ms, clear ${b.clearMs} ms`,
        met: [b.loadMs, b.filterMs, b.sortMs, b.clearMs].every((v) => v <= TARGETS.htmlReportBrowserMs),
      });
    }
  }
  checks.push({
    target: `__provider under ${TARGETS.providerBytes} bytes`,
    value: `${websites.state.providerBytes} bytes`,
    met: websites.state.providerBytes > 0 && websites.state.providerBytes < TARGETS.providerBytes,
  });
  return checks;
}

/** Section 9: per backend, the requests at their floor, the time against its rate floor, and memory. */
function stacksTargets(stacks) {
  const checks = [];
  for (const b of backendsOf(stacks)) {
    const m = b.backendWide;
    const where = stacks.postgres ? ` in a ${b.kind === "file" ? "file" : "PostgreSQL"} backend` : "";
    const what = `drift --all over ${stacks.stackCount} stacks and ${stacks.websites} websites${where}`;
    checks.push({
      target: `${what} at the request floor (${stacks.requestFloor}: one account read per key, one listing per 100 websites), no failure`,
      value: `${m.requests - m.refused} requests (${m.refused} refused), ${m.ok ? "ran to its report" : "failed"}`,
      met: m.ok && m.requests - m.refused === stacks.requestFloor,
    });
    // Results from before drift read backends directly have none of these figures.
    if (!stacks.postgres) continue;
    checks.push({
      target: `${what} within ${TARGETS.driftAllOverFloor}x of its rate floor`,
      value: `${fixed(m.overFloor)}x (${fixed(m.ms / 1000, 1)} s against ${fixed(m.floorMs / 1000, 1)} s)`,
      met: m.ok && m.overFloor !== undefined && m.overFloor <= TARGETS.driftAllOverFloor,
    });
    const peak = (kb) => (kb === undefined ? undefined : kb / 1024);
    checks.push({
      target: `${what}: peak memory at most ${TARGETS.driftAllPeakMiB} MiB`,
      value: `${fixed(peak(m.peakRssKb), 0)} MiB`,
      met: m.peakRssKb !== undefined && peak(m.peakRssKb) <= TARGETS.driftAllPeakMiB,
    });
    const fewer = b.fewerStacks;
    if (fewer) {
      const grown = m.peakRssKb / fewer.peakRssKb;
      checks.push({
        target: `${what}: peak memory within ${TARGETS.driftAllStacksMemory}x of the same websites in ${fewer.stackCount} stacks`,
        value: `${fixed(grown)}x (${fixed(peak(m.peakRssKb), 0)} MiB against ${fixed(peak(fewer.peakRssKb), 0)} MiB)`,
        met: fewer.ok && grown <= TARGETS.driftAllStacksMemory,
      });
    }
  }
  return checks;
}
