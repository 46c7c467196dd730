// The connections of one page check (page-check.ts): direct, or through the installation's proxy,
// every one bounded by the page's deadline from its first step. undici's own connect timeout
// (10 s by default) does not know the page's deadline, and a request's abort signal is acted on
// only once its connection is made: a server that accepts TCP but never answers TLS, a proxy that
// never answers its CONNECT, a name server that never answers, would each hold a page past its
// deadline. Here each connection is given up, as a failure of its request, when the deadline
// passes, and every socket of the page is destroyed when the page is done.
import { rootCertificates } from "node:tls";
import type { LookupFunction } from "node:net";
import { Agent, buildConnector, EnvHttpProxyAgent, errors, Pool, ProxyAgent } from "undici";
import type { Dispatcher } from "undici";
import { installationPlace } from "../../sdk/connection-rules";
import type { NetworkSettings } from "../../sdk/client-options";
import { proxiedPool, proxyClient, proxyFor } from "../../sdk/dispatchers";

type Connector = (options: object, callback: (error: Error | null, socket: unknown) => void) => unknown;

/**
 * `connect` given up when `signal` aborts: its request fails then (with an error undici does not
 * retry), and a connection that completes after it is closed at once.
 */
function connectorWithin(connect: Connector, signal: AbortSignal): Connector {
  return (options, callback) => {
    const cut = () =>
      new errors.ConnectTimeoutError("the page's deadline passed before its connection was made");
    if (signal.aborted) return callback(cut(), null);
    let settled = false;
    const setup: { pending?: unknown } = {};
    const onAbort = () => {
      if (settled) return;
      settled = true;
      // The socket being set up, when the connector gave one (a tunnel is ended by close()).
      (setup.pending as { destroy?: () => void } | undefined)?.destroy?.();
      callback(cut(), null);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    setup.pending = connect(options, (error, socket) => {
      signal.removeEventListener("abort", onAbort);
      if (settled) return void (socket as { destroy?: () => void } | null)?.destroy?.();
      settled = true;
      callback(error, socket);
    });
    return setup.pending;
  };
}

/** How the connections of a page are made. */
interface PageConnectionSettings {
  /** The installation's proxies and authorities. */
  network: Omit<NetworkSettings, "skipTlsVerify">;
  /** Resolves the names of direct connections (refusing addresses that are not public). */
  lookup: LookupFunction;
  /** The page's deadline (and the run's). */
  signal: AbortSignal;
  /** The page's whole time: undici's own connect timeout, which the signal comes before. */
  timeoutMs: number;
}

/** The dispatchers of one page, made when first needed, all destroyed by `close()`. */
export class PageConnections {
  private direct: Dispatcher | undefined;
  private readonly proxies = new Map<string, Dispatcher>();
  /** The connector of direct connections, whose names resolve through the page's lookup. */
  private readonly directConnect: Connector;

  constructor(private readonly settings: PageConnectionSettings) {
    const options = { ...this.tls(), lookup: settings.lookup };
    this.directConnect = buildConnector(options) as unknown as Connector;
  }

  /** TLS for websites and an https:// proxy: the system's authorities and the installation's. */
  private tls() {
    const ca = this.settings.network.caCertificates;
    return {
      ...(ca !== undefined ? { ca: [...rootCertificates, ca] } : {}),
      timeout: this.settings.timeoutMs,
    };
  }

  /**
   * Every origin's pool connects within the page's deadline, a tunnel through a proxy too (whose
   * pool fails once, as the installation's do, when the proxy closes instead of answering).
   */
  private readonly factory = (origin: string | URL, options: Pool.Options): Dispatcher => {
    const connect = options.connect;
    if (typeof connect !== "function") return new Pool(origin, options);
    const within = connectorWithin(connect as unknown as Connector, this.settings.signal);
    const bounded = { ...options, connect: within as unknown as Pool.Options["connect"] };
    return (connect as unknown) === this.directConnect
      ? new Pool(origin, bounded)
      : proxiedPool(origin, bounded);
  };

  /** The proxy that serves `url`, or undefined for a direct connection. */
  proxyOf(url: URL): string | undefined {
    const place = installationPlace(url.origin);
    const network = { ...this.settings.network, skipTlsVerify: false };
    return network.proxy === undefined || place.loopback ? undefined : proxyFor(place, network);
  }

  /**
   * Which dispatcher reaches `url`: the installation's proxy when one applies, else a direct
   * connection. Proxies by variables reach the NO_PROXY hosts directly: through the page's lookup.
   */
  dispatcherFor(url: URL): Dispatcher {
    const proxyUrl = this.proxyOf(url);
    if (proxyUrl === undefined) {
      this.direct ??= new Agent({
        factory: this.factory,
        connect: this.directConnect as unknown as Agent.Options["connect"],
      });
      return this.direct;
    }
    let dispatcher = this.proxies.get(proxyUrl);
    if (!dispatcher) {
      const proxy = this.settings.network.proxy!;
      const tls = this.tls();
      const common = { factory: this.factory, clientFactory: proxyClient, requestTls: tls, proxyTls: tls };
      dispatcher =
        "url" in proxy
          ? new ProxyAgent({ uri: proxyUrl, ...common })
          : // Every value given, empty ones as "": undici reads process.env for an undefined one.
            new EnvHttpProxyAgent({
              httpProxy: proxyUrl,
              httpsProxy: proxyUrl,
              noProxy: proxy.noProxy ?? "",
              connect: this.directConnect as unknown as Agent.Options["connect"],
              ...common,
            });
      this.proxies.set(proxyUrl, dispatcher);
    }
    return dispatcher;
  }

  /** Destroys every connection of the page, open or still being made. */
  close(): void {
    for (const dispatcher of [this.direct, ...this.proxies.values()])
      void dispatcher?.destroy().catch(() => {});
  }
}
