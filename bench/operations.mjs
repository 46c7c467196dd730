// Runs one engine operation on a stack and measures it: the operation's own time (what
// `pulumi up` in a project folder takes, start-up included), the API requests it made and how
// many the throttle refused, when the first and last of them arrived, and the provider process's
// peak memory.
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { pluginWebsiteType } from "../test/harness/plugin-program.mjs";
import { dynamicProviderIn, pluginIn, watchProviderMemory } from "./provider-memory.mjs";

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/**
 * `expected`: how many resources the operation handles; when it fails, those that did not reach
 * the state (for `up`) or all of them (otherwise) are reported as failed. `host`: what serves the
 * stack's resources, "dynamic" (dynamic providers of the template's packages) or "plugin" (the
 * provider plugin in the stack's own PULUMI_HOME). `runOptions`: the operation's own options, e.g.
 * `{ refresh: true }` for `preview --refresh`.
 */
export async function measureOperation({
  stack,
  op,
  emulator,
  templateDir,
  expected,
  host = "dynamic",
  runOptions = {},
}) {
  emulator?.resetRequestCounts();
  const memory = watchProviderMemory(
    host === "plugin"
      ? pluginIn(realpathSync(stack.dir))
      : dynamicProviderIn(realpathSync(join(templateDir, "node_modules"))),
  );
  const counted = (type) =>
    host === "plugin" ? type === pluginWebsiteType : type.startsWith("pulumi-nodejs:dynamic");
  const startedAt = Date.now();
  const result = await stack.run(op, { ...runOptions, allowFailure: true });
  const endedAt = Date.now();
  const providerPeakRssKb = memory.stop();
  const timing = result.timing ?? { operationStartedAt: startedAt, operationEndedAt: endedAt };
  const span = emulator?.requestSpan();
  let failed = 0;
  if (!result.ok) {
    // Pulumi fails the whole operation when one resource fails; count what reached the state.
    let recorded = [];
    try {
      recorded = stack.exportState().resources.filter((r) => counted(r.type));
    } catch {
      // no state written at all
    }
    failed = op === "up" ? Math.max(0, expected - recorded.length) : expected;
  }
  return {
    ok: result.ok,
    error: result.ok ? undefined : String(result.error).split("\n")[0],
    failed,
    ms: timing.operationEndedAt - timing.operationStartedAt,
    harnessMs: endedAt - startedAt,
    requests: emulator ? total(emulator.requestCounts()) : undefined,
    refused: emulator ? total(emulator.throttledRequestCounts()) : undefined,
    // From the operation's start to its first API request: the engine's start-up, the program,
    // the provider process's start.
    toFirstRequestMs: span ? span.firstAt - timing.operationStartedAt : undefined,
    requestSpanMs: span ? span.lastAt - span.firstAt : undefined,
    afterLastRequestMs: span ? timing.operationEndedAt - span.lastAt : undefined,
    providerPeakRssKb,
    // A preview reports what it would do as its change summary; the other operations, what they did.
    changes: result.summary?.resourceChanges ?? result.changeSummary ?? {},
  };
}

/**
 * The least time `requests` requests can take against `limit` per window of `windowSeconds`,
 * from the first request to the last: every full window before the last one must run out.
 */
export function rateFloorMs(requests, limit, windowSeconds) {
  if (!(limit > 0) || requests <= 0) return 0;
  return Math.floor((requests - 1) / limit) * windowSeconds * 1000;
}
