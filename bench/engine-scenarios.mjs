// The bench's scenarios that run through the real Pulumi engine, with the packed package
// installed in a temporary project as a user has it (test/harness/program-stack.mjs). Websites are
// served by the dynamic provider, or by the provider plugin installed from the same package
// (`context.pluginHome`, test/harness/plugin-program.mjs) where a scenario compares the two hosts.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { mapBounded } from "../dist/core/bounded-pool.js";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";
import { pluginWebsiteType } from "../test/harness/plugin-program.mjs";
import { ProgramStack } from "../test/harness/program-stack.mjs";
import { measureOperation, rateFloorMs } from "./operations.mjs";
import { watchProviderMemory } from "./provider-memory.mjs";
import { credentials, noOpProgram, websitesProgram } from "./programs.mjs";

const websiteType = "pulumi-nodejs:dynamic/webstats:Website";
const websiteTypeOf = (host) => (host === "plugin" ? pluginWebsiteType : websiteType);

/**
 * Runs `body(stack)` with a stack of `program`, removed afterwards; a stack of the plugin host
 * gets the plugin of `context.pluginHome`, and only that one. `names`: the stack's
 * `projectName` and `stackName` where the default ones would not tell stacks apart.
 */
async function withStack(context, program, config, body, host = "dynamic", names = {}) {
  const stack = new ProgramStack({
    pulumi: context.pulumi,
    program,
    config,
    timeoutMs: 3_600_000,
    ...names,
    ...(host === "plugin" ? { pluginHome: context.pluginHome } : {}),
  });
  try {
    return await body(stack);
  } finally {
    stack.cleanup();
  }
}

async function withEmulator(options, body) {
  const emulator = await startEmulator(options);
  try {
    return await body(emulator, emulator.createAccount());
  } finally {
    await emulator.close();
  }
}

const prefix = (name) => `${name}-${randomBytes(3).toString("hex")}`;

/** Adds the floor and the ratios to a throttled operation's measurement. */
function againstFloor(measured, throttle) {
  const counted = measured.requests - measured.refused;
  const floorMs = rateFloorMs(counted, throttle.limit, throttle.windowSeconds);
  return {
    ...measured,
    floorMs,
    overFloor: floorMs > 0 ? measured.ms / floorMs : undefined,
    spanOverFloor: floorMs > 0 ? measured.requestSpanMs / floorMs : undefined,
  };
}

/** An `up` creating N new websites against a fresh emulator with these options. */
function upOfNewWebsites(context, count, emulatorOptions, label, host = "dynamic") {
  return withEmulator(emulatorOptions, (emulator, account) =>
    withStack(
      context,
      websitesProgram(count, prefix(label), { host }),
      credentials(emulator, account),
      (stack) =>
        measureOperation({
          stack,
          op: "up",
          emulator,
          templateDir: context.pulumi.templateDir,
          expected: count,
          host,
        }),
      host,
    ),
  );
}

/** 1. `up` of N new websites under a throttle, beside the same `up` with the throttle off. */
export async function upUnderThrottle(context, count, throttle) {
  const unthrottled = await upOfNewWebsites(context, count, { requestsPerMinute: 0 }, "free");
  const paced = await upOfNewWebsites(
    context,
    count,
    { requestsPerMinute: throttle.limit, rateWindowSeconds: throttle.windowSeconds },
    "paced",
  );
  return { count, throttle, baseline: unthrottled, measured: againstFloor(paced, throttle) };
}

/**
 * 6a. `up` of N new websites through each host, throttle off and under the throttle, beside an
 * `up` of N no-op dynamic resources (the engine's floor).
 */
export async function upByHost(context, count, throttle) {
  const templateDir = context.pulumi.templateDir;
  const free = { requestsPerMinute: 0 };
  const paced = { requestsPerMinute: throttle.limit, rateWindowSeconds: throttle.windowSeconds };
  const noOp = await withStack(context, noOpProgram(count), {}, (stack) =>
    measureOperation({ stack, op: "up", templateDir, expected: count }),
  );
  // Throttle off for both hosts first, then throttled for both: each pair runs back to back.
  const baselines = {};
  for (const host of ["dynamic", "plugin"]) {
    baselines[host] = await upOfNewWebsites(context, count, free, `${host}-free`, host);
  }
  const byHost = {};
  for (const host of ["dynamic", "plugin"]) {
    const measured = await upOfNewWebsites(context, count, paced, `${host}-paced`, host);
    byHost[host] = { baseline: baselines[host], measured: againstFloor(measured, throttle) };
  }
  return { count, throttle, noOp, dynamic: byHost.dynamic, plugin: byHost.plugin };
}

