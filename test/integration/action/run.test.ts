// The Action (action.yml, a node24 JavaScript action) run as a runner runs it
// (test/support/action-runner.ts) against the emulator, with a stand-in for pulumi on PATH that
// lists the stacks and exports them as the test says (test/support/stack-exports.ts):
// - nothing is installed at run time: the committed bundle is a fresh build of action/src, and it
//   runs from a folder holding only action.yml and action/dist/index.js, with no node_modules
//   anywhere above it and no npm (nor anything but pulumi) on PATH;
// - nothing the command prints reaches the runner as a workflow command: a stack name with a line
//   break and `::error::`, and pulumi's error with `##[error]`, are echoed between stop-commands
//   lines (and broken up by drift itself), and the runner carries out no command of theirs;
// - two invocations in one job write to folders of their own;
// - an output whose value holds line breaks and would-be delimiters is read back whole.
// The input refusals are test/integration/action/inputs.test.ts; the real CLI and engine, test/e2e/action.test.ts.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { staleBundle } from "../../../tools/build/bundle-action.mjs";
import { actionRoot, readAction, runAction } from "../../support/action-runner";
import { makePulumiStandIn, setStandInStacks } from "../../support/pulumi-stand-in";
import type { StandInStack } from "../../support/pulumi-stand-in";
import { scratchFolder } from "../../support/scratch-folder";
import { writeStackExport } from "../../support/stack-exports";

const root = scratchFolder("action-run-");
const workspace = join(root, "workspace");
const standIn = join(root, "pulumi-stand-in");
let emulator: Emulator;
let env: Record<string, string>;

/** A stack as `pulumi stack ls` lists it, and what `pulumi stack export` answers for it. */
const setStacks = (stacks: StandInStack[]) => setStandInStacks(standIn, stacks);

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({ name: "Action run" });
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const websites = [
    await client.websites.create({ domain: "run.action.example" }),
    await client.websites.create({ domain: "docs.run.action.example" }),
  ];
  mkdirSync(workspace);
  writeFileSync(join(workspace, "Pulumi.yaml"), "name: sites\nruntime: nodejs\n");
  const exported = join(root, "prod.json");
  writeStackExport(exported, { project: "sites", url: emulator.url, apiKey: account.apiKey, websites });
  makePulumiStandIn(standIn, [{ name: "prod", export: readFileSync(exported, "utf8") }]);
  // The job's environment: pulumi (the stand-in) on PATH, and nothing else.
  env = { PATH: standIn, HOME: root };
});

afterAll(async () => {
  await emulator?.close();
});

