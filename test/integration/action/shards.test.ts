// One drift run split over a matrix, through the Action as a runner runs it
// (test/support/action-runner.ts: the committed bundle, the inputs from action.yml, a job's
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP) against the emulator, with the stand-in
// pulumi on PATH: two shard jobs, each over one of two stacks (shard 1's file at the Action's
// default path, shard 2's at one given), then the merge job over their files as
// download-artifact leaves them (one folder, merge-multiple). Each stack records one
// website of a shared account that also holds a website no stack records: alone, a shard would
// call the other shard's website unmanaged; merged, only the unrecorded one is. The shards write
// their files and one line of summary, no report; the merge writes the reports of one run (the
// SARIF with one run), the counts and the job summary, and keeps the history (one line for the
// run, its headline heading the summary); without shard 2's file it refuses.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { shardKeyOf, shardOf } from "../../../drift/shard/split";
import { runAction } from "../../support/action-runner";
import { makePulumiStandIn } from "../../support/pulumi-stand-in";
import { stackExportText } from "../../support/stack-exports";

const root = mkdtempSync(join(tmpdir(), "action-shards-"));
const workspace = join(root, "workspace");
const standIn = join(root, "pulumi-stand-in");
const env = { PATH: standIn, HOME: root };
let emulator: Emulator;

/** The first stack name the split puts in `shard` of 2, listed in the default working-directory ".". */
function stackInShard(shard: number): string {
  for (let n = 0; ; n += 1)
    if (shardOf(shardKeyOf({ kind: "stack", name: `stack-${n}`, cwd: "." }), 2) === shard)
      return `stack-${n}`;
}

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({ name: "Shards" });
  const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
  const [one, two] = [
    await client.websites.create({ domain: "one.shards.example" }),
    await client.websites.create({ domain: "two.shards.example" }),
  ];
  await client.websites.create({ domain: "nobody.shards.example" });
  const exported = (website: typeof one) =>
    stackExportText({ project: "sites", url: emulator.url, apiKey: account.apiKey, websites: [website] });
  mkdirSync(workspace);
  writeFileSync(join(workspace, "Pulumi.yaml"), "name: sites\nruntime: nodejs\n");
  makePulumiStandIn(standIn, [
    { name: stackInShard(1), export: exported(one) },
    { name: stackInShard(2), export: exported(two) },
  ]);
});

afterAll(async () => {
  await emulator?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the Action over a matrix of shards, then their merge", () => {
  it("writes each shard's file and no report, then the merged reports as one run; refuses a missing shard", async () => {
    const shards = [];
    for (const index of [1, 2]) {
      // Shard 1's file where the Action puts it by default; shard 2's where the workflow says.
      const given: Record<string, string> = index === 2 ? { "shard-file": "out/shard-2.json" } : {};
      const run = await runAction(workspace, { shard: `${index}/2`, "run-id": "run-42", ...given }, env);
      const file =
        index === 2
          ? join(workspace, "out", "shard-2.json")
          : join(run.runnerTemp, "pulumi-webstats-shard-1-of-2.json");
      expect(run.stdout).toContain(` --shard ${index}/2 --shard-file ${file} --run-id run-42\n`);
      expect(run.code).toBe(0);
      // Each shard read its one stack of the two.
      expect(run.stdout).toContain(`Shard ${index}/2: 1 of 2 stacks, 1 recorded website on 1 account;`);
      expect(run.outputs).toMatchObject({
        "exit-code": "0",
        "shard-file": file,
        "report-json": "",
        changed: "",
      });
      expect(run.summary).toBe(
        `Drift shard ${index}/2: its stacks are read into its shard file; the merge job writes the reports.\n`,
      );
      // No report folder: at most the shard file.
      expect(readdirSync(run.runnerTemp).filter((name) => !name.startsWith("_runner"))).toEqual(
        index === 2 ? [] : [basename(file)],
      );
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ outcome: "complete", runId: "run-42" });
      shards.push(file);
    }

    // download-artifact with merge-multiple: every shard's file in one folder of the workspace.
    mkdirSync(join(workspace, "shards"));
    for (const file of shards) cpSync(file, join(workspace, "shards", basename(file)));
    const merged = await runAction(
      workspace,
      {
        "merge-files": "shards/*.json",
        formats: "sarif html",
        "fail-on-drift": "false",
        history: "drift-history.jsonl",
        "history-keep": "90d",
      },
      env,
    );
    const history = join(workspace, "drift-history.jsonl");
    expect(merged.stdout).toMatch(
      /^pulumi-webstats drift merge \S+\/shards\/pulumi-webstats-shard-1-of-2\.json \S+\/shards\/shard-2\.json --history \S+ --history-keep 90d --format /,
    );
    expect(merged.stdout).toContain(` --history ${history} `);
    expect(merged.code).toBe(0);
    expect(merged.outputs).toMatchObject({
      "exit-code": "2",
      "in-sync": "2",
      unmanaged: "1",
      changed: "0",
      gone: "0",
      duplicate: "0",
      "shard-file": "",
    });
    const sarif = JSON.parse(readFileSync(merged.outputs["report-sarif"] as string, "utf8")) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs).toHaveLength(1);
    expect(sarif.runs[0]?.results).toHaveLength(1);
    expect(readFileSync(merged.outputs["report-html"] as string, "utf8")).toContain("nobody.shards.example");
    expect(merged.summary).toBe(readFileSync(merged.outputs["report-markdown"] as string, "utf8"));
    expect(merged.summary).toContain("3 websites in 1 account of 2 stacks");
    // The merge keeps the history: one line for the run over both shards, its headline first.
    const headline =
      "The history starts with this run: 1 finding; the next run tells what is new and what was fixed.";
    expect(merged.summary.startsWith(`## Website drift\n\n${headline}\n\n`)).toBe(true);
    expect(merged.outputs).toMatchObject({ new: "0", fixed: "0", "history-headline": headline });
    expect(readFileSync(history, "utf8").trim().split("\n")).toHaveLength(1);

    rmSync(join(workspace, "shards", basename(shards[1] as string)));
    const missing = await runAction(workspace, { "merge-files": "shards/*.json" }, env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("shard 2/2 is missing");
    expect(missing.outputs).toMatchObject({ "exit-code": "1", "report-json": "", "report-markdown": "" });
    expect(missing.summary).toBe("");
  });
});
