// 8. `pulumi-webstats drift --check-tracking` over N websites of one account, against the
// emulator throttled as the real server is (60 requests a window) with a shorter window: one
// pageviews read per website, paced by the client's pacer, beside the rate floor of its requests
// and beside the same command without the check (the baseline). Run as a user runs it: the packed
// package's bin, reading a stack export file (half the websites recorded, half unmanaged; a third
// of them visited through the tracker), with no WEBSTATS_* variables.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputsFrom } from "../dist/core/website-state.js";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";
import { rateFloorMs } from "./operations.mjs";

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** A `pulumi stack export --show-secrets` of a dynamic-provider stack recording `websites`. */
function stackExport(url, apiKey, websites) {
  const stack = "urn:pulumi:bench::tracking";
  const secret = (value) => ({
    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    plaintext: JSON.stringify(value),
  });
  const provider = `${stack}::pulumi:providers:pulumi-nodejs::default`;
  const resources = [
    { urn: `${stack}::pulumi:pulumi:Stack::tracking-bench`, type: "pulumi:pulumi:Stack" },
    {
      urn: provider,
      type: "pulumi:providers:pulumi-nodejs",
      id: "provider-1",
      outputs: { "webstats:baseUrl": url, "webstats:apiKey": secret(apiKey) },
    },
    ...websites.map((website) => ({
      urn: `${stack}::pulumi-nodejs:dynamic/webstats:Website::${website.domain}`,
      type: "pulumi-nodejs:dynamic/webstats:Website",
      id: String(website.id),
      provider: `${provider}::provider-1`,
      outputs: { ...outputsFrom(website, { adoptExisting: false }), installation: url },
    })),
  ];
  return JSON.stringify({ version: 3, deployment: { manifest: {}, resources } });
}

async function hit(url, domain) {
  const response = await fetch(`${url}/api/event`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    },
    body: JSON.stringify({ page: `https://${domain}/`, referrer: "", screen_resolution: "1280x800" }),
  });
  await response.text();
}

/** The packed bin with `args`, from its start to its exit, with the emulator's request figures. */
async function measureCommand({ bin, args, emulator, throttle }) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("WEBSTATS_")) delete env[name];
  // A fresh throttle window, as a run started on an idle installation would find.
  emulator.setRequestsPerMinute(throttle.limit);
  emulator.resetRequestCounts();
  const startedAt = Date.now();
  const run = await new Promise((done) => {
    execFile(bin, args, { env, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      done({ exitCode: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
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
  const ok = run.exitCode === 0 && report !== undefined;
  const floorMs = rateFloorMs(requests - refused, throttle.limit, throttle.windowSeconds);
  return {
    ok,
    error: ok ? undefined : run.stderr.trim().split("\n").at(-1),
    exitCode: run.exitCode,
    ms,
    requests,
    refused,
    requestsByRoute,
    toFirstRequestMs: span ? span.firstAt - startedAt : undefined,
    requestSpanMs: span ? span.lastAt - span.firstAt : undefined,
    floorMs,
    overFloor: floorMs > 0 ? ms / floorMs : undefined,
    summary: report?.summary ?? {},
    stderr: run.stderr.trim().split("\n"),
  };
}

/**
 * `count` websites (half recorded in the stack export, a third visited today), the emulator at
 * `throttle`; the command without and with --check-tracking.
 */
export async function trackingCheck(context, count, throttle) {
  const bin = join(context.pulumi.templateDir, "node_modules", ".bin", "pulumi-webstats");
  const emulator = await startEmulator({ requestsPerMinute: 0, rateWindowSeconds: throttle.windowSeconds });
  const dir = mkdtempSync(join(tmpdir(), "webstats-bench-tracking-"));
  try {
    const account = emulator.createAccount();
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const websites = [];
    for (let i = 0; i < count; i += 1) {
      websites.push(await client.websites.create({ domain: `site-${i}.tracking.bench.example` }));
    }
    const visited = websites.filter((_, i) => i % 3 === 0);
    for (const website of visited) await hit(emulator.url, website.domain);
    const stateFile = join(dir, "bench.json");
    writeFileSync(
      stateFile,
      stackExport(emulator.url, account.apiKey, websites.slice(0, Math.ceil(count / 2))),
    );

    const common = ["drift", "--state", stateFile, "--format", "json", "--fail-on", "none"];
    const baseline = await measureCommand({ bin, args: common, emulator, throttle });
    const measured = await measureCommand({ bin, args: [...common, "--check-tracking"], emulator, throttle });
    return {
      count,
      throttle,
      expectedSilent: count - visited.length,
      baseline,
      measured: {
        ...measured,
        costLine: measured.stderr.find((line) => line.startsWith("Checking tracking:")),
        progressLines: measured.stderr.filter((line) =>
          /^Tracking: \d+ of \d+ websites checked\.$/.test(line),
        ).length,
      },
      // The reads alone: at this throttle, and at a real installation's 60 a minute.
      readsFloorMs: rateFloorMs(count, throttle.limit, throttle.windowSeconds),
      readsRealFloorMs: rateFloorMs(count, 60, 60),
    };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
