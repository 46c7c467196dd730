// Where the provider finds its credentials and stack-wide defaults, in order: a resource's or
// function's own argument, the stack configuration (`webstats:baseUrl`, `webstats:apiKey`,
// `webstats:requestsPerMinute`, `webstats:adoptExisting`), then the environment (`WEBSTATS_*`).
//
// Nothing here is captured into the serialized provider: the dynamic provider receives the
// stack configuration at run time through `configure`, and the program reads it from its
// own runtime when a function is called.
import { ENV_API_KEY, ENV_BASE_URL, WebstatsClient } from "../sdk";
import { installationRoot } from "../sdk/settings";
import type { ConnectionInputs } from "./website-fields";

export interface ConnectionSettings {
  baseUrl?: string;
  apiKey?: string;
  requestsPerMinute?: number;
  /** The default of every Website's adoptExisting argument. */
  adoptExisting?: boolean;
}

export const ENV_ADOPT_EXISTING = "WEBSTATS_ADOPT_EXISTING";

export const configKeys = {
  baseUrl: "webstats:baseUrl",
  apiKey: "webstats:apiKey",
  requestsPerMinute: "webstats:requestsPerMinute",
  adoptExisting: "webstats:adoptExisting",
} as const;

let stackSettings: ConnectionSettings = {};

const present = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== "" ? value.trim() : undefined;

/** Reads the provider's settings from a stack configuration lookup. */
export function settingsFromConfig(get: (key: string) => string | undefined): ConnectionSettings {
  const settings: ConnectionSettings = {};
  const baseUrl = present(get(configKeys.baseUrl));
  const apiKey = present(get(configKeys.apiKey));
  const rate = present(get(configKeys.requestsPerMinute));
  if (baseUrl) settings.baseUrl = baseUrl;
  if (apiKey) settings.apiKey = apiKey;
  if (rate !== undefined) {
    const parsed = Number(rate);
    if (!Number.isFinite(parsed) || parsed < 0) {
      throw new Error(
        `${configKeys.requestsPerMinute} must be a non-negative number of requests per minute, not "${rate}".`,
      );
    }
    settings.requestsPerMinute = parsed;
  }
  const adopt = switchValue(get(configKeys.adoptExisting), configKeys.adoptExisting);
  if (adopt !== undefined) settings.adoptExisting = adopt;
  return settings;
}

/** A true/false setting as configuration and environment spell it; undefined when unset. */
function switchValue(raw: string | undefined, name: string): boolean | undefined {
  const value = present(raw)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new Error(`${name} must be true or false, not "${raw}".`);
}

/**
 * The default of adoptExisting for Websites that do not set it: the stack configuration, then
 * the environment, then false. Switched on for one run, it lets an interrupted update converge.
 */
export function adoptExistingDefault(settings: ConnectionSettings = stackSettings): boolean {
  return settings.adoptExisting ?? switchValue(process.env[ENV_ADOPT_EXISTING], ENV_ADOPT_EXISTING) ?? false;
}

/** Called from the dynamic provider's `configure`: remembers the stack's settings for this process. */
export function useStackSettings(settings: ConnectionSettings): void {
  stackSettings = settings;
}

const clients = new Map<string, WebstatsClient>();

/** A setting's value and where it came from, in the words a Pulumi user knows it by. */
interface Sourced {
  value: string | undefined;
  source: string;
}

function firstPresent(...candidates: Sourced[]): Sourced | undefined {
  return candidates.find((candidate) => present(candidate.value) !== undefined);
}

const howToSet = {
  baseUrl:
    `set the ${ENV_BASE_URL} environment variable, the stack configuration ` +
    `(pulumi config set ${configKeys.baseUrl} https://stats.example.com), ` +
    `or connection.baseUrl of the resource or function.`,
  apiKey:
    `set the ${ENV_API_KEY} environment variable, the stack configuration ` +
    `(pulumi config set --secret ${configKeys.apiKey} <key>), ` +
    `or connection.apiKey of the resource or function.`,
};

/**
 * One client per installation and key for the whole process, so every resource of an
 * operation shares its connection pool and pacing. Errors name the configuration keys and
 * environment variables a Pulumi user sets, and keep the client's own error as their cause.
 */
export function clientFor(
  connection?: ConnectionInputs,
  settings: ConnectionSettings = stackSettings,
): WebstatsClient {
  const baseUrl = firstPresent(
    { value: connection?.baseUrl, source: "connection.baseUrl" },
    { value: settings.baseUrl, source: configKeys.baseUrl },
    { value: process.env[ENV_BASE_URL], source: ENV_BASE_URL },
  );
  const apiKey = firstPresent(
    { value: connection?.apiKey, source: "connection.apiKey" },
    { value: settings.apiKey, source: configKeys.apiKey },
    { value: process.env[ENV_API_KEY], source: ENV_API_KEY },
  );
  if (!baseUrl)
    throw new Error(`No address of the Website Statistics Service installation: ${howToSet.baseUrl}`);
  if (!apiKey) throw new Error(`No API key for the Website Statistics Service: ${howToSet.apiKey}`);

  const cacheKey = JSON.stringify([baseUrl.value, apiKey.value, settings.requestsPerMinute ?? ""]);
  let client = clients.get(cacheKey);
  if (!client) {
    try {
      installationRoot(present(baseUrl.value)!, baseUrl.source);
    } catch (error) {
      throw new Error((error as Error).message, { cause: error });
    }
    try {
      client = new WebstatsClient({
        baseUrl: baseUrl.value,
        apiKey: apiKey.value,
        requestsPerMinute: settings.requestsPerMinute,
      });
    } catch (error) {
      throw new Error(`${(error as Error).message} (API key from ${apiKey.source})`, { cause: error });
    }
    clients.set(cacheKey, client);
  }
  return client;
}
