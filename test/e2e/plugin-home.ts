// A PULUMI_HOME with the webstats provider plugin installed the way users install it: the
// packed package's `pulumi-webstats plugin install`, with the pinned CLI on PATH. Stacks of the
// plugin host copy its plugins and ignore ambient ones, so the plugin under test is the only one.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { e2e } from "./harness";

let prepared: string | undefined;

/** The folder (a PULUMI_HOME) that holds the installed plugin; installed once per test file. */
export function pluginHome(): string {
  if (prepared) return prepared;
  const home = mkdtempSync(join(tmpdir(), "webstats-plugin-home-"));
  const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
  execFileSync(bin, ["plugin", "install"], {
    env: {
      ...process.env,
      PATH: [e2e.binDir, process.env.PATH ?? ""].join(delimiter),
      PULUMI_HOME: home,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    },
    stdio: "pipe",
  });
  prepared = home;
  return home;
}
