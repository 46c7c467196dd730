// Where the provider finds its credentials, in order: a resource's or function's
// `connection` argument, the stack configuration (`webstats:baseUrl`, `webstats:apiKey`,
// `webstats:requestsPerMinute`), then the environment (`WEBSTATS_*`).
//
// Nothing here is captured into the serialized provider: the dynamic provider receives the
// stack configuration at run time through `configure`, and the program reads it from its
// own runtime when a function is called.
import { WebstatsClient } from "../sdk";
import type { ConnectionInputs } from "./website-inputs";

export interface ConnectionSettings {
  baseUrl?: string;
  apiKey?: string;
  requestsPerMinute?: number;
}

export const configKeys = {
  baseUrl: "webstats:baseUrl",
  apiKey: "webstats:apiKey",
  requestsPerMinute: "webstats:requestsPerMinute",
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
  return settings;
}

/** Called from the dynamic provider's `configure`: remembers the stack's settings for this process. */
export function useStackSettings(settings: ConnectionSettings): void {
  stackSettings = settings;
}

const clients = new Map<string, WebstatsClient>();

/**
 * One client per installation and key for the whole process, so every resource of an
 * operation shares its connection pool and pacing.
 */
export function clientFor(
  connection?: ConnectionInputs,
  settings: ConnectionSettings = stackSettings,
): WebstatsClient {
  const baseUrl = present(connection?.baseUrl) ?? settings.baseUrl;
  const apiKey = present(connection?.apiKey) ?? settings.apiKey;
  const cacheKey = JSON.stringify([baseUrl ?? "", apiKey ?? "", settings.requestsPerMinute ?? ""]);
  let client = clients.get(cacheKey);
  if (!client) {
    try {
      // Unset values fall back to WEBSTATS_BASE_URL / WEBSTATS_API_KEY inside the client.
      client = new WebstatsClient({ baseUrl, apiKey, requestsPerMinute: settings.requestsPerMinute });
    } catch (error) {
      throw new Error(
        `${(error as Error).message} Alternatively set the stack configuration ` +
          `(pulumi config set ${configKeys.baseUrl} URL; pulumi config set --secret ${configKeys.apiKey} KEY) ` +
          `or pass connection: { baseUrl, apiKey }.`,
      );
    }
    clients.set(cacheKey, client);
  }
  return client;
}
