// Types for tools/plugin-program.mjs, used by the engine tests.

/** The Website's type token when the plugin serves it. */
export const pluginWebsiteType: "webstats:index:Website";

/**
 * Installs the provider plugin into a new PULUMI_HOME (or `home`) with the packed package's
 * `pulumi-webstats plugin install` and the CLI of `binDir`; returns that folder.
 */
export function installPluginHome(options: { templateDir: string; binDir: string; home?: string }): string;

/** The Node.js SDK generated from the schema, installed in the template beside the package. */
export const nodejsSdkPackage: string;

/** The program rewritten to use the generated Node.js SDK, so the provider plugin serves it. */
export function forPlugin(source: string): string;
