// Which installation and key a resource or function talks to, how it is reached, and the client
// that does it. A resource's or function's own `connection` wins, setting by setting, over the
// resolved settings (stack configuration, then environment: settings.ts), and every value is
// judged by its setting's rule there, before any request.
//
// A host keeps one ClientRegistry for its process, so every resource of an operation shares
// one connection pool, one pacer per installation and one listing of each account.
import { WebstatsClient } from "../sdk";
import type { RequestObserver, WebstatsClientOptions } from "../sdk";
import { plainHttpAllowed } from "../sdk/connection-rules";
import { notifyEngine } from "./website-custody";
import type { Notify } from "./website-custody";
import { configKey, connectionSettingNames, resolveSettings, settingSpecs } from "./settings";
import type { ConnectionInputs, Environment, ProviderSettings } from "./settings";
import { PlanBudget } from "./plan-budget";
import { WebsiteReader } from "./website-reader";

const howToSet = {
  baseUrl:
    `set the ${settingSpecs.baseUrl.env} environment variable, the stack configuration ` +
    `(pulumi config set ${configKey("baseUrl")} https://stats.example.com), ` +
    `or connection.baseUrl of the resource or function.`,
  apiKey:
    `set the ${settingSpecs.apiKey.env} environment variable, the stack configuration ` +
    `(pulumi config set --secret ${configKey("apiKey")} <key>), ` +
    `or connection.apiKey of the resource or function.`,
};

/**
 * Where allowHttp is set for this base URL, in the words of where the base URL came from: a
 * connection, the stack, an explicit provider, or the environment of a command.
 */
function allowHttpPlace(baseUrlSource: string): string {
  const { env } = settingSpecs.allowHttp;
  if (baseUrlSource.startsWith("connection.")) return "connection.allowHttp";
  if (baseUrlSource === configKey("baseUrl")) return `${configKey("allowHttp")} (or ${env})`;
  if (baseUrlSource === settingSpecs.baseUrl.env) return `${env} (or ${configKey("allowHttp")} in a stack)`;
  // An explicit provider's argument: "baseUrl of provider NAME".
  return baseUrlSource.replace(/^baseUrl\b/, "allowHttp");
}

/** The connection's own settings over the provider's, each checked by its rule. */
export function connectionSettings(
  connection: ConnectionInputs | undefined,
  settings: ProviderSettings,
): ProviderSettings {
  if (connection === undefined) return settings;
  const own = resolveSettings(
    (name) =>
      (connectionSettingNames as string[]).includes(name)
        ? connection[name as keyof ConnectionInputs]
        : undefined,
    {},
    (name) => `connection.${name}`,
  );
  return { ...settings, ...own };
}

/** Refuses a plain http:// address of another machine unless allowHttp says to accept it. */
export function checkPlainHttp(settings: ProviderSettings): void {
  if (!settings.baseUrl) return;
  plainHttpAllowed(settings.baseUrl.value, settings.allowHttp?.value === true, {
    baseUrl: settings.baseUrl.source,
    allowHttp: allowHttpPlace(settings.baseUrl.source),
  });
}

/** The client's options for these settings; throws naming what is missing or refused. */
export function clientOptionsOf(settings: ProviderSettings): WebstatsClientOptions {
  const { baseUrl, apiKey } = settings;
  if (!baseUrl)
    throw new Error(`No address of the Website Statistics Service installation: ${howToSet.baseUrl}`);
  if (!apiKey) throw new Error(`No API key for the Website Statistics Service: ${howToSet.apiKey}`);
  checkPlainHttp(settings);
  const proxy = settings.proxyUrl ? { url: settings.proxyUrl.value } : settings.proxyVariables;
  return {
    baseUrl: baseUrl.value,
    apiKey: apiKey.value,
    ...(settings.requestsPerMinute ? { requestsPerMinute: settings.requestsPerMinute.value } : {}),
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs.value } : {}),
    ...(proxy ? { proxy } : {}),
    ...(settings.caCertFile ? { caCertificates: settings.caCertFile.value.certificates } : {}),
    ...(settings.skipTlsVerify?.value ? { skipTlsVerify: true } : {}),
    ...(settings.allowHttp?.value ? { allowHttp: true } : {}),
  };
}

export class ClientRegistry {
  private readonly clients = new Map<string, WebstatsClient>();
  private readonly readers = new WeakMap<WebstatsClient, WebsiteReader>();
  private readonly unverified = new Set<string>();
  private readonly budgets = new WeakMap<WebstatsClient, PlanBudget>();

  /**
   * `notify` says once per installation that its certificate is not verified; `onRequest` is
   * told every request of every client (a command's --verbose log).
   */
  constructor(
    private readonly notify: Notify = notifyEngine,
    private readonly onRequest?: RequestObserver,
  ) {}

  /**
   * The client for a connection (or the settings' installation and key): one per installation,
   * key and way of reaching it. Errors name the configuration keys and environment variables a
   * Pulumi user sets.
   */
  clientFor(connection: ConnectionInputs | undefined, settings: ProviderSettings): WebstatsClient {
    const merged = connectionSettings(connection, settings);
    const options = clientOptionsOf(merged);
    const cacheKey = JSON.stringify(options);
    let client = this.clients.get(cacheKey);
    if (!client) {
      client = new WebstatsClient(this.onRequest ? { ...options, onRequest: this.onRequest } : options);
      this.clients.set(cacheKey, client);
      if (options.skipTlsVerify && !this.unverified.has(client.baseUrl)) {
        this.unverified.add(client.baseUrl);
        this.notify(
          `the certificate of ${client.baseUrl} is not verified (${merged.skipTlsVerify?.source} is true): ` +
            "any server on the way can answer as this installation and read the API key.",
        );
      }
    }
    return client;
  }

  /** One plan budget per client: the creates this operation checked against the account's room. */
  budgetFor(client: WebstatsClient): PlanBudget {
    let budget = this.budgets.get(client);
    if (!budget) {
      budget = new PlanBudget(client, this.readerFor(client));
      this.budgets.set(client, budget);
    }
    return budget;
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

/**
 * A client configured from the environment alone, as the provider reads it (`WEBSTATS_*`, the
 * proxy variables): for scripts that use the typed client without Pulumi.
 */
export function clientFromEnvironment(env?: Environment): WebstatsClient {
  return new ClientRegistry().clientFor(
    undefined,
    resolveSettings(() => undefined, env),
  );
}
