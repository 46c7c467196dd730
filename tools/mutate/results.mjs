// @ts-check
// Mutation testing's recorded figures: bench/results/mutation.json keeps one entry per part run
// (a folder, or a folder below one), condensed from Stryker's JSON report, and
// bench/results/mutation.md is rendered from it, with the survivors judged equivalent
// (equivalent-mutants.json) marked with the reason. Both are written by run.mjs, never by hand.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * @typedef {{ file: string, line: number, column: number, context: string, mutator: string, original: string, replacement: string, status: string, static?: boolean }} Survivor
 * @typedef {{ killed: number, timeout: number, survived: number, noCoverage: number, runtimeError: number, compileError: number, ignored: number }} Counts
 * @typedef {{ startedAt: string, seconds: number, commit: string, incremental?: boolean, complete: boolean }} EarlierRun
 * @typedef {{ part: string, globs: string[], commit: string, changedFiles: string[], startedAt: string, seconds: number, runWith?: number, node: string, concurrency: number, incremental?: boolean, complete: boolean, counts: Counts, survivors: Survivor[], earlierRuns?: EarlierRun[] }} PartResult
 * @typedef {{ file: string, context?: string, mutator: string, replacement: string, reason: string, static?: boolean }} Equivalent
 */

/** @param {string} text */
function oneLine(text) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

/** The most lines above its own that a mutant's context takes to be told apart. */
const CONTEXT_LINES = 5;

/**
 * Where a mutant is, told by text rather than by number, so an edit elsewhere in the file never
 * moves it: the mutant's first line, whitespace condensed; where that line's text occurs more
 * than once in the file (a bare `} catch {`, say), the lines above it are put before it, one at
 * a time (blank lines skipped, at most CONTEXT_LINES), until the lines together occur once.
 * @param {string} source
 * @param {number} line from 1
 */
export function contextOf(source, line) {
  const condensed = source.split("\n").map((text) => text.replace(/\s+/g, " ").trim());
  const own = condensed[line - 1] ?? "";
  // The file's non-blank lines, and where the mutant's line is among them.
  const lines = condensed.filter((text, i) => text !== "" || i === line - 1);
  const at = condensed.slice(0, line - 1).filter((text) => text !== "").length;
  let window = [own];
  for (let above = 1; above <= CONTEXT_LINES && at - above >= 0; above++) {
    const occurrences = lines.filter((_, end) =>
      window.every((text, k) => lines[end - window.length + 1 + k] === text),
    ).length;
    if (occurrences <= 1) break;
    window = [lines[at - above] ?? "", ...window];
  }
  return window.join(" ⏎ ");
}

/**
 * The text a mutant replaced, from the file's source in the report (lines and columns from 1).
 * @param {string} source
 * @param {{ start: { line: number, column: number }, end: { line: number, column: number } }} location
 */
function originalText(source, location) {
  const lines = source.split("\n");
  const { start, end } = location;
  if (start.line === end.line) return (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1);
  const first = (lines[start.line - 1] ?? "").slice(start.column - 1);
  const last = (lines[end.line - 1] ?? "").slice(0, end.column - 1);
  return [first, ...lines.slice(start.line, end.line - 1), last].join("\n");
}

/**
 * Every status at nought: what a part's or a folder's counts start from.
 * @returns {Counts}
 */
const noCounts = () => ({
  killed: 0,
  timeout: 0,
  survived: 0,
  noCoverage: 0,
  runtimeError: 0,
  compileError: 0,
  ignored: 0,
});

/**
 * Condenses Stryker's JSON report (mutation-testing-report-schema) into counts and survivors.
 * @param {any} report
 * @returns {{ counts: Counts, survivors: Survivor[] }}
 */
export function condenseReport(report) {
  const counts = noCounts();
  /** @type {Record<string, keyof Counts>} */
  const key = {
    Killed: "killed",
    Timeout: "timeout",
    Survived: "survived",
    NoCoverage: "noCoverage",
    RuntimeError: "runtimeError",
    CompileError: "compileError",
    Ignored: "ignored",
  };
  /** @type {Survivor[]} */
  const survivors = [];
  for (const [file, { source, mutants }] of Object.entries(report.files ?? {})) {
    for (const mutant of mutants) {
      const k = key[mutant.status];
      if (k) counts[k] += 1;
      if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
        survivors.push({
          file: file.replaceAll("\\", "/"),
          line: mutant.location.start.line,
          column: mutant.location.start.column,
          context: contextOf(source, mutant.location.start.line),
          mutator: mutant.mutatorName,
          original: oneLine(originalText(source, mutant.location)),
          replacement: oneLine(mutant.replacement ?? ""),
          status: mutant.status,
          // Run while a module loaded (outside any test) as well as in tests: judged by those tests only.
          ...(mutant.static ? { static: true } : {}),
        });
      }
    }
  }
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { counts, survivors };
}