/** `up` then `refresh` of N websites served by `host`, throttle off, and the state's sizes. */
function websitesFleet(context, count, host, extra = async () => ({})) {
  const templateDir = context.pulumi.templateDir;
  return withEmulator({ requestsPerMinute: 0 }, (emulator, account) =>
    withStack(
      context,
      websitesProgram(count, prefix(host === "plugin" ? "plugin-fleet" : "fleet"), { host }),
      credentials(emulator, account),
      async (stack) => {
        const measure = (op) => measureOperation({ stack, op, emulator, templateDir, expected: count, host });
        const up = await measure("up");
        const refresh = await measure("refresh");
        return {
          up,
          refresh,
          state: stateSizes(stack, websiteTypeOf(host)),
          ...(await extra(emulator, account, refresh)),
        };
      },
      host,
    ),
  );
}

/**
 * 2, 4, 5 and 6b on one fleet, throttle off: `up` and `refresh` of N websites, through the
 * dynamic provider and through the plugin, beside N no-op dynamic resources; state and
 * `__provider` sizes; the provider's memory.
 */
export async function fleetAgainstNoOp(context, count) {
  const templateDir = context.pulumi.templateDir;
  const websites = await websitesFleet(context, count, "dynamic", async (emulator, account, refresh) => ({
    oneGetEach: await oneGetEach(emulator, account, refresh),
  }));
  const plugin = await websitesFleet(context, count, "plugin");
  const noOp = await withStack(context, noOpProgram(count), {}, async (stack) => {
    const up = await measureOperation({ stack, op: "up", templateDir, expected: count });
    const refresh = await measureOperation({ stack, op: "refresh", templateDir, expected: count });
    return { up, refresh, state: stateSizes(stack, "pulumi-nodejs:dynamic:Resource") };
  });
  const { oneGetEach: gets, ...websitesFigures } = websites;
  return { count, websites: websitesFigures, plugin, noOp, oneGetEach: gets };
}

/** What reading every website with its own GET costs, beside the refresh's listing. */
async function oneGetEach(emulator, account, refresh) {
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const ids = emulator.listWebsites(account.id).map((w) => w.id);
  const started = Date.now();
  await mapBounded(ids, 8, (id) => client.websites.get(id));
  return {
    requests: ids.length,
    unthrottledMs: Date.now() - started,
    realLimitFloorMs: rateFloorMs(ids.length, 60, 60),
    listingRealLimitFloorMs: rateFloorMs(refresh.requests, 60, 60),
  };
}

/**
 * Bytes of the checkpoint, per resource of `type`, of its serialized provider (`__provider`, a
 * dynamic resource's; 0 for the plugin's, which has none) and of the provider resources
 * (`pulumi:providers:*`, one per provider the stack uses).
 */
function stateSizes(stack, type) {
  const { raw, resources } = stack.exportState();
  const ours = resources.filter((r) => r.type === type);
  const perResource = ours.map((r) => JSON.stringify(r).length);
  const providers = ours.map((r) => String(r.outputs?.__provider ?? "").length);
  const providerResources = resources.filter((r) => r.type.startsWith("pulumi:providers:"));
  return {
    checkpointBytes: raw.length,
    resources: ours.length,
    bytesPerResource: perResource.length
      ? Math.round(perResource.reduce((a, b) => a + b, 0) / ours.length)
      : 0,
    providerBytes: providers.length ? Math.max(...providers) : 0,
    providerResourceBytes: providerResources.reduce((sum, r) => sum + JSON.stringify(r).length, 0),
  };
}

/**
 * 3. Adoption: an `up` declaring N websites with adoptExisting against N that already exist,
 * beside an `up` creating N new ones, both under the same throttle.
 */
export async function adoption(context, count, throttle) {
  const templateDir = context.pulumi.templateDir;
  const throttled = { requestsPerMinute: 0, rateWindowSeconds: throttle.windowSeconds };
  const adopting = await withEmulator(throttled, async (emulator, account) => {
    const name = prefix("adopt");
    // The existing websites are made before the throttle is switched on.
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    for (let i = 0; i < count; i += 1) await client.websites.create({ domain: `${name}-${i}.bench.example` });
    emulator.setRequestsPerMinute(throttle.limit);
    const program = websitesProgram(count, name, { adoptExisting: true });
    return withStack(context, program, credentials(emulator, account), async (stack) => {
      const measured = await measureOperation({ stack, op: "up", emulator, templateDir, expected: count });
      const adopted = stack.exportState().resources.filter((r) => r.type === websiteType).length;
      return {
        ...againstFloor(measured, throttle),
        adopted,
        websitesAfter: emulator.listWebsites(account.id).length,
      };
    });
  });
  const creating = againstFloor(
    await upOfNewWebsites(
      context,
      count,
      { requestsPerMinute: throttle.limit, rateWindowSeconds: throttle.windowSeconds },
      "new",
    ),
    throttle,
  );
  return { count, throttle, baseline: creating, measured: adopting };
}

/**
 * `pulumi-webstats drift` over `stacks`, run as a user runs it: the packed package's bin, from
 * a shell whose PATH has the pulumi CLI that reads the stacks and no WEBSTATS_* credentials (the
 * stacks' own keys are used). Measured from the command's start to its exit, with its API
 * requests by route and its own peak memory.
 */
