// The bench's markdown table: every figure beside its baseline from the same run.
import { historySection } from "./report-history.mjs";
import { allStacksSection } from "./report-stacks.mjs";
import { countsOf, mib, requestsOf, routesOf, x } from "./report-cells.mjs";

const s = (ms) => (ms === undefined ? "n/a" : (ms / 1000).toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined || !(b > 0) ? undefined : a / b);

/** 6a: `up` of N new websites through each host, beside N no-op dynamic resources. */
function upByHostSection({ count, throttle, noOp, dynamic, plugin }) {
  const paced = `${throttle.limit} per ${throttle.windowSeconds} s`;
  const row = (label, limit, m, floor) =>
    `| ${label} | ${limit} | ${s(m.ms)} | ${floor ? "n/a" : x(ratio(m.ms, noOp.ms))} | ${floor ? s(m.floorMs) : "n/a"} | ` +
    `${floor ? x(m.overFloor) : "n/a"} | ${s(m.toFirstRequestMs)} | ${requestsOf(m)} | ${m.failed} | ${mib(m.providerPeakRssKb)} |`;
  return [
    `### 6a. \`up\` of ${count} new websites`,
    "",
    "| host | throttle | up, s | up / no-op | rate floor, s | up / floor | start-up to 1st request, s | requests (429) | failed | provider peak RSS, MiB |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    row("baseline: no-op dynamic resources", "off", noOp, false),
    row("dynamic provider", "off", dynamic.baseline, false),
    row("provider plugin", "off", plugin.baseline, false),
    row("dynamic provider", paced, dynamic.measured, true),
    row("provider plugin", paced, plugin.measured, true),
    "",
    `Plugin against dynamic provider: ${x(ratio(plugin.baseline.ms, dynamic.baseline.ms))} of its time with the ` +
      `throttle off, ${x(ratio(plugin.measured.ms, dynamic.measured.ms))} at ${paced}.`,
    "",
  ];
}

/** 6b: `up` and `refresh` of the fleet through each host, beside the no-op resources. */
function fleetByHostSection({ count, websites: w, plugin: p, noOp: n }) {
  return [
    `### 6b. Fleet of ${count}, throttle off: \`up\`, then \`refresh\``,
    "",
    "| operation | baseline: no-op resources, s | dynamic provider, s | plugin, s | plugin / no-op | plugin / dynamic | requests (429): dynamic, plugin | provider peak RSS, MiB: dynamic, plugin | failed: dynamic, plugin |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...["up", "refresh"].map(
      (op) =>
        `| ${op} of ${count} | ${s(n[op].ms)} | ${s(w[op].ms)} | ${s(p[op].ms)} | ${x(ratio(p[op].ms, n[op].ms))} | ` +
        `${x(ratio(p[op].ms, w[op].ms))} | ${requestsOf(w[op])}, ${requestsOf(p[op])} | ` +
        `${mib(w[op].providerPeakRssKb)}, ${mib(p[op].providerPeakRssKb)} | ${w[op].failed}, ${p[op].failed} |`,
    ),
    "",
    `The plugin's state: ${p.state.resources} websites, ${p.state.bytesPerResource} bytes per website, ` +
      `${p.state.checkpointBytes} bytes of checkpoint (section 5).`,
    "",
  ];
}

