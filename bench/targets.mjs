// The figures the pacing and fleet work aims for, checked against one bench result. They are
// reported, never asserted: a busy machine can miss a time target without anything being wrong.

export const TARGETS = {
  upOverFloor: 1.05,
  refreshRequestsPer500: 8,
  refreshOverNoOp: 1.2,
  clientOverUndici: 1.1,
  providerBytes: 512,
  /** drift's HTML report of the big fleet: "under a few MB", and shown and filtered in about a second. */
  htmlReportBytes: 5_000_000,
  htmlReportBrowserMs: 1500,
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
  if (stacks) {
    const m = stacks.backendWide;
    checks.push({
      target: `drift --all over ${stacks.stackCount} stacks and ${stacks.websites} websites at the request floor (${stacks.requestFloor}: one account read per key, one listing per 100 websites), no failure`,
      value: `${m.requests - m.refused} requests (${m.refused} refused), ${m.ok ? "ran to its report" : "failed"}`,
      met: m.ok && m.requests - m.refused === stacks.requestFloor,
    });
  }
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
