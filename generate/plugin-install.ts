// `pulumi-webstats plugin install`: puts the provider plugin of this package's version into
// Pulumi's plugins with the user's own `pulumi` command, so YAML, Python, Go and C# programs and
// `pulumi import` find it. The plugin is the single-file bundle built with the package
// (dist/plugin/pulumi-resource-webstats.js); it needs Node.js 20 or later on the machine.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SDK_VERSION } from "../sdk";

import { pulumiCommand } from "../core/settings";
import type { Environment } from "../core/settings";

/** The bundled plugin inside this package. */
export const bundledPlugin = join(__dirname, "..", "plugin", "pulumi-resource-webstats.js");

/** Installs the plugin; returns what to print, or throws an Error that says what to do. */
export function installPlugin(env: Environment): string {
  if (!existsSync(bundledPlugin)) {
    throw new Error(
      `the plugin bundle ${bundledPlugin} is missing from this installation of pulumi-webstats.`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), "pulumi-resource-webstats-"));
  try {
    const executable = join(folder, "pulumi-resource-webstats");
    copyFileSync(bundledPlugin, executable);
    chmodSync(executable, 0o755);
    const pulumi = pulumiCommand(env);
    const result = spawnSync(
      pulumi,
      ["plugin", "install", "resource", "webstats", SDK_VERSION, "--file", folder],
      {
        env,
        encoding: "utf8",
      },
    );
    if (result.error) {
      const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT";
      throw new Error(
        missing
          ? `the Pulumi CLI (${pulumi}) is not on PATH: install it (https://www.pulumi.com/docs/install/) and run this again.`
          : `${pulumi} could not be run: ${result.error.message}`,
      );
    }
    if (result.status !== 0) {
      throw new Error(`${pulumi} plugin install failed: ${(result.stderr || result.stdout).trim()}`);
    }
    return (
      `Installed the webstats provider plugin v${SDK_VERSION} into Pulumi's plugins ` +
      `(pulumi plugin ls lists it as resource webstats ${SDK_VERSION}).\n`
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
