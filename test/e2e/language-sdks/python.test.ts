// The Python SDK generated from the package schema (language-sdks/python), built into the wheel a
// release publishes and pip-installed from it into a fresh virtual environment, drives the provider plugin through Python programs run as Automation API
// inline programs (test/e2e/python-program/automation.py: the engine talks to the Python process
// itself, so no Python language host is needed) against the emulator: websites in two accounts
// through an explicit provider, a secret password, each function, a change made elsewhere found
// by refresh and put back by up, and destroy. Neither the API keys nor the password reach the
// state or the engine's output in clear. The documented Python example runs as written. Each
// stack's first up previews first, as `pulumi up` does, so that the output forms of the functions
// (get_website_output of a website the program creates, the documented get_account_output) run on
// a first preview.
//
// Python comes from PATH; the `pulumi` package and the SDK's dependencies come from a virtual
// environment that tools/machine/ensure-python.mjs makes once per machine from the hash-pinned
// tools/machine/python/requirements.txt.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensurePythonEnv, findPython } from "../../../tools/machine/ensure-python.mjs";
import { pluginWebsiteType } from "../../harness/plugin-program.mjs";
import type { ConfigValue, StateResource } from "../harness";
import { e2e, uniqueDomain } from "../harness";
import { useEngineFixture } from "../fixture";
import * as sdkScenario from "../sdk-scenario";
import { pluginHome } from "../plugin-home";
import { docExample } from "../../support/docs";
import { installPythonWheel } from "../release-artifacts";

const run = promisify(execFile);
const programDir = join(__dirname, "..", "python-program");
const projectName = "webstats-py";

const python = findPython();
// In CI a missing Python fails the file (in beforeAll) instead of skipping it.
const describeWithPython = sdkScenario.describeNeeding(
  "PYTHON",
  python ? undefined : "no Python 3.10+ on PATH",
);

/** What automation.py writes (see `run` there); secret outputs come without their value. */
interface PythonResult {
  ok: boolean;
  error?: string;
  summary?: Record<string, number>;
  changeSummary?: Record<string, number>;
  outputs?: Record<string, { value?: unknown; secret: boolean }>;
}

