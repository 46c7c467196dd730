// Types for bench/bench.mjs, used by the engine test that runs the bench in smoke mode.
import type { PulumiInstallation } from "../test/harness/program-stack.mjs";

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

/** `pulumi preview --refresh` of one stack of the drift scenario. */
export interface PreviewOfStack extends Measured {
  /** `project/stack`. */
  stack: string;
  host: "dynamic" | "plugin";
  /** The websites the stack declares, and those its state recorded after its `up`. */
  websites: number;
  recorded: number;
  requestsByRoute: Record<string, number>;
}

/** One run of `pulumi-webstats drift --format json`, from its start to its exit. */
export interface DriftRun {
  /** The command ran to its report (exit code 0, in sync, or 2, drift found). */
  ok: boolean;
  error?: string;
  exitCode: number;
  ms: number;
  requests: number;
  refused: number;
  requestsByRoute: Record<string, number>;
  /** Node.js's start-up and the stacks' export, up to the first API request. */
  toFirstRequestMs?: number;
  requestSpanMs?: number;
  afterLastRequestMs?: number;
  /** The drift process's own peak memory. */
  peakRssKb?: number;
  /** The stacks of the report, as `project/stack`. */
  stacks: string[];
  /** How many websites have each status. */
  summary: Record<string, number>;
}

/** One run of `pulumi-webstats drift --state FILE --format json` under the throttle. */
export interface TrackingRun {
  /** Exit code 0 and a report. */
  ok: boolean;
  error?: string;
  exitCode: number;
  ms: number;
  requests: number;
  refused: number;
  requestsByRoute: Record<string, number>;
  toFirstRequestMs?: number;
  requestSpanMs?: number;
  /** The rate floor of the counted requests, and the time against it. */
  floorMs: number;
  overFloor?: number;
  summary: Record<string, number>;
  /** Standard error, by line. */
  stderr: string[];
}

/** Section 10: the fleet whose HTML report is measured, and how many renders and page loads. */
export interface HtmlReportSizes {
  websites: number;
  projects: number;
  stacksPerProject: number;
  accounts: number;
  renders: number;
  loads: number;
}

/** Section 10's figures: both reports' bytes and render times, and Chromium's times. */
export interface HtmlReportCost {
  websites: number;
  stacks: number;
  accounts: number;
  summary: Record<string, number>;
  json: { bytes: number; ms: number };
  html: { bytes: number; ms: number };
  browser:
    | { skipped: string }
    | {
        version: string;
        loads: number;
        loadMs: number;
        filterMs: number;
        sortMs: number;
        clearMs: number;
        searchMs: number;
        filtered: string;
        consoleErrors: string[];
      };
}

/** Section 11: the fleet, how many nightly runs its history holds, and how many rounds are measured. */
export interface HistorySizes {
  websites: number;
  projects: number;
  stacksPerProject: number;
  accounts: number;
  /** The runs in the history (and --history-keep): one a night. */
  nights: number;
  rounds: number;
}

/** A history's counts: findings by status, and those fixed since the run before. */
export interface HistoryCounts {
  new: number;
  open: number;
  accepted: number;
  fixed: number;
}

/** One side of section 11 (the medians of its rounds): each step's ms, their sum, memory, each format's bytes. */
export interface HistoryRunFigures {
  /** `render-<format>` in both; `read`, `diff` and `write` with the history. */
  ms: Record<string, number>;
  renderMs: number;
  totalMs: number;
  peakRssKb: number;
  heapAfterReportKb: number;
  heapAfterReadKb?: number;
  bytes: Record<string, number>;
}

/** Section 11's figures: the history file, and the next run with it beside the run without. */
export interface HistoryCost {
  websites: number;
  stacks: number;
  accounts: number;
  nights: number;
  keep: number;
  rounds: number;
  history: {
    bytes: number;
    /** An older line's bytes on average: its counts, without findings. */
    olderLineBytes: number;
    /** How long making every night's line took in the bench process. */
    madeMs: number;
    from: string;
    to: string;
    findingsPerRun: number;
    findingsMax: number;
    /** The newest line's bytes: the only one that keeps its findings. */
    lastLineBytes: number;
    /** Each count summed over the nights, and the nights where it was not zero. */
    totals: HistoryCounts;
    nightsWith: HistoryCounts;
  };
  /** The measured run: its counts, its trend's runs, and the file it left. */
  run: { counts: HistoryCounts; trend: number; after: { lines: number; first: string; last: string } };
  baseline: HistoryRunFigures;
  withHistory: HistoryRunFigures;
  added: { ms: number; peakRssKb: number };
}

export interface AllStacksSizes {
  projects: number;
  stacksPerProject: number;
  websites: number;
  accounts: number;
  /** How many stacks the engine brings up (and previews with --refresh). */
  sample: number;
  /** How many stacks of each project the CLI makes (pulumi stack init and import); the writer makes the rest. */
  cliPerProject: number;
  /** The same websites in this many stacks: memory against stacks. */
  fewerStacks: number;
  /** Stacks written with a salt each, and again sharing one. */
  distinctSalts: number;
  /** How many shards the run is split into, then merged. */
  shards: number;
  /** The --stack-filter of the sample read with --read-with pulumi. */
  cliGlob: string;
  throttle: Throttle;
  /** --parallel values run beside the default. */
  parallels: number[];
  /** --stack-filter globs run to show memory against the websites read. */
  filtered: string[];
  /** Whether a run that fails (or reads otherwise than it should) fails the section. */
  strict?: boolean;
}

