// @ts-check
// The provider plugin's side of the shared programs, used by the engine tests and the bench:
// a PULUMI_HOME with the plugin installed the way users install it, and the rewrite that makes a
// program of the dynamic provider use the plugin instead, so one program runs through both hosts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The Website's type token when the plugin serves it. */
export const pluginWebsiteType = /** @type {const} */ ("webstats:index:Website");

/**
 * Installs the plugin into a new PULUMI_HOME (or `home`) with the packed package's
 * `pulumi-webstats plugin install`, the pinned CLI of `binDir` first on PATH and no network;
 * returns that folder. `templateDir` is a project with the packed package installed.
 * @param {{ templateDir: string, binDir: string, home?: string }} options
 * @returns {string}
 */
export function installPluginHome({ templateDir, binDir, home }) {
  const target = home ?? mkdtempSync(join(tmpdir(), "webstats-plugin-home-"));
  const bin = join(templateDir, "node_modules", ".bin", "pulumi-webstats");
  execFileSync(bin, ["plugin", "install"], {
    env: {
      ...process.env,
      PATH: [binDir, process.env.PATH ?? ""].join(delimiter),
      PULUMI_HOME: target,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    },
    stdio: "pipe",
  });
  return target;
}

const requireLine = `const webstats = require("pulumi-webstats");`;

/**
 * The name of the Node.js SDK generated from the schema (language-sdks/nodejs), installed in the
 * template: read from its package.json, which the schema's language settings name.
 * @type {string}
 */
export const nodejsSdkPackage = JSON.parse(
  readFileSync(join(repoRoot, "language-sdks", "nodejs", "package.json"), "utf8"),
).name;

/**
 * The same program served by the provider plugin: it requires the Node.js SDK generated from the
 * package schema instead of the dynamic provider, so its Websites and functions go through the
 * plugin, as in a user's program that uses the SDK. The program's text is otherwise unchanged. A
 * program that does not require the package as `const webstats = require("pulumi-webstats");`
 * is returned as is.
 * @param {string} source
 * @returns {string}
 */
export function forPlugin(source) {
  return source.replace(requireLine, `const webstats = require("${nodejsSdkPackage}");`);
}