describeWithPython("the generated Python SDK through the provider plugin", () => {
  // Two accounts for the scenario, two for the documented example, so that neither test sees the
  // other's websites, even when one fails halfway.
  const fixture = useEngineFixture(
    [{ name: "Main" }, { name: "Agency" }, { name: "Readme" }, { name: "Readme agency" }],
    undefined,
    "plugin",
  );
  let dir = "";
  /** The fresh virtual environment's interpreter, with the SDK's wheel installed. */
  let venvPython = "";
  /** Everything the engine printed, across operations and stacks. */
  let engineOutput = "";
  let sequence = 0;

  beforeAll(() => {
    if (!python)
      throw new Error("the Python SDK test needs Python 3.10+ on PATH (python3), and none was found");
    dir = mkdtempSync(join(tmpdir(), "webstats-python-sdk-"));
    venvPython = installPythonWheel(ensurePythonEnv({ quiet: true }).python, dir);
    mkdirSync(join(dir, "project"));
    mkdirSync(join(dir, "backend"));
    // The plugin installed as users install it, and, with ambient plugins ignored, only it.
    cpSync(join(pluginHome(), "plugins"), join(dir, "home", "plugins"), { recursive: true });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const stateFile = (stack: string) =>
    join(dir, "backend", ".pulumi", "stacks", projectName, `${stack}.json`);
  const stackResources = (stack: string): StateResource[] =>
    (
      JSON.parse(readFileSync(stateFile(stack), "utf8")) as {
        checkpoint: { latest: { resources: StateResource[] } };
      }
    ).checkpoint.latest.resources;
  const apiKeys = () => fixture.accounts.map((account) => account.apiKey);

  /**
   * Runs one operation of the Python program `programFile` on `stack`, with `config` set first;
   * fails with the engine's output if it fails. After it, none of `secrets` is in the state or
   * the stack's settings file.
   */
  async function pythonProgram(
    operation: "up" | "refresh" | "preview" | "destroy",
    stack: string,
    programFile: string,
    config: Record<string, ConfigValue>,
    secrets: string[],
    options: { expectNoChanges?: boolean; refresh?: boolean; previewFirst?: boolean } = {},
  ): Promise<PythonResult> {
    const id = `${++sequence}-${stack}-${operation}`;
    const request = {
      operation,
      project: projectName,
      stack,
      programFile,
      workDir: join(dir, "project"),
      backendUrl: `file://${join(dir, "backend")}`,
      pulumiHome: join(dir, "home"),
      cliDir: e2e.binDir,
      passphrase: "e2e-passphrase",
      config,
      ...options,
    };
    // The configuration holds the keys: a file only this user reads, not the command line.
    const requestFile = join(dir, `${id}.request.json`);
    const resultFile = join(dir, `${id}.result.json`);
    writeFileSync(requestFile, JSON.stringify(request), { mode: 0o600 });
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Credentials reach the provider only through the stack's configuration.
    delete env.WEBSTATS_API_KEY;
    delete env.WEBSTATS_BASE_URL;
    delete env.PULUMI_BACKEND_URL;
    delete env.PULUMI_CONFIG_PASSPHRASE;
    let stderr = "";
    try {
      ({ stderr } = await run(venvPython, [join(programDir, "automation.py"), requestFile, resultFile], {
        env,
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      }));
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      if (failed.stderr === undefined) throw error;
      throw new Error(
        `automation.py ${operation} failed: ${failed.message}\n--- stderr ---\n${failed.stderr}`,
      );
    } finally {
      rmSync(requestFile, { force: true });
      engineOutput += stderr;
    }
    for (const file of [stateFile(stack), join(dir, "project", `Pulumi.${stack}.yaml`)]) {
      const text = readFileSync(file, "utf8");
      for (const secret of secrets) expect(text, file).not.toContain(secret);
    }
    return JSON.parse(readFileSync(resultFile, "utf8")) as PythonResult;
  }

  /** The plain values of a result's outputs; a secret one is undefined. */
  const outputsOf = (result: PythonResult) =>
    Object.fromEntries(Object.entries(result.outputs ?? {}).map(([name, output]) => [name, output.value]));

  it("creates websites in two accounts, finds and repairs drift, reads them with each function, and destroys them", async () => {
    const main = uniqueDomain("pysdk");
    const agency = uniqueDomain("pysdk-agency");
    const password = "python-sdk-password-never-in-clear";
    const secrets = [password, ...apiKeys()];
    const program = join(programDir, "websites.py");
    const config = sdkScenario.scenarioConfig(fixture, projectName, { main, agency, password });
    const operation = (
      op: "up" | "refresh" | "preview" | "destroy",
      options: Parameters<typeof pythonProgram>[5] = {},
    ) => pythonProgram(op, "test", program, config, secrets, options);

    // The preview runs get_website_output of the site before the site exists.
    const created = await operation("up", { previewFirst: true });
    expect(engineOutput).toContain(sdkScenario.previewing);
    // The stack, the second account's provider and the two websites (a default provider is not
    // counted).
    expect(created.summary).toEqual({ create: 4 });
    const outputs = outputsOf(created);
    sdkScenario.expectOutputs(fixture, outputs, { main });
    expect(outputs).toMatchObject({ foundPrivacy: "password", agencyDomains: [agency] });
    // The SDK marks the password secret, so the engine keeps it encrypted as an output too.
    expect(created.outputs?.password).toEqual({ secret: true });
    const siteId = outputs.siteId as number;
    const clientId = outputs.clientId as number;
    sdkScenario.expectWebsites(fixture, { siteId, clientId, main, agency });
    sdkScenario.expectProviderKeysEncrypted(
      stackResources("test").filter((r) => r.type === "pulumi:providers:webstats"),
    );

    // A change made elsewhere: refresh records it, up puts the declared values back.
    fixture.emulator.updateWebsite(siteId, { email: 1, exclude_bots: 0 });
    const refreshed = await operation("refresh");
    expect(refreshed.summary).toEqual({ same: 3, update: 1 });
    const restored = await operation("up");
    expect(restored.summary).toEqual({ same: 3, update: 1 });
    expect(outputsOf(restored).siteId).toBe(siteId);
    expect(fixture.emulator.getWebsite(siteId)).toMatchObject({ email: 0, exclude_bots: 1, privacy: 2 });
    // Nothing left to change, the password and the SDK's defaults included.
    await operation("preview", { expectNoChanges: true, refresh: true });

    expect(stackResources("test").filter((r) => r.type === pluginWebsiteType)).toHaveLength(2);
    const destroyed = await operation("destroy");
    expect(destroyed.summary).toEqual({ delete: 4 });
    for (const id of [siteId, clientId]) expect(fixture.emulator.getWebsite(id)).toBeUndefined();
    expect(fixture.emulator.listWebsites(fixture.account(0).id)).toEqual([]);
    expect(fixture.emulator.listWebsites(fixture.account(1).id)).toEqual([]);

    // The scan below reads what the engine printed for every operation.
    expect(engineOutput).toContain(`${pluginWebsiteType}`);
    for (const secret of secrets) expect(engineOutput).not.toContain(secret);
  });

  it("runs the documented Python SDK example as written", async () => {
    const example = join(dir, "readme_example.py");
    writeFileSync(example, docExample("sdk-python", "python"));
    const password = "readme-python-sdk-password";
    const secrets = [password, ...apiKeys()];
    const config = sdkScenario.readmeConfig(fixture, projectName, { main: 2, agency: 3, password });
    const printed = engineOutput.length;
    const created = await pythonProgram("up", "readme", example, config, secrets, { previewFirst: true });
    expect(engineOutput.slice(printed)).toContain(sdkScenario.previewing);
    const outputs = outputsOf(created);
    sdkScenario.expectReadmeWebsites(fixture, outputs, 3);
    expect(fixture.emulator.listWebsites(fixture.account(2).id).map((w) => w.domain)).toEqual([
      "blog.example.com",
    ]);
    await pythonProgram("preview", "readme", example, config, secrets, { expectNoChanges: true });
    const destroyed = await pythonProgram("destroy", "readme", example, config, secrets);
    expect(destroyed.summary).toEqual({ delete: 4 });
    expect(fixture.emulator.listWebsites(fixture.account(2).id)).toEqual([]);
    expect(fixture.emulator.listWebsites(fixture.account(3).id)).toEqual([]);
    for (const secret of secrets) expect(engineOutput).not.toContain(secret);
  });
});
