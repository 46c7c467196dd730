// The bench: every scenario, each figure beside its baseline from the same run, written as JSON
// and as a markdown table. `npm run bench` runs it at full size (run.mjs); an engine test runs
// it in smoke mode so that it cannot rot.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { clientAgainstUndici } from "./client-vs-undici.mjs";
import { adoption, fleetAgainstNoOp, upUnderThrottle } from "./engine-scenarios.mjs";
import { markdownReport } from "./report.mjs";
import { checkTargets } from "./targets.mjs";

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
    fleet: 500,
    adoption: { count: 150, throttle: { limit: 20, windowSeconds: 5 } },
    client: 500,
  },
  smoke: {
    up: [{ count: 10, throttle: { limit: 4, windowSeconds: 2 } }],
    fleet: 12,
    adoption: { count: 5, throttle: { limit: 4, windowSeconds: 2 } },
    client: 20,
  },
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/**
 * `pulumi`: { binDir, pluginDir, templateDir, version } (a template with the packed package
 * installed); `log`: progress lines.
 */
export async function runBench({ mode, pulumi, log = () => {} }) {
  const sizes = MODES[mode];
  if (!sizes) throw new Error(`unknown bench mode ${mode}; use one of ${Object.keys(MODES).join(", ")}`);
  const context = { pulumi };
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
      "throttles as given per scenario (the real server: 60 per 60 s).",
    up: [],
  };
  for (const { count, throttle } of sizes.up) {
    log(`up of ${count} websites at ${throttle.limit} per ${throttle.windowSeconds} s`);
    result.up.push(await upUnderThrottle(context, count, throttle));
  }
  log(`fleet of ${sizes.fleet}: up and refresh, websites and no-op resources`);
  result.fleet = await fleetAgainstNoOp(context, sizes.fleet);
  log(`adoption of ${sizes.adoption.count} websites`);
  result.adoption = await adoption(context, sizes.adoption.count, sizes.adoption.throttle);
  log(`client against raw undici, ${sizes.client} requests`);
  result.client = await clientAgainstUndici(sizes.client);
  result.machine.loadAverageAtEnd = load();
  result.targets = checkTargets(result);
  return result;
}

/** Writes latest.json and latest.md into `dir`; returns the markdown. */
export function writeResults(result, dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  const markdown = markdownReport(result, result.targets);
  writeFileSync(join(dir, "latest.md"), markdown);
  return markdown;
}
