// Adoption at fleet scale, through both hosts as the engine drives them (its default
// parallelism): an account's 150 existing websites declared with adoptExisting and their current
// settings are taken over by one `up` in two requests (the two pages of the listing the operation
// shares, however the engine's calls are spread in time; no update for a website that already
// matches), and the next preview shows no change. Request counts are the provider's alone, so
// they are proven here, below the engine.
import { expect, it } from "vitest";
import { WebstatsClient } from "../../sdk";
import { hosts } from "./engine-processes";
import { engineParallelism, ProviderStack } from "./provider-stack";
import { useSharedEmulator } from "./shared-emulator";

// Each operation's host runs in this process (in-process-hosts.ts), loaded afresh per operation as
// a process would be: the listing an operation shares is the provider's, not the process's.
const inProcess = { inProcess: true };

const count = 150;

const emulator = useSharedEmulator();

it.each(hosts)(`%s host: adopts ${count} existing websites in two listing requests`, async (host) => {
  const account = emulator().createAccount();
  const prefix = `adopt-${host}-${Date.now().toString(36)}`;
  const client = new WebstatsClient({
    baseUrl: emulator().url,
    apiKey: account.apiKey,
    requestsPerMinute: 0,
  });
  const domains = Array.from({ length: count }, (_, i) => `${prefix}-${i}.example.com`);
  for (const [i, domain] of domains.entries()) await client.websites.create({ domain, email: i % 3 === 0 });
  const program = Object.fromEntries(
    domains.map((domain, i) => [domain, { domain, email: i % 3 === 0, adoptExisting: true }]),
  );
  const stack = new ProviderStack(
    host,
    { settings: { baseUrl: emulator().url, apiKey: account.apiKey } },
    inProcess,
  );

  emulator().resetRequestCounts();
  const up = await stack.up(program, { parallel: engineParallelism });
  const counts = emulator().requestCounts();
  expect(counts).toEqual({ "GET /api/v1/websites": 2 });
  expect(up.steps.filter((s) => s.op === "create")).toHaveLength(count);
  expect(emulator().listWebsites(account.id)).toHaveLength(count);
  expect(stack.resources.size).toBe(count);
  const ids = new Set([...stack.resources.values()].map((r) => Number(r.id)));
  expect(ids).toEqual(
    new Set(
      emulator()
        .listWebsites(account.id)
        .map((w) => w.id),
    ),
  );

  const preview = await stack.preview(program);
  expect(preview.steps.filter((s) => s.op !== "same")).toEqual([]);
});
