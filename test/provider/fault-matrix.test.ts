// The fault matrix, in full for both hosts: every kind of trouble a network, proxy or server
// causes, on create, update and delete (one up, whose writes the engine's step executor runs as
// it does: the create and the update together, the delete after them) and on read (a refresh).
// Each cell either succeeds or fails with a message a person can act on; afterwards, without
// changing the program, a refresh and an up converge and server and state agree: one website per
// domain, nothing the state lacks, nothing it holds that the server lacks. At the end, nothing a
// host answered, failed with, logged or wrote to standard error holds the API key or the website
// password outside what the engine keeps secret, and neither does the emulator's request log.
// Which cell fails and how it recovers is the hosts' and the core's doing, so it is proven here,
// below the engine, where an operation costs a fraction of an engine operation and the cells run
// side by side; the engine's own printing of a failed operation and its encrypted state file are
// shown by test/e2e/website-fault-matrix.
//
// Where the hosts run: the cells drive each host in this process (in-process-hosts.ts: the same
// host entry points loaded from the packed package, fresh for each operation, the same gRPC
// requests), since a fault's outcome is the host's and the core's, not the process's. Two cells
// per host start a host process per operation as the engine does, because there the process
// boundary is part of what they prove: "a reset after the server acted" leaves a created but
// unfinished website, whose ErrorResourceInitFailed (the password in its properties, and for the
// dynamic host the `__provider` its script deserialized in the program's folder) crosses from the
// real process, and whose standard error the leak scan reads from the process's own; "an answer
// slower than the timeout" takes its timeout only from the process's environment
// (WEBSTATS_TIMEOUT_MS), as a user's CLI passes it. Each cell has an emulator of its own: a fault
// hits every request of its route, whichever account sends it.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount, FaultSpec } from "../../emulator";
import { hosts, isSecret, secret, startedProcesses, stopAll } from "./engine-processes";
import { engineParallelism, ProviderStack } from "./provider-stack";
import type { OperationResult } from "./provider-stack";
import { leaks } from "./secret-leaks";

const password = "matrix-password-5e1d";

/** Each kind of trouble, as the emulator injects it; `count` requests in a row are hit. */
const faults: [string, Omit<FaultSpec, "route">][] = [
  ["a burst of 429s with Retry-After", { kind: "rate-limit", retryAfterSeconds: 1, count: 3 }],
  ["a burst of 429s without Retry-After", { kind: "rate-limit", retryAfterSeconds: null, count: 3 }],
  ["a 500 HTML page", { kind: "status", status: 500, count: 1 }],
  ["a 502 HTML page", { kind: "status", status: 502, count: 1 }],
  ["a 503 HTML page", { kind: "status", status: 503, count: 1 }],
  ["a 504 HTML page", { kind: "status", status: 504, count: 1 }],
  ["a reset before the server acted", { kind: "reset", count: 1 }],
  ["a reset after the server acted", { kind: "reset", phase: "after", count: 1 }],
  ["an answer slower than the timeout", { kind: "latency", latencyMs: 2_500, phase: "after", count: 1 }],
  ["a truncated answer", { kind: "truncate", phase: "after", count: 1 }],
  ["a page instead of JSON", { kind: "html", count: 1 }],
  ["a redirect to the login page", { kind: "login-redirect", count: 1 }],
];

/** The cells that start a host process per operation (the file's header says why). */
const processBound = new Set(["a reset after the server acted", "an answer slower than the timeout"]);

const writeRoutes = ["POST /api/v1/websites", "PATCH /api/v1/websites/:id", "DELETE /api/v1/websites/:id"];
const readRoutes = ["GET /api/v1/websites", "GET /api/v1/websites/:id"];

/** What a failure may look like: the client's errors and the provider's own explanations. */
const clearFailure =
  /\d{3} (GET|POST|PATCH|DELETE) \/api\/v1\/\S+: |no complete response within|connection to .* failed|could not be marked as favorite|no longer exists|the body does not have the expected shape|expected a JSON body|cut short/;
const unclear = /TypeError|ReferenceError|\[object Object\]|Cannot read properties|Unexpected struct type/;

const site = (i: number, email: boolean) => ({
  domain: `site-${i}.matrix.example.com`,
  privacy: "password",
  password: secret(password),
  email,
  excludeParams: ["ref"],
});

/**
 * The program of cell k: site k is new, site k-1 (made before) gets its email reports switched
 * on, and site k-2 is gone. So the cell's up creates, updates and deletes one website each.
 */
const cellProgram = (k: number) => ({ [`site-${k - 1}`]: site(k - 1, true), [`site-${k}`]: site(k, false) });

afterAll(() => stopAll());

