// Section 11 of the bench's markdown: a year of drift's history (`--history FILE --history-keep
// 365`) of section 10's fleet, its size, and the next run with it beside the same run without.
import { mib, x } from "./report-cells.mjs";

const ms = (value) => (value === undefined ? "n/a" : String(Math.round(value)));
const signed = (value) => (value === undefined ? "n/a" : `${value > 0 ? "+" : ""}${Math.round(value)}`);
const mibOfBytes = (bytes) => (bytes / 2 ** 20).toFixed(1);
const countsText = (c) => `${c.new} new, ${c.fixed} fixed, ${c.open} open, ${c.accepted} accepted`;

/** The history's steps, in the order a run takes them, each with what it does. */
const steps = [
  ["read", "read the history (`readHistory`: every line parsed and checked)"],
  ["diff", "the difference from the last run and its view (`historyOfRun`, `historyView`)"],
  ["render", undefined],
  [
    "write",
    "write the new line (`writeHistory`: under its lock, the file read again, then replaced by the runs kept)",
  ],
];

export function historySection(r, run) {
  const b = r.baseline;
  const m = r.withHistory;
  const h = r.history;
  const formats = Object.keys(b.bytes);
  const row = (label, without, withIt, bytes = "") =>
    `| ${label} | ${ms(without)} | ${ms(withIt)} | ${signed(withIt === undefined ? undefined : withIt - (without ?? 0))} | ${bytes} |`;
  const rows = steps.flatMap(([step, label]) =>
    step === "render"
      ? formats.map((format) =>
          row(
            `render \`--format ${format}\``,
            b.ms[`render-${format}`],
            m.ms[`render-${format}`],
            `${b.bytes[format]}, ${m.bytes[format]}`,
          ),
        )
      : [row(label, undefined, m.ms[step])],
  );
  return [
    `## 11. drift's history at scale: ${r.nights} nightly runs of ${r.websites} websites over ${r.stacks} stacks, and the next run with \`--history\` beside the same run without`,
    "",
    ...(run
      ? [
          `Measured ${run.date} in a run of this section alone (\`npm run bench -- --only history\`); load average ${run.loadAverages?.[0]?.load ?? "n/a"} at its start, ${run.loadAverageAtEnd ?? "n/a"} at its end.${run.note ? ` ${run.note}` : ""}`,
          "",
        ]
      : []),
    `The history: ${r.nights} nights of section 10's fleet (test/harness/report-fleet.mjs, each night's drift from \`fleetNight\`: a website drifts in spells of 7 to 63 nights, ` +
      "so findings come, stay open for weeks, are fixed and come back; one website in 20 has its drift accepted by the baseline). " +
      `Each night's line is \`historyDiff\` against the night before (${h.madeMs} ms for all of them in the bench process), and \`writeHistory\` wrote the file with --history-keep ${r.keep}. ` +
      `Over the nights, counted night by night: ${countsText(h.totals)}; new findings on ${h.nightsWith.new} nights, fixed ones on ${h.nightsWith.fixed}, accepted ones on ${h.nightsWith.accepted}.`,
    "",
    "| the history file | bytes |",
    "| --- | --- |",
    `| ${r.nights} runs, ${h.from.slice(0, 10)} to ${h.to.slice(0, 10)} | ${h.bytes} (${mibOfBytes(h.bytes)} MiB) |`,
    `| the newest line, the only one with its findings: the last night's (a night has ${h.findingsPerRun} on average, at most ${h.findingsMax}) | ${h.lastLineBytes} |`,
    `| an older line on average: its counts only | ${h.olderLineBytes} |`,
    "",
    `The next night's run: ${countsText(r.run.counts)} since the last run, a trend of ${r.run.trend} runs; ` +
      `after it the file holds ${r.run.after.lines} runs, ${r.run.after.first.slice(0, 10)} to ${r.run.after.last.slice(0, 10)} (the oldest dropped). ` +
      `Each run is a Node.js process of its own, as drift's is; the figures are the medians of ${r.rounds} round${r.rounds === 1 ? "" : "s"}, ` +
      "each round's run with history on a fresh copy of the file. The baseline is the same night's run without `--history`: the fleet's report rendered in every format. " +
      "A render's time is its first in the process, as in a run of drift.",
    "",
    "| step | baseline: without `--history`, ms | with `--history`, ms | added, ms | report bytes: without, with |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    `| **the steps together** | ${ms(b.totalMs)} | ${ms(m.totalMs)} | ${signed(r.added.ms)} (${x(m.totalMs / b.totalMs)} of the baseline) | |`,
    `| peak RSS of the process, MiB | ${mib(b.peakRssKb)} | ${mib(m.peakRssKb)} | ${signed(r.added.peakRssKb / 1024)} | |`,
    `| heap in use once the report is built; once the history is read, MiB | ${mib(b.heapAfterReportKb)} | ${mib(m.heapAfterReportKb)}; ${mib(m.heapAfterReadKb)} | ${signed((m.heapAfterReadKb - m.heapAfterReportKb) / 1024)} | |`,
    "",
    "Peak RSS is the process's `process.resourceUsage().maxRSS` at its end (building the fleet's report included, in both); " +
      "the heap figures are `process.memoryUsage().heapUsed` at those points, without a forced collection.",
    "",
  ];
}
