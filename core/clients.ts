// Which installation and key a resource or function talks to, and the client that does it.
// A resource's or function's own `connection` wins over the resolved settings (stack
// configuration, then environment: settings.ts).
//
// A host keeps one ClientRegistry for its process, so every resource of an operation shares
// one connection pool, one pacer per installation and one listing of each account.
import { ENV_API_KEY, ENV_BASE_URL, WebstatsClient } from "../sdk";
import { installationRoot } from "../sdk/settings";
import type { ConnectionInputs } from "./argument-schemas";
import { configKey } from "./settings";
import type { ProviderSettings, Sourced } from "./settings";
import { WebsiteReader } from "./website-reader";

const present = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== "" ? value.trim() : undefined;

const howToSet = {
  baseUrl:
    `set the ${ENV_BASE_URL} environment variable, the stack configuration ` +
    `(pulumi config set ${configKey("baseUrl")} https://stats.example.com), ` +
    `or connection.baseUrl of the resource or function.`,
  apiKey:
    `set the ${ENV_API_KEY} environment variable, the stack configuration ` +
    `(pulumi config set --secret ${configKey("apiKey")} <key>), ` +
    `or connection.apiKey of the resource or function.`,
};

/** The connection's value when it has one, else the setting's. */
function chosen(
  own: string | undefined,
  ownSource: string,
  setting: Sourced<string> | undefined,
): Sourced<string> | undefined {
  const value = present(own);
  if (value !== undefined) return { value, source: ownSource };
  const fallback = present(setting?.value);
  return fallback === undefined || !setting ? undefined : { value: fallback, source: setting.source };
}

export class ClientRegistry {
  private readonly clients = new Map<string, WebstatsClient>();
  private readonly readers = new WeakMap<WebstatsClient, WebsiteReader>();

  /**
   * The client for a connection (or the settings' installation and key): one per installation,
   * key, pacing and timeout. Errors name the configuration keys and environment variables a
   * Pulumi user sets, and keep the client's own error as their cause.
   */
  clientFor(connection: ConnectionInputs | undefined, settings: ProviderSettings): WebstatsClient {
    const baseUrl = chosen(connection?.baseUrl, "connection.baseUrl", settings.baseUrl);
    const apiKey = chosen(connection?.apiKey, "connection.apiKey", settings.apiKey);
    if (!baseUrl)
      throw new Error(`No address of the Website Statistics Service installation: ${howToSet.baseUrl}`);
    if (!apiKey) throw new Error(`No API key for the Website Statistics Service: ${howToSet.apiKey}`);

    const requestsPerMinute = settings.requestsPerMinute?.value;
    const timeoutMs = settings.timeoutMs?.value;
    const cacheKey = JSON.stringify([baseUrl.value, apiKey.value, requestsPerMinute ?? "", timeoutMs ?? ""]);
    let client = this.clients.get(cacheKey);
    if (!client) {
      try {
        installationRoot(baseUrl.value, baseUrl.source);
      } catch (error) {
        throw new Error((error as Error).message, { cause: error });
      }
      try {
        client = new WebstatsClient({
          baseUrl: baseUrl.value,
          apiKey: apiKey.value,
          requestsPerMinute,
          timeoutMs,
        });
      } catch (error) {
        throw new Error(`${(error as Error).message} (API key from ${apiKey.source})`, { cause: error });
      }
      this.clients.set(cacheKey, client);
    }
    return client;
  }

  /** One reader per client, so every resource of an account shares one listing. */
  readerFor(client: WebstatsClient): WebsiteReader {
    let reader = this.readers.get(client);
    if (!reader) {
      reader = new WebsiteReader(client);
      this.readers.set(client, reader);
    }
    return reader;
  }
}
