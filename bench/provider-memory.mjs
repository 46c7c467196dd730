// Peak resident memory of the dynamic-provider process of an operation. The process is found by
// its command line (the dynamic-provider script inside the given node_modules, so other work on
// the machine is not mistaken for it); its kernel high-water mark (VmHWM) is read every
// `intervalMs` while it runs, so the figure can miss at most the growth of its last interval.
import { readdirSync, readFileSync } from "node:fs";

function readOrUndefined(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function highWaterKb(pid) {
  const status = readOrUndefined(`/proc/${pid}/status`);
  const match = status && /^VmHWM:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) : undefined;
}

/** Starts watching; `stop()` returns the peak in KiB, or undefined when no process was seen. */
export function watchProviderMemory(nodeModulesDir, intervalMs = 100) {
  let peakKb;
  // pid -> whether it is the provider; a pid is looked at once.
  const seen = new Map();
  const scan = () => {
    let pids = [];
    try {
      pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return; // not Linux: no figure
    }
    for (const pid of pids) {
      if (!seen.has(pid)) {
        const command = readOrUndefined(`/proc/${pid}/cmdline`) ?? "";
        const isProvider = command.includes(nodeModulesDir) && command.includes("dynamic-provider");
        // The plugin's shell script becomes the provider by exec, under the same pid: look again.
        if (isProvider || !command.includes("pulumi-resource-pulumi-nodejs")) seen.set(pid, isProvider);
      }
      if (seen.get(pid) !== true) continue;
      const kb = highWaterKb(pid);
      if (kb !== undefined) peakKb = Math.max(peakKb ?? 0, kb);
    }
  };
  const timer = setInterval(scan, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peakKb;
    },
  };
}
