// Builders for the Pulumi programs that engine tests run. Each program is the CommonJS
// module a user would write, requiring `pulumi-webstats` from node_modules.
import type { ConfigValue } from "./harness";

export const websiteType = "pulumi-nodejs:dynamic/webstats:Website";

/** The two hosts of the Website core: the dynamic provider and the provider plugin. */
export type Host = "dynamic" | "plugin";

/**
 * The hosts a shared scenario table runs through. The compatibility lane (a newer Node.js and
 * @pulumi/pulumi, WEBSTATS_PULUMI_VERSION set) is about the dynamic provider, which runs on the
 * program's @pulumi/pulumi; the plugin is a bundle with its own, so its variants of the tables
 * run in the main lane, and its YAML tests in both.
 */
export const scenarioHosts: Host[] = process.env.WEBSTATS_PULUMI_VERSION
  ? ["dynamic"]
  : ["dynamic", "plugin"];

/** The Website's type token in the state, by host. */
export const websiteTypeOf = (host: Host): string =>
  host === "plugin" ? "webstats:index:Website" : websiteType;

const requireLine = `const webstats = require("pulumi-webstats");`;

/**
 * The same program served by the provider plugin: \`webstats.Website\` becomes a resource of
 * type webstats:index:Website that the plugin serves (with its outputs listed, and its secret
 * arguments marked secret, as an SDK generated from the schema does); the functions are
 * invoked through the plugin. The program's text is otherwise unchanged, so the same scenario
 * runs through both hosts.
 */
export function forPlugin(source: string): string {
  if (!source.includes(requireLine)) return source;
  const shim = [
    `const webstats = (() => {`,
    `  const outputs = ${JSON.stringify(Object.fromEntries(websiteOutputs.map((k) => [k, undefined])))};`,
    `  const secret = (v) => (v === undefined ? v : pulumi.secret(v));`,
    `  class Website extends pulumi.CustomResource {`,
    `    constructor(name, args, opts) {`,
    `      const given = { ...(args || {}) };`,
    `      for (const key of ["password", "connection"]) if (key in given) given[key] = secret(given[key]);`,
    `      super("webstats:index:Website", name, { ...outputs, ...given }, opts);`,
    `    }`,
    `  }`,
    `  const invoke = (name) => (args) => pulumi.runtime.invoke("webstats:index:" + name, args || {});`,
    `  return { Website, getAccount: invoke("getAccount"), getWebsites: invoke("getWebsites"), getWebsite: invoke("getWebsite") };`,
    `})();`,
  ].join("\n");
  return source.replace(requireLine, shim);
}

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

/** A program whose body may use `pulumi` and `webstats` and returns the stack outputs. */
export function program(body: string): string {
  return [
    `"use strict";`,
    `const pulumi = require("@pulumi/pulumi");`,
    `const webstats = require("pulumi-webstats");`,
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
