// 9. `pulumi-webstats drift --all` over an organisation's stacks: S stacks in P projects, N
// websites over A accounts of one installation, in a file backend and in Pulumi's PostgreSQL
// backend, against the emulator throttled as the real server is (60 requests a window per client
// IP, every account sharing it) with its window scaled down. Beside it in the same run: the
// old way of reading (`--read-with pulumi`: a `pulumi stack export` process per stack, on a
// sample of the stacks), `pulumi preview --refresh` of the engine's sample stacks, the same
// websites in fewer stacks (memory follows websites, not stacks), stacks with a salt each
// against stacks sharing one (a key derivation per salt), and the run split into shards and
// merged (`--shard I/N --shard-file F`, `drift merge`).
//
// How the stacks are made: the sample stacks are real programs brought up by the engine (one
// Website per website, through the dynamic provider), each on an account of its own; the
// first one's `pulumi stack export --show-secrets` is the template of every stack. In each
// backend a few stacks of each project are made by the CLI (`pulumi stack init`, `pulumi stack
// import`), the others written straight into the backend's layout (bench/stack-fleet.mjs,
// test/harness/state-writer.mjs). Websites beyond the sample's are made through the API,
// throttle off, not measured. The PostgreSQL server is Debian's, started on loopback for the
// section (test/support/postgres-server.ts, loaded by Node.js's type stripping).
import { execFile } from "node:child_process";
import { pbkdf2Sync } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { defaultParallel, mapBounded } from "../dist/core/bounded-pool.js";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";
import { writeProject } from "../test/harness/import-stacks.mjs";
import { ProgramStack } from "../test/harness/program-stack.mjs";
import { measureDrift, preparePeakRss } from "./drift-runs.mjs";
import { fillBackend, writeWithSalts } from "./stack-fleet.mjs";
import { measureOperation, rateFloorMs } from "./operations.mjs";
import { credentials, websitesProgram } from "./programs.mjs";

const PASSPHRASE = "bench-stacks";

/** The least requests drift can make: one account read per key, one listing per 100 websites. */
export function driftRequestFloor(websitesPerAccount) {
  return websitesPerAccount.reduce((sum, n) => sum + 1 + Math.max(1, Math.ceil(n / 100)), 0);
}

/** Debian's PostgreSQL server on loopback (test/support/postgres-server.ts, a TypeScript module). */
async function startPostgresServer() {
  let module;
  try {
    module = await import("../test/support/postgres-server.ts");
  } catch (error) {
    if (error?.code === "ERR_UNKNOWN_FILE_EXTENSION") {
      throw new Error(
        `section 9 starts PostgreSQL from test/support/postgres-server.ts, which needs a Node.js that strips types (22.18+, 23.6+; this is ${process.version})`,
      );
    }
    throw error;
  }
  return module.startPostgres({ database: "bench", user: "bench" });
}

/** How long one PBKDF2-SHA256 key derivation of 1,000,000 rounds takes here, in ms (the median of 3). */
function keyDerivationMs() {
  const times = [0, 1, 2].map((i) => {
    const startedAt = performance.now();
    pbkdf2Sync(PASSPHRASE, Buffer.alloc(8, i), 1_000_000, 32, "sha256");
    return performance.now() - startedAt;
  });
  return times.sort((a, b) => a - b)[1];
}

/**
 * Throws, naming each, when a run failed or read otherwise than it should: every run ran to its
 * end; the runs over every stack read them all from the backend itself and found every website
 * in sync at the request floor; `--read-with pulumi` read with pulumi; the shards read every
 * stack between them and their merge reported every website. The smoke mode asks for it, so
 * that the smoke test fails when a way of reading breaks rather than record the failure.
 */
