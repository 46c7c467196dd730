// The repository's Action (action.yml) run as a runner runs it (test/support/action-runner.ts:
// its bundle, action/dist/index.js, on this Node.js with INPUT_* variables, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and RUNNER_TEMP) over a real stack that the pinned pulumi CLI exports
// (made with pulumi stack import: no program is run) against the emulator. The workspace is a
// project after `npm ci`, but the Action uses none of it: the command is in its bundle.
// In sync: exit code 0, the counts, the reports in each format asked, the Markdown report as
// the job summary. Drift: exit code 2 fails the step unless fail-on-drift is false. The input
// refusals are test/integration/action/inputs.test.ts; the bundle alone, its echoed output and
// its folders, test/integration/action/run.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { Emulator } from "../../emulator";
import { WebstatsClient } from "../../sdk";
import type { Website } from "../../sdk";
import { importStack, writeProject } from "../harness/import-stacks.mjs";
import { runAction } from "../support/action-runner";
import { writeStackExport } from "../support/stack-exports";
import { describeEngine, e2e } from "./harness";

const root = mkdtempSync(join(tmpdir(), "action-"));
const workspace = join(root, "workspace");
let emulator: Emulator;
let websites: Website[];
let env: Record<string, string>;

describeEngine("the Action (action.yml) over a stack, against the emulator", () => {
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const account = emulator.createAccount({ name: "Action" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    websites = [
      await client.websites.create({ domain: "action.example.dev" }),
      await client.websites.create({ domain: "docs.action.example.dev" }),
    ];
    // The job's environment: pulumi and node on PATH, the stack's backend and passphrase.
    env = {
      PATH: [e2e.binDir, dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
      HOME: root,
      PULUMI_HOME: join(root, "home"),
      PULUMI_BACKEND_URL: `file://${join(root, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "action",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    mkdirSync(join(root, "backend"));
    writeProject(workspace, "gitops");
    // As after `npm ci` in a project that depends on pulumi-webstats (the Action uses none of it).
    symlinkSync(join(e2e.templateDir, "node_modules"), join(workspace, "node_modules"));
    const exportFile = join(root, "prod.json");
    writeStackExport(exportFile, { project: "gitops", url: emulator.url, apiKey: account.apiKey, websites });
    // The engine's own exports mark providers and websites custom, as stack import requires.
    const exported = JSON.parse(readFileSync(exportFile, "utf8")) as {
      deployment: { resources: { type: string; custom?: boolean }[] };
    };
    for (const resource of exported.deployment.resources)
      resource.custom = resource.type !== "pulumi:pulumi:Stack";
    await importStack({ projectDir: workspace, stack: "prod", exportText: JSON.stringify(exported), env });
  });

  afterAll(async () => {
    await emulator?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("in sync: exit code 0, the counts, each report asked for, and the job summary", async () => {
    const run = await runAction(workspace, { stacks: "prod", formats: "sarif, junit" }, env);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.commands).toEqual([]);
    expect(run.outputs).toMatchObject({
      "exit-code": "0",
      "in-sync": "2",
      changed: "0",
      gone: "0",
      unmanaged: "0",
      duplicate: "0",
      "fix-summary": "",
      "report-text": "",
    });
    for (const name of ["report-sarif", "report-junit", "report-markdown", "report-json"]) {
      expect(existsSync(run.outputs[name] as string)).toBe(true);
    }
    const sarif = JSON.parse(readFileSync(run.outputs["report-sarif"] as string, "utf8")) as {
      version: string;
    };
    expect(sarif.version).toBe("2.1.0");
    expect(run.summary).toBe(readFileSync(run.outputs["report-markdown"] as string, "utf8"));
    expect(run.summary).toContain("2 websites in 1 account of 1 stack (gitops/prod): 2 in-sync");
  });

  it("drift: exit code 2 fails the step, unless fail-on-drift is false", async () => {
    emulator.updateWebsite(websites[0]!.id, { privacy: 1 });
    const failing = await runAction(workspace, {}, env);
    expect(failing.code).toBe(2);
    expect(failing.outputs).toMatchObject({ "exit-code": "2", changed: "1", "in-sync": "1" });
    expect(failing.summary).toMatch(/changed/);
    expect(failing.stdout).toContain("pulumi-webstats drift --cwd . --all");

    const passing = await runAction(workspace, { "fail-on-drift": "false", "fail-on": "gone" }, env);
    expect(passing.code).toBe(0);
    // Only gone counts as drift now: the changed website is reported, and the exit code is 0.
    expect(passing.outputs).toMatchObject({ "exit-code": "0", changed: "1" });

    const told = await runAction(workspace, { "fail-on-drift": "false" }, env);
    expect(told.code).toBe(0);
    expect(told.outputs["exit-code"]).toBe("2");
    expect(told.stdout).toContain("fail-on-drift is false: the step passes");
  });
});
