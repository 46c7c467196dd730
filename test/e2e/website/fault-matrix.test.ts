// A fault through the real engine, once per host: a login page instead of the answer to a
// create fails the up with a message a person can act on, as the engine prints it; the next up,
// without editing the program, converges, and server and state agree. Then the stack's state file
// (as the backend stores it), everything the engine printed and the emulator's request log are
// searched for the API key and the website password. The whole matrix (every kind of trouble on
// create, update, delete and read, how each converges, and the same search through everything
// the hosts answer, log and write) is the hosts' doing and runs for both at the provider tier
// (test/provider/fault-matrix.test.ts); only the engine prints an operation's failure and
// encrypts the state.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { describeEngine, TestStack } from "../harness";
import { credentialsConfig, program, scenarioHosts, websiteTypeOf } from "../programs";
import { pluginHome } from "../plugin-home";

const password = "matrix-password-5e1d";

/** The failure as the client words it: the request, then what went wrong and why. */
const clearFailure =
  /302 POST \/api\/v1\/websites: the server redirected to its login page: the API key was not accepted/;
const unclear = /TypeError|ReferenceError|\[object Object\]|Cannot read properties|Unexpected struct type/;

describeEngine.each(scenarioHosts)("a fault through the engine and the %s host", (host) => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let stack: TestStack | undefined;
  const log: string[] = [];

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

  const twoSites = program(`
  const site = (i) => new webstats.Website("site-" + i, {
    domain: "site-" + i + ".matrix.example.com", privacy: "password", password: "${password}",
    excludeParams: ["ref"],
  });
  return { first: site(0).websiteId, second: site(1).websiteId };`);

  it("prints a failed create clearly, converges on the next up, and keeps the key and the password out of the state, the output and the request log", async () => {
    stack = TestStack.create({
      program: twoSites,
      host,
      ...(host === "plugin" ? { pluginHome: pluginHome() } : {}),
      config: credentialsConfig(emulator.url, account.apiKey),
    });
    // A proxy's login page instead of the API's answer, on one of the two creates.
    emulator.injectFault({ route: "POST /api/v1/websites", kind: "login-redirect", count: 1 });
    const failed = await stack.up({ allowFailure: true });
    emulator.clearFaults();
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(clearFailure);
    expect(failed.output).not.toMatch(unclear);

    await stack.up();
    const onServer = emulator.listWebsites(account.id);
    expect(onServer.map((w) => w.domain).sort()).toEqual([
      "site-0.matrix.example.com",
      "site-1.matrix.example.com",
    ]);
    for (const website of onServer)
      expect(website).toMatchObject({ privacy: 2, password, exclude_params: "ref" });
    const { raw, resources } = await stack.exportState();
    const recorded = resources.filter((r) => r.type === websiteTypeOf(host));
    expect(recorded.map((r) => Number(r.id)).sort()).toEqual(onServer.map((w) => w.id).sort());

    // Secrets: encrypted in the state file, absent from the output and the request log.
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
