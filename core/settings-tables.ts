// The README's settings tables, as rows derived from the settings table: what
// `npm run readme:settings` writes (tools/readme-settings.mjs) and the tests compare the README
// with, so the documentation cannot fall behind a setting.
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