describe("the Action, run as a runner runs it", () => {
  it("runs the committed bundle, a fresh build of action/src (npm run action:check)", async () => {
    expect(readAction().runs.main).toBe("action/dist/index.js");
    expect(await staleBundle()).toBeUndefined();
  });

  it("installs nothing: the bundle runs alone, without node_modules or npm", async () => {
    // Beside the workspace, in a folder no node_modules is above.
    const alone = mkdtempSync(join(root, "action-alone-"));
    mkdirSync(join(alone, "action", "dist"), { recursive: true });
    cpSync(join(actionRoot, "action.yml"), join(alone, "action.yml"));
    cpSync(join(actionRoot, "action", "dist", "index.js"), join(alone, "action", "dist", "index.js"));
    // No node_modules in the folder or any folder above it, where Node.js would look.
    for (let dir = alone; dir !== dirname(dir); dir = dirname(dir))
      expect(existsSync(join(dir, "node_modules"))).toBe(false);
    const run = await runAction(workspace, { stacks: "prod", formats: "json text" }, env, {
      actionPath: alone,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ "exit-code": "0", "in-sync": "2", changed: "0" });
    expect(readFileSync(run.outputs["report-text"] as string, "utf8")).toContain("in-sync");
    expect(run.summary).toContain("2 websites in 1 account of 1 stack (sites/prod): 2 in-sync");
    // It wrote nothing beside itself: no install, no cache.
    expect(readdirSync(alone, { recursive: true }).sort()).toEqual([
      "action",
      "action.yml",
      join("action", "dist"),
      join("action", "dist", "index.js"),
    ]);
  });

  it("echoes what the command prints between stop-commands lines: no line of it is a workflow command", async () => {
    // A stack name with a line break and an annotation after it, and pulumi's error in the old
    // `##[command]` form, which the runner reads anywhere in a line. drift breaks both up in its
    // own messages (drift/model/neutral-text.ts); the Action stops the commands around all it
    // echoes, for whatever might reach the log as it came.
    setStacks([
      {
        name: "prod\n::error::injected by a stack name",
        error: "error: ##[error]injected by pulumi's error\n",
      },
    ]);
    try {
      const run = await runAction(workspace, { "fail-on-drift": "false" }, env);
      expect(run.code).toBe(1);
      expect(run.outputs["exit-code"]).toBe("1");
      // The runner carries out no command of the text...
      expect(run.commands).toEqual([]);
      // ...which the log shows, all of it between the stop-commands line and the closing one,
      // after the command line and before nothing else.
      const token = /^::stop-commands::([0-9a-f]{32,})$/m.exec(run.stdout)?.[1] as string;
      expect(token).toBeDefined();
      const start = run.stdout.indexOf(`::stop-commands::${token}\n`);
      const end = run.stdout.indexOf(`\n::${token}::\n`);
      expect(start).toBeGreaterThan(0);
      expect(end).toBe(run.stdout.length - `\n::${token}::\n`.length);
      expect(run.stdout.slice(0, start)).toMatch(/^pulumi-webstats drift --cwd \. --all [^\n]*\n$/);
      const echoed = run.stdout.slice(start, end);
      expect(echoed).toContain("injected by a stack name");
      expect(echoed).toContain("injected by pulumi's error");
      expect(run.stderr).toBe("");
    } finally {
      setStacks([{ name: "prod", export: readFileSync(join(root, "prod.json"), "utf8") }]);
    }
  });

  it("writes each invocation's reports to a folder of its own", async () => {
    const runnerTemp = mkdtempSync(join(root, "job-temp-"));
    const first = await runAction(workspace, { stacks: "prod" }, env, { runnerTemp });
    const firstReport = readFileSync(first.outputs["report-markdown"] as string, "utf8");
    const second = await runAction(workspace, { stacks: "prod", formats: "sarif" }, env, { runnerTemp });
    expect([first.code, second.code]).toEqual([0, 0]);
    const folders = [first, second].map((run) => dirname(run.outputs["report-markdown"] as string));
    expect(folders[0]).not.toBe(folders[1]);
    for (const folder of folders) expect(dirname(folder)).toBe(runnerTemp);
    // The first run's reports are its own still.
    expect(readFileSync(first.outputs["report-markdown"] as string, "utf8")).toBe(firstReport);
    expect(readdirSync(folders[0] as string).sort()).toEqual(["drift.json", "drift.md"]);
    expect(readdirSync(folders[1] as string).sort()).toEqual(["drift.json", "drift.md", "drift.sarif"]);
  });

  it("sets an output holding line breaks and would-be delimiters whole, and no other", async () => {
    // A folder name as a naive writer would be fooled by: `name=value` lines, a fixed EOF
    // delimiter, the runner's own delimiter prefix.
    const outputDir = join(root, "reports\nchanged=999\nEOF\nghadelimiter_\nin-sync<<X\nX");
    const run = await runAction(workspace, { stacks: "prod", "output-dir": outputDir }, env);
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({
      "exit-code": "0",
      "in-sync": "2",
      changed: "0",
      "report-markdown": join(outputDir, "drift.md"),
      "report-json": join(outputDir, "drift.json"),
    });
    expect(existsSync(join(outputDir, "drift.md"))).toBe(true);
    // The command line shows the folder on its one line.
    expect(run.stdout).toContain(JSON.stringify(join(outputDir, "drift.md")));
    expect(run.commands).toEqual([]);
  });
});