function checkRuns({ measured, saltRuns, stackCount, websites, requestFloor }) {
  const problems = [];
  const expect = (what, m, wanted) => {
    if (!m.ok) problems.push(`${what}: failed (${m.error})`);
    else
      for (const [name, value] of Object.entries(wanted))
        if (m[name] !== value)
          problems.push(`${what}: ${name} ${JSON.stringify(m[name])}, not ${JSON.stringify(value)}`);
  };
  const via = { file: "file backend", postgres: "PostgreSQL backend" };
  for (const [kind, b] of Object.entries(measured)) {
    const whole = (what, m, stacks = stackCount) => {
      expect(`${kind}: ${what}`, m, { stacks, websites, readVia: `${stacks} from the ${via[kind]}` });
      if (m.ok && m.summary["in-sync"] !== websites)
        problems.push(`${kind}: ${what}: ${m.summary["in-sync"]} in sync of ${websites}`);
    };
    whole("drift --all --backend-wide", b.backendWide);
    if (b.backendWide.requests - b.backendWide.refused !== requestFloor)
      problems.push(
        `${kind}: drift --all --backend-wide made ${b.backendWide.requests - b.backendWide.refused} requests, not ${requestFloor}`,
      );
    if (b.byProject) whole("drift --all with a --cwd per project", b.byProject);
    whole("the same websites in fewer stacks", b.fewerStacks, b.fewerStacks.stackCount);
    for (const m of b.filtered)
      expect(`${kind}: --stack-filter ${m.glob}`, m, { readVia: `${m.stacks} from the ${via[kind]}` });
    const p = b.cliPath.pulumi;
    expect(`${kind}: --read-with pulumi`, p, { readVia: `${p.stacks} with pulumi stack export` });
    for (const m of b.shards) expect(`${kind}: --shard ${m.shard}`, m, {});
    const read = b.shards.reduce((sum, m) => sum + m.stacks, 0);
    if (read !== stackCount) problems.push(`${kind}: the shards read ${read} stacks, not ${stackCount}`);
    expect(`${kind}: drift merge`, b.merge, { stacks: stackCount, websites });
  }
  for (const [name, m] of Object.entries(saltRuns)) expect(`${name} salts`, m, {});
  if (problems.length > 0)
    throw new Error(`section 9's runs did not all read as they should:\n  ${problems.join("\n  ")}`);
}

/**
 * `sizes`: { projects, stacksPerProject, websites, accounts, sample, cliPerProject, fewerStacks,
 * distinctSalts, shards, cliGlob, throttle, parallels, filtered }: `cliPerProject`, the stacks of
 * each project the CLI makes (the writer makes the rest); `fewerStacks`, the stack count of the
 * same websites regrouped; `distinctSalts`, the stacks written with a salt each (and again with
 * one salt); `cliGlob`, the --stack-filter of the sample `--read-with pulumi` reads; `parallels`,
 * the --parallel values run beside the default; `filtered`, the --stack-filter globs whose runs
 * show memory against the websites read; `strict`, whether a run that failed or read otherwise
 * than it should fails the section (checkRuns).
 */
