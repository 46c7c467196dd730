// Types for tools/plugin-program.mjs, used by the engine tests.

/** The Website's type token when the plugin serves it. */
export const pluginWebsiteType: "webstats:index:Website";

/**
 * Installs the provider plugin into a new PULUMI_HOME (or `home`) with the packed package's
 * `pulumi-webstats plugin install` and the CLI of `binDir`; returns that folder.
 */
export function installPluginHome(options: { templateDir: string; binDir: string; home?: string }): string;

/** The program rewritten so that its Websites and functions are served by the provider plugin. */
export function forPlugin(source: string): string;
