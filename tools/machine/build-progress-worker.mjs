// @ts-check
// The worker thread of build-progress.mjs: writes a progress line every `everyMs` until terminated.
import { writeSync } from "node:fs";
import { workerData } from "node:worker_threads";
import { progressLine } from "./build-progress.mjs";

const { fd, prefix, label, everyMs, startedAt } = workerData;
setInterval(() => {
  try {
    writeSync(fd, progressLine(prefix, label, Date.now() - startedAt));
  } catch {
    // A closed or full output: progress is only a courtesy.
  }
}, everyMs);
