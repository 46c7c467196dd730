/**
 * The provider's settings outside Pulumi: a typed client configured from the environment as the
 * provider reads it (`WEBSTATS_*`, `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`), and the names of
 * those variables. Loads nothing of Pulumi.
 * @module pulumi-webstats/settings
 */
import * as clients from "./core/clients";
import { settingSpecs } from "./core/settings";
import type { WebstatsClient } from "./sdk";

// Declared with types of their own, so the published declarations name nothing of the core.

/**
 * A client of the installation and account the environment names (`WEBSTATS_BASE_URL`,
 * `WEBSTATS_API_KEY`), reached as the environment says (`WEBSTATS_PROXY_URL`, the proxy
 * variables, `WEBSTATS_CA_CERT_FILE`, ...): the same settings, rules and messages as the provider.
 * `env` defaults to `process.env`.
 */
export const clientFromEnvironment: (env?: Readonly<Record<string, string | undefined>>) => WebstatsClient =
  clients.clientFromEnvironment;

/** The environment variable of each setting, e.g. `baseUrl` is `WEBSTATS_BASE_URL`. */
export const environmentVariables: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(settingSpecs).map(([name, spec]) => [name, spec.env]),
);
