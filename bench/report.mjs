// The bench's markdown table: every figure beside its baseline from the same run.

const s = (ms) => (ms === undefined ? "n/a" : (ms / 1000).toFixed(1));
const x = (value) => (value === undefined || Number.isNaN(value) ? "n/a" : `${value.toFixed(2)}x`);
const mib = (kb) => (kb === undefined ? "n/a" : (kb / 1024).toFixed(0));

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
  const { count, websites: w, noOp: n } = result.fleet;
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
    "| figure | baseline: no-op resource | website |",
    "| --- | --- | --- |",
    `| \`__provider\` bytes | ${n.state.providerBytes} | ${w.state.providerBytes} |`,
    `| state bytes per resource | ${n.state.bytesPerResource} | ${w.state.bytesPerResource} |`,
    `| checkpoint bytes | ${n.state.checkpointBytes} | ${w.state.checkpointBytes} |`,
    `| provider peak RSS during up, MiB | ${mib(n.up.providerPeakRssKb)} | ${mib(w.up.providerPeakRssKb)} |`,
    "",
    "## Targets",
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    ...checks.map((c) => `| ${c.target} | ${c.value} | ${c.met ? "yes" : "no"} |`),
    "",
  );
  return lines.join("\n");
}
