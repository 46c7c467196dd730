// The entry point: checks the options, then wires the process-wide dispatcher and pacer of the
// installation into a requester shared by the resource APIs. The client keeps no copy of the API
// key where inspection or serialisation could reach it.
import { AccountApi } from "./account";
import { checkClientOptions } from "./client-options";
import { systemClock } from "./clock";
import { proxyEndpoint } from "./connection-rules";
import { proxyFor, sharedDispatcherFor } from "./dispatchers";
import { pacerForOrigin } from "./pacer";
import { createRequester } from "./requester";
import { StatsApi } from "./stats";
import type { WebstatsClientOptions } from "./types";
import { WebsitesApi } from "./websites";

/**
 * A client of one installation of the Website Statistics Service, for one API key. Clients of
 * the same origin share one connection pool and one pacer per process, so several clients do
 * not together exceed the server's rate limit.
 *
 * The options are explicit values: the client reads no environment variable. To read
 * `WEBSTATS_*` and the proxy variables as the provider does, use `clientFromEnvironment` from
 * `pulumi-webstats/settings`.
 */
export class WebstatsClient {
  /** The installation root, without /api/v1 and without a trailing slash. */
  readonly baseUrl: string;
  /** The account's websites: list, read, create, update, delete. */
  readonly websites: WebsitesApi;
  /** The account that owns the API key. */
  readonly account: AccountApi;
  /** The websites' statistics: one statistic over a range of dates, page by page. */
  readonly stats: StatsApi;

  /** Checks the options; throws a WebstatsError naming a missing or bad one. */
  constructor(options: WebstatsClientOptions) {
    const settings = checkClientOptions(options);
    const { place, network } = settings;
    const proxyUrl = options.dispatcher ? undefined : proxyFor(place, network);
    const requester = createRequester(settings, {
      route: {
        dispatcher: options.dispatcher ?? sharedDispatcherFor(place, network),
        proxy: proxyUrl === undefined ? undefined : proxyEndpoint(proxyUrl),
      },
      pacer: pacerForOrigin(place.origin, settings.requestsPerMinute),
      clock: systemClock,
      random: Math.random,
    });
    this.baseUrl = settings.baseUrl;
    this.websites = new WebsitesApi(requester);
    this.account = new AccountApi(requester);
    this.stats = new StatsApi(requester);
  }
}
