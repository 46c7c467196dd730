// The entry point: resolves settings, then wires the process-wide connection pool and pacer of the
// origin into a requester shared by the resource APIs. The client keeps no copy of the API key
// where inspection or serialisation could reach it.
import { AccountApi } from "./account";
import { systemClock } from "./clock";
import { sharedPoolFor } from "./connection-pool";
import { pacerForOrigin } from "./pacer";
import { createRequester } from "./requester";
import { resolveClientSettings } from "./settings";
import type { WebstatsClientOptions } from "./types";
import { WebsitesApi } from "./websites";

/**
 * A client of one installation of the Website Statistics Service, for one API key. Clients of
 * the same origin share one connection pool and one pacer per process, so several clients do
 * not together exceed the server's rate limit.
 */
export class WebstatsClient {
  /** The installation root, without /api/v1 and without a trailing slash. */
  readonly baseUrl: string;
  /** The account's websites: list, read, create, update, delete. */
  readonly websites: WebsitesApi;
  /** The account that owns the API key. */
  readonly account: AccountApi;

  /** Resolves and checks the settings (options first, then environment); throws a WebstatsError naming a missing or bad one. */
  constructor(options: WebstatsClientOptions = {}) {
    const settings = resolveClientSettings(options);
    const origin = new URL(settings.baseUrl).origin;
    const requester = createRequester(settings, {
      dispatcher: options.dispatcher ?? sharedPoolFor(origin),
      pacer: pacerForOrigin(origin, settings.requestsPerMinute),
      clock: systemClock,
      random: Math.random,
    });
    this.baseUrl = settings.baseUrl;
    this.websites = new WebsitesApi(requester);
    this.account = new AccountApi(requester);
  }
}
