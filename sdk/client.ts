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

export class WebstatsClient {
  /** The installation root, without /api/v1 and without a trailing slash. */
  readonly baseUrl: string;
  readonly websites: WebsitesApi;
  readonly account: AccountApi;

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
