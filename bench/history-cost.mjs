// 11. drift's history (`--history FILE --history-keep 365`) at scale: a history of 365 nightly runs
// of section 10's fleet (test/harness/report-fleet.mjs, each night's drift varied by fleetNight so
// that findings come, stay open, are fixed and are accepted), made as drift makes it (each night's
// line from historyDiff against the night before, the file written by writeHistory keeping 365
// runs). Then the next night's run, in a process of its own (history-night.mjs), a few rounds:
// without history (the baseline: every format rendered) and with it (the file read, the difference
// and its view worked out, every format rendered with it, the new line written), each step timed,
// with each process's peak memory. Each run with history gets a fresh copy of the file.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { historyDiff } from "../dist/drift/history/history-diff.js";
import { writeHistory } from "../dist/drift/history/history-file.js";
import { fleetNight, fleetReport } from "../test/harness/report-fleet.mjs";

const nightScript = join(dirname(fileURLToPath(import.meta.url)), "history-night.mjs");
const DAY_MS = 86_400_000;
const statuses = ["new", "open", "accepted", "fixed"];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One night's run in its own process; its figures. */
function runNight(argument) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [nightScript, JSON.stringify(argument)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = [];
    const err = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", fail);
    child.on("close", (code) => {
      if (code === 0) return done(JSON.parse(Buffer.concat(out).toString("utf8")));
      fail(new Error(`history-night.mjs (${argument.mode}) exited ${code}: ${Buffer.concat(err)}`));
    });
  });
}

/** The medians of the rounds' figures: each step's ms, their sum, peak RSS and heap. */
function medians(runs) {
  const steps = Object.keys(runs[0].ms);
  const ms = Object.fromEntries(steps.map((step) => [step, Math.round(median(runs.map((r) => r.ms[step])))]));
  const total = (r) => Object.values(r.ms).reduce((sum, n) => sum + n, 0);
  const renderTotal = (r) =>
    Object.entries(r.ms)
      .filter(([step]) => step.startsWith("render-"))
      .reduce((sum, [, n]) => sum + n, 0);
  return {
    ms,
    renderMs: Math.round(median(runs.map(renderTotal))),
    totalMs: Math.round(median(runs.map(total))),
    peakRssKb: median(runs.map((r) => r.peakRssKb)),
    heapAfterReportKb: median(runs.map((r) => r.heapAfterReportKb)),
    ...(runs[0].heapAfterReadKb !== undefined
      ? { heapAfterReadKb: median(runs.map((r) => r.heapAfterReadKb)) }
      : {}),
    bytes: runs[0].bytes,
  };
}

/**
 * The history of `sizes.nights` nights of the fleet of `sizes` (fleetReport's options), written
 * into `file` as drift writes it; what it holds.
 */
async function makeHistory(sizes, file, firstNightAt) {
  const base = fleetReport(sizes);
  const started = performance.now();
  const lines = [];
  const totals = Object.fromEntries(statuses.map((s) => [s, 0]));
  const nightsWith = Object.fromEntries(statuses.map((s) => [s, 0]));
  for (let night = 0; night < sizes.nights; night++) {
    const { line, counts } = historyDiff(
      fleetNight(base, night),
      lines.at(-1),
      new Date(firstNightAt + night * DAY_MS),
    );
    lines.push(line);
    for (const s of statuses) {
      totals[s] += counts[s];
      if (counts[s] > 0) nightsWith[s] += 1;
    }
  }
  const madeMs = performance.now() - started;
  const keep = { runs: sizes.nights };
  const last = lines.at(-1);
  // The history so far, and the last night's line written by the writer drift uses.
  const warnings = await writeHistory({ file, runs: lines.slice(0, -1) }, last, {
    keep,
    now: new Date(last.at),
  });
  if (warnings.length > 0) throw new Error(`writing the history: ${warnings.join(" ")}`);
  const findings = lines.map((l) => l.findings.length);
  return {
    madeMs: Math.round(madeMs),
    from: lines[0].at,
    to: last.at,
    findingsPerRun: Math.round(findings.reduce((sum, n) => sum + n, 0) / findings.length),
    findingsMax: Math.max(...findings),
    // The newest line as written: with its findings and its line break.
    lastLineBytes: Buffer.byteLength(JSON.stringify(last)) + 1,
    totals,
    nightsWith,
  };
}

/** The lines of a history file, and when its first and last runs were made. */
function linesOf(file) {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  const at = (line) => JSON.parse(line).at;
  return { lines: lines.length, first: at(lines[0]), last: at(lines.at(-1)) };
}

/**
 * The figures of section 11 for `sizes` ({ websites, projects, stacksPerProject, accounts,
 * nights, rounds }).
 */
export async function historyCost(sizes, log = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-history-"));
  try {
    const file = join(dir, "drift-history.jsonl");
    // The measured run is the night after the last in the file, at 02:00 UTC on the fleet's last tracked day.
    const runAt = Date.parse("2026-11-27T02:00:00Z");
    const made = await makeHistory(sizes, file, runAt - sizes.nights * DAY_MS);
    const bytes = statSync(file).size;
    // Only the newest line keeps its findings; the others, their counts.
    const olderLinesBytes = bytes - made.lastLineBytes;
    const history = {
      bytes,
      olderLineBytes: Math.round(olderLinesBytes / Math.max(1, sizes.nights - 1)),
      ...made,
    };
    log(
      `history of ${sizes.nights} runs: ${bytes} bytes, the newest line ${made.lastLineBytes}, an older one ${history.olderLineBytes}; ${history.findingsPerRun} findings a run (made in ${made.madeMs} ms)`,
    );
    const keep = { runs: sizes.nights };
    const night = { night: sizes.nights, at: new Date(runAt).toISOString(), keep, sizes };
    const baseline = [];
    const measured = [];
    let after;
    for (let round = 0; round < sizes.rounds; round++) {
      baseline.push(await runNight({ ...night, mode: "baseline" }));
      const copy = join(dir, `round-${round}.jsonl`);
      copyFileSync(file, copy);
      const run = await runNight({ ...night, mode: "history", file: copy });
      if (run.problem || run.warnings.length > 0 || run.runsRead !== sizes.nights) {
        throw new Error(
          `the run with history read ${run.runsRead} runs: ${run.problem ?? run.warnings.join(" ")}`,
        );
      }
      measured.push(run);
      after = linesOf(copy);
      rmSync(copy);
      log(
        `round ${round + 1}: without history ${Math.round(baseline.at(-1).ms["render-json"])} ms for JSON; ` +
          `with it, read ${Math.round(run.ms.read)} ms, difference ${Math.round(run.ms.diff)} ms, write ${Math.round(run.ms.write)} ms`,
      );
    }
    const b = medians(baseline);
    const m = medians(measured);
    return {
      websites: sizes.websites,
      stacks: sizes.projects * sizes.stacksPerProject,
      accounts: sizes.accounts,
      nights: sizes.nights,
      keep: keep.runs,
      rounds: sizes.rounds,
      history,
      run: { counts: measured[0].counts, trend: measured[0].trend, after },
      baseline: b,
      withHistory: m,
      added: { ms: m.totalMs - b.totalMs, peakRssKb: m.peakRssKb - b.peakRssKb },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
