// The workflows the CI page shows work as pasted: the organisation-wide drift scan on the page
// is the example's workflow file byte for byte, that file passes actionlint as `npm run lint`
// checks it (tools/ci/lint-workflows.mjs), it gives the repository's Action only inputs that
// action.yml declares, with values the Action accepts, and every upload to code scanning uses
// github/codeql-action/upload-sarif@v4.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { docExample, docText } from "../../support/docs";
import { expectActionlintClean } from "../../support/checkout";
import { expectDeclaredInputs, readStepInputs } from "../../support/workflow-steps";
import type { WorkflowStep } from "../../support/workflow-steps";

const root = join(__dirname, "..", "..", "..");
const workflowPath = "examples/gitops/.github/workflows/drift-scan.yml";
const workflowText = readFileSync(join(root, workflowPath), "utf8");

type Step = WorkflowStep;
const workflow = parse(workflowText) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe("the organisation-wide drift scan (docs/ci-gitops.md)", () => {
  it("is on the page as it is in the example's workflow file, byte for byte", () => {
    expect(docExample("drift-scan-workflow", "yaml")).toBe(workflowText);
    expect(docText("docs/ci-gitops.md")).toContain(`](../${workflowPath})`);
  });

  it("passes actionlint, as npm run lint checks the examples' workflows", () => {
    // lint-workflows.mjs checks every examples/*/.github/workflows file; given a file, that one.
    expect(relative(root, workflowPath)).toMatch(/^examples\/[^/]+\/\.github\/workflows\/[^/]+\.yml$/);
    expectActionlintClean(workflowPath);
  }, 300_000);

  it("runs on a schedule and on demand, reads the code and writes code scanning, nothing more", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
    expect(workflow.permissions).toEqual({ contents: "read", "security-events": "write", actions: "read" });
    expect(steps[0]?.uses).toMatch(/^actions\/checkout@/);
  });

  it("gives the Action only inputs action.yml declares, with values it accepts: backend-wide, filtered, SARIF", () => {
    const drift = steps.find((step) => step.uses?.startsWith("pulumi-webstats/pulumi-webstats@"));
    expect(drift?.id).toBe("drift");
    expectDeclaredInputs(drift!);
    // As the runner passes them to the Action (INPUT_<NAME>), read by the Action's own reader.
    const read = readStepInputs(drift!);
    expect(read).toHaveProperty("inputs");
    const { inputs } = read as Extract<typeof read, { inputs: unknown }>;
    expect(inputs.stacks).toBe("all");
    expect(inputs.backendWide).toBe(true);
    expect(inputs.stackFilter.length).toBeGreaterThan(0);
    expect(inputs.formats).toContain("sarif");
  });

  it("uploads the Action's SARIF report with upload-sarif@v4", () => {
    const upload = steps.at(-1);
    expect(upload?.uses).toBe("github/codeql-action/upload-sarif@v4");
    expect(upload?.with).toEqual({ sarif_file: "${{ steps.drift.outputs.report-sarif }}" });
    expect(upload?.if).toContain("steps.drift.outputs.report-sarif != ''");
  });
});

describe("uploads to code scanning on the pages and in the examples' workflows", () => {
  it("use github/codeql-action/upload-sarif@v4", () => {
    const files = [
      ...readdirSync(join(root, "docs"), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith(".md") && !file.startsWith("api"))
        .map((file) => join("docs", file)),
      ...readdirSync(join(root, "examples"), { recursive: true })
        .map(String)
        .filter(
          (file) => /\.github[/\\]workflows[/\\][^/\\]+\.ya?ml$/.test(file) && !file.includes("node_modules"),
        )
        .map((file) => join("examples", file)),
    ];
    const pins = files.flatMap((file) =>
      [
        ...readFileSync(join(root, file), "utf8").matchAll(/github\/codeql-action\/upload-sarif@([\w.-]+)/g),
      ].map((match) => `${file}: ${match[1]}`),
    );
    expect(pins.length).toBeGreaterThanOrEqual(4);
    expect(pins.filter((pin) => !pin.endsWith(": v4"))).toEqual([]);
  });
});

describe("the GitOps example's workflows, as the pages count and name them", () => {
  const folder = join(root, "examples", "gitops", ".github", "workflows");
  const files = readdirSync(folder).filter((file) => /\.ya?ml$/.test(file));
  const numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

  it.each([
    [
      "docs/ci-gitops.md",
      /\[examples\/gitops\]\(\.\.\/examples\/gitops\) has (\w+) GitHub Actions workflows/,
    ],
  ])("%s counts every workflow file of the example and names each", (page, sentence) => {
    const text = docText(page).replace(/\s+/g, " ");
    expect(numbers.indexOf(sentence.exec(text)?.[1] ?? "")).toBe(files.length);
    for (const file of files) expect(text).toContain(`\`${file}\``);
  });

  it("examples/gitops/README.md has a row for each", () => {
    const readme = readFileSync(join(root, "examples", "gitops", "README.md"), "utf8");
    for (const file of files) expect(readme).toContain(`[${file}](.github/workflows/${file})`);
  });
});
