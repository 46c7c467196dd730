// One run of the packed bin's `pulumi-webstats drift ...` (or `drift merge ...`) for section 9,
// measured from its start to its exit: its time, the requests the emulator counted and the
// throttle refused, when the first and last of them came, when drift said it had listed and read
// the stacks (its progress lines on standard error, timed as they arrive), and the process's own
// peak memory: `process.resourceUsage().maxRSS`, written at exit by a module preloaded with
// NODE_OPTIONS (the pulumi processes it starts are not counted).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rateFloorMs } from "./operations.mjs";

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

const peakRssModule = `"use strict";
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  writeFileSync(process.env.BENCH_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
`;

/** Writes the preloaded module into `dir`; measureDrift needs it there. */
export function preparePeakRss(dir) {
  writeFileSync(join(dir, "peak-rss.cjs"), peakRssModule);
}

/** Runs `bin args` to its exit; standard error's lines with when each arrived (ms from the start). */
function runTimed(bin, args, env, cwd, startedAt) {
  return new Promise((done) => {
    const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    const lines = [];
    let pending = "";
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      const at = Date.now() - startedAt;
      const parts = (pending + chunk).split("\n");
      pending = parts.pop() ?? "";
      for (const text of parts) lines.push({ at, text });
    });
    child.on("error", (error) => done({ exitCode: -1, stdout: "", lines: [{ at: 0, text: String(error) }] }));
    child.on("close", (code) => {
      if (pending) lines.push({ at: Date.now() - startedAt, text: pending });
      done({ exitCode: code ?? -1, stdout: Buffer.concat(out).toString("utf8"), lines });
    });
  });
}

/**
 * `bin` with `args` (from "drift"), env `env`, against `emulator` at `throttle`: the figures of one
 * run. `report`: whether standard output holds a JSON report (drift with --format json, drift
 * merge); `shardFile`: the file a shard run writes instead, which must exist after it.
 */
export async function measureDrift({ bin, args, env, emulator, throttle, dir, report = true, shardFile }) {
  const rssFile = join(dir, "peak-rss");
  rmSync(rssFile, { force: true });
  if (shardFile) rmSync(shardFile, { force: true });
  emulator.setRequestsPerMinute(throttle.limit);
  emulator.resetRequestCounts();
  const startedAt = Date.now();
  const run = await runTimed(
    bin,
    args,
    {
      ...env,
      NODE_OPTIONS: `--require=${join(dir, "peak-rss.cjs")}`,
      BENCH_PEAK_RSS_FILE: rssFile,
    },
    // A folder of its own: drift and drift merge read a .webstats-drift.yaml where they run.
    dir,
    startedAt,
  );
  const ms = Date.now() - startedAt;
  const span = emulator.requestSpan();
  const requestsByRoute = emulator.requestCounts();
  const requests = total(requestsByRoute);
  const refused = total(emulator.throttledRequestCounts());
  let parsed;
  if (report) {
    try {
      parsed = JSON.parse(run.stdout);
    } catch {
      // No report: standard error says why.
    }
  }
  const wrote = shardFile !== undefined && existsSync(shardFile);
  const ok = report
    ? (run.exitCode === 0 || run.exitCode === 2) && parsed !== undefined
    : run.exitCode === 0 && (shardFile === undefined || wrote);
  const floorMs = rateFloorMs(requests - refused, throttle.limit, throttle.windowSeconds);
  let peakRssKb;
  try {
    peakRssKb = Number(readFileSync(rssFile, "utf8"));
  } catch {
    // the process did not reach its exit handler
  }
  const lineAt = (pattern) => run.lines.find((line) => pattern.test(line.text))?.at;
  const last = run.lines.at(-1)?.text;
  // A shard's last line: "Shard 1/4: 250 of 1000 stacks, 5000 recorded websites on 10 accounts; wrote ...".
  const shardLine = run.lines.map((l) => l.text).find((text) => /^Shard \d+\/\d+: /.test(text));
  const shardCounts =
    shardLine && /: (?:(\d+) of|none of the) [\d,]+ stacks?, ([\d,]+) recorded websites?/.exec(shardLine);
  const number = (text) => Number(String(text).replaceAll(",", ""));
  return {
    args: args.slice(1).join(" "),
    ok,
    error: ok ? undefined : last,
    exitCode: run.exitCode,
    ms,
    requests,
    refused,
    requestsByRoute,
    floorMs,
    overFloor: floorMs > 0 ? ms / floorMs : undefined,
    // From the command's start to its first request: Node.js's start-up, the listing and every read.
    toFirstRequestMs: span ? span.firstAt - startedAt : undefined,
    requestSpanMs: span ? span.lastAt - span.firstAt : undefined,
    // When drift said it was reading the stacks (the listing done), and that it had read them all.
    listedAtMs: lineAt(/^Reading \d+ stacks?, /),
    readAtMs: lineAt(/^Stacks read /),
    peakRssKb,
    stacks: parsed?.stacks?.length ?? (shardCounts ? number(shardCounts[1] ?? 0) : 0),
    websites: parsed?.websites?.length ?? (shardCounts ? number(shardCounts[2]) : 0),
    summary: parsed?.summary ?? {},
    progressLines: run.lines.filter((line) => /^Stacks: \d+ of \d+ read\.$/.test(line.text)).length,
    readVia: run.lines
      .map((l) => l.text)
      .find((text) => text.startsWith("Stacks read "))
      ?.slice(12, -1),
    ...(shardFile ? { shardFileBytes: wrote ? statSync(shardFile).size : 0 } : {}),
  };
}
