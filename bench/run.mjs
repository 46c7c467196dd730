#!/usr/bin/env node
// `npm run bench`: measures the client against the emulator on loopback, each scenario
// side by side with a baseline in the same run, and records the results under
// bench/results/ (latest.json and latest.md). Nothing here asserts a time: the numbers are
// for reading and comparing between versions.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";
import { WebsiteReader } from "../dist/provider/website-reader.js";

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "results");
const websiteCount = Number(process.env.BENCH_WEBSITES ?? 1000);
const getCount = Number(process.env.BENCH_GETS ?? 1000);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `task` `count` times with `concurrency` workers; returns timings and memory. */
async function measure(label, count, concurrency, task) {
  if (global.gc) global.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      await task(i);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  const heapPeak = process.memoryUsage().heapUsed;
  if (global.gc) global.gc();
  latencies.sort((a, b) => a - b);
  return {
    label,
    operations: count,
    totalMs: Math.round(elapsed),
    perSecond: Math.round((count / elapsed) * 1000),
    p50Ms: +percentile(latencies, 50).toFixed(2),
    p95Ms: +percentile(latencies, 95).toFixed(2),
    heapPeakKb: Math.round((heapPeak - heapBefore) / 1024),
    heapRetainedKb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024),
  };
}

const requestsMade = (emulator) => Object.values(emulator.requestCounts()).reduce((a, b) => a + b, 0);

async function main() {
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount();
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey, maxRetries: 0 });
  const scenarios = [];
  const record = async (name, baseline, candidate) => {
    emulator.resetRequestCounts();
    const base = await baseline();
    base.requests = requestsMade(emulator);
    emulator.resetRequestCounts();
    const cand = await candidate();
    cand.requests = requestsMade(emulator);
    scenarios.push({ name, baseline: base, candidate: cand });
    process.stdout.write(
      `${name}: baseline ${base.totalMs} ms / ${base.requests} requests, ` +
        `client ${cand.totalMs} ms / ${cand.requests} requests\n`,
    );
  };

  // 1. Creating websites: the client against plain form POSTs with a fresh connection each.
  const ids = [];
  await record(
    `create ${websiteCount / 2} + ${websiteCount / 2} websites`,
    () =>
      measure("new connection per request", websiteCount / 2, 4, async (i) => {
        const response = await request(`${emulator.url}/api/v1/websites`, {
          method: "POST",
          headers: {
            accept: "application/json",
            authorization: `Bearer ${account.apiKey}`,
            "content-type": "application/x-www-form-urlencoded",
            connection: "close",
          },
          body: new URLSearchParams({
            domain: `base-${i}.bench.example`,
            privacy: "0",
            email: "0",
            exclude_bots: "1",
          }).toString(),
        });
        const body = await response.body.json();
        ids.push(body.data.id);
      }),
    () =>
      measure("WebstatsClient (pooled keep-alive)", websiteCount / 2, 4, async (i) => {
        const site = await client.websites.create({ domain: `client-${i}.bench.example` });
        ids.push(site.id);
      }),
  );

  // 2. A refresh of every website: one GET each (a naive provider's read) against the
  //    provider's reader, which serves reads that arrive together from one listing.
  await record(
    `refresh reads of ${websiteCount} websites`,
    () =>
      measure("GET each website", websiteCount, 4, async (i) => {
        await client.websites.get(ids[i]);
      }),
    () =>
      measure("provider WebsiteReader (shared listing)", 1, 1, async () => {
        const reader = new WebsiteReader(client);
        const read = await Promise.all(ids.map((id) => reader.read(id)));
        if (read.some((w) => w === undefined)) throw new Error("a website was not read");
      }),
  );

  // 3. Listing page sizes: the server's default page size against the client's 100.
  await record(
    "list everything",
    () =>
      measure("list, 10 per page (server default)", 1, 1, async () => {
        await client.websites.list({ perPage: 10 });
      }),
    () =>
      measure("list, 100 per page (client default)", 1, 1, async () => {
        await client.websites.list();
      }),
  );

  // 4. Connection reuse for single reads.
  const noReuse = new Agent({ pipelining: 0, keepAliveTimeout: 1, connections: 4 });
  const fresh = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey, dispatcher: noReuse });
  await record(
    `GET x${getCount}`,
    () =>
      measure("client, connection closed after each request", getCount, 4, async (i) => {
        await fresh.websites.get(ids[i % ids.length]);
        await new Promise((r) => setImmediate(r));
      }),
    () =>
      measure("client, pooled keep-alive", getCount, 4, async (i) =>
        client.websites.get(ids[i % ids.length]),
      ),
  );
  await noReuse.close();
  await emulator.close();

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    scenarios,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  const rows = scenarios.flatMap((s) =>
    [s.baseline, s.candidate].map(
      (m, i) =>
        `| ${i === 0 ? s.name : ""} | ${i === 0 ? "baseline" : "candidate"}: ${m.label} | ${m.totalMs} | ${m.requests} | ${(m.requests / 60).toFixed(1)} | ${m.perSecond} | ${m.p50Ms} | ${m.p95Ms} | ${m.heapPeakKb} | ${m.heapRetainedKb} |`,
    ),
  );
  const table = [
    `# Benchmark results`,
    ``,
    `${result.date}, Node.js ${result.node}, ${result.platform}; emulator on loopback, throttle off.`,
    `"minutes at 60 req/min" is the time the request count alone costs against a real installation's limit.`,
    ``,
    `| scenario | measured | total ms | requests | minutes at 60 req/min | ops/s | p50 ms | p95 ms | heap growth KiB | heap retained KiB |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
    ...rows,
    ``,
  ].join("\n");
  writeFileSync(join(resultsDir, "latest.md"), table);
  process.stdout.write(`\n${table}`);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
