// @ts-check
// The release's Python SDK: a wheel and a source distribution of language-sdks/python, made by
// the standard build frontend (`python -m build`, PyPI's `build`). It runs in the virtual
// environment tools/machine/ensure-python.mjs makes from the hash-pinned requirements, without
// build isolation: isolation would fetch whatever setuptools PyPI serves that day, while the
// environment holds the pinned one. `twine upload` or PyPI's trusted publishing takes both files.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePythonEnv } from "../machine/ensure-python.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pythonSdkSource = join(repoRoot, "language-sdks", "python");

/**
 * Builds the wheel and the sdist into `destDir` from a copy of the SDK (setuptools writes
 * build/ and *.egg-info beside the sources: the committed SDK stays untouched).
 * @param {string} destDir
 * @param {{ python?: string }} [options] the interpreter to build with (default: the pinned environment's)
 * @returns {{ wheel: string, sdist: string }}
 */
export function buildPythonPackages(destDir, { python = ensurePythonEnv({ quiet: true }).python } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-python-release-"));
  try {
    cpSync(pythonSdkSource, scratch, { recursive: true });
    // pyproject.toml names README.md beside it; the generator writes it inside the package.
    cpSync(join(scratch, "pulumi_webstats", "README.md"), join(scratch, "README.md"));
    mkdirSync(destDir, { recursive: true });
    const result = spawnSync(
      python,
      ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", destDir, scratch],
      { cwd: scratch, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0) {
      const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
      throw new Error(`python -m build of language-sdks/python failed (exit ${result.status}):\n${output}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const files = readdirSync(destDir);
  const wheel = files.find((file) => file.endsWith(".whl"));
  const sdist = files.find((file) => file.endsWith(".tar.gz"));
  if (!wheel || !sdist) throw new Error(`python -m build wrote no wheel or sdist into ${destDir}`);
  return { wheel: join(destDir, wheel), sdist: join(destDir, sdist) };
}
