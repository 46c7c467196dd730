/**
 * The provider's settings outside Pulumi: a typed client configured from the environment as the
 * provider reads it (`WEBSTATS_*`, `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`), and the names of
 * those variables. Loads nothing of Pulumi.
 * @module pulumi-webstats/settings
 */
import { settingSpecs } from "./core/settings";

export { clientFromEnvironment } from "./core/clients";

/** The environment variable of each setting, e.g. `baseUrl` → `WEBSTATS_BASE_URL`. */
export const environmentVariables = Object.fromEntries(
  Object.entries(settingSpecs).map(([name, spec]) => [name, spec.env]),
) as { readonly [K in keyof typeof settingSpecs]: (typeof settingSpecs)[K]["env"] };
