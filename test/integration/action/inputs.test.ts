// The repository's Action (action.yml) as a runner reads and runs it: a JavaScript action whose
// inputs reach it only through the environment (INPUT_* variables, no `${{ }}` anywhere), and an
// input that is not one of its values stops it before anything else with an error annotation
// naming the input and the values it takes: no folder made, nothing read or changed. The Action
// against the emulator with real stacks is test/e2e/action.test.ts; its output and its folders,
// test/integration/action/run.test.ts.
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAction, runAction } from "../../support/action-runner";
import { scratchFolder } from "../../support/scratch-folder";

const root = scratchFolder("action-inputs-");
const workspace = join(root, "workspace");
mkdirSync(workspace);
const env = { PATH: "/usr/bin:/bin", HOME: root };

describe("action.yml", () => {
  it("is a node24 JavaScript action run from its committed bundle, reading its inputs from the environment", () => {
    const action = readAction();
    expect(action.runs).toEqual({ using: "node24", main: "action/dist/index.js" });
    expect(JSON.stringify(action)).not.toContain("${{");
  });

  it.each([
    [{ fix: "clouds" }, 'input fix is "clouds": it takes none, code, cloud.'],
    [
      { formats: "markdown pdf" },
      'input formats is "pdf": it takes text, json, markdown, sarif, junit, html.',
    ],
    [
      { "fail-on": "changed,silent" },
      'input fail-on is "silent": it takes changed, gone, unmanaged, duplicate.',
    ],
    [{ "backend-wide": "yes" }, 'input backend-wide is "yes": it takes true, false.'],
    [{ "fail-on-drift": "no" }, 'input fail-on-drift is "no": it takes true, false.'],
    [{ stacks: "prod $(touch pwned)" }, 'input stacks names "$(touch', "which is not a stack name"],
    [{ stacks: "prod", "stack-filter": "acme-*" }, 'input stack-filter narrows stacks "all"'],
    [{ fix: "cloud", "backend-wide": "true" }, 'input fix is "cloud" with backend-wide "true"'],
    [{ shard: "1/2", "merge-files": "shards/*.json" }, "input shard is given with merge-files"],
    [{ shard: "3/2" }, 'input shard is "3/2": it takes I/N'],
    [{ "merge-files": "shards/*.json", stacks: "prod" }, "input stacks goes to the shard jobs"],
    [{ history: "drift-history.jsonl", "history-keep": "1w" }, "input history-keep takes a number of runs"],
    [{ "history-keep": "90d" }, "input history-keep goes with history"],
    [{ shard: "1/2", history: "drift-history.jsonl" }, "input history goes to the merge job"],
  ] as [Record<string, string>, ...string[]][])(
    "refuses %j before anything else",
    async (inputs, ...expected) => {
      const run = await runAction(workspace, inputs, env);
      expect(run.code).toBe(1);
      for (const text of expected) expect(run.stdout).toContain(text);
      // Stopped before the command line was even made: no report folder, no command run.
      expect(run.stdout).not.toContain("pulumi-webstats drift");
      expect(readdirSync(run.runnerTemp).filter((name) => !name.startsWith("_runner"))).toEqual([]);
      expect(run.stdout).toMatch(/^::error title=pulumi-webstats action::input /m);
      expect(run.stderr).toContain("nothing was read or changed");
      expect(run.outputs["exit-code"]).toBe("");
    },
  );

  it("keeps a value with a line break on the annotation's one line", async () => {
    const run = await runAction(workspace, { fix: "none\n::warning::injected" }, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input fix is "none%0A::warning::injected"');
    expect(run.stdout).not.toMatch(/^::warning::/m);
    expect(run.commands.map((c) => c.command)).toEqual(["error"]);
  });
});
