// Builders for the Pulumi programs that engine tests run. Each program is the CommonJS
// module a user would write, requiring `pulumi-webstats` from node_modules.
import type { ConfigValue } from "./harness";

export const websiteType = "pulumi-nodejs:dynamic/webstats:Website";

/** The two hosts of the Website core: the dynamic provider and the provider plugin. */
export type Host = "dynamic" | "plugin";

/** The hosts a shared engine scenario runs through, in both lanes. */
export const scenarioHosts: Host[] = ["dynamic", "plugin"];

/** The Website's type token in the state, by host. */
export const websiteTypeOf = (host: Host): string =>
  host === "plugin" ? "webstats:index:Website" : websiteType;

/**
 * The same program served by the provider plugin (Websites of type webstats:index:Website,
 * functions invoked through the plugin); shared with the bench.
 */
export { forPlugin } from "../harness/plugin-program.mjs";

/**
 * A program whose body may use `pulumi` and `webstats` and returns the stack outputs; `webstats`
 * is the package named (default this one; the generated Node.js SDK's, for its tests).
 */
export function program(body: string, webstatsPackage = "pulumi-webstats"): string {
  return [
    `"use strict";`,
    `const pulumi = require("@pulumi/pulumi");`,
    `const webstats = require("${webstatsPackage}");`,
    `module.exports = async () => {`,
    body,
    `};`,
  ].join("\n");
}

/** A program with one Website built from `args` (a JS object literal) and its outputs exported. */
export function oneWebsite(args: Record<string, unknown>, options = "{}"): string {
  return program(`
  const site = new webstats.Website("site", ${JSON.stringify(args)}, ${options});
  return {
    websiteId: site.websiteId, domain: site.domain, privacy: site.privacy, email: site.email,
    excludeBots: site.excludeBots, favorite: site.favorite, favoritedAt: site.favoritedAt,
    excludeParams: site.excludeParams, excludeIps: site.excludeIps, hasPassword: site.hasPassword,
    adoptExisting: site.adoptExisting, createdAt: site.createdAt, updatedAt: site.updatedAt,
    password: site.password,
  };`);
}

/**
 * A Pulumi YAML program (the body of Pulumi.yaml after its name and runtime) of one Website,
 * `site`, with `properties` written as YAML values, and `outputs`, each an expression of the
 * program (`site.websiteId`); `head` (a `variables:` block, comments), as written, comes first.
 */
export function yamlWebsite(
  properties: Record<string, string | boolean>,
  outputs: Record<string, string> = {},
  head = "",
): string {
  const lines = [
    "resources:",
    "  site:",
    "    type: webstats:index:Website",
    "    properties:",
    ...Object.entries(properties).map(([name, value]) => `      ${name}: ${value}`),
  ];
  const exported = Object.entries(outputs).map(([name, expression]) => `  ${name}: \${${expression}}`);
  if (exported.length > 0) lines.push("outputs:", ...exported);
  return `${head}${lines.join("\n")}\n`;
}

/** Stack configuration that points the provider at an emulator account. */
export function credentialsConfig(baseUrl: string, apiKey: string): Record<string, ConfigValue> {
  return {
    "webstats:baseUrl": { value: baseUrl },
    "webstats:apiKey": { value: apiKey, secret: true },
  };
}

/** The plain values of a stack's outputs. */
export function plainOutputs(
  outputs: Record<string, { value: unknown }> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs ?? {}).map(([k, v]) => [k, v.value]));
}
