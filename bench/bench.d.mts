// Types for bench/bench.mjs, used by the engine test that runs the bench in smoke mode.
import type { PulumiInstallation } from "../tools/program-stack.mjs";

export interface Throttle {
  limit: number;
  windowSeconds: number;
}

export interface Measured {
  ok: boolean;
  error?: string;
  failed: number;
  ms: number;
  harnessMs: number;
  requests?: number;
  refused?: number;
  toFirstRequestMs?: number;
  requestSpanMs?: number;
  afterLastRequestMs?: number;
  providerPeakRssKb?: number;
  changes: Record<string, number>;
}

export interface AgainstFloor extends Measured {
  floorMs: number;
  overFloor?: number;
  spanOverFloor?: number;
}

export interface StateSizes {
  checkpointBytes: number;
  resources: number;
  bytesPerResource: number;
  providerBytes: number;
  /** The provider resources (`pulumi:providers:*`) of the stack, together. */
  providerResourceBytes: number;
}

export interface FleetFigures {
  up: Measured;
  refresh: Measured;
  state: StateSizes;
}

/** An `up` of new websites with the throttle off (baseline) and under the throttle (measured). */
export interface UpPair {
  baseline: Measured;
  measured: AgainstFloor;
}

export interface BenchResult {
  mode: "full" | "smoke";
  date: string;
  machine: Record<string, string | number>;
  versions: Record<string, string>;
  settings: string;
  note?: string;
  /** The load average (1, 5 and 15 minutes) as each scenario started. */
  loadAverages: { scenario: string; load: string }[];
  up: { count: number; throttle: Throttle; baseline: Measured; measured: AgainstFloor }[];
  /** `up` of new websites through each host, beside as many no-op dynamic resources. */
  upByHost: { count: number; throttle: Throttle; noOp: Measured; dynamic: UpPair; plugin: UpPair };
  fleet: {
    count: number;
    websites: FleetFigures;
    /** The same fleet served by the provider plugin. */
    plugin: FleetFigures;
    noOp: FleetFigures;
    oneGetEach: {
      requests: number;
      unthrottledMs: number;
      realLimitFloorMs: number;
      listingRealLimitFloorMs: number;
    };
  };
  adoption: {
    count: number;
    throttle: Throttle;
    baseline: AgainstFloor;
    measured: AgainstFloor & { adopted: number; websitesAfter: number };
  };
  client: {
    count: number;
    concurrency: number;
    rounds: number;
    pairs: { name: string; rawMs: number; clientMs: number; ratio: number }[];
  };
  targets: { target: string; value: string; met: boolean }[];
}

export const MODES: Record<
  "full" | "smoke",
  {
    up: { count: number; throttle: Throttle }[];
    hosts: { count: number; throttle: Throttle };
    fleet: number;
    adoption: { count: number; throttle: Throttle };
    client: number;
  }
>;

export function runBench(options: {
  mode: "full" | "smoke";
  pulumi: PulumiInstallation & { version: string };
  log?: (line: string) => void;
  note?: string;
}): Promise<BenchResult>;

export function writeResults(result: BenchResult, dir: string): string;
