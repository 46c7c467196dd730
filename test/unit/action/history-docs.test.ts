// The two workflows docs/drift-ci.md shows for keeping drift's history between runs work as
// pasted: each passes actionlint, gives the repository's Action only inputs action.yml declares
// with values the Action's own reader takes, keeps the history file inside the folder it carries
// (the cache's path, the artifact's), carries it on when drift found drift too (a failed step),
// and lets one run at a time write it. The cache's key never matches exactly, so that the newest
// entry is restored and each run saves one of its own; the artifact is downloaded from the run
// that uploaded the newest one, by its name.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expectActionlintClean } from "../../support/checkout";
import { docExample } from "../../support/docs";
import { scratchFolder } from "../../support/scratch-folder";
import { expectDeclaredInputs, readStepInputs, withValues } from "../../support/workflow-steps";
import type { WorkflowStep } from "../../support/workflow-steps";

/** A step of these workflows: each `with:` value a string. */
type Step = WorkflowStep & { with?: Record<string, string> };
interface Workflow {
  concurrency?: { group?: string; "cancel-in-progress"?: boolean };
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

const examples = ["drift-history-cache", "drift-history-artifact"] as const;
const text = (name: string) => docExample(name, "yaml");
const workflowOf = (name: string) => parse(text(name)) as Workflow;
const stepsOf = (name: string) => Object.values(workflowOf(name).jobs).flatMap((job) => job.steps);
const stepUsing = (name: string, action: string) =>
  stepsOf(name).find((step) => step.uses?.startsWith(`${action}@`)) as Step;
const runnerTemp = "/home/runner/work/_temp";
/** A `with:` value as the runner passes it, `${{ runner.temp }}` given its value. */
const valued = (value: string | undefined) => withValues(value ?? "", { "runner.temp": runnerTemp });

describe.each(examples)("the workflow %s of docs/drift-ci.md", (name) => {
  it("passes actionlint", () => {
    const folder = scratchFolder("history-docs-");
    const file = join(folder, `${name}.yml`);
    writeFileSync(file, text(name));
    expectActionlintClean(file);
  }, 300_000);

  it("gives the Action only inputs action.yml declares, with values it takes: the history kept 90 days", () => {
    const step = stepUsing(name, "pulumi-webstats/pulumi-webstats");
    expectDeclaredInputs(step);
    expect(readStepInputs(step, { "runner.temp": runnerTemp })).toMatchObject({
      inputs: {
        history: `${runnerTemp}/drift-history/drift-history.jsonl`,
        historyKeep: { days: 90 },
        split: { mode: "run" },
      },
    });
  });

  it("lets one run at a time write the history, and carries it on after drift was found", () => {
    expect(workflowOf(name).concurrency).toEqual({ group: "drift-history", "cancel-in-progress": false });
    const steps = stepsOf(name);
    const drift = steps.findIndex((step) => step.uses?.startsWith("pulumi-webstats/pulumi-webstats@"));
    const keep = steps.findIndex((step) => step.name === "Keep the history for the next run");
    expect(keep).toBeGreaterThan(drift);
    // Not success(): the Action's step fails when drift is found, and the history holds that run.
    expect(steps[keep]?.if).toBe("${{ !cancelled() }}");
  });
});

describe("the history in the runner's cache", () => {
  const restore = stepUsing("drift-history-cache", "actions/cache/restore");
  const save = stepUsing("drift-history-cache", "actions/cache/save");
  const history = valued(stepUsing("drift-history-cache", "pulumi-webstats/pulumi-webstats").with?.history);

  it("restores and saves the history's folder, under one key", () => {
    expect(valued(restore.with?.path)).toBe(dirname(history));
    expect(save.with?.path).toBe(restore.with?.path);
    expect(save.with?.key).toBe(restore.with?.key);
  });

  it("saves each run and attempt under a key of its own, and restores the newest by its prefix", () => {
    const key = restore.with?.key ?? "";
    expect(key).toBe("drift-history-${{ github.run_id }}-${{ github.run_attempt }}");
    const prefix = restore.with?.["restore-keys"] ?? "";
    expect(prefix).toBe("drift-history-");
    expect(key.startsWith(prefix)).toBe(true);
  });
});

describe("the history as an artifact", () => {
  const find = stepsOf("drift-history-artifact").find((step) => step.id === "last") as Step;
  const download = stepUsing("drift-history-artifact", "actions/download-artifact");
  const upload = stepUsing("drift-history-artifact", "actions/upload-artifact");
  const history = valued(
    stepUsing("drift-history-artifact", "pulumi-webstats/pulumi-webstats").with?.history,
  );

  it("uploads the history's folder, and downloads it to the same folder under the same name", () => {
    expect(valued(upload.with?.path)).toBe(dirname(history));
    expect(download.with?.path).toBe(upload.with?.path);
    expect(download.with?.name).toBe(upload.with?.name);
    expect(Number(upload.with?.["retention-days"])).toBeGreaterThan(0);
  });

  it("downloads from the run that uploaded the newest artifact of that name, when there is one", () => {
    expect(find.run).toContain(`actions/artifacts?name=${upload.with?.name}&`);
    expect(find.run).toContain("max_by(.created_at) | .workflow_run.id // empty");
    expect(find.env).toEqual({ GH_TOKEN: "${{ github.token }}", GH_REPO: "${{ github.repository }}" });
    expect(download.if).toBe("${{ steps.last.outputs.run-id != '' }}");
    expect(download.with?.["run-id"]).toBe("${{ steps.last.outputs.run-id }}");
    expect(download.with?.["github-token"]).toBe("${{ github.token }}");
    // Reading another run's artifacts takes the actions permission.
    expect(workflowOf("drift-history-artifact").permissions).toEqual({ contents: "read", actions: "read" });
  });
});
