// The provider plugin's side of the shared programs, used by the engine tests and the bench:
// a PULUMI_HOME with the plugin installed the way users install it, and the rewrite that makes a
// program of the dynamic provider use the plugin instead, so one program runs through both hosts.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** The Website's type token when the plugin serves it. */
export const pluginWebsiteType = "webstats:index:Website";

/**
 * Installs the plugin into a new PULUMI_HOME (or `home`) with the packed package's
 * `pulumi-webstats plugin install`, the pinned CLI of `binDir` first on PATH and no network;
 * returns that folder. `templateDir` is a project with the packed package installed.
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

/** Every output of the plugin's Website, listed so the engine reports them all. */
const websiteOutputs = [
  "domain",
  "privacy",
  "password",
  "email",
  "excludeBots",
  "favorite",
  "excludeParams",
  "excludeIps",
  "adoptExisting",
  "connection",
  "websiteId",
  "hasPassword",
  "favoritedAt",
  "createdAt",
  "updatedAt",
];

/**
 * The same program served by the provider plugin: `webstats.Website` becomes a resource of
 * type webstats:index:Website that the plugin serves (with its outputs listed, and its secret
 * arguments marked secret, as an SDK generated from the schema does); the functions are
 * invoked through the plugin. The program's text is otherwise unchanged. A program that does
 * not require the package as `const webstats = require("pulumi-webstats");` is returned as is.
 */
export function forPlugin(source) {
  if (!source.includes(requireLine)) return source;
  const shim = [
    `const webstats = (() => {`,
    // Listed with undefined values (which JSON would drop), so the resource exposes each output.
    `  const outputs = { ${websiteOutputs.map((k) => `${k}: undefined`).join(", ")} };`,
    `  const secret = (v) => (v === undefined ? v : pulumi.secret(v));`,
    `  class Website extends pulumi.CustomResource {`,
    `    constructor(name, args, opts) {`,
    `      const given = { ...(args || {}) };`,
    `      for (const key of ["password", "connection"]) if (key in given) given[key] = secret(given[key]);`,
    `      super("${pluginWebsiteType}", name, { ...outputs, ...given }, opts);`,
    `    }`,
    `  }`,
    `  const invoke = (name) => (args) => pulumi.runtime.invoke("webstats:index:" + name, args || {});`,
    `  return { Website, getAccount: invoke("getAccount"), getWebsites: invoke("getWebsites"), getWebsite: invoke("getWebsite") };`,
    `})();`,
  ].join("\n");
  return source.replace(requireLine, shim);
}