/** 7: `pulumi-webstats drift` over two stacks, beside `pulumi preview --refresh` of each. */
function driftSection({ count, accounts, drift: d, previewRefresh: p }) {
  const hostName = { dynamic: "dynamic provider", plugin: "provider plugin" };
  const row = (label, m, rss, outcome) =>
    `| ${label} | ${s(m.ms)} | ${x(ratio(m.ms, p.ms))} | ${s(m.toFirstRequestMs)} | ${s(m.requestSpanMs)} | ` +
    `${requestsOf(m)} | ${routesOf(m.requestsByRoute)} | ${mib(rss)} | ${outcome} |`;
  return [
    `## 7. Drift of ${count} websites over ${p.stacks.length} stacks and ${accounts} accounts, throttle off: \`pulumi-webstats drift\` beside \`pulumi preview --refresh\``,
    "",
    "| command | s | / preview --refresh | start-up to 1st request, s | 1st to last request, s | requests (429) | requests by route | peak RSS, MiB (provider; drift: its own) | outcome |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    row(
      "baseline: `pulumi preview --refresh` of both stacks, one after the other",
      p,
      undefined,
      `${p.failed} failed`,
    ),
    ...p.stacks.map((stack) =>
      row(
        `\`pulumi preview --refresh\` of ${stack.stack} (${hostName[stack.host]}, ${stack.websites} websites)`,
        stack,
        stack.providerPeakRssKb,
        `${stack.ok ? "" : "failed; "}changes: ${countsOf(stack.changes)}`,
      ),
    ),
    row(
      `\`pulumi-webstats drift\` over both stacks`,
      d,
      d.peakRssKb,
      `exit code ${d.exitCode}: ${d.ok ? countsOf(d.summary) : d.error}`,
    ),
    "",
    `Drift's time is the command's, from its start to its exit: Node.js's start-up and \`pulumi stack export\` of ` +
      `each stack (side by side) come before its first request. It made ${d.requests} requests against ` +
      `${p.requests} for the previews (${x(ratio(d.requests, p.requests))}), in ${x(ratio(d.ms, p.ms))} of their time.`,
    "",
  ];
}

/** 8: `pulumi-webstats drift --check-tracking` under the throttle, beside the floor and the command without it. */
function trackingSection({
  count,
  throttle,
  expectedSilent,
  baseline: b,
  measured: m,
  readsFloorMs,
  readsRealFloorMs,
}) {
  const paced = `${throttle.limit} per ${throttle.windowSeconds} s`;
  const row = (label, r, outcome) =>
    `| ${label} | ${s(r.ms)} | ${s(r.floorMs)} | ${x(r.overFloor)} | ${s(r.toFirstRequestMs)} | ${s(r.requestSpanMs)} | ` +
    `${requestsOf(r)} | ${routesOf(r.requestsByRoute)} | ${outcome} |`;
  const outcome = (r) => (r.ok ? `exit code ${r.exitCode}: ${countsOf(r.summary)}` : `failed: ${r.error}`);
  return [
    `## 8. \`pulumi-webstats drift --check-tracking\` of ${count} websites at ${paced} (the real server's 60 a window, its minute scaled down)`,
    "",
    "| command | s | rate floor, s | s / floor | start-up to 1st request, s | 1st to last request, s | requests (429) | requests by route | outcome |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    row("baseline: `drift` without the check", b, outcome(b)),
    row("`drift --check-tracking`", m, `${outcome(m)} (${expectedSilent} silent expected)`),
    "",
    `The ${count} pageview reads alone have a rate floor of ${s(readsFloorMs)} s at ${paced}; at a real ` +
      `installation's 60 a minute, ${s(readsRealFloorMs)} s. The check added ${s(m.ms - b.ms)} s to the command. ` +
      `Before it started, the command said: "${m.costLine ?? "nothing"}"; it printed ${m.progressLines} progress lines.`,
    "",
  ];
}

const kb = (bytes) => (bytes === undefined ? "n/a" : `${Math.round(bytes / 1024)} KiB`);
const ms = (value) => (value === undefined ? "n/a" : `${Math.round(value)} ms`);

