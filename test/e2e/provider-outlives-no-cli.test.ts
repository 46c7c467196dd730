// No process left behind: when the CLI is killed with SIGKILL in the middle of an `up` (a
// cancelled pipeline step), the provider it started, the dynamic provider or the plugin, notices
// that its engine is gone and exits by itself, within seconds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { processesOfStack } from "../harness/program-project.mjs";
import { describeEngine, uniqueDomain } from "./harness";
import type { TestStack } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, yamlWebsite } from "./programs";

/** Provider processes of a stack: found by its PULUMI_HOME, told apart by their command line. */
function providerProcesses(stack: TestStack): number[] {
  return processesOfStack(join(stack.dir, "home")).filter((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "latin1");
      return /dynamic-provider|pulumi-resource-webstats/.test(command);
    } catch {
      return false;
    }
  });
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describeEngine("a provider whose CLI is killed", () => {
  const fixture = useEngineFixture();

  const hosts: [string, (domain: string) => TestStack][] = [
    ["the dynamic provider", (domain) => fixture.stack(oneWebsite({ domain }))],
    ["the provider plugin", (domain) => fixture.yamlStack(yamlWebsite({ domain }))],
  ];

  it.each(hosts)("%s exits within seconds", async (_host, makeStack) => {
    const stack = makeStack(uniqueDomain("orphan"));
    // The create hangs on the server, so the provider is busy when the CLI dies.
    fixture.emulator.resetRequestCounts();
    fixture.emulator.injectFault({
      route: "POST /api/v1/websites",
      kind: "latency",
      latencyMs: 20_000,
      count: 1,
    });
    let killEngine: (() => void) | undefined;
    let killAll: (() => void) | undefined;
    const operation = stack.up({
      allowFailure: true,
      onStart: (all, engine) => {
        killAll = all;
        killEngine = engine;
      },
    });
    try {
      await waitFor(
        "the create to reach the server",
        () => (fixture.emulator.requestCounts()["POST /api/v1/websites"] ? true : undefined),
        120_000,
      );
      const providers = providerProcesses(stack);
      expect(providers.length).toBeGreaterThan(0);

      killEngine!();
      const killedAt = Date.now();
      await waitFor(
        "the provider to exit",
        () => (providerProcesses(stack).length === 0 ? true : undefined),
        20_000,
      );
      const exitedAfterMs = Date.now() - killedAt;
      // About two checks of the engine's address, two seconds apart.
      expect(exitedAfterMs).toBeLessThan(20_000);
    } finally {
      killAll?.();
      fixture.emulator.clearFaults();
      await operation;
    }
  });
});
