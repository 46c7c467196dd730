#!/usr/bin/env node
// @ts-check
// `npm run mutate [-- <part>...] [-- stryker options]`: StrykerJS over the code that acts for
// users (tools/mutate/stryker.config.mjs), on Node.js 24 from the machine's cache
// (tools/machine/ensure-node.mjs: Stryker's engines ask for 22 or later, whatever the machine has).
// A part is a folder of the configuration (drift, policy, core, action) or a folder or file below
// one (drift/compare, core/website-custody.ts); parts run one after another, and without one
// every folder runs in one go. Options starting with `--` go to `stryker run` as they are
// (`--concurrency 1`, `--force` to run again what the incremental file already holds).
// `--together` runs the parts given in one Stryker run instead (one first test run for all, which
// on this machine is most of a small part's time), and records each part from its report.
// `--head` mutates the last commit instead of the working tree: a copy of HEAD (git archive) with
// this folder and node_modules beside it, for a run that edits in progress must not disturb.
// `--render` only renders bench/results/mutation.md again from bench/results/mutation.json
// (after a change to equivalent-mutants.json).
//
// After each part, the JSON report (reports/mutation/<part>.json) is condensed into
// bench/results/mutation.json, replacing that part's earlier entry, and the Markdown page is
// written from it.

import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { COMPAT_NODE_VERSIONS } from "../ci/test-compat.mjs";
import { ensureNode } from "../machine/ensure-node.mjs";
import { uniteIncrementalReports } from "./incremental.mjs";
import {
  condenseReport,
  mergeResult,
  readResults,
  renderMarkdown,
  scores,
  writeAtomically,
} from "./results.mjs";
import { MUTATE_FOLDERS, inPart, mutateGlobs, runName } from "./stryker.config.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const resultsJson = join(repoRoot, "bench", "results", "mutation.json");
const resultsMarkdown = join(repoRoot, "bench", "results", "mutation.md");
const equivalentsFile = join(repoRoot, "tools", "mutate", "equivalent-mutants.json");

