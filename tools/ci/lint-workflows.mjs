#!/usr/bin/env node
// @ts-check
// The workflow half of `npm run lint`: actionlint over .github/workflows and each example's
// examples/*/.github/workflows (syntax, expressions, job needs, permissions keys, the shell
// scripts of `run:` steps through shellcheck when it is on PATH). actionlint is built once per
// machine from the pinned wrapper module tools/ci/actionlint
// (github.com/rhysd/actionlint v1.7.12, go.sum committed) into
// ~/.cache/pulumi-webstats/actionlint/v<hash of the module> (override with WEBSTATS_ACTIONLINT_CACHE).
//
// Usage: node tools/ci/lint-workflows.mjs [<workflow file> ...]   (default: every workflow)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

const files = workflowFiles(process.argv.slice(2));
if (files.length === 0) {
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
const result = spawnSync(binary, ["-no-color", ...files], { cwd: repoRoot, encoding: "utf8" });
if (result.status !== 0) {
  process.stderr.write(`lint:workflows: actionlint found problems:\n${result.stdout}${result.stderr}`);
  process.exit(1);
}
process.stdout.write(`lint:workflows: ${files.length} workflow file(s): clean\n`);
