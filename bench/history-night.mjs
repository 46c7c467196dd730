#!/usr/bin/env node
// One night's run of section 11 in a process of its own, as drift runs it once a night: the fleet's
// report of that night, rendered in every format, without history (the baseline) or with
// `--history FILE` (read the file, work out the difference and its view, render with it, write the
// new line). Its own process so that its peak memory is a run's, not the bench's. Prints its
// figures as JSON on standard output. Its argument is a JSON object: { mode: "baseline" |
// "history", file, night, at, keep, sizes }.
import { readHistory, writeHistory } from "../dist/drift/history/history-file.js";
import { historyOfRun } from "../dist/drift/history/history-run.js";
import { formatReport, reportFormats } from "../dist/drift/report/formats/index.js";
import { historyView } from "../dist/drift/report/view/history-view.js";
import { fleetNight, fleetReport } from "../test/harness/report-fleet.mjs";

const { mode, file, night, at, keep, sizes } = JSON.parse(process.argv[2]);
const now = new Date(at);
const failOn = ["changed", "gone", "unmanaged", "duplicate", "silent"];
const kib = (bytes) => Math.round(bytes / 1024);

/** `work`'s result and how long it took, in ms. */
async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const report = fleetNight(fleetReport(sizes), night);
const heapAfterReportKb = kib(process.memoryUsage().heapUsed);
const figures = { mode, heapAfterReportKb, ms: {}, bytes: {} };

let context = { failOn };
let history;
if (mode === "history") {
  const options = { file, keep };
  const read = await timed(() => readHistory(file));
  figures.ms.read = read.ms;
  figures.heapAfterReadKb = kib(process.memoryUsage().heapUsed);
  figures.runsRead = read.value.runs.length;
  if (read.value.problem) figures.problem = read.value.problem;
  // As drift's report stage does: the difference, then the view every format shows.
  history = await timed(() => {
    const run = historyOfRun(read.value, report, options, now);
    return { ...run, view: historyView(file, run.diff, run.kept, run.read.problem) };
  });
  figures.ms.diff = history.ms;
  figures.counts = history.value.diff.counts;
  figures.trend = history.value.view.trend.length;
  context = { ...context, history: history.value.view };
}
for (const format of reportFormats) {
  const rendered = await timed(() => formatReport(report, format, context, now));
  figures.ms[`render-${format}`] = rendered.ms;
  figures.bytes[format] = Buffer.byteLength(rendered.value);
}
if (history) {
  const { read, diff } = history.value;
  const written = await timed(() => writeHistory(read, diff.line, { keep, now }));
  figures.ms.write = written.ms;
  figures.warnings = written.value;
}
figures.peakRssKb = process.resourceUsage().maxRSS;
process.stdout.write(JSON.stringify(figures));
