// Once per test run: make sure the Pulumi CLI is there, pack this package with `npm pack`,
// and install the tarball into a template Pulumi project that every engine test links to.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { ensurePulumi, lockedPulumiVersion } from "../../tools/ensure-pulumi.mjs";

const repoRoot = resolve(__dirname, "..", "..");

export interface E2eContext {
  available: boolean;
  skipReason: string;
  /** Folder of the `pulumi` binary the Automation API runs. */
  binDir: string;
  /** Folder holding the dynamic-provider plugin script; put on PATH. */
  pluginDir: string;
  templateDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export default function setup(project: TestProject): () => void {
  const inCi = process.env.CI === "true" || process.env.CI === "1";
  let pulumi: ReturnType<typeof ensurePulumi>;
  try {
    pulumi = ensurePulumi({ quiet: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (inCi) throw new Error(`engine tests cannot run in CI: ${reason}`);
    process.stderr.write(`\n!!!!! ENGINE TESTS SKIPPED: ${reason}\n\n`);
    project.provide("e2e", { available: false, skipReason: reason, binDir: "", pluginDir: "", templateDir: "" });
    return () => {};
  }

  const root = mkdtempSync(join(tmpdir(), "webstats-e2e-"));
  const packDir = join(root, "pack");
  mkdirSync(packDir);
  // `npm pack` runs the prepack script, which builds dist/ from the current sources.
  const tarball = npm(["pack", "--silent", "--pack-destination", packDir], repoRoot).trim().split("\n").pop()!;
  const templateDir = join(root, "template");
  mkdirSync(templateDir);
  writeFileSync(
    join(templateDir, "package.json"),
    JSON.stringify({ name: "webstats-e2e-program", private: true, version: "0.0.0" }, null, 2),
  );
  npm(
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--ignore-scripts",
      join(packDir, tarball),
      `@pulumi/pulumi@${lockedPulumiVersion()}`,
    ],
    templateDir,
  );
  copyFileSync(join(__dirname, "driver.cjs"), join(templateDir, "driver.cjs"));
  project.provide("e2e", { available: true, skipReason: "", binDir: pulumi.binDir, pluginDir: pulumi.pluginDir, templateDir });
  return () => rmSync(root, { recursive: true, force: true });
}