describe.each(hosts)("the fault matrix through the %s host", (host) => {
  const log: string[] = [];
  /** The API key of each cell's account. */
  const apiKeys: string[] = [];
  const outcomes = new Map<number, string[]>();
  let firstProcess = 0;
  beforeAll(() => {
    firstProcess = startedProcesses.length;
  });

  /** Server and state agree: the cell's two websites, once each, with their settings. */
  function expectAgreement(emulator: Emulator, account: EmulatorAccount, stack: ProviderStack, k: number) {
    const onServer = emulator.listWebsites(account.id);
    expect(onServer.map((w) => w.domain).sort()).toEqual(
      [`site-${k - 1}.matrix.example.com`, `site-${k}.matrix.example.com`].sort(),
    );
    expect([...stack.resources.keys()].sort()).toEqual([`site-${k - 1}`, `site-${k}`].sort());
    const recorded = [...stack.resources.values()].map((r) => Number(r.id));
    expect(recorded.sort()).toEqual(onServer.map((w) => w.id).sort());
    const updated = onServer.find((w) => w.domain.startsWith(`site-${k - 1}.`));
    expect(updated).toMatchObject({ email: 1, privacy: 2, password, exclude_params: "ref" });
    expect(stack.get(`site-${k - 1}`).id).toBe(String(updated?.id));
  }

  /** Success, or a failure whose message a person can act on. */
  function judge(label: string, result: OperationResult): string {
    if (!result.error) return `${label}: succeeded`;
    const failure = [result.error.message, ...(result.error.initFailure?.reasons ?? [])].join("\n");
    expect(failure, label).not.toMatch(unclear);
    expect(failure, label).toMatch(clearFailure);
    return `${label}: failed clearly`;
  }

  // Each cell has its own emulator (faults hit every request of a route), so the cells run
  // side by side: most of a cell's time is the waiting its fault imposes.
  it.concurrent.each(faults.map(([label, fault], index) => ({ label, fault, index })))(
    "$label: on create, update and delete, then on read; a refresh and an up converge",
    async ({ label, fault, index }) => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(chunk.toString());
          done();
        },
      });
      const emulator = await startEmulator({ requestsPerMinute: 0, logger: { stream } });
      try {
        const account = emulator.createAccount();
        apiKeys.push(account.apiKey);
        const stack = new ProviderStack(
          host,
          {
            settings: { baseUrl: emulator.url, apiKey: account.apiKey },
            env: { WEBSTATS_TIMEOUT_MS: "2000" },
          },
          { inProcess: !processBound.has(label) },
        );
        // Sites 0 and 1 exist; cell 2 creates site 2, updates site 1 and deletes site 0.
        const k = 2;
        await stack.up({ [`site-${k - 2}`]: site(k - 2, false), [`site-${k - 1}`]: site(k - 1, false) });

        // Create, update and delete, each write hit by the fault.
        for (const route of writeRoutes) emulator.injectFault({ ...fault, route });
        const writes = await stack.up(cellProgram(k), { allowFailure: true, parallel: engineParallelism });
        emulator.clearFaults();

        // Read: a refresh whose listing and single reads are hit.
        for (const route of readRoutes) emulator.injectFault({ ...fault, route });
        const reads = await stack.refresh({ allowFailure: true, parallel: engineParallelism });
        emulator.clearFaults();
        outcomes.set(index, [
          judge(`${label} on create, update and delete`, writes),
          judge(`${label} on read`, reads),
        ]);

        // Converge without touching the program, then compare server and state.
        await stack.refresh({ parallel: engineParallelism });
        await stack.up(cellProgram(k), { parallel: engineParallelism });
        expectAgreement(emulator, account, stack, k);
        if (host === "plugin") {
          // The plugin keeps the password secret in the state; the dynamic host's the engine encrypts.
          for (const recorded of stack.resources.values()) {
            expect(isSecret(recorded.inputs.password)).toBe(true);
            expect(isSecret(recorded.outputs.password)).toBe(true);
          }
        }
        if (index === faults.length - 1) {
          // Once per host, as after the whole matrix: nothing left to change, nothing left behind.
          const preview = await stack.preview(cellProgram(k));
          expect(preview.steps.map((s) => s.op)).toEqual(["same", "same"]);
          await stack.destroy();
          expect(emulator.listWebsites(account.id)).toHaveLength(0);
          expect(stack.resources.size).toBe(0);
        }
      } finally {
        await emulator.close();
      }
    },
  );

  it("no host answer, failure, message or standard error is unclear or holds a key or the password; nor does the request log", () => {
    const processes = startedProcesses.slice(firstProcess).filter((p) => p.host === host);
    expect(processes.length).toBeGreaterThanOrEqual(5 * faults.length);
    // The process-bound cells' hosts are among them: real standard error is scanned too.
    expect(processes.filter((p) => !p.inProcess).length).toBeGreaterThanOrEqual(5 * processBound.size);
    expect(apiKeys).toHaveLength(faults.length);
    expect(leaks(processes, [...apiKeys, password])).toEqual([]);
    for (const process of processes) expect(process.notices()).not.toMatch(unclear);
    // Nor does the emulator's request log.
    const logText = log.join("");
    expect(logText.length).toBeGreaterThan(0);
    for (const value of [...apiKeys, password]) expect(logText).not.toContain(value);
    const summary = [...outcomes.entries()].sort(([a], [b]) => a - b).flatMap(([, lines]) => lines);
    expect(summary).toHaveLength(2 * faults.length);
    process.stdout.write(`fault matrix (${host}):\n  ${summary.join("\n  ")}\n`);
  });
});
