// The README's settings tables, as rows derived from the settings table: what
// `npm run readme:settings` writes (tools/build/readme-settings.mjs) and the tests compare the README
// with, so the documentation cannot fall behind a setting.
import { packageSchema } from "./package-schema";
import { configKey, settingEntries, settingSpecs } from "./settings";
import type { SettingName } from "./settings";

/** The settings that decide how an installation is reached: the Networks table. */
export const networkSettings: SettingName[] = ["proxyUrl", "caCertFile", "skipTlsVerify", "allowHttp"];

/** The Configure table: configuration key, environment variable, meaning. */
export const configureRows = (): string[][] =>
  settingEntries.map(([name, spec]) => [
    `\`${configKey(name)}\`${spec.secret ? " (set it with `--secret`)" : ""}`,
    `\`${spec.env}\``,
    spec.description,
  ]);

/** The Networks table: configuration key, environment variable, provider argument, `connection` argument. */
export const networkRows = (): string[][] =>
  networkSettings.map((name) => [
    `\`${configKey(name)}\``,
    `\`${settingSpecs[name].env}\``,
    `\`${name}\``,
    (settingSpecs[name] as { connection?: true }).connection ? `\`connection.${name}\`` : "",
  ]);

/** The Registry's configuration table (docs/installation-configuration.md): key, variables, type, meaning. */
export function registryRows(): string[][] {
  const variables = (packageSchema() as { config: { variables: Record<string, RegistrySetting> } }).config
    .variables;
  return Object.entries(variables).map(([name, spec]) => [
    `\`${configKey(name as keyof typeof settingSpecs)}\`${spec.secret ? " (secret)" : ""}`,
    (spec.defaultInfo?.environment ?? []).map((variable) => `\`${variable}\``).join(", "),
    spec.type,
    spec.description,
  ]);
}

interface RegistrySetting {
  type: string;
  description: string;
  secret?: boolean;
  defaultInfo?: { environment?: string[] };
}
