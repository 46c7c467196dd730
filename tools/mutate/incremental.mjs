// @ts-check
// One incremental file for a run from the ones earlier runs left (reports/mutation/*.incremental.json).
// Stryker reuses a mutant's result from the incremental file named after the run; a run over
// another set of parts has none of its own, so without this it tests every mutant again even
// when earlier runs tested the same files with the same tests. The united file takes each
// mutated file from the newest report that holds it, and each test file from the newest report
// that holds it. A mutant keeps only the tests of its report whose file reads as it does now:
// Stryker judges a test changed only by its own lines, so a test whose helper or data above it
// changed would keep a result it may no longer give (a survivor the changed helper now kills).
// Left without them, a killed mutant whose killers are gone and a survivor a test now covers
// are tested again.
/**
 * @typedef {{ id: string, name: string, location?: unknown }} IncrementalTest
 * @typedef {{ source?: string, tests: IncrementalTest[] }} IncrementalTestFile
 * @typedef {{ coveredBy?: string[], killedBy?: string[], [key: string]: unknown }} IncrementalMutant
 * @typedef {{ source: string, mutants: IncrementalMutant[], [key: string]: unknown }} IncrementalFile
 * @typedef {{ files: Record<string, IncrementalFile>, testFiles?: Record<string, IncrementalTestFile>, [key: string]: unknown }} IncrementalReport
 */

/** @param {string} file @param {string} name */
const testKey = (file, name) => `${file}\u0000${name}`;

/**
 * The reports united, newest first in `reports`, keeping the mutated files `keep` accepts;
 * `current` reads a test file as it is now (undefined when it is gone).
 * @param {IncrementalReport[]} reports
 * @param {(file: string) => boolean} keep
 * @param {(testFile: string) => string | undefined} current
 * @returns {IncrementalReport | undefined} undefined when no report holds a file to keep
 */
export function uniteIncrementalReports(reports, keep, current) {
  /** @type {Map<string, { report: IncrementalReport, file: IncrementalFile }>} */
  const mutated = new Map();
  /** @type {Map<string, IncrementalTestFile>} */
  const testFiles = new Map();
  for (const report of reports) {
    for (const [name, file] of Object.entries(report.files ?? {})) {
      if (keep(name) && !mutated.has(name)) mutated.set(name, { report, file });
    }
    for (const [name, tests] of Object.entries(report.testFiles ?? {})) {
      if (!testFiles.has(name)) testFiles.set(name, tests);
    }
  }
  const newest = reports[0];
  if (newest === undefined || mutated.size === 0) return undefined;

  // Every test of the united test files, numbered anew.
  /** @type {Map<string, string>} */
  const idOfKey = new Map();
  /** @type {Record<string, IncrementalTestFile>} */
  const unitedTests = {};
  for (const [name, file] of testFiles) {
    unitedTests[name] = {
      ...file,
      tests: file.tests.map((test) => {
        const id = String(idOfKey.size);
        idOfKey.set(testKey(name, test.name), id);
        return { ...test, id };
      }),
    };
  }

  /** @type {Map<IncrementalReport, Map<string, string>>} */
  const idMaps = new Map();
  /** @type {Map<string, string | undefined>} */
  const now = new Map();
  const readsNow = (/** @type {string} */ name) => {
    if (!now.has(name)) now.set(name, current(name));
    return now.get(name);
  };
  /** A report's test ids mapped to the united ids of the tests whose file reads as it does now. */
  const idMapOf = (/** @type {IncrementalReport} */ report) => {
    const known = idMaps.get(report);
    if (known) return known;
    /** @type {Map<string, string>} */
    const ids = new Map();
    for (const [name, file] of Object.entries(report.testFiles ?? {})) {
      if (file.source === undefined || readsNow(name) !== file.source) continue;
      for (const test of file.tests) {
        const id = idOfKey.get(testKey(name, test.name));
        if (id !== undefined) ids.set(test.id, id);
      }
    }
    idMaps.set(report, ids);
    return ids;
  };
  /** @param {Map<string, string>} ids @param {string[] | undefined} tests */
  const mapped = (ids, tests) =>
    tests?.flatMap((id) => {
      const united = ids.get(id);
      return united === undefined ? [] : [united];
    });

  /** @type {Record<string, IncrementalFile>} */
  const files = {};
  for (const [name, { report, file }] of mutated) {
    const ids = idMapOf(report);
    files[name] = {
      ...file,
      mutants: file.mutants.map((mutant) => ({
        ...mutant,
        ...(mutant.coveredBy ? { coveredBy: mapped(ids, mutant.coveredBy) } : {}),
        ...(mutant.killedBy ? { killedBy: mapped(ids, mutant.killedBy) } : {}),
      })),
    };
  }
  return { ...newest, files, testFiles: unitedTests };
}
