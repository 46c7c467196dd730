#!/usr/bin/env node
// @ts-check
// `node tools/mutate/move-equivalents.mjs <file> <commit>`: moves the lines of a file's entries in
// equivalent-mutants.json from the file as it was at <commit> (the lines they were written for,
// usually the commit its part was last run at) to the file as it is now, by the hunks of
// `git diff <commit> -- <file>`. An equivalent matches a survivor by its line, so a change
// that adds or removes lines above an entry would leave it matching nothing at the part's next
// run. An entry whose own line changed is moved too, and named: read it again, it may no longer hold.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeAtomically } from "./results.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const equivalentsFile = join(repoRoot, "tools", "mutate", "equivalent-mutants.json");

/**
 * The hunks of a unified diff with no context lines.
 * @param {string} diff
 * @returns {{ oldStart: number, oldLength: number, newStart: number, newLength: number }[]}
 */
export function hunksOf(diff) {
  return [...diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)].map((m) => ({
    oldStart: Number(m[1]),
    oldLength: m[2] === undefined ? 1 : Number(m[2]),
    newStart: Number(m[3]),
    newLength: m[4] === undefined ? 1 : Number(m[4]),
  }));
}

/**
 * Where an old line is now, and whether the change touched the line itself.
 * @param {number} line
 * @param {ReturnType<typeof hunksOf>} hunks
 */
export function movedLine(line, hunks) {
  let shift = 0;
  for (const h of hunks) {
    // A hunk that removes nothing adds its lines after oldStart; one that removes lines replaces them.
    const before = h.oldLength === 0 ? line <= h.oldStart : line < h.oldStart;
    if (before) break;
    const inside = h.oldLength > 0 && line < h.oldStart + h.oldLength;
    if (inside)
      return { line: Math.min(line + shift, h.newStart + Math.max(h.newLength - 1, 0)), touched: true };
    shift += h.newLength - h.oldLength;
  }
  return { line: line + shift, touched: false };
}

function main() {
  const [file, commit] = process.argv.slice(2);
  if (!file || !commit) throw new Error("usage: node tools/mutate/move-equivalents.mjs <file> <commit>");
  const diff = spawnSync("git", ["diff", "-U0", commit, "--", file], { cwd: repoRoot, encoding: "utf8" });
  if (diff.status !== 0) throw new Error(`git diff ${commit} -- ${file} failed: ${diff.stderr}`);
  const hunks = hunksOf(diff.stdout);
  /** @type {import("./results.mjs").Equivalent[]} */
  const equivalents = JSON.parse(readFileSync(equivalentsFile, "utf8"));
  for (const e of equivalents) {
    if (e.file !== file || e.line === undefined) continue;
    const moved = movedLine(e.line, hunks);
    if (moved.touched)
      console.log(`${file}:${e.line} -> ${moved.line} (${e.mutator}): its line changed; read it again`);
    else if (moved.line !== e.line) console.log(`${file}:${e.line} -> ${moved.line} (${e.mutator})`);
    e.line = moved.line;
  }
  writeAtomically(equivalentsFile, `${JSON.stringify(equivalents, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
