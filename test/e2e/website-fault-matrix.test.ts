// The fault matrix: every kind of trouble a network, proxy or server causes, on create, read,
// update and delete, through the real engine. Each cell either succeeds or fails with a message
// a person can act on; afterwards, without editing the program, a refresh and an up converge and
// server and state agree: one website per domain, nothing the state lacks, nothing it holds that
// the server lacks. At the end, the state file, the engine's output and the emulator's request log
// are searched for the API key and the website password.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator, EmulatorAccount, FaultSpec } from "../../emulator";
import { describeEngine, TestStack } from "./harness";
import { credentialsConfig, program, scenarioHosts, websiteTypeOf } from "./programs";
import { pluginHome } from "./plugin-home";

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

const writeRoutes = ["POST /api/v1/websites", "PATCH /api/v1/websites/:id", "DELETE /api/v1/websites/:id"];
const readRoutes = ["GET /api/v1/websites", "GET /api/v1/websites/:id"];

/** What a failure may look like: the client's errors and the provider's own explanations. */
const clearFailure =
  /\d{3} (GET|POST|PATCH|DELETE) \/api\/v1\/\S+: |no complete response within|connection to .* failed|could not be marked as favorite|no longer exists|the body does not have the expected shape|expected a JSON body|cut short/;
const unclear = /TypeError|ReferenceError|\[object Object\]|Cannot read properties|Unexpected struct type/;

/** The plugin's slice of the matrix: a 429 burst, a proxy page, and each way an answer gets lost. */
const pluginSlice = new Set([1, 3, 7, 8, 9]);

describeEngine.each(scenarioHosts)("the fault matrix through the %s host", (host) => {
  const kinds = host === "plugin" ? faults.filter((_, index) => pluginSlice.has(index)) : faults;
  let emulator: Emulator;
  let account: EmulatorAccount;
  let stack: TestStack;
  const log: string[] = [];
  const outcomes: string[] = [];
  let stateWithSecrets = "";

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    emulator = await startEmulator({ requestsPerMinute: 0, logger: { stream } });
    account = emulator.createAccount();
  });
  afterAll(async () => {
    stack?.cleanup();
    await emulator.close();
  });

  /**
   * The program of a cell: in cell k, site k is new, site k-1 (made in the cell before) gets its
   * email reports switched on, and site k-2 is gone. So every cell creates, updates and deletes
   * one website, and no cell needs a set-up run of its own.
   */
  const cellProgram = (cell: number) =>
    program(`
  const site = (i, email) => new webstats.Website("site-" + i, {
    domain: "site-" + i + ".matrix.example.com", privacy: "password", password: "${password}", email,
    excludeParams: ["ref"],
  });
  return { updated: site(${cell - 1}, true).websiteId, created: site(${cell}, false).websiteId };`);

  /** Server and state agree: the cell's two websites, once each, with their settings. */
  async function expectAgreement(cell: number) {
    const onServer = emulator.listWebsites(account.id);
    expect(onServer.map((w) => w.domain).sort()).toEqual(
      [`site-${cell - 1}.matrix.example.com`, `site-${cell}.matrix.example.com`].sort(),
    );
    const recorded = await stack.resourcesOfType(websiteTypeOf(host));
    expect(recorded.map((r) => Number(r.id)).sort()).toEqual(onServer.map((w) => w.id).sort());
    const updated = onServer.find((w) => w.domain.startsWith(`site-${cell - 1}.`));
    expect(updated).toMatchObject({ email: 1, privacy: 2, password, exclude_params: "ref" });
  }

  function judge(label: string, result: { ok: boolean; output: string }) {
    expect(result.output, label).not.toMatch(unclear);
    if (!result.ok) expect(result.output, label).toMatch(clearFailure);
    outcomes.push(`${label}: ${result.ok ? "succeeded" : "failed clearly"}`);
  }

  it(`runs ${kinds.length} kinds of trouble on create, read, update and delete`, async () => {
    stack = TestStack.create({
      program: cellProgram(0),
      host,
      ...(host === "plugin" ? { pluginHome: pluginHome() } : {}),
      config: credentialsConfig(emulator.url, account.apiKey),
      env: { WEBSTATS_TIMEOUT_MS: "2000" },
    });
    await stack.up();

    for (const [index, [label, fault]] of kinds.entries()) {
      const cell = index + 1;
      // Create, update and delete, each write hit by the fault.
      for (const route of writeRoutes) emulator.injectFault({ ...fault, route });
      stack.setProgram(cellProgram(cell));
      judge(`${label} on create, update and delete`, await stack.up({ allowFailure: true }));
      emulator.clearFaults();

      // Read: a refresh whose listing and single reads are hit.
      for (const route of readRoutes) emulator.injectFault({ ...fault, route });
      judge(`${label} on read`, await stack.refresh({ allowFailure: true }));
      emulator.clearFaults();

      // Converge without touching the program, then compare server and state.
      await stack.refresh();
      await stack.up();
      await expectAgreement(cell);
    }
    await stack.preview({ expectNoChanges: true });
    stateWithSecrets = (await stack.exportState()).raw;
    await stack.destroy();
    expect(emulator.listWebsites(account.id)).toHaveLength(0);
    process.stdout.write(`fault matrix:\n  ${outcomes.join("\n  ")}\n`);
  });

  describe("secrets after the whole matrix", () => {
    it("the state file, the engine's output and the request log hold no key or password in clear", () => {
      const raw = stateWithSecrets;
      expect(raw).toContain("ciphertext");
      const logText = log.join("");
      expect(logText.length).toBeGreaterThan(0);
      for (const secret of [account.apiKey, password]) {
        expect(raw).not.toContain(secret);
        expect(stack.output).not.toContain(secret);
        expect(logText).not.toContain(secret);
      }
    });
  });
});
