// @ts-check
// Progress while a long synchronous step runs (a first `go build` of the Pulumi CLI takes minutes):
// a line every PROGRESS_EVERY_MS with what is being built and for how long so far. The step blocks
// the event loop (spawnSync), so the lines come from a worker thread, which writes straight to
// the output's file descriptor; the worker ends with the step, and with the process.
import { Worker } from "node:worker_threads";

/** How often a running step says it is still running. */
const PROGRESS_EVERY_MS = 15_000;

/**
 * Elapsed time as a person reads it: `45s`, `2m05s`.
 * @param {number} ms
 * @returns {string}
 */
export function elapsedText(ms) {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/**
 * The line a running step prints: what it is and how long it has run.
 * @param {string} prefix
 * @param {string} label
 * @param {number} elapsedMs
 * @returns {string}
 */
export function progressLine(prefix, label, elapsedMs) {
  return `${prefix}: ${label}: still running, ${elapsedText(elapsedMs)} so far\n`;
}

/**
 * Runs `action` (synchronous), printing a progress line on `out` every `everyMs` while it runs.
 * Without a file descriptor behind `out` (a test's stream), it runs without progress lines.
 * @template T
 * @param {{ prefix: string, label: string, out: NodeJS.WritableStream, everyMs?: number }} what
 * @param {() => T} action
 * @returns {T}
 */
export function withProgress({ prefix, label, out, everyMs = PROGRESS_EVERY_MS }, action) {
  const fd = /** @type {{ fd?: unknown }} */ (out).fd;
  if (typeof fd !== "number") return action();
  const worker = new Worker(new URL("./build-progress-worker.mjs", import.meta.url), {
    workerData: { fd, prefix, label, everyMs, startedAt: Date.now() },
  });
  // Never the reason the process stays alive, and never the reason it fails.
  worker.unref();
  worker.on("error", () => {});
  try {
    return action();
  } finally {
    void worker.terminate();
  }
}