/** 10: drift's HTML report of the big fleet, beside its JSON report, and in Chromium. */
function htmlReportSection(r, run) {
  const b = r.browser ?? {};
  const counts = Object.entries(r.summary ?? {})
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
  return [
    `## 10. drift's HTML report of ${r.websites} websites over ${r.stacks} stacks and ${r.accounts} accounts, beside its JSON report`,
    "",
    ...(run
      ? [
          `Measured ${run.date} in a run of this section alone (\`npm run bench -- --only report\`); load average ${run.loadAverages?.[0]?.load ?? "n/a"} at its start, ${run.loadAverageAtEnd ?? "n/a"} at its end.${run.note ? ` ${run.note}` : ""}`,
          "",
        ]
      : []),
    `The report of section 9's fleet, built in-process (test/harness/report-fleet.mjs: ${counts}; with --check-tracking over 7 days, ` +
      "--check-pages and a policy rule). Render times are the median of a few renders after one to warm up; the browser's are " +
      "the median of a few page loads from the file, each measured in the page up to the frame drawn after it.",
    "",
    "| report | bytes | render, ms | bytes / JSON | render / JSON |",
    "| --- | --- | --- | --- | --- |",
    `| baseline: \`--format json\` | ${r.json.bytes} (${kb(r.json.bytes)}) | ${r.json.ms} | 1.00x | 1.00x |`,
    `| \`--format html\` | ${r.html.bytes} (${kb(r.html.bytes)}) | ${r.html.ms} | ${x(ratio(r.html.bytes, r.json.bytes))} | ${x(ratio(r.html.ms, r.json.ms))} |`,
    "",
    ...(b.skipped
      ? [`In a browser: not measured, ${b.skipped}.`, ""]
      : [
          `In headless Chromium ${b.version} (${b.loads} loads): loaded and drawn ${ms(b.loadMs)} after the navigation started; ` +
            `a status filter, changed only ("${b.filtered ?? "n/a"}"), ${ms(b.filterMs)}; a sort of every row by domain ${ms(b.sortMs)}; ` +
            `the filter cleared ${ms(b.clearMs)}; a search ${ms(b.searchMs)}, of which 150 ms is the wait the page leaves after a keystroke. ` +
            `Console errors: ${b.consoleErrors?.length ? b.consoleErrors.join("; ") : "none"}.`,
          "",
        ]),
  ];
}

