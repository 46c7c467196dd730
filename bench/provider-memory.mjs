// Peak resident memory of the provider process of an operation: the dynamic provider or the
// provider plugin. The process is found by its command line (the dynamic-provider script inside
// the given node_modules, or the plugin inside the stack's own PULUMI_HOME, so other work on the
// machine is not mistaken for it); its kernel high-water mark (VmHWM) is read every `intervalMs`
// while it runs, so the figure can miss at most the growth of its last interval.
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

/** The dynamic provider of the package installed in `nodeModulesDir`. */
export const dynamicProviderIn = (nodeModulesDir) => (command) =>
  command.includes(nodeModulesDir) && command.includes("dynamic-provider");

/** The provider plugin installed in a stack's PULUMI_HOME under `stackDir`. */
export const pluginIn = (stackDir) => (command) =>
  command.includes(stackDir) && command.includes("pulumi-resource-webstats");

/**
 * Starts watching the processes whose command line (NUL-separated) `isProvider` accepts;
 * `stop()` returns the peak in KiB, or undefined when no such process was seen.
 */
export function watchProviderMemory(isProvider, intervalMs = 100) {
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
        const matches = isProvider(command);
        // The dynamic provider's shell script becomes the provider by exec, under the same pid:
        // look again.
        if (matches || !command.includes("pulumi-resource-pulumi-nodejs")) seen.set(pid, matches);
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
