// `pulumi-webstats plugin install`: puts the provider plugin of this package's version into
// Pulumi's plugins with the user's own `pulumi` command, so YAML, Python, Go and C# programs and
// `pulumi import` find it. The plugin is the single-file bundle built with the package
// (dist/plugin/pulumi-resource-webstats.js); it needs Node.js 20 or later on the machine.
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SDK_VERSION } from "../sdk";
import type { Environment } from "../core/settings";
import { PulumiCommandError, runPulumi } from "../core/pulumi-command";

/** The bundled plugin inside this package. */
const bundledPlugin = join(__dirname, "..", "plugin", "pulumi-resource-webstats.js");

/** Installs the plugin; resolves with what to print, or rejects with an Error that says what to do. */
export async function installPlugin(env: Environment): Promise<string> {
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
    try {
      await runPulumi(["plugin", "install", "resource", "webstats", SDK_VERSION, "--file", folder], {
        cwd: folder,
        env,
      });
    } catch (error) {
      if (!(error instanceof PulumiCommandError)) throw error;
      throw new Error(
        error.notStarted
          ? `${error.reason}: install the Pulumi CLI (https://www.pulumi.com/docs/install/) or set PULUMI_COMMAND to its path, and run this again.`
          : `pulumi plugin install failed: ${error.reason}`,
      );
    }
    return (
      `Installed the webstats provider plugin v${SDK_VERSION} into Pulumi's plugins ` +
      `(pulumi plugin ls lists it as resource webstats ${SDK_VERSION}).\n`
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