export async function allStacks(context, sizes, log = () => {}) {
  const { projects, stacksPerProject, accounts: accountCount, sample, throttle } = sizes;
  const stackCount = projects * stacksPerProject;
  const perStack = sizes.websites / stackCount;
  const group = stackCount / sizes.fewerStacks;
  if (
    !Number.isInteger(perStack) ||
    sample > accountCount ||
    !Number.isInteger(group) ||
    sizes.fewerStacks % accountCount !== 0 ||
    sizes.fewerStacks % projects !== 0 ||
    stackCount % accountCount !== 0 ||
    sizes.distinctSalts > stackCount / accountCount ||
    sizes.cliPerProject < 1
  )
    throw new Error("bench sizes do not divide");
  const { templateDir, binDir, pluginDir } = context.pulumi;
  const bin = join(templateDir, "node_modules", ".bin", "pulumi-webstats");
  const dir = mkdtempSync(join(tmpdir(), "webstats-bench-stacks-"));
  preparePeakRss(dir);
  const emulator = await startEmulator({ requestsPerMinute: 0, rateWindowSeconds: throttle.windowSeconds });
  const samples = [];
  let postgres;
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
    const exported = await promisify(execFile)(
      "pulumi",
      ["stack", "export", "--show-secrets", "--stack", "bench", "--non-interactive"],
      {
        cwd: samples[0].workDir,
        env: { ...process.env, ...samples[0].shellEnvironment() },
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const template = { text: exported.stdout, project: "bench-sample-0", stack: "bench" };

    // Every stack's websites: the sample's as the engine made them, the others through the API.
    log(`  ${sizes.websites - sample * perStack} more websites through the API, throttle off`);
    const websitesOf = [];
    const width = Math.max(2, String(stackCount - 1).length);
    const pad = (n) => String(n).padStart(width, "0");
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
    // The fleet: stack j of project j / stacksPerProject, on account j % A.
    const fleet = websitesOf.map((websites, j) => ({
      j,
      project: Math.floor(j / stacksPerProject),
      name: `client-${pad(j)}`,
      websites,
      apiKey: accountOf(j).apiKey,
    }));
    // The same websites in fewer stacks: stack k (account k % A) holds `group` stacks of its account.
    const fewerPerProject = sizes.fewerStacks / projects;
    const fewer = Array.from({ length: sizes.fewerStacks }, (_, k) => {
      const a = k % accountCount;
      const n = Math.floor(k / accountCount);
      const own = Array.from({ length: group }, (_, m) => fleet[a + accountCount * (group * n + m)]);
      return {
        j: k,
        project: Math.floor(k / fewerPerProject),
        name: `client-${pad(k)}`,
        websites: own.flatMap((s) => s.websites),
        apiKey: accounts[a].apiKey,
      };
    });

    // The backends.
    const baseEnv = { ...process.env };
    for (const name of Object.keys(baseEnv)) if (name.startsWith("WEBSTATS_")) delete baseEnv[name];
    Object.assign(baseEnv, {
      PATH: [pluginDir, binDir, process.env.PATH ?? ""].join(delimiter),
      PULUMI_HOME: join(dir, "home"),
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_SKIP_UPDATE_CHECK: "true",
    });
    log("  a PostgreSQL server on loopback");
    postgres = await startPostgresServer();
    const pgTable = (table) => `${postgres.url}&table=${table}`;
    const kinds = [
      {
        kind: "file",
        main: `file://${join(dir, "file-backend")}`,
        fewer: `file://${join(dir, "file-fewer")}`,
      },
      // The CLI's PostgreSQL backend pools GOMAXPROCS x 2 connections, and `pulumi stack ls` holds
      // one while it loads the stacks in parallel: with GOMAXPROCS 2 (this machine's cores) a
      // listing of many stacks waits on itself for ever. drift's direct reads use one connection.
      { kind: "postgres", main: postgres.url, fewer: pgTable("fleet_fewer"), env: { GOMAXPROCS: "8" } },
    ];
    const backends = [];
    for (const b of kinds) {
      const env = { ...baseEnv, ...b.env, PULUMI_BACKEND_URL: b.main };
      const projectDirs = Array.from({ length: projects }, (_, p) => join(dir, b.kind, `fleet-${p}`));
      projectDirs.forEach((projectDir, p) => writeProject(projectDir, `fleet-${p}`));
      const storeOf = (url) =>
        b.kind === "file" ? { kind: "file", folder: url.slice("file://".length) } : { kind: "postgres", url };
      if (b.kind === "file") mkdirSync(join(dir, "file-backend"));
      log(
        `  ${b.kind} backend: ${projects * sizes.cliPerProject} stacks by pulumi stack init and import, ` +
          `${stackCount - projects * sizes.cliPerProject} by the writer`,
      );
      const main = await fillBackend({
        template,
        stacks: fleet,
        projectDirs,
        cli: sizes.cliPerProject,
        backend: storeOf(b.main),
        env,
        url: emulator.url,
        passphrase: PASSPHRASE,
      });
      log(`  ${b.kind} backend: the same websites in ${sizes.fewerStacks} stacks, by the writer`);
      const less = await fillBackend({
        template,
        stacks: fewer,
        projectDirs,
        cli: 0,
        backend: storeOf(b.fewer),
        env,
        url: emulator.url,
        passphrase: PASSPHRASE,
        keys: main.keys,
      });
      backends.push({ ...b, env, projectDirs, made: main.made, fewerMade: less.made });
    }

    // Stacks with a salt each, against the same stacks sharing one (file backend, account 0's stacks).
    const saltStacks = Array.from({ length: sizes.distinctSalts }, (_, m) => fleet[accountCount * m]);
    log(`  ${saltStacks.length} stacks written twice: with a salt each, and sharing one`);
    const saltFolders = { shared: join(dir, "salts-shared"), distinct: join(dir, "salts-distinct") };
    const saltsMade = {};
    for (const [name, folder] of Object.entries(saltFolders)) {
      saltsMade[name] = await writeWithSalts({
        template,
        stacks: saltStacks,
        folder,
        url: emulator.url,
        passphrase: PASSPHRASE,
        distinct: name === "distinct",
      });
    }
    const derivationMs = keyDerivationMs();

    const websitesPerAccount = accounts.map((_, a) =>
      websitesOf.filter((_, j) => j % accountCount === a).reduce((sum, w) => sum + w.length, 0),
    );
    const json = ["--format", "json"];
    const measure = (env, args, more = {}) =>
      measureDrift({ bin, args: ["drift", ...args], env, emulator, throttle, dir, ...more });

    const measured = {};
    for (const b of backends) {
      const wide = ["--all", "--backend-wide", "--cwd", b.projectDirs[0]];
      const run = (args, more) => measure(b.env, args, more);
      const figures = { backendUrl: b.kind === "file" ? b.main : "postgres://bench:***@127.0.0.1/bench" };
      log(`  ${b.kind}: drift --all --backend-wide over ${stackCount} stacks`);
      figures.backendWide = await run([...wide, ...json]);
      if (b.kind === "file") {
        log(`  ${b.kind}: drift --all over the ${projects} project folders`);
        figures.byProject = await run(["--all", ...b.projectDirs.flatMap((d) => ["--cwd", d]), ...json]);
        figures.parallel = [];
        for (const n of sizes.parallels) {
          log(`  ${b.kind}: drift --all --backend-wide --parallel ${n}`);
          figures.parallel.push({ parallel: n, ...(await run([...wide, "--parallel", String(n), ...json])) });
        }
      }
      log(`  ${b.kind}: drift --all --backend-wide over the same websites in ${sizes.fewerStacks} stacks`);
      figures.fewerStacks = {
        stackCount: sizes.fewerStacks,
        ...(await measure({ ...b.env, PULUMI_BACKEND_URL: b.fewer }, [...wide, ...json])),
      };
      figures.filtered = [];
      for (const glob of sizes.filtered) {
        log(`  ${b.kind}: drift --all --backend-wide --stack-filter ${glob}`);
        figures.filtered.push({ glob, ...(await run([...wide, "--stack-filter", glob, ...json])) });
      }
      log(`  ${b.kind}: drift --all --backend-wide --read-with pulumi --stack-filter ${sizes.cliGlob}`);
      const cliAuto = figures.filtered.find((f) => f.glob === sizes.cliGlob) ?? {
        glob: sizes.cliGlob,
        ...(await run([...wide, "--stack-filter", sizes.cliGlob, ...json])),
      };
      figures.cliPath = {
        glob: sizes.cliGlob,
        auto: cliAuto,
        pulumi: await run([...wide, "--read-with", "pulumi", "--stack-filter", sizes.cliGlob, ...json]),
      };
      const shardDir = join(dir, `shards-${b.kind}`);
      mkdirSync(shardDir);
      const files = Array.from({ length: sizes.shards }, (_, i) => join(shardDir, `shard-${i + 1}.json`));
      figures.shards = [];
      for (const [i, file] of files.entries()) {
        log(`  ${b.kind}: drift --all --backend-wide --shard ${i + 1}/${sizes.shards}`);
        const shard = `${i + 1}/${sizes.shards}`;
        figures.shards.push({
          shard,
          ...(await run([...wide, "--shard", shard, "--shard-file", file, "--run-id", "bench"], {
            report: false,
            shardFile: file,
          })),
        });
      }
      log(`  ${b.kind}: drift merge of the ${sizes.shards} shard files`);
      figures.merge = await measure(b.env, ["merge", ...files, ...json]);
      measured[b.kind] = figures;
    }
    const saltRuns = {};
    for (const [name, folder] of Object.entries(saltFolders)) {
      log(`  drift --all --backend-wide over the ${saltStacks.length} stacks, ${name} salts`);
      saltRuns[name] = {
        ...saltsMade[name],
        ...(await measure({ ...backends[0].env, PULUMI_BACKEND_URL: `file://${folder}` }, [
          "--all",
          "--backend-wide",
          "--cwd",
          backends[0].projectDirs[0],
          ...json,
        ])),
      };
    }

    // The baseline: pulumi preview --refresh of each sample stack, one after the other.
    const previews = [];
    for (const [j, stack] of samples.entries()) {
      log(`  pulumi preview --refresh of sample stack ${j + 1} of ${sample}`);
      emulator.setRequestsPerMinute(throttle.limit);
      const preview = await measureOperation({
        stack,
        op: "preview",
        runOptions: { refresh: true },
        emulator,
        templateDir,
        expected: perStack,
      });
      const floorMs = rateFloorMs(preview.requests - preview.refused, throttle.limit, throttle.windowSeconds);
      previews.push({
        stack: `${stack.projectName}/${stack.stackName}`,
        websites: perStack,
        ...preview,
        floorMs,
        requestsByRoute: emulator.requestCounts(),
      });
    }
    if (sizes.strict)
      checkRuns({
        measured,
        saltRuns,
        stackCount,
        websites: sizes.websites,
        requestFloor: driftRequestFloor(websitesPerAccount),
      });
    const file = measured.file;
    const { file: fileBackend, postgres: postgresBackend } = Object.fromEntries(
      backends.map((b) => [b.kind, b]),
    );
    return {
      projects,
      stackCount,
      websites: sizes.websites,
      accounts: accountCount,
      throttle,
      made: {
        sampleStacks: sample,
        templateBytes: Buffer.byteLength(template.text),
        // What the old section called importMs: the stacks the CLI made in the file backend.
        importMs: fileBackend.made.cliMs,
        cliPerProject: sizes.cliPerProject,
        file: { ...fileBackend.made, fewer: fileBackend.fewerMade },
        postgres: { ...postgresBackend.made, fewer: postgresBackend.fewerMade },
      },
      requestFloor: driftRequestFloor(websitesPerAccount),
      defaultParallel: defaultParallel(),
      cpus: availableParallelism(),
      keyDerivationMs: derivationMs,
      // The file backend's runs, where earlier results and the smoke test read them.
      backendUrl: file.backendUrl,
      backendWide: file.backendWide,
      byProject: file.byProject,
      parallel: file.parallel,
      filtered: file.filtered,
      fewerStacks: file.fewerStacks,
      cliPath: file.cliPath,
      shards: file.shards,
      merge: file.merge,
      postgres: measured.postgres,
      salts: saltRuns,
      previews,
    };
  } finally {
    await emulator.close();
    await postgres?.stop();
    for (const stack of samples) stack.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
