// @ts-check
// StrykerJS over the code that acts for users: drift/, policy/, the website lifecycle and its
// custody rules in core/, and the Action's scripts. `npm run mutate [-- <folder>]` runs it
// (tools/mutate/run.mjs, on Node.js 24: Stryker's engines ask for 22 or later); the run script
// narrows `mutate` to one folder and writes bench/results/mutation.md from the JSON report.

/** What each folder argument of `npm run mutate` mutates. */
export const MUTATE_FOLDERS = {
  drift: ["drift/**/*.ts"],
  policy: ["policy/**/*.ts"],
  // The website's lifecycle (create, read, update, delete, adoption) and who owns a website.
  core: [
    "core/website-lifecycle.ts",
    "core/website-create.ts",
    "core/website-custody.ts",
    "core/website-diff.ts",
    "core/website-check.ts",
    "core/website-reader.ts",
    "core/website-state.ts",
  ],
  action: ["action/src/**/*.ts"],
};

/**
 * The globs of one part: a folder of MUTATE_FOLDERS (`drift`), a folder or file below one
 * (`drift/compare`, `core/website-custody.ts`), or every folder when none is given.
 * @param {string | undefined} part
 * @returns {string[]}
 */
export function mutateGlobs(part) {
  if (!part) return Object.values(MUTATE_FOLDERS).flat();
  const named = MUTATE_FOLDERS[/** @type {keyof typeof MUTATE_FOLDERS} */ (part)];
  if (named) return named;
  const top = part.split("/")[0] ?? "";
  const folder = top === "action" && !part.startsWith("action/src") ? undefined : top;
  if (!folder || !(folder in MUTATE_FOLDERS)) {
    throw new Error(
      `npm run mutate: ${part} is not one of ${Object.keys(MUTATE_FOLDERS).join(", ")} or below one`,
    );
  }
  return [part.endsWith(".ts") ? part : `${part.replace(/\/+$/, "")}/**/*.ts`];
}

/**
 * The name of a part's reports: `drift/compare` becomes `drift-compare`.
 * @param {string | undefined} part
 * @returns {string}
 */
function partName(part) {
  return part ? part.replace(/\.ts$/, "").replace(/\/+$/, "").replaceAll("/", "-") : "all";
}

/**
 * Whether a file of a report (a path from the repository's root) belongs to a part.
 * @param {string} file
 * @param {string | undefined} part
 */
export function inPart(file, part) {
  return mutateGlobs(part).some((glob) =>
    glob.endsWith("/**/*.ts") ? file.startsWith(glob.slice(0, -"**/*.ts".length)) : file === glob,
  );
}

/**
 * The name of a run's reports and incremental file: its part's, or for parts run together
 * (`--together`) the first one's and how many more.
 * @param {string[]} parts
 * @returns {string}
 */
export function runName(parts) {
  if (parts.length <= 1) return partName(parts[0]);
  return `${partName(parts[0])}-and-${parts.length - 1}-more`;
}

// tools/mutate/run.mjs names the parts in WEBSTATS_MUTATE, separated by commas; a bare
// `npx stryker run` mutates all.
const parts = (process.env.WEBSTATS_MUTATE ?? "").split(",").filter(Boolean);
const name = runName(parts);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  // Processes, as vitest runs the projects: the serialization of a dynamic provider (in the
  // policy pack's tests) cannot run in a worker thread.
  vitest: { configFile: "tools/mutate/vitest.config.mts", related: true, pool: "forks" },
  plugins: ["@stryker-mutator/vitest-runner", "./tools/mutate/progress-reporter.mjs"],
  mutate: parts.length > 0 ? parts.flatMap((part) => mutateGlobs(part)) : mutateGlobs(undefined),
  // Each mutant runs only the tests that reached it in the first (unmutated) run.
  coverageAnalysis: "perTest",
  // The machine has two cores, shared with other work.
  concurrency: 2,
  // Static mutants (in module-level constants) would run every test for each: left out, and
  // counted as ignored.
  ignoreStatic: true,
  // vitest's own limits guard the tests; a mutant that makes a test loop is a timeout (killed).
  timeoutMS: 60_000,
  timeoutFactor: 2,
  // The sandbox, the reports and the incremental file stay out of git and of every tool.
  tempDirName: ".stryker-tmp",
  // A run again reuses the results of mutants whose code and tests did not change.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ["progress", "json", "html", "progress-file"],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  // The sandbox needs the sources, the tests and their fixtures, not the build's outputs. The
  // language SDKs and the API reference are committed files the unit and integration tests read.
  ignorePatterns: ["dist", "release", "coverage", "reports", "test-results", "docs/api", ".pulumi"],
  checkers: [],
  // No checker runs and vitest strips types without checking them, so no file needs the
  // "// @ts-nocheck" Stryker would otherwise add, which it also adds inside the <script> of the
  // kept HTML pages under test/ (test/unit/drift/report/golden/), making them differ from the page written.
  disableTypeChecks: false,
  cleanTempDir: "always",
};

export default config;
