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
  // Pids found to be the provider. Others are looked at again on every scan: a process the CLI
  // has just forked still shows the CLI's command line until it execs the plugin (or the
  // dynamic provider's script execs node), under the same pid.
  const providers = new Set();
  const scan = () => {
    let pids = [];
    try {
      pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return; // not Linux: no figure
    }
    for (const pid of pids) {
      if (!providers.has(pid) && isProvider(readOrUndefined(`/proc/${pid}/cmdline`) ?? ""))
        providers.add(pid);
      if (!providers.has(pid)) continue;
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
