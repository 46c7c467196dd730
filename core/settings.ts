// The provider's settings, described once and resolved in one place for every host and tool:
// the dynamic provider (from the stack configuration it is sent), the program's functions and
// fleets (from the running program's configuration), `pulumi-webstats generate` (environment
// only) and the provider plugin. Each setting is read from the stack configuration
// (`webstats:NAME`), then from its environment variable; values are trimmed and a blank value
// counts as unset. A bad value is refused with one message, which names where it came from.
import { ENV_API_KEY, ENV_BASE_URL, ENV_REQUESTS_PER_MINUTE, ENV_TIMEOUT_MS } from "../sdk";

/** The stack configuration namespace of every setting: `webstats:baseUrl` and so on. */
export const configNamespace = "webstats";

/** Environment variable that sets the default of every Website's adoptExisting. */
export const ENV_ADOPT_EXISTING = "WEBSTATS_ADOPT_EXISTING";

/** The type a setting has in the package schema. */
export type SettingType = "string" | "number" | "integer" | "boolean";

interface SettingSpec<T> {
  /** The environment variable read when the stack configuration does not set it. */
  env: string;
  type: SettingType;
  /** Encrypted in the state, never shown in a message. */
  secret?: true;
  /** What users read: the README, the schema and the docs say the same. */
  description: string;
  /** Checks a trimmed, non-empty value; `source` names where it came from. */
  parse: (value: string, source: string) => T;
}

const text = (value: string): string => value;

function nonNegativeRate(value: string, source: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    throw new Error(`${source} must be a non-negative number of requests per minute, not "${value}".`);
  }
  return parsed;
}

function wholeMilliseconds(value: string, source: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new Error(`${source} must be a whole number of milliseconds of at least 1, not "${value}".`);
  }
  return parsed;
}

function trueOrFalse(value: string, source: string): boolean {
  const word = value.toLowerCase();
  if (word === "true" || word === "1") return true;
  if (word === "false" || word === "0") return false;
  throw new Error(`${source} must be true or false, not "${value}".`);
}

const setting = <T>(spec: SettingSpec<T>): SettingSpec<T> => spec;

export const settingSpecs = {
  baseUrl: setting({
    env: ENV_BASE_URL,
    type: "string",
    description:
      "The installation's root URL, e.g. `https://stats.example.com` (a trailing `/` or `/api/v1` is accepted).",
    parse: text,
  }),
  apiKey: setting({
    env: ENV_API_KEY,
    type: "string",
    secret: true,
    description: "The account's API key (a 64-character token). Set it as a secret.",
    parse: text,
  }),
  requestsPerMinute: setting({
    env: ENV_REQUESTS_PER_MINUTE,
    type: "number",
    description:
      "Client-side pacing of requests to one installation; `0` (default) paces only on what the server reports (`X-RateLimit-*`, `Retry-After`).",
    parse: nonNegativeRate,
  }),
  adoptExisting: setting({
    env: ENV_ADOPT_EXISTING,
    type: "boolean",
    description:
      "`true` makes `adoptExisting` default to true for every Website that does not set it, so that an interrupted update converges.",
    parse: trueOrFalse,
  }),
  timeoutMs: setting({
    env: ENV_TIMEOUT_MS,
    type: "integer",
    description:
      "How long one attempt of a request may take, in milliseconds, before it is abandoned (and, when safe, repeated); default 30000.",
    parse: wholeMilliseconds,
  }),
};

export type SettingName = keyof typeof settingSpecs;
type SettingValue<K extends SettingName> = ReturnType<(typeof settingSpecs)[K]["parse"]>;

/** A value and where it came from, in the words a user knows it by (a config key, a variable). */
export interface Sourced<T> {
  value: T;
  source: string;
}

/** Every setting that is set, with its source. */
export type ProviderSettings = { [K in SettingName]?: Sourced<SettingValue<K>> };

/** The settings in declaration order, typed loosely for the loops that derive from them. */
export const settingEntries = Object.entries(settingSpecs) as [SettingName, SettingSpec<unknown>][];

/** The stack configuration key of a setting, e.g. `webstats:apiKey`. */
export const configKey = (name: SettingName): string => `${configNamespace}:${name}`;

/** Environment variables by name, as in `process.env`. */
export type Environment = Record<string, string | undefined>;

/**
 * Looks a setting up in a stack configuration: the raw value, or undefined. Hosts receive
 * configuration as strings (the dynamic provider, a program) or as typed values (the plugin).
 */
export type ConfigLookup = (name: SettingName) => unknown;

function present(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * Resolves every setting: the stack configuration, then the environment. Throws an Error naming
 * the configuration key or variable of a bad value (never showing a secret one).
 */
export function resolveSettings(config: ConfigLookup, env: Environment = process.env): ProviderSettings {
  const settings: Record<string, Sourced<unknown>> = {};
  for (const [name, spec] of settingEntries) {
    const fromConfig = present(config(name));
    const fromEnv = present(env[spec.env]);
    const raw = fromConfig ?? fromEnv;
    if (raw === undefined) continue;
    const source = fromConfig !== undefined ? configKey(name) : spec.env;
    settings[name] = { value: spec.parse(raw, source), source };
  }
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

/** The default of every Website's adoptExisting: the stack's setting, else false. */
export const adoptExistingDefault = (settings: ProviderSettings): boolean =>
  settings.adoptExisting?.value ?? false;
