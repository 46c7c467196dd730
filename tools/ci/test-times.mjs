#!/usr/bin/env node
// @ts-check
// Prints where a test run's time went, from the JSON report vitest writes beside its usual
// output (`--reporter=json --outputFile.json=FILE`): the time per project and the slowest files.
// `.ci/run` prints it after each lane. Usage: node tools/ci/test-times.mjs REPORT [COUNT]
import { readFileSync } from "node:fs";

/**
 * The parts of vitest's JSON report read here.
 * @typedef {{ testResults: { name: string, startTime: number, endTime: number,
 *   assertionResults: { duration?: number | null }[] }[] }} Report
 */

/**
 * Each test file's duration in seconds and its project (the first folder under test/).
 * @param {Report} report
 * @returns {{ file: string, project: string, seconds: number }[]}
 */
function fileTimes(report) {
  return report.testResults.map((result) => ({
    file: result.name.slice(result.name.indexOf("test/")),
    project: result.name.slice(result.name.indexOf("test/")).split("/")[1] ?? "?",
    // Tests within a file run one after another: their durations add up to the file's time.
    seconds:
      Math.max(
        result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0),
        result.endTime - result.startTime,
      ) / 1000,
  }));
}

/**
 * The time per project and the `count` slowest files, as lines to print.
 * @param {Report} report
 * @param {number} [count]
 * @returns {string}
 */
function summary(report, count = 8) {
  const times = fileTimes(report);
  /** @type {Map<string, number>} */
  const byProject = new Map();
  for (const { project, seconds } of times) byProject.set(project, (byProject.get(project) ?? 0) + seconds);
  const lines = [...byProject].map(
    ([project, seconds]) => `  ${project}: ${seconds.toFixed(0)}s of test files`,
  );
  lines.push(`  slowest files:`);
  for (const { file, seconds } of times.sort((a, b) => b.seconds - a.seconds).slice(0, count)) {
    lines.push(`    ${seconds.toFixed(1).padStart(6)}s  ${file}`);
  }
  return lines.join("\n");
}

const [reportFile, count] = process.argv.slice(2);
if (reportFile) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    process.stdout.write(`test-times: no report at ${reportFile}\n`);
    process.exit(0);
  }
  process.stdout.write(`${summary(report, Number(count ?? 8))}\n`);
}
