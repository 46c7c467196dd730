// 4b. The typed client against raw undici requests doing the same HTTP work (same requests, same
// headers, a keep-alive pool, the JSON body parsed), throttle off. Each pair runs `rounds` times,
// alternating, and the median counts: the machine may be busy with other work.
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { startEmulator } from "../dist/emulator/index.js";
import { WebstatsClient } from "../dist/sdk/index.js";

const concurrency = 8;

async function inParallel(count, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function timed(task) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function clientAgainstUndici(count, rounds = 5) {
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  const pool = new Pool(emulator.url);
  // Reads go to an account holding exactly `count` websites; creates to another one.
  const reader = emulator.createAccount();
  const writer = emulator.createAccount();
  const clientOf = (account) => new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const rawOf = (account) => async (method, path, body) => {
    const headers = { accept: "application/json", authorization: `Bearer ${account.apiKey}` };
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await pool.request({ method, path: `/api/v1${path}`, headers, body });
    const json = await response.body.json();
    if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode}`);
    return json;
  };
  const [readClient, writeClient, readRaw, writeRaw] = [
    clientOf(reader),
    clientOf(writer),
    rawOf(reader),
    rawOf(writer),
  ];
  const ids = [];
  await inParallel(count, async (i) =>
    ids.push((await readClient.websites.create({ domain: `read-${i}.bench.example` })).id),
  );
  let round = 0;
  const form = (domain) =>
    new URLSearchParams({ domain, privacy: "0", email: "0", exclude_bots: "1" }).toString();
  const pairs = [
    {
      name: `get ${count} websites, ${concurrency} at a time`,
      raw: () => inParallel(count, (i) => readRaw("GET", `/websites/${ids[i]}`)),
      client: () => inParallel(count, (i) => readClient.websites.get(ids[i])),
    },
    {
      // Ten times over: once takes a few milliseconds, too little to time on a busy machine.
      name: `list ${count} websites, 100 per page, 10 times`,
      raw: async () => {
        for (let repeat = 0; repeat < 10; repeat += 1) {
          for (let page = 1, last = 1; page <= last; page += 1) {
            last = (await readRaw("GET", `/websites?per_page=100&page=${page}`)).meta.last_page;
          }
        }
      },
      client: async () => {
        for (let repeat = 0; repeat < 10; repeat += 1) await readClient.websites.list();
      },
    },
    {
      name: `create ${count} websites, ${concurrency} at a time`,
      raw: () =>
        inParallel(count, (i) => writeRaw("POST", "/websites", form(`raw-${round}-${i}.bench.example`))),
      client: () =>
        inParallel(count, (i) =>
          writeClient.websites.create({ domain: `client-${round}-${i}.bench.example` }),
        ),
    },
    {
      // The same reads from a server that takes 5 ms to answer, as a nearby real one would.
      name: `get ${count} websites, ${concurrency} at a time, server answering in 5 ms`,
      serverLatencyMs: 5,
      raw: () => inParallel(count, (i) => readRaw("GET", `/websites/${ids[i]}`)),
      client: () => inParallel(count, (i) => readClient.websites.get(ids[i])),
    },
  ];
  const results = [];
  try {
    // One untimed round first, so both sides start with warm code and open connections.
    for (const pair of pairs) {
      await pair.raw();
      await pair.client();
    }
    for (const pair of pairs) {
      const rawMs = [];
      const clientMs = [];
      if (pair.serverLatencyMs) {
        emulator.injectFault({
          route: "GET /api/v1/websites/:id",
          kind: "latency",
          latencyMs: pair.serverLatencyMs,
        });
      }
      for (round = 1; round <= rounds; round += 1) {
        rawMs.push(await timed(pair.raw));
        clientMs.push(await timed(pair.client));
      }
      emulator.clearFaults();
      results.push({
        name: pair.name,
        rawMs: Math.round(median(rawMs)),
        clientMs: Math.round(median(clientMs)),
        ratio: median(clientMs) / median(rawMs),
      });
    }
  } finally {
    await pool.close();
    await emulator.close();
  }
  return { count, concurrency, rounds, pairs: results };
}
