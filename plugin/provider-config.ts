// The provider plugin's configuration: the stack's `webstats:*` keys for the default provider, or
// an explicit `pulumi:providers:webstats` resource's own arguments, with the environment as
// fallback, read by the core's one settings resolver (same precedence and messages as the
// dynamic provider). CheckConfig reports bad values before anything runs; DiffConfig says when
// another installation means other websites.
import { checkPlainHttp } from "../core/clients";
import { configKey, configNamespace, resolveSettings, settingEntries } from "../core/settings";
import type { ProviderSettings, SettingName } from "../core/settings";
import type { CheckFailure } from "../core/website-check";

type Props = Record<string, unknown>;

/** Settings from Configure: typed arguments first, then `webstats:config:NAME` variables. */
export function settingsFromConfigure(args: Props, variables: Map<string, string>): ProviderSettings {
  return resolveSettings((name) => args[name] ?? variables.get(`${configNamespace}:config:${name}`));
}

/**
 * Where a provider's setting comes from, in the words its user knows: the stack's configuration
 * key for the default provider, the argument of an explicit one (named by the last part of its URN).
 */
export function settingSource(urn: string): (name: SettingName) => string {
  const provider = urn.slice(urn.lastIndexOf("::") + 2);
  if (urn === "" || provider.startsWith("default")) return configKey;
  return (name) => `${name} of provider ${provider}`;
}

/**
 * Problems with a provider's inputs: unknown keys, values that cannot be read, a base URL that
 * is not an installation's address or that would send the key in clear. A secret setting is
 * reported on the provider as a whole, so the engine never prints its value.
 */
export function configFailures(inputs: Props, urn = ""): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const names = settingEntries.map(([name]) => name);
  const sourceOf = settingSource(urn);
  for (const key of Object.keys(inputs)) {
    // The engine adds `version` (the plugin's) to a provider's inputs.
    if (key === "version" || names.includes(key as SettingName)) continue;
    failures.push({
      property: "",
      argument: key,
      reason: `${key} is not a setting of the webstats provider; the settings are ${names.join(", ")}.`,
    });
  }
  // Each setting on its own, so that every bad one is reported (a CA file is read once).
  let resolved: ProviderSettings = {};
  for (const [name] of settingEntries) {
    try {
      const one = resolveSettings((wanted) => (wanted === name ? inputs[name] : undefined), {}, sourceOf);
      resolved = { ...resolved, ...one };
    } catch (error) {
      failures.push(failure(name, (error as Error).message));
    }
  }
  if (failures.length > 0) return failures;
  try {
    // Rules between settings: plain HTTP to another machine needs allowHttp.
    checkPlainHttp(resolved);
  } catch (error) {
    failures.push(failure("baseUrl", (error as Error).message));
  }
  return failures;
}

function failure(name: SettingName, reason: string): CheckFailure {
  const secret = settingEntries.some(([entry, spec]) => entry === name && spec.secret);
  return { property: secret ? "" : name, argument: name, reason };
}

/**
 * What changed between two sets of provider inputs. Never a replacement: a replaced provider
 * replaces its websites, which deletes them with their statistics, and a new address is most
 * often the same installation under another name. The websites' own reads and updates check
 * that the new address still holds them.
 */
export function configDiff(olds: Props, news: Props): { changed: string[]; replaces: string[] } {
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? String(value).trim()
      : "";
  const changed = settingEntries
    .map(([name]) => name)
    .filter((name) => text(olds[name]) !== text(news[name]));
  return { changed, replaces: [] };
}