/**
 * Killed share of the mutants that ran (killed and timed out over killed, timed out, survived
 * and not covered), as Stryker computes its mutation score; and over the covered ones only.
 * @param {Counts} c
 */
export function scores(c) {
  const detected = c.killed + c.timeout;
  const valid = detected + c.survived + c.noCoverage;
  const covered = detected + c.survived;
  return {
    score: valid === 0 ? NaN : (100 * detected) / valid,
    scoreCovered: covered === 0 ? NaN : (100 * detected) / covered,
  };
}

/**
 * Writes `text` to `file` through a temporary file and a rename, so a reader never sees half.
 * @param {string} file
 * @param {string} text
 */
export function writeAtomically(file, text) {
  const temporary = join(dirname(file), `.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * @param {string} file
 * @returns {PartResult[]}
 */
export function readResults(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8")).parts ?? [];
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * The recorded parts with `result` in place of an earlier run of the same part; a folder run
 * replaces the runs of its parts, and a part's run replaces the folder's.
 * @param {PartResult[]} parts
 * @param {PartResult} result
 */
export function mergeResult(parts, result) {
  const overlaps = (/** @type {string} */ a, /** @type {string} */ b) =>
    a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  // The earlier runs of the same part stay listed: a run that reused results is read beside them.
  const same = parts.find((p) => p.part === result.part);
  const earlierRuns = same
    ? [
        ...(same.earlierRuns ?? []),
        {
          startedAt: same.startedAt,
          seconds: same.seconds,
          commit: same.commit,
          incremental: same.incremental ?? false,
          complete: same.complete,
        },
      ]
    : [];
  const merged = earlierRuns.length > 0 ? { ...result, earlierRuns } : result;
  return [...parts.filter((p) => !overlaps(p.part, result.part)), merged].sort((a, b) =>
    a.part.localeCompare(b.part),
  );
}

/**
 * Whether an entry of equivalent-mutants.json is about this survivor: the same file, mutator and
 * replacement, at the same text (an entry without a context is about every line of its file).
 * @param {Equivalent} e
 * @param {Survivor} s
 */
const judges = (e, s) =>
  e.file === s.file &&
  (e.context === undefined || e.context === s.context) &&
  e.mutator === s.mutator &&
  e.replacement === s.replacement;

/**
 * @param {Survivor} s
 * @param {Equivalent[]} equivalents
 */
function equivalentReason(s, equivalents) {
  const found = equivalents.find((e) => judges(e, s));
  if (!found) return undefined;
  return found.static ? `Static, killed when every test runs: ${found.reason}` : found.reason;
}

/** @param {number} n */
const percent = (n) => (Number.isNaN(n) ? "n/a" : `${n.toFixed(1)}%`);

/** @param {string} text */
const cell = (text) => `\`${text.replaceAll("|", "\\|").replaceAll("`", "'")}\``;

/**
 * The Markdown page of the recorded results.
 * @param {PartResult[]} parts
 * @param {Equivalent[]} equivalents
 * @param {string[]} [folders] the folders the configuration mutates, to say which were not run whole
 */
export function renderMarkdown(parts, equivalents, folders = []) {
  const out = ["# Mutation testing results", ""];
  out.push(
    "Written by `npm run mutate` (tools/mutate/run.mjs) from StrykerJS's JSON report: do not edit. " +
      "Score: killed and timed-out mutants over all mutants that ran (survived and not covered count against it); " +
      "the covered score leaves out the mutants no test reached. Static mutants (module-level constants) are ignored. " +
      "A survivor marked equivalent behaves like the original for every input the code can receive; the reason says why. " +
      "A survivor marked static is code run when its module loads that a test loads again (after vi.resetModules): " +
      "Stryker judges such a mutant only by the tests that loaded the module during the test, so it was applied by hand " +
      "and the tests named fail with it; both are left out of the last score.",
    "",
  );
  /** @type {Map<string, PartResult[]>} */
  const byFolder = new Map();
  for (const p of parts) {
    const folder = p.part.split("/")[0] ?? p.part;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), p]);
  }
  out.push("## Score per folder", "");
  out.push(
    "| folder | parts run | mutants | killed | timeout | survived | no coverage | equivalent or static | score | covered score | score, equivalent and static left out |",
  );
  out.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const [folder, folderParts] of byFolder) {
    const c = noCounts();
    let equivalent = 0;
    for (const p of folderParts) {
      for (const k of /** @type {(keyof Counts)[]} */ (Object.keys(c))) c[k] += p.counts[k];
      equivalent += p.survivors.filter((s) => equivalentReason(s, equivalents)).length;
    }
    const total = c.killed + c.timeout + c.survived + c.noCoverage;
    const { score, scoreCovered } = scores(c);
    const withoutEquivalent =
      total - equivalent === 0 ? NaN : (100 * (c.killed + c.timeout)) / (total - equivalent);
    out.push(
      `| ${folder}/ | ${folderParts.map((p) => p.part).join(", ")} | ${total} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${equivalent} | ${percent(score)} | ${percent(scoreCovered)} | ${percent(withoutEquivalent)} |`,
    );
  }
  const partly = folders.filter((f) => byFolder.has(f) && !byFolder.get(f)?.some((p) => p.part === f));
  const notRun = folders.filter((f) => !byFolder.has(f));
  if (partly.length > 0 || notRun.length > 0) {
    out.push("");
    if (partly.length > 0)
      out.push(
        `Run in part only (the score is of the parts listed): ${partly.map((f) => `${f}/`).join(", ")}.`,
      );
    if (notRun.length > 0) out.push(`Not run yet: ${notRun.map((f) => `${f}/`).join(", ")}.`);
  }
  out.push("", "## Runs", "");
  out.push(
    "| part | mutated | commit | uncommitted changes then | started | time | Node.js | concurrency | complete |",
  );
  out.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  /** @param {number} seconds */
  const duration = (seconds) => `${Math.round(seconds)} s (${(seconds / 60).toFixed(1)} min)`;
  for (const p of parts) {
    for (const run of p.earlierRuns ?? []) {
      out.push(
        `| ${p.part} (earlier run) | ${p.globs.map((g) => `\`${g}\``).join(", ")} | ${run.commit.slice(0, 12)} |  | ${run.startedAt} | ${duration(run.seconds)}${run.incremental ? ", incremental: unchanged results reused" : ""} | ${p.node} | ${p.concurrency} | ${run.complete ? "yes" : "no: partial"} |`,
      );
    }
    const changed = p.changedFiles.length === 0 ? "none" : p.changedFiles.join(", ");
    const shared = p.runWith ? `, one run with ${p.runWith} other part${p.runWith === 1 ? "" : "s"}` : "";
    out.push(
      `| ${p.part} | ${p.globs.map((g) => `\`${g}\``).join(", ")} | ${p.commit.slice(0, 12)} | ${changed} | ${p.startedAt} | ${duration(p.seconds)}${shared}${p.incremental ? ", incremental: unchanged results reused" : ""} | ${p.node} | ${p.concurrency} | ${p.complete ? "yes" : "no: partial"} |`,
    );
  }
  out.push("", "## Surviving mutants", "");
  for (const p of parts) {
    out.push(`### ${p.part}`, "");
    if (p.survivors.length === 0) {
      out.push("None.", "");
      continue;
    }
    out.push("| file | line | mutator | original | replacement | status | equivalent or static: why |");
    out.push("| --- | --- | --- | --- | --- | --- | --- |");
    for (const s of p.survivors) {
      const reason = equivalentReason(s, equivalents) ?? "";
      out.push(
        `| ${s.file} | ${s.line} | ${s.mutator} | ${cell(s.original)} | ${cell(s.replacement)} | ${s.status === "NoCoverage" ? "no coverage" : "survived"}${s.static ? ", static" : ""} | ${reason.replaceAll("|", "\\|")} |`,
      );
    }
    out.push("");
  }
  // An entry no survivor matches is out of date: its mutant is killed now, or the text it names
  // changed, or it was written after its part's last run.
  const survivors = parts.flatMap((p) => p.survivors);
  const unmatched = equivalents.filter((e) => !survivors.some((s) => judges(e, s)));
  if (unmatched.length > 0) {
    out.push("## Equivalent entries no survivor matches", "");
    out.push(
      "Each is killed now, or the text it names changed (read it again), or it was written after " +
        "its part's last run: the part's next run tells which.",
      "",
    );
    out.push("| file | at | mutator | replacement |", "| --- | --- | --- | --- |");
    for (const e of unmatched) {
      out.push(
        `| ${e.file} | ${e.context === undefined ? "any line" : cell(e.context)} | ${e.mutator} | ${cell(e.replacement)} |`,
      );
    }
  }
  return `${out.join("\n").trimEnd()}\n`;
}