export function markdownReport(result, checks) {
  const { machine, versions, settings } = result;
  const lines = [
    `# Benchmark results${result.mode === "smoke" ? " (smoke mode: tiny sizes, figures not meaningful)" : ""}`,
    "",
    `${result.date}. Machine: ${machine.cpuModel}, ${machine.cpus} cores, ${machine.memoryGiB} GiB, ${machine.platform}; ` +
      `load average ${machine.loadAverageAtStart} at the start, ${machine.loadAverageAtEnd} at the end ` +
      `(the machine may be shared with other work: times are noisy, ratios within one run are the figures to read).`,
    `Versions: pulumi-webstats ${versions.package}, Node.js ${versions.node}, Pulumi CLI ${versions.pulumiCli}, ` +
      `@pulumi/pulumi ${versions.pulumiSdk}.`,
    `Settings: ${settings}`,
    ...(result.note ? [`Note: ${result.note}`] : []),
    ...(result.loadAverages?.length
      ? [
          `Load average (1, 5, 15 min) as each scenario started: ${result.loadAverages
            .map((l) => `${l.scenario}: ${l.load}`)
            .join("; ")}.`,
        ]
      : []),
    "",
    "Times are of the operation itself (what `pulumi up` in a project folder takes, from its start, the engine's own " +
      "start-up included), not of the Automation API's workspace set-up around it. The rate floor is the least time " +
      "the operation's counted requests can take from the first to the last: (requests - 1) / limit, rounded down, " +
      "whole windows.",
    "",
    "## 1. `up` of new websites under the throttle",
    "",
    "| websites | throttle | baseline: throttle off, s | up, s | rate floor, s | up / floor | start-up to 1st request, s | 1st to last request, s | requests (429) | failed |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.up.map(
      ({ count, throttle, baseline, measured: m }) =>
        `| ${count} | ${throttle.limit} per ${throttle.windowSeconds} s | ${s(baseline.ms)} | ${s(m.ms)} | ${s(m.floorMs)} | ${x(m.overFloor)} | ${s(m.toFirstRequestMs)} | ${s(m.requestSpanMs)} | ${m.requests} (${m.refused}) | ${m.failed} |`,
    ),
    "",
  ];
  const { count, websites: w, noOp: n, plugin: p } = result.fleet;
  const oneGetEach = result.fleet.oneGetEach;
  lines.push(
    `## 2, 4. Fleet of ${count}, throttle off: websites beside no-op dynamic resources (the engine's floor)`,
    "",
    "| operation | baseline: no-op resources, s | websites, s | websites / no-op | requests | provider peak RSS, MiB (no-op) | failed |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...["up", "refresh"].map(
      (op) =>
        `| ${op} of ${count} | ${s(n[op].ms)} | ${s(w[op].ms)} | ${x(w[op].ms / n[op].ms)} | ${w[op].requests} | ${mib(w[op].providerPeakRssKb)} (${mib(n[op].providerPeakRssKb)}) | ${w[op].failed} |`,
    ),
    "",
    `Refresh reads: the provider's shared listing made ${w.refresh.requests} requests; one GET per website makes ` +
      `${count}. At a real installation's 60 a minute that is ${s(oneGetEach.realLimitFloorMs)} s of rate floor for ` +
      `one GET each against ${s(oneGetEach.listingRealLimitFloorMs)} s for the listing. The same ${count} GETs ` +
      `through the client, throttle off, took ${s(oneGetEach.unthrottledMs)} s.`,
    "",
    `## 3. Adoption of ${result.adoption.count} existing websites (\`adoptExisting: true\`)`,
    "",
    "| up | throttle | s | rate floor, s | s / floor | requests (429) | failed |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...[
      ["baseline: creating as many new websites", result.adoption.baseline],
      ["adopting the existing ones", result.adoption.measured],
    ].map(
      ([label, m]) =>
        `| ${label} | ${result.adoption.throttle.limit} per ${result.adoption.throttle.windowSeconds} s | ${s(m.ms)} | ${s(m.floorMs)} | ${x(m.overFloor)} | ${m.requests} (${m.refused}) | ${m.failed} |`,
    ),
    "",
    `## 4b. Client against raw undici, same HTTP work (median of ${result.client.rounds} rounds, throttle off)`,
    "",
    "| work | baseline: raw undici, ms | client, ms | client / undici |",
    "| --- | --- | --- | --- |",
    ...result.client.pairs.map((p) => `| ${p.name} | ${p.rawMs} | ${p.clientMs} | ${x(p.ratio)} |`),
    "",
    `## 5. State and memory (fleet of ${count})`,
    "",
    "| figure | baseline: no-op resource | website | website, provider plugin |",
    "| --- | --- | --- | --- |",
    `| \`__provider\` bytes | ${n.state.providerBytes} | ${w.state.providerBytes} | none |`,
    `| state bytes per resource | ${n.state.bytesPerResource} | ${w.state.bytesPerResource} | ${p.state.bytesPerResource} |`,
    `| checkpoint bytes | ${n.state.checkpointBytes} | ${w.state.checkpointBytes} | ${p.state.checkpointBytes} |`,
    `| provider resources (\`pulumi:providers:*\`) bytes | ${n.state.providerResourceBytes} | ${w.state.providerResourceBytes} | ${p.state.providerResourceBytes} |`,
    `| provider peak RSS during up, MiB | ${mib(n.up.providerPeakRssKb)} | ${mib(w.up.providerPeakRssKb)} | ${mib(p.up.providerPeakRssKb)} |`,
    "",
    "## 6. The provider plugin beside the dynamic provider (the same programs)",
    "",
    ...upByHostSection(result.upByHost),
    ...fleetByHostSection(result.fleet),
    ...driftSection(result.drift),
    ...(result.tracking ? trackingSection(result.tracking) : []),
    ...(result.stacks ? allStacksSection(result.stacks, result.sectionRuns?.stacks) : []),
    ...(result.report ? htmlReportSection(result.report, result.sectionRuns?.report) : []),
    ...(result.history ? historySection(result.history, result.sectionRuns?.history) : []),
    "## Targets",
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    ...checks.map((c) => `| ${c.target} | ${c.value} | ${c.met ? "yes" : "no"} |`),
    "",
  );
  return lines.join("\n");
}
