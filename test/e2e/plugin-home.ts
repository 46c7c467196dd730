// A PULUMI_HOME with the webstats provider plugin installed the way users install it: the
// packed package's `pulumi-webstats plugin install`, with the pinned CLI on PATH
// (test/harness/plugin-program.mjs, which the bench shares). Stacks of the plugin host copy its
// plugins and ignore ambient ones, so the plugin under test is the only one.
import { installPluginHome } from "../harness/plugin-program.mjs";
import { e2e } from "./harness";

let prepared: string | undefined;

/** The folder (a PULUMI_HOME) that holds the installed plugin; installed once per test file. */
export function pluginHome(): string {
  prepared ??= installPluginHome({ templateDir: e2e.templateDir, binDir: e2e.binDir });
  return prepared;
}
