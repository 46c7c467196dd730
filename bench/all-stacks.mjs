// 9. `pulumi-webstats drift --all` over an organisation's stacks: S stacks in P projects of one
// file backend, N websites over A accounts of one installation, against the emulator throttled
// as the real server is (60 requests a window per client IP, every account sharing it) with its
// window scaled down. Beside it, `pulumi preview --refresh` of a sample of the stacks in the
// same run.
//
// How the stacks are made: the sample stacks are real programs brought up by the engine (one
// Website per website, through the dynamic provider), each on an account of its own. The first
// one's `pulumi stack export --show-secrets` is the template of every stack: it is moved to the
// stack's project and name (every URN rewritten), its provider given the key of the stack's
// account, and its Websites given the ids and outputs of the stack's own websites (created
// through the API, throttle off, not measured); `pulumi stack init` and `pulumi stack import`
// then put it in the shared backend (test/harness/import-stacks.mjs). The sample stacks get
// their own websites back, so their copies in the backend match what the engine recorded.
//
// The drift process's peak memory is its own `process.resourceUsage().maxRSS`, written at exit
// by a module preloaded with NODE_OPTIONS (the pulumi processes it starts are not counted).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { outputsFrom } from "../dist/core/website-state.js";
import { defaultParallel, mapBounded } from "../dist/core/bounded-pool.js";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";
import { importStack, retargetExport, secret, writeProject } from "../test/harness/import-stacks.mjs";
import { ProgramStack } from "../test/harness/program-stack.mjs";
import { measureOperation, rateFloorMs } from "./operations.mjs";
import { credentials, websitesProgram } from "./programs.mjs";

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const pad = (n) => String(n).padStart(2, "0");
const dynamicWebsiteType = "pulumi-nodejs:dynamic/webstats:Website";

/** The least requests drift can make: one account read per key, one listing per 100 websites. */
export function driftRequestFloor(websitesPerAccount) {
  return websitesPerAccount.reduce((sum, n) => sum + 1 + Math.max(1, Math.ceil(n / 100)), 0);
}

const peakRssModule = `"use strict";
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  writeFileSync(process.env.BENCH_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
`;

/** The export of `stack` in the project `project`, made from the engine's export of the template. */
function stackExport(template, { project, stack, url, apiKey, websites }) {
  const moved = JSON.parse(retargetExport(template.text, template, { project, stack }));
  const resources = moved.deployment.resources;
  const sites = resources.filter((r) => r.type === dynamicWebsiteType);
  if (sites.length !== websites.length) {
    throw new Error(`the template has ${sites.length} websites, ${stack} needs ${websites.length}`);
  }
  for (const provider of resources.filter((r) => r.type === "pulumi:providers:pulumi-nodejs")) {
    for (const bag of [provider.inputs, provider.outputs]) {
      if (bag && "webstats:apiKey" in bag) bag["webstats:apiKey"] = secret(apiKey);
    }
  }
  for (const resource of sites) {
    // The engine's Websites are named site-<i>, i the website's place in the program's loop.
    const website = websites[Number(resource.urn.slice(resource.urn.lastIndexOf("::site-") + 7))];
    if (!website) throw new Error(`the template's ${resource.urn} is not named site-<i>`);
    resource.id = String(website.id);
    resource.inputs = { ...resource.inputs, domain: website.domain };
    resource.outputs = {
      ...resource.outputs,
      ...outputsFrom(website, { adoptExisting: false }),
      installation: url,
    };
  }
  delete moved.deployment.secrets_providers;
  return JSON.stringify(moved);
}