/** @param {string[]} args */
function git(args) {
  const result = spawnSync("git", args, { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

function render() {
  const parts = readResults(resultsJson);
  const equivalents = JSON.parse(readFileSync(equivalentsFile, "utf8"));
  writeAtomically(resultsMarkdown, renderMarkdown(parts, equivalents, Object.keys(MUTATE_FOLDERS)));
  return parts;
}

/**
 * A report of the mutants the progress file holds (tools/mutate/progress-reporter.mjs), in the
 * shape of Stryker's JSON report, the sources read from `cwd`.
 * @param {string} progress
 * @param {string} cwd
 */
function reportFromProgress(progress, cwd) {
  /** @type {Record<string, { source: string, mutants: any[] }>} */
  const files = {};
  for (const line of readFileSync(progress, "utf8").split("\n").filter(Boolean)) {
    const mutant = JSON.parse(line);
    const file = relative(cwd, mutant.fileName).replace(/^\.stryker-tmp\/sandbox-[^/]+\//, "");
    files[file] ??= { source: readFileSync(join(cwd, file), "utf8"), mutants: [] };
    files[file].mutants.push(mutant);
  }
  return { files };
}

/**
 * A copy of HEAD's files with this folder and the checkout's node_modules, to run in.
 * @returns {string}
 */
function headCopy() {
  const dir = mkdtempSync(join(tmpdir(), "webstats-mutate-"));
  const archive = spawnSync("sh", ["-c", `git archive HEAD | tar -x -C "${dir}"`], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  if (archive.status !== 0) throw new Error("git archive HEAD failed");
  cpSync(join(repoRoot, "tools", "mutate"), join(dir, "tools", "mutate"), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/**
 * Writes the run's incremental file as the union of every earlier run's (this run's own among
 * them), so that a run over another set of parts reuses what those runs tested
 * (incremental.mjs); says how many mutated files it holds.
 * @param {string} reportsDir
 * @param {string} incremental
 * @param {(string | undefined)[]} parts
 * @param {string} cwd where the run's files are (its test files as they are now)
 * @returns {boolean} whether the run has results to reuse
 */
function uniteEarlierRuns(reportsDir, incremental, parts, cwd) {
  const earlier = readdirSync(reportsDir)
    .filter((file) => file.endsWith(".incremental.json"))
    .map((file) => join(reportsDir, file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const united = uniteIncrementalReports(
    earlier.map((file) => JSON.parse(readFileSync(file, "utf8"))),
    (file) => parts.some((part) => inPart(file, part)),
    (testFile) => (existsSync(join(cwd, testFile)) ? readFileSync(join(cwd, testFile), "utf8") : undefined),
  );
  if (united === undefined) return false;
  writeAtomically(incremental, JSON.stringify(united));
  process.stdout.write(
    `mutate: results of ${Object.keys(united.files).length} files reused where their code and tests are unchanged (from ${earlier.length} earlier runs)\n`,
  );
  return true;
}

/**
 * One Stryker run over `parts` (one part, or several with `--together`), each part recorded on
 * its own from the run's report.
 * @param {(string | undefined)[]} parts
 * @param {string[]} strykerArgs
 * @param {boolean} head
 */
function runParts(parts, strykerArgs, head) {
  const named = /** @type {string[]} */ (parts.filter((p) => p !== undefined));
  const globs = parts.flatMap((part) => mutateGlobs(part));
  const name = runName(named);
  const reportsDir = join(repoRoot, "reports", "mutation");
  const report = join(reportsDir, `${name}.json`);
  const progress = join(reportsDir, `${name}.progress.jsonl`);
  rmSync(report, { force: true });
  rmSync(progress, { force: true });
  mkdirSync(reportsDir, { recursive: true });
  const cwd = head ? headCopy() : repoRoot;
  const incremental = join(reportsDir, `${name}.incremental.json`);
  const reused = uniteEarlierRuns(reportsDir, incremental, parts, cwd);
  if (head && existsSync(incremental)) {
    mkdirSync(join(cwd, "reports", "mutation"), { recursive: true });
    cpSync(incremental, join(cwd, "reports", "mutation", `${name}.incremental.json`));
  }
  const node = ensureNode(/** @type {string} */ (COMPAT_NODE_VERSIONS.find((v) => v.startsWith("24."))));
  const concurrencyAt = strykerArgs.indexOf("--concurrency");
  const concurrency = concurrencyAt >= 0 ? Number(strykerArgs[concurrencyAt + 1]) : 2;
  const commit = git(["rev-parse", "HEAD"]);
  const folders = [...new Set(globs.map((g) => g.split("/")[0] ?? g))];
  const changedFiles = head
    ? []
    : git(["status", "--porcelain", "--", ...folders, "test"])
        .split("\n")
        .filter(Boolean)
        .map((line) => line.slice(3));
  const startedAt = new Date();
  process.stdout.write(
    `mutate ${name}: ${globs.join(", ")} on Node.js ${node.version}, commit ${commit.slice(0, 12)}\n`,
  );
  const stryker = spawnSync(
    node.node,
    [
      join(repoRoot, "node_modules", "@stryker-mutator", "core", "bin", "stryker.js"),
      "run",
      "tools/mutate/stryker.config.mjs",
      ...strykerArgs,
    ],
    {
      cwd,
      stdio: "inherit",
      env: {
        ...process.env,
        WEBSTATS_MUTATE: named.join(","),
        WEBSTATS_MUTATE_PROGRESS: progress,
        PATH: `${node.binDir}:${process.env.PATH ?? ""}`,
      },
    },
  );
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const complete = existsSync(join(cwd, "reports", "mutation", `${name}.json`));
  // A run stopped before its end (or failed) leaves only the progress file: its mutants so far.
  const partialReport = !complete && existsSync(progress) ? reportFromProgress(progress, cwd) : undefined;
  if (head) {
    for (const file of [`${name}.json`, `${name}.html`, `${name}.incremental.json`]) {
      const made = join(cwd, "reports", "mutation", file);
      if (existsSync(made)) cpSync(made, join(reportsDir, file));
    }
    rmSync(cwd, { recursive: true, force: true });
  }
  if (!complete && !partialReport) {
    throw new Error(
      `stryker run for ${name} ended (exit ${stryker.status ?? stryker.signal}) without its report`,
    );
  }
  const whole = partialReport ?? JSON.parse(readFileSync(report, "utf8"));
  let recorded = readResults(resultsJson);
  for (const part of parts) {
    // Each part keeps the files of the report that are its own.
    const files = Object.fromEntries(
      Object.entries(whole.files ?? {}).filter(([file]) => inPart(file.replaceAll("\\", "/"), part)),
    );
    const { counts, survivors } = condenseReport({ files });
    recorded = mergeResult(recorded, {
      part: part ?? "all",
      globs: mutateGlobs(part),
      commit,
      changedFiles,
      startedAt: startedAt.toISOString().replace(/\.\d+Z$/, "Z"),
      seconds,
      ...(parts.length > 1 ? { runWith: parts.length - 1 } : {}),
      node: node.version,
      concurrency,
      incremental: reused,
      complete,
      counts,
      survivors,
    });
    const { score, scoreCovered } = scores(counts);
    process.stdout.write(
      `mutate ${part ?? "all"}: ${score.toFixed(1)}% killed (${scoreCovered.toFixed(1)}% of covered), ${survivors.length} survivors, ${Math.round(seconds)} s\n`,
    );
  }
  writeAtomically(resultsJson, `${JSON.stringify({ parts: recorded }, null, 2)}\n`);
  render();
}

const args = process.argv.slice(2);
if (args.includes("--render")) {
  render();
} else {
  const head = args.includes("--head");
  const together = args.includes("--together");
  // A bare `--` (as in `npm run mutate -- core -- --concurrency 1`) only separates: stryker's
  // options are the ones from the first that starts with `--`.
  const rest = args.filter((a) => a !== "--head" && a !== "--together" && a !== "--");
  const firstOption = rest.findIndex((a) => a.startsWith("--"));
  const parts = firstOption < 0 ? rest : rest.slice(0, firstOption);
  const strykerArgs = firstOption < 0 ? [] : rest.slice(firstOption);
  if (together && parts.length > 1) runParts(parts, strykerArgs, head);
  else for (const part of parts.length > 0 ? parts : [undefined]) runParts([part], strykerArgs, head);
}
