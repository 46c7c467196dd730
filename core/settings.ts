// The provider's settings, described once in the settings table (setting-specs.ts) and resolved
// here, in one place, for every host and tool:
// the dynamic provider (from the stack configuration it is sent), the program's functions and
// fleets (from the running program's configuration), the provider plugin (its Configure
// arguments, an explicit provider's inputs), and the commands (`generate`, `drift`: environment
// only). Each setting is read from the stack configuration (`webstats:NAME`), then from its
// environment variable; values are trimmed and a blank value counts as unset. A bad value is
// refused with one message, which names where it came from. The parsers are the sdk's
// connection rules (sdk/connection-rules.ts), so the client judges its options the same way.
// This is the only module that reads the environment: the standard proxy variables included.
import { proxyAddress } from "../sdk/connection-rules";
import { configNamespace, settingEntries } from "./setting-specs";
import type { SettingName, SettingValue } from "./setting-specs";

// The table's names, for the modules that read settings through this one.
export { configNamespace, connectionSettingNames, settingEntries, settingSpecs } from "./setting-specs";
export type {
  CertificateFile,
  ConnectionInputs,
  ConnectionSettingName,
  SettingName,
  SettingType,
} from "./setting-specs";

/** A value and where it came from, in the words a user knows it by (a config key, a variable). */
interface Sourced<T> {
  value: T;
  source: string;
}

/** The standard proxy variables as Go reads them (upper case first, then lower case), each checked. */
interface ProxyVariables {
  httpsProxy?: string;
  httpProxy?: string;
  noProxy?: string;
}

/** Every setting that is set, with its source, and the proxy variables of the environment. */
export type ProviderSettings = { [K in SettingName]?: Sourced<SettingValue<K>> } & {
  proxyVariables?: ProxyVariables;
};

/** The stack configuration key of a setting, e.g. `webstats:apiKey`. */
export const configKey = (name: SettingName): string => `${configNamespace}:${name}`;

/** Environment variables by name, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/**
 * Looks a setting up in a stack configuration: the raw value, or undefined. Hosts receive
 * configuration as strings (the dynamic provider, a program) or as typed values (the plugin).
 */
type ConfigLookup = (name: SettingName) => unknown;

function present(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The first variable of these names that is set, with its name. */
function firstVariable(env: Environment, names: string[]): Sourced<string> | undefined {
  for (const name of names) {
    const value = present(env[name]);
    if (value !== undefined) return { value, source: name };
  }
  return undefined;
}

/** A proxy variable's value; like Go, an address without a scheme means http://. */
function proxyVariable(found: Sourced<string> | undefined): string | undefined {
  if (found === undefined) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  return proxyAddress(withScheme, found.source);
}

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case), checked; undefined when none is set. */
export function proxyVariables(env: Environment): ProxyVariables | undefined {
  const httpsProxy = proxyVariable(firstVariable(env, ["HTTPS_PROXY", "https_proxy"]));
  const httpProxy = proxyVariable(firstVariable(env, ["HTTP_PROXY", "http_proxy"]));
  const noProxy = firstVariable(env, ["NO_PROXY", "no_proxy"])?.value;
  if (httpsProxy === undefined && httpProxy === undefined) return undefined;
  return {
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(noProxy !== undefined ? { noProxy } : {}),
  };
}

/**
 * Resolves every setting: the stack configuration, then the environment, and the proxy
 * variables. Throws an Error naming the configuration key (`configSource`) or variable of a bad
 * value (never showing a secret one).
 */
export function resolveSettings(
  config: ConfigLookup,
  env: Environment = process.env,
  configSource: (name: SettingName) => string = configKey,
): ProviderSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, spec] of settingEntries) {
    const fromConfig = present(config(name));
    const fromEnv = present(env[spec.env]);
    const raw = fromConfig ?? fromEnv;
    if (raw === undefined) continue;
    const source = fromConfig !== undefined ? configSource(name) : spec.env;
    settings[name] = { value: spec.parse(raw, source), source };
  }
  const proxies = proxyVariables(env);
  if (proxies !== undefined) settings.proxyVariables = proxies;
  return settings;
}

/**
 * Settings as a host holds them between calls: resolved, or the error that says which one cannot
 * be read (the engine may configure a provider before any call that needs the settings).
 */
export type HeldSettings = ProviderSettings | Error;

/** Resolves settings for a host to hold; a bad value is kept as its error, not thrown. */
export function holdSettings(resolve: () => ProviderSettings): HeldSettings {
  try {
    return resolve();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A lookup in a configuration keyed `webstats:NAME`, as the engine and programs hold it. */
export const namespacedLookup =
  (get: (key: string) => unknown): ConfigLookup =>
  (name) =>
    get(configKey(name));

/** The variables that say how the commands (drift, plugin install) run the user's pulumi. */
export const pulumiVariables = {
  /** The pulumi executable to run instead of `pulumi` on PATH. */
  command: "PULUMI_COMMAND",
  /** The backend pulumi uses; it prefers this to a project's `backend: url`. */
  backendUrl: "PULUMI_BACKEND_URL",
} as const;

/** What each of those variables does, for a command's help. */
export const pulumiVariableSummaries: Record<keyof typeof pulumiVariables, string> = {
  command: "the pulumi executable to run (default: pulumi on PATH)",
  backendUrl: "the backend pulumi reads stacks from, over a project's backend.url",
};

/** How a command runs pulumi, as the environment says. */
interface PulumiSettings {
  /** The executable: `PULUMI_COMMAND` when set, else `pulumi`, found on PATH. */
  command: string;
  /** Where the command was named, for messages: the variable, or undefined for PATH. */
  commandSource?: typeof pulumiVariables.command;
  /** The backend the environment sets (`PULUMI_BACKEND_URL`), which pulumi prefers to a project's. */
  backendUrl?: string;
}

/** How a command runs pulumi: `PULUMI_COMMAND` (else `pulumi` on PATH) and `PULUMI_BACKEND_URL`. */
export function pulumiSettings(env: Environment): PulumiSettings {
  const command = present(env[pulumiVariables.command]);
  const backendUrl = present(env[pulumiVariables.backendUrl]);
  return {
    command: command ?? "pulumi",
    ...(command !== undefined ? { commandSource: pulumiVariables.command } : {}),
    ...(backendUrl !== undefined ? { backendUrl } : {}),
  };
}

/** The default of every Website's adoptExisting: the stack's setting, else false. */
export const adoptExistingDefault = (settings: ProviderSettings): boolean =>
  settings.adoptExisting?.value ?? false;