/** The packed bin's `drift` with `args`, from start to exit: its requests, time and own peak memory. */
async function measureDrift({ bin, args, env, emulator, throttle, dir }) {
  const rssFile = join(dir, "peak-rss");
  rmSync(rssFile, { force: true });
  emulator.setRequestsPerMinute(throttle.limit);
  emulator.resetRequestCounts();
  const startedAt = Date.now();
  const run = await new Promise((done) => {
    execFile(
      bin,
      ["drift", ...args, "--format", "json"],
      {
        env: {
          ...env,
          NODE_OPTIONS: `--require=${join(dir, "peak-rss.cjs")}`,
          BENCH_PEAK_RSS_FILE: rssFile,
        },
        maxBuffer: 256 * 1024 * 1024,
        encoding: "utf8",
      },
      (error, stdout, stderr) =>
        done({ exitCode: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
  const ms = Date.now() - startedAt;
  const span = emulator.requestSpan();
  const requestsByRoute = emulator.requestCounts();
  const requests = total(requestsByRoute);
  const refused = total(emulator.throttledRequestCounts());
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    // No report: standard error says why.
  }
  const ok = (run.exitCode === 0 || run.exitCode === 2) && report !== undefined;
  const floorMs = rateFloorMs(requests - refused, throttle.limit, throttle.windowSeconds);
  let peakRssKb;
  try {
    peakRssKb = Number(readFileSync(rssFile, "utf8"));
  } catch {
    // the process did not reach its exit handler
  }
  const stderr = run.stderr.trim().split("\n");
  return {
    args: args.join(" "),
    ok,
    error: ok ? undefined : stderr.at(-1),
    exitCode: run.exitCode,
    ms,
    requests,
    refused,
    requestsByRoute,
    floorMs,
    overFloor: floorMs > 0 ? ms / floorMs : undefined,
    // From the command's start to its first request: Node.js's start-up, the listing and every export.
    toFirstRequestMs: span ? span.firstAt - startedAt : undefined,
    requestSpanMs: span ? span.lastAt - span.firstAt : undefined,
    peakRssKb,
    stacks: report?.stacks?.length ?? 0,
    websites: report?.websites?.length ?? 0,
    summary: report?.summary ?? {},
    progressLines: stderr.filter((line) => /^Stacks: \d+ of \d+ read\.$/.test(line)).length,
  };
}

/**
 * `sizes`: { projects, stacksPerProject, websites, accounts, sample, throttle, parallels,
 * filtered }: `parallels`, the --parallel values to run beside the default; `filtered`, the
 * --stack-filter globs whose runs show memory against the number of stacks read.
 */
export async function allStacks(context, sizes, log = () => {}) {
  const { projects, stacksPerProject, accounts: accountCount, sample, throttle } = sizes;
  const stackCount = projects * stacksPerProject;
  const perStack = sizes.websites / stackCount;
  if (!Number.isInteger(perStack) || sample > accountCount) throw new Error("bench sizes do not divide");
  const { templateDir, binDir, pluginDir } = context.pulumi;
  const bin = join(templateDir, "node_modules", ".bin", "pulumi-webstats");
  const dir = mkdtempSync(join(tmpdir(), "webstats-bench-stacks-"));
  writeFileSync(join(dir, "peak-rss.cjs"), peakRssModule);
  const emulator = await startEmulator({ requestsPerMinute: 0, rateWindowSeconds: throttle.windowSeconds });
  const samples = [];
  try {
    const accounts = Array.from({ length: accountCount }, () => emulator.createAccount());
    const accountOf = (j) => accounts[j % accountCount];

    // The sample: real stacks, each on its own account, brought up by the engine (not measured).
    log(`  ${sample} sample stacks of ${perStack} websites brought up by the engine`);
    for (let j = 0; j < sample; j += 1) {
      const stack = new ProgramStack({
        pulumi: context.pulumi,
        program: websitesProgram(perStack, `sample-${j}`),
        config: credentials(emulator, accountOf(j)),
        timeoutMs: 3_600_000,
        projectName: `bench-sample-${j}`,
        stackName: "bench",
      });
      samples.push(stack);
      await stack.run("up");
    }
    const exported = promisify(execFile)(
      "pulumi",
      ["stack", "export", "--show-secrets", "--stack", "bench", "--non-interactive"],
      {
        cwd: samples[0].workDir,
        env: { ...process.env, ...samples[0].shellEnvironment() },
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const template = { text: (await exported).stdout, project: "bench-sample-0", stack: "bench" };

    // Every stack's websites: the sample's as the engine made them, the others through the API.
    log(`  ${sizes.websites - sample * perStack} more websites through the API, throttle off`);
    const websitesOf = [];
    for (let j = 0; j < stackCount; j += 1) {
      const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: accountOf(j).apiKey });
      if (j < sample) {
        const prefix = `sample-${j}-`;
        const own = (await client.websites.list()).filter((w) => w.domain.startsWith(prefix));
        own.sort(
          (a, b) =>
            Number(a.domain.slice(prefix.length).split(".")[0]) -
            Number(b.domain.slice(prefix.length).split(".")[0]),
        );
        websitesOf.push(own);
      } else {
        const domains = Array.from(
          { length: perStack },
          (_, i) => `c${pad(j)}-site-${i}.stacks.bench.example`,
        );
        websitesOf.push(await mapBounded(domains, 16, (domain) => client.websites.create({ domain })));
      }
    }

    // The backend: P projects, S stacks, each imported from the template.
    log(`  ${stackCount} stacks in ${projects} projects by pulumi stack init and pulumi stack import`);
    const env = { ...process.env };
    for (const name of Object.keys(env)) if (name.startsWith("WEBSTATS_")) delete env[name];
    Object.assign(env, {
      PATH: [pluginDir, binDir, process.env.PATH ?? ""].join(delimiter),
      PULUMI_HOME: join(dir, "home"),
      PULUMI_BACKEND_URL: `file://${join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "bench-stacks",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    });
    mkdirSync(join(dir, "backend"));
    const projectDirs = Array.from({ length: projects }, (_, p) => join(dir, `fleet-${p}`));
    projectDirs.forEach((projectDir, p) => writeProject(projectDir, `fleet-${p}`));
    const importStartedAt = Date.now();
    await mapBounded(
      Array.from({ length: stackCount }, (_, j) => j),
      4,
      async (j) => {
        const project = `fleet-${Math.floor(j / stacksPerProject)}`;
        const stack = `client-${pad(j)}`;
        const exportText = stackExport(template, {
          project,
          stack,
          url: emulator.url,
          apiKey: accountOf(j).apiKey,
          websites: websitesOf[j],
        });
        await importStack({
          projectDir: projectDirs[Math.floor(j / stacksPerProject)],
          stack,
          exportText,
          env,
        });
      },
    );
    const importMs = Date.now() - importStartedAt;
    const templateBytes = Buffer.byteLength(template.text);

    const websitesPerAccount = accounts.map((_, a) =>
      websitesOf.filter((_, j) => j % accountCount === a).reduce((sum, w) => sum + w.length, 0),
    );
    const run = (args) => measureDrift({ bin, args, env, emulator, throttle, dir });
    log(`  drift --all --backend-wide over ${stackCount} stacks`);
    const backendWide = await run(["--all", "--backend-wide", "--cwd", projectDirs[0]]);
    log(`  drift --all over the ${projects} project folders`);
    const byProject = await run(["--all", ...projectDirs.flatMap((d) => ["--cwd", d])]);
    const parallel = [];
    for (const n of sizes.parallels) {
      log(`  drift --all --backend-wide --parallel ${n}`);
      parallel.push({
        parallel: n,
        ...(await run(["--all", "--backend-wide", "--cwd", projectDirs[0], "--parallel", String(n)])),
      });
    }
    const filtered = [];
    for (const glob of sizes.filtered) {
      log(`  drift --all --backend-wide --stack-filter ${glob}`);
      filtered.push({
        glob,
        ...(await run(["--all", "--backend-wide", "--cwd", projectDirs[0], "--stack-filter", glob])),
      });
    }

    // The baseline: pulumi preview --refresh of each sample stack, one after the other.
    const previews = [];
    for (const [j, stack] of samples.entries()) {
      log(`  pulumi preview --refresh of sample stack ${j + 1} of ${sample}`);
      emulator.setRequestsPerMinute(throttle.limit);
      const measured = await measureOperation({
        stack,
        op: "preview",
        runOptions: { refresh: true },
        emulator,
        templateDir,
        expected: perStack,
      });
      const floorMs = rateFloorMs(
        measured.requests - measured.refused,
        throttle.limit,
        throttle.windowSeconds,
      );
      previews.push({
        stack: `${stack.projectName}/${stack.stackName}`,
        websites: perStack,
        ...measured,
        floorMs,
        requestsByRoute: emulator.requestCounts(),
      });
    }
    return {
      projects,
      stackCount,
      websites: sizes.websites,
      accounts: accountCount,
      throttle,
      made: { importMs, templateBytes, sampleStacks: sample },
      requestFloor: driftRequestFloor(websitesPerAccount),
      defaultParallel: defaultParallel(),
      backendWide,
      byProject,
      parallel,
      filtered,
      previews,
    };
  } finally {
    await emulator.close();
    for (const stack of samples) stack.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