async function measureDrift({ emulator, templateDir, stacks }) {
  const bin = join(templateDir, "node_modules", ".bin", "pulumi-webstats");
  const args = [
    "drift",
    ...stacks.flatMap((stack) => ["--cwd", stack.workDir, "--stack", stack.stackName]),
    "--format",
    "json",
  ];
  // Every stack's project names its own backend, and all share one passphrase: one shell reads them all.
  const env = { ...process.env, ...stacks[0].shellEnvironment() };
  delete env.WEBSTATS_API_KEY;
  delete env.WEBSTATS_BASE_URL;
  emulator.resetRequestCounts();
  const memory = watchProviderMemory((command) => command.includes(`${bin}\0drift\0`));
  const startedAt = Date.now();
  const run = await new Promise((done) => {
    execFile(
      bin,
      args,
      { cwd: stacks[0].dir, env, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ exitCode, stdout, stderr });
      },
    );
  });
  const endedAt = Date.now();
  const peakRssKb = memory.stop();
  const span = emulator.requestSpan();
  const requestsByRoute = emulator.requestCounts();
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    // No report: the exit code and standard error say why.
  }
  // 0: in sync, 2: drift found; both are a comparison that ran to the end.
  const ok = (run.exitCode === 0 || run.exitCode === 2) && report !== undefined;
  return {
    ok,
    error: ok ? undefined : run.stderr.trim().split("\n").at(-1),
    exitCode: run.exitCode,
    ms: endedAt - startedAt,
    requests: Object.values(requestsByRoute).reduce((sum, n) => sum + n, 0),
    refused: Object.values(emulator.throttledRequestCounts()).reduce((sum, n) => sum + n, 0),
    requestsByRoute,
    // From the command's start to its first API request: Node.js's start-up and `pulumi stack
    // export` of every stack.
    toFirstRequestMs: span ? span.firstAt - startedAt : undefined,
    requestSpanMs: span ? span.lastAt - span.firstAt : undefined,
    afterLastRequestMs: span ? endedAt - span.lastAt : undefined,
    peakRssKb,
    stacks: report?.stacks ?? [],
    summary: report?.summary ?? {},
  };
}

/** Adds up the requests by route of several operations. */
function addRoutes(counts) {
  const sum = {};
  for (const byRoute of counts) {
    for (const [route, n] of Object.entries(byRoute)) sum[route] = (sum[route] ?? 0) + n;
  }
  return sum;
}

/**
 * 7. Drift of N websites over two stacks and two accounts of one installation, throttle off: the
 * first half in a stack served by the dynamic provider on one account, the second in a stack
 * served by the plugin on the other, both made by the stacks' own `up`. `pulumi-webstats drift`
 * over both stacks, beside the baseline: `pulumi preview --refresh` of each stack, one after the
 * other as a script would run them. Everything is in sync, so both only read.
 */
export async function driftAgainstPreview(context, count) {
  const templateDir = context.pulumi.templateDir;
  const halves = [
    { host: "dynamic", websites: Math.ceil(count / 2) },
    { host: "plugin", websites: Math.floor(count / 2) },
  ];
  const name = prefix("drift");
  return withEmulator({ requestsPerMinute: 0 }, async (emulator, firstAccount) => {
    const accounts = [firstAccount, emulator.createAccount()];
    // One stack per half, each in a project of its own so that the report names them apart.
    const withHalf = (index, body) => {
      const { host, websites } = halves[index];
      return withStack(
        context,
        websitesProgram(websites, `${name}-${host}`, { host }),
        credentials(emulator, accounts[index]),
        body,
        host,
        { projectName: `bench-drift-${host}`, stackName: "bench" },
      );
    };
    return withHalf(0, (dynamicStack) =>
      withHalf(1, async (pluginStack) => {
        const stacks = [dynamicStack, pluginStack];
        // Not measured: both stacks' websites are made at once.
        await Promise.all(stacks.map((stack) => stack.run("up")));
        const recorded = stacks.map(
          (stack, i) =>
            stack.exportState().resources.filter((r) => r.type === websiteTypeOf(halves[i].host)).length,
        );
        const drift = await measureDrift({ emulator, templateDir, stacks });
        const previews = [];
        for (const [i, stack] of stacks.entries()) {
          const { host, websites } = halves[i];
          const measured = await measureOperation({
            stack,
            op: "preview",
            runOptions: { refresh: true },
            emulator,
            templateDir,
            expected: websites,
            host,
          });
          previews.push({
            stack: `${stack.projectName}/${stack.stackName}`,
            host,
            websites,
            recorded: recorded[i],
            ...measured,
            requestsByRoute: emulator.requestCounts(),
          });
        }
        const sum = (key) => previews.reduce((total, p) => total + (p[key] ?? 0), 0);
        return {
          count,
          accounts: accounts.length,
          drift,
          previewRefresh: {
            ok: previews.every((p) => p.ok),
            failed: sum("failed"),
            ms: sum("ms"),
            harnessMs: sum("harnessMs"),
            requests: sum("requests"),
            refused: sum("refused"),
            requestsByRoute: addRoutes(previews.map((p) => p.requestsByRoute)),
            stacks: previews,
          },
        };
      }),
    );
  });
}
