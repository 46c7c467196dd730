// What the scripts of examples/gitops need around them in a test: a project folder where
// `npx pulumi-webstats` finds this checkout's compiled command as it finds the installed package
// after `npm ci` (a node_modules/.bin entry, so npx never reaches the registry), a stack export
// file (test/support/stack-exports.ts), and a way to run a script as the
// workflow's step does, with the stand-in `gh` first on PATH.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GhStandIn } from "./gh-stand-in";

export const repoRoot = join(__dirname, "..", "..");
export const gitopsScripts = join(repoRoot, "examples", "gitops", "scripts");
const cliPath = join(repoRoot, "dist", "cli", "main.js");

/** dist/cli/main.js must be there: npm test builds first (a test must not write into dist/). */
export function ensureCliBuilt(): void {
  if (!existsSync(cliPath)) throw new Error("dist/cli/main.js is missing: run npm run build first.");
}

/** Makes DIR (a package.json added when it has none) a folder where `npx pulumi-webstats` runs this checkout's command. */
export function makeProjectFolder(dir: string): void {
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  if (!existsSync(join(dir, "package.json"))) {
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "webstats-gitops", private: true, dependencies: { "pulumi-webstats": "*" } }),
    );
  }
  const bin = join(dir, "node_modules", ".bin", "pulumi-webstats");
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)} "$@"\n`);
  chmodSync(bin, 0o755);
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script of examples/gitops with bash in CWD, as a workflow step runs it: the stand-in
 * `gh` first on PATH, and only the variables given (none of the test's own WEBSTATS_ settings).
 */
export function runScript(
  script: string,
  args: string[],
  cwd: string,
  gh: GhStandIn,
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      [join(gitopsScripts, script), ...args],
      {
        cwd,
        env: {
          PATH: `${gh.binDir}:${process.env.PATH ?? ""}`,
          HOME: process.env.HOME ?? cwd,
          ...gh.env,
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
