// The bench: every scenario, each figure beside its baseline from the same run, written as JSON
// and as a markdown table. `npm run bench` runs it at full size (run.mjs); an engine test runs
// it in smoke mode so that it cannot rot.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { allStacks } from "./all-stacks.mjs";
import { installPluginHome } from "../test/harness/plugin-program.mjs";
import { clientAgainstUndici } from "./client-vs-undici.mjs";
import {
  adoption,
  driftAgainstPreview,
  fleetAgainstNoOp,
  upByHost,
  upUnderThrottle,
} from "./engine-scenarios.mjs";
import { historyCost } from "./history-cost.mjs";
import { htmlReportCost } from "./html-report.mjs";
import { markdownReport } from "./report.mjs";
import { checkTargets } from "./targets.mjs";
import { trackingCheck } from "./tracking-check.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Sizes and throttles per mode. The real server's throttle is 60 requests per 60-second window. */
export const MODES = {
  full: {
    up: [
      { count: 100, throttle: { limit: 60, windowSeconds: 60 } },
      { count: 300, throttle: { limit: 60, windowSeconds: 60 } },
      { count: 100, throttle: { limit: 20, windowSeconds: 5 } },
      { count: 300, throttle: { limit: 20, windowSeconds: 5 } },
    ],
    hosts: { count: 100, throttle: { limit: 60, windowSeconds: 60 } },
    fleet: 500,
    adoption: { count: 150, throttle: { limit: 20, windowSeconds: 5 } },
    client: 500,
    // Over two stacks (one per host) and two accounts, half each.
    drift: 500,
    // drift --check-tracking: the real server's 60 a window, its minute scaled down to 5 s.
    tracking: { count: 500, throttle: { limit: 60, windowSeconds: 5 } },
    // drift --all: 1,000 stacks in 10 projects, 20,000 websites over 10 accounts sharing one
    // client IP's throttle (60 a window, the minute scaled down to 5 s), in a file backend and
    // in a PostgreSQL backend: 2 stacks of each project made by the CLI, the rest by the bench's
    // writer; 2 engine stacks also previewed; the same websites in 250 stacks; 50 stacks with a
    // salt each; --read-with pulumi over the 100 stacks of one project; 4 shards and their merge.
    stacks: {
      projects: 10,
      stacksPerProject: 100,
      websites: 20_000,
      accounts: 10,
      sample: 2,
      cliPerProject: 2,
      fewerStacks: 250,
      distinctSalts: 50,
      shards: 4,
      cliGlob: "client-0??",
      throttle: { limit: 60, windowSeconds: 5 },
      parallels: [],
      filtered: ["client-000", "client-0??"],
    },
    // drift's HTML report of section 9's fleet, beside its JSON report, built in-process.
    report: { websites: 10_000, projects: 5, stacksPerProject: 10, accounts: 10, renders: 5, loads: 3 },
    // drift --history: 365 nightly runs of section 10's fleet, then the next night's run with and
    // without the history, each in a process of its own, 5 rounds.
    history: { websites: 10_000, projects: 5, stacksPerProject: 10, accounts: 10, nights: 365, rounds: 5 },
  },
  // The throttled creates (sections 1, 3, 6a) and the tracking check (8) each make more requests
  // than one window admits and no more than two admit: they wait for one window to end, the wait
  // the smoke test's floor assertions need, and no longer.
  smoke: {
    up: [{ count: 6, throttle: { limit: 4, windowSeconds: 2 } }],
    hosts: { count: 6, throttle: { limit: 4, windowSeconds: 2 } },
    fleet: 12,
    adoption: { count: 5, throttle: { limit: 4, windowSeconds: 2 } },
    client: 20,
    drift: 4,
    tracking: { count: 6, throttle: { limit: 4, windowSeconds: 2 } },
    stacks: {
      projects: 2,
      stacksPerProject: 2,
      websites: 8,
      accounts: 2,
      sample: 1,
      cliPerProject: 1,
      fewerStacks: 2,
      distinctSalts: 2,
      shards: 2,
      cliGlob: "client-0?",
      throttle: { limit: 4, windowSeconds: 2 },
      parallels: [],
      filtered: ["client-00"],
      // Every way of reading must work: a run that fails fails the smoke test.
      strict: true,
    },
    report: { websites: 40, projects: 2, stacksPerProject: 2, accounts: 2, renders: 1, loads: 1 },
    // Enough websites and nights for findings to come and go.
    history: { websites: 200, projects: 2, stacksPerProject: 2, accounts: 2, nights: 30, rounds: 1 },
  },
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/**
 * `pulumi`: { binDir, pluginDir, templateDir, version } (a template with the packed package
 * installed); `log`: progress lines; `note`: a remark recorded with the results (e.g. about
 * the machine's load); `only`: "stacks" runs that scenario alone (run.mjs adds it to the
 * results recorded before).
 */
export async function runBench({ mode, pulumi, log = () => {}, note, only }) {
  if (only !== undefined && only !== "stacks") {
    throw new Error(`--only takes stacks (and, without pulumi, report or history), not ${only}`);
  }
  const sizes = MODES[mode];
  if (!sizes) throw new Error(`unknown bench mode ${mode}; use one of ${Object.keys(MODES).join(", ")}`);
  // The provider plugin, installed from the packed package into a PULUMI_HOME of its own that
  // the plugin host's stacks copy.
  const pluginHome = installPluginHome({ templateDir: pulumi.templateDir, binDir: pulumi.binDir });
  try {
    return await runScenarios({ mode, sizes, context: { pulumi, pluginHome }, log, note, only });
  } finally {
    rmSync(pluginHome, { recursive: true, force: true });
  }
}

async function runScenarios({ mode, sizes, context, log, note, only }) {
  const { pulumi } = context;
  const packageJson = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const result = {
    mode,
    date: new Date().toISOString(),
    machine: {
      cpuModel: cpus()[0]?.model ?? "unknown",
      cpus: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      platform: `${process.platform} ${process.arch} ${release()}`,
      loadAverageAtStart: load(),
    },
    versions: {
      package: packageJson.version,
      node: process.version,
      pulumiCli: pulumi.version,
      pulumiSdk: JSON.parse(readFileSync(join(repoRoot, "node_modules/@pulumi/pulumi/package.json"), "utf8"))
        .version,
    },
    settings:
      "provider defaults (no webstats:requestsPerMinute, so pacing follows the server's headers only); " +
      "engine parallelism at its default; emulator on loopback in the bench process, quirks on; " +
      "throttles as given per scenario (the real server: 60 per 60 s); " +
      "the provider plugin installed from the packed package with `pulumi-webstats plugin install`, " +
      "serving the same programs.",
    ...(note ? { note } : {}),
    loadAverages: [],
    up: [],
  };
  // The load average (1, 5 and 15 minutes) as each scenario starts.
  const step = (scenario) => {
    log(scenario);
    result.loadAverages.push({ scenario, load: load() });
  };
  const stacksScenario = async () => {
    const s = sizes.stacks;
    step(
      `drift --all over ${s.projects * s.stacksPerProject} stacks in ${s.projects} projects, ${s.websites} websites over ${s.accounts} accounts at ${s.throttle.limit} per ${s.throttle.windowSeconds} s, in a file and a PostgreSQL backend, beside --read-with pulumi over ${s.cliGlob} and pulumi preview --refresh of ${s.sample}`,
    );
    result.stacks = await allStacks(context, s, log);
  };
  if (only === "stacks") {
    await stacksScenario();
    result.machine.loadAverageAtEnd = load();
    return result;
  }
  for (const { count, throttle } of sizes.up) {
    step(`up of ${count} websites at ${throttle.limit} per ${throttle.windowSeconds} s`);
    result.up.push(await upUnderThrottle(context, count, throttle));
  }
  const hosts = sizes.hosts;
  step(
    `up of ${hosts.count} websites through each host, throttle off and at ${hosts.throttle.limit} per ${hosts.throttle.windowSeconds} s`,
  );
  result.upByHost = await upByHost(context, hosts.count, hosts.throttle);
  step(`fleet of ${sizes.fleet}: up and refresh, websites through each host and no-op resources`);
  result.fleet = await fleetAgainstNoOp(context, sizes.fleet);
  step(`adoption of ${sizes.adoption.count} websites`);
  result.adoption = await adoption(context, sizes.adoption.count, sizes.adoption.throttle);
  step(
    `drift of ${sizes.drift} websites over 2 stacks and 2 accounts: pulumi-webstats drift and pulumi preview --refresh`,
  );
  result.drift = await driftAgainstPreview(context, sizes.drift);
  const { tracking } = sizes;
  step(
    `drift --check-tracking of ${tracking.count} websites at ${tracking.throttle.limit} per ${tracking.throttle.windowSeconds} s`,
  );
  result.tracking = await trackingCheck(context, tracking.count, tracking.throttle);
  await stacksScenario();
  await reportScenario(sizes, result, step, log);
  await historyScenario(sizes, result, step, log);
  step(`client against raw undici, ${sizes.client} requests`);
  result.client = await clientAgainstUndici(sizes.client);
  result.machine.loadAverageAtEnd = load();
  result.targets = checkTargets(result);
  return result;
}

/** Section 10: drift's HTML report of the big fleet beside its JSON report (no engine, no server). */
async function reportScenario(sizes, result, step, log) {
  const r = sizes.report;
  step(
    `drift's HTML report of ${r.websites} websites over ${r.projects * r.stacksPerProject} stacks, beside its JSON report`,
  );
  result.report = await htmlReportCost(r, log);
}

/** Section 11: a history of a year of nightly runs, and the run with it beside the run without. */
async function historyScenario(sizes, result, step, log) {
  const h = sizes.history;
  step(
    `drift --history of ${h.nights} nightly runs of ${h.websites} websites: the next run with and without it, ${h.rounds} rounds`,
  );
  result.history = await historyCost(h, log);
}

/** The sections that need neither pulumi nor the packed package, only the build (dist/). */
const inProcessSections = { report: reportScenario, history: historyScenario };

/**
 * Section 10 or 11 alone (`npm run bench -- --only report`, `--only history`): they need neither
 * pulumi nor the packed package, only the build (dist/), and for 10 Chromium; run.mjs adds the
 * section to the results recorded before.
 */
export async function runSection({ mode, section, log = () => {}, note }) {
  const sizes = MODES[mode];
  if (!sizes) throw new Error(`unknown bench mode ${mode}; use one of ${Object.keys(MODES).join(", ")}`);
  const measure = inProcessSections[section];
  if (!measure) throw new Error(`no section ${section} runs alone without pulumi`);
  const result = {
    mode,
    date: new Date().toISOString(),
    machine: { cpuModel: cpus()[0]?.model ?? "unknown", cpus: cpus().length, loadAverageAtStart: load() },
    ...(note ? { note } : {}),
    loadAverages: [],
  };
  const step = (scenario) => {
    log(scenario);
    result.loadAverages.push({ scenario, load: load() });
  };
  await measure(sizes, result, step, log);
  result.machine.loadAverageAtEnd = load();
  return result;
}

/**
 * The results recorded before with `section` replaced by the one a run of that section alone
 * (`only`) measured, and when and under what load it was measured; the targets checked again.
 */
export function withSection(previous, partial, section) {
  const { date, loadAverages, machine, note } = partial;
  const merged = {
    ...previous,
    [section]: partial[section],
    sectionRuns: {
      ...previous.sectionRuns,
      [section]: {
        date,
        loadAverages,
        loadAverageAtEnd: machine.loadAverageAtEnd,
        ...(note ? { note } : {}),
      },
    },
  };
  merged.targets = checkTargets(merged);
  return merged;
}

/** Writes latest.json and latest.md into `dir`; returns the markdown. */
export function writeResults(result, dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  const markdown = markdownReport(result, result.targets);
  writeFileSync(join(dir, "latest.md"), markdown);
  return markdown;
}
