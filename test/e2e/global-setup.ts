// Once per test run: make sure the Pulumi CLI is there, pack this package with `npm pack`,
// and install the tarball into a template Pulumi project that every engine test links to (or take
// the one WEBSTATS_E2E_TEMPLATE names, made so by tools/ci/test-compat.mjs).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensurePulumi } from "../../tools/machine/ensure-pulumi.mjs";
import { prepareProjectTemplate } from "../harness/program-project.mjs";

export interface E2eContext {
  available: boolean;
  skipReason: string;
  /** Folder of the `pulumi` binary the Automation API runs. */
  binDir: string;
  /** Folder holding the dynamic-provider plugin script; put on PATH. */
  pluginDir: string;
  /** Folder holding the Pulumi YAML language host: `binDir`, or a folder to put on PATH. */
  yamlHostDir: string;
  templateDir: string;
  /** Version of that `pulumi`. */
  version: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
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
    project.provide("e2e", {
      available: false,
      skipReason: reason,
      binDir: "",
      pluginDir: "",
      yamlHostDir: "",
      templateDir: "",
      version: "",
    });
    return () => {};
  }
  // The compatibility lane makes the template once for all its Node.js lines and names it here.
  const given = process.env.WEBSTATS_E2E_TEMPLATE;
  const root = given ? undefined : mkdtempSync(join(tmpdir(), "webstats-e2e-"));
  const templateDir = root ? prepareProjectTemplate(root, { policyPack: true }) : givenTemplate(given ?? "");
  // Say which combination runs: the compatibility lane and the main lane differ only here.
  const sdkManifest = join(templateDir, "node_modules", "@pulumi", "pulumi", "package.json");
  const sdkVersion = (JSON.parse(readFileSync(sdkManifest, "utf8")) as { version: string }).version;
  process.stdout.write(
    `engine tests: Node.js ${process.version}, @pulumi/pulumi ${sdkVersion}, pulumi CLI v${pulumi.version}\n`,
  );
  project.provide("e2e", {
    available: true,
    skipReason: "",
    binDir: pulumi.binDir,
    pluginDir: pulumi.pluginDir,
    yamlHostDir: pulumi.yamlHostDir,
    templateDir,
    version: pulumi.version,
  });
  return () => {
    if (root) rmSync(root, { recursive: true, force: true });
  };
}

/** A template made elsewhere (WEBSTATS_E2E_TEMPLATE), refused unless it holds an installation. */
function givenTemplate(dir: string): string {
  for (const part of [
    "driver.cjs",
    "node_modules/pulumi-webstats/package.json",
    "node_modules/@pulumi/pulumi/package.json",
  ])
    if (!existsSync(join(dir, part)))
      throw new Error(`WEBSTATS_E2E_TEMPLATE=${dir} is no engine tests' project template: it has no ${part}`);
  return dir;
}