/** One `pulumi-webstats drift ...` (or `drift merge`) of section 9. */
export interface AllStacksRun {
  args: string;
  ok: boolean;
  error?: string;
  exitCode: number;
  ms: number;
  requests: number;
  refused: number;
  requestsByRoute: Record<string, number>;
  floorMs: number;
  overFloor?: number;
  toFirstRequestMs?: number;
  requestSpanMs?: number;
  /** When drift said it was reading the stacks (start-up and listing done), and that it had read them, ms from its start. */
  listedAtMs?: number;
  readAtMs?: number;
  /** The drift process's own maxRSS at exit. */
  peakRssKb?: number;
  /** Stacks and websites in the report (a shard: those it read). */
  stacks: number;
  websites: number;
  summary: Record<string, number>;
  /** "Stacks: N of M read." lines on standard error. */
  progressLines: number;
  /** How drift said it read the stacks ("1000 from the file backend"). */
  readVia?: string;
  /** A shard run: the size of the shard file it wrote. */
  shardFileBytes?: number;
}

/** How one backend's stacks were made. */
export interface BackendMade {
  cliStacks: number;
  cliMs: number;
  writerStacks: number;
  writeMs: number;
  writerBytes: number;
  /** Distinct salts among the stacks. */
  salts: number;
}

/** The runs over one backend. */
export interface BackendRuns {
  backendUrl: string;
  backendWide: AllStacksRun;
  filtered: (AllStacksRun & { glob: string })[];
  /** The same websites in fewer stacks. */
  fewerStacks: AllStacksRun & { stackCount: number };
  /** --read-with pulumi over a sample of the stacks, beside the direct read of the same. */
  cliPath: { glob: string; auto: AllStacksRun; pulumi: AllStacksRun };
  shards: (AllStacksRun & { shard: string })[];
  merge: AllStacksRun;
}

/** Section 9: the file backend's runs at the top level (where earlier results keep them), the PostgreSQL backend's apart. */
export interface AllStacks extends BackendRuns {
  projects: number;
  stackCount: number;
  websites: number;
  accounts: number;
  throttle: Throttle;
  made: {
    importMs: number;
    templateBytes: number;
    sampleStacks: number;
    cliPerProject: number;
    file: BackendMade & { fewer: BackendMade };
    postgres: BackendMade & { fewer: BackendMade };
  };
  /** One account read per key and one listing per 100 websites of each account. */
  requestFloor: number;
  defaultParallel: number;
  /** One PBKDF2-SHA256 derivation of 1,000,000 rounds in the bench process, ms. */
  keyDerivationMs: number;
  byProject: AllStacksRun;
  parallel: (AllStacksRun & { parallel: number })[];
  postgres: BackendRuns;
  /** The same stacks sharing one salt and with a salt each. */
  salts: Record<"shared" | "distinct", AllStacksRun & { salts: number; writeMs: number }>;
  previews: (Measured & {
    stack: string;
    websites: number;
    floorMs: number;
    requestsByRoute: Record<string, number>;
  })[];
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
  /** N websites over two stacks (one per host, half each) and two accounts, throttle off. */
  drift: {
    count: number;
    accounts: number;
    drift: DriftRun;
    /** The baseline: `pulumi preview --refresh` of each stack, one after the other; sums. */
    previewRefresh: {
      ok: boolean;
      failed: number;
      ms: number;
      harnessMs: number;
      requests: number;
      refused: number;
      requestsByRoute: Record<string, number>;
      stacks: PreviewOfStack[];
    };
  };
  /** `pulumi-webstats drift --check-tracking` of N websites of one account under the throttle. */
  tracking: {
    count: number;
    throttle: Throttle;
    /** The websites no hit was sent to. */
    expectedSilent: number;
    /** The same command without --check-tracking. */
    baseline: TrackingRun;
    measured: TrackingRun & {
      /** What the command said before the check started. */
      costLine?: string;
      progressLines: number;
    };
    /** The rate floor of the N reads alone, at this throttle and at a real installation's 60 a minute. */
    readsFloorMs: number;
    readsRealFloorMs: number;
  };
  /** `drift --all` over many stacks under one shared throttle, beside `preview --refresh` of a sample. */
  stacks: AllStacks;
  /** drift's HTML report of the big fleet beside its JSON report (section 10). */
  report: HtmlReportCost;
  /** A year of drift's history of the big fleet, and a run with it beside a run without (section 11). */
  history: HistoryCost;
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
    drift: number;
    tracking: { count: number; throttle: Throttle };
    stacks: AllStacksSizes;
    report: HtmlReportSizes;
    history: HistorySizes;
  }
>;

export function runBench(options: {
  mode: "full" | "smoke";
  pulumi: PulumiInstallation & { version: string };
  log?: (line: string) => void;
  note?: string;
  /** "stacks": that scenario alone; the result holds it and nothing else measured. */
  only?: "stacks";
}): Promise<BenchResult>;

export function withSection(
  previous: BenchResult,
  partial: BenchResult,
  section: "stacks" | "report" | "history",
): BenchResult;

/** Section 10 or 11 alone: its figures, with the date and load of their run. */
export function runSection<S extends "report" | "history">(options: {
  mode: "full" | "smoke";
  section: S;
  log?: (line: string) => void;
  note?: string;
}): Promise<Pick<BenchResult, "mode" | "date" | "machine" | "loadAverages" | "note" | S>>;

export function writeResults(result: BenchResult, dir: string): string;
