// One keep-alive dispatcher per installation and way of reaching it, for the whole process. Many
// clients are created over an operation (one per resource call, possibly); sharing connections
// saves a TCP and TLS handshake per request. undici does the work: `Agent` for a direct
// connection, `ProxyAgent` for one proxy, `EnvHttpProxyAgent` for the standard proxy variables
// with their NO_PROXY rules. Values are always passed explicitly, so undici reads no environment
// variable of its own. undici unreferences idle sockets, so the pools do not keep the process alive.
import { createHash } from "node:crypto";
import { rootCertificates } from "node:tls";
import { Agent, EnvHttpProxyAgent, Pool, ProxyAgent, type Dispatcher } from "undici";
import type { ClientSettings, NetworkSettings } from "./client-options";
import { atProxy, atProxyCertificate, isCertificateFailure } from "./connection-failures";
import { shownProxy } from "./connection-rules";

type Place = ClientSettings["place"];

const dispatchers = new Map<string, Dispatcher>();

/** TLS options for the installation (and an https:// proxy): the system's authorities plus the given ones. */
function tlsOptions(network: NetworkSettings) {
  return {
    ...(network.caCertificates !== undefined ? { ca: [...rootCertificates, network.caCertificates] } : {}),
    ...(network.skipTlsVerify ? { rejectUnauthorized: false } : {}),
  };
}

/**
 * The proxy that may apply to the origin. The standard variables are read as Go and curl read
 * them: HTTPS_PROXY for https://, HTTP_PROXY for http:// (undici would use HTTP_PROXY for both),
 * and never for this machine's own addresses. A proxy given by URL applies to every origin.
 */
export function proxyFor(place: Place, network: NetworkSettings): string | undefined {
  const proxy = network.proxy;
  if (proxy === undefined) return undefined;
  if ("url" in proxy) return proxy.url;
  if (place.loopback) return undefined;
  return place.secure ? proxy.httpsProxy : proxy.httpProxy;
}

type ConnectFunction = (options: object, callback: (error: Error | null, socket: unknown) => void) => void;

/**
 * The pools of a proxied installation: every failure while their connection is made, but a
 * certificate's, happened on the way to the proxy (its address, its answer to the tunnel
 * request), and is marked so for the message. A certificate failure is the installation's, or an
 * https:// proxy's own when proxyClient marked it so.
 *
 * And undici 7 loops without end, reconnecting to the proxy as fast as it can, when a proxy
 * closes the connection instead of answering a tunnel request (nodejs/undici#3897, fixed in
 * undici 8, which needs Node.js 22). Its pools treat that failure (UND_ERR_SOCKET) as
 * recoverable; given as the error undici 8 gives (UND_ERR_PRX_CONN), it fails the request once.
 */
export function proxiedPool(origin: string | URL, options: Pool.Options): Dispatcher {
  const connect = options.connect;
  if (typeof connect !== "function") return new Pool(origin, options);
  const guarded: ConnectFunction = (connectOptions, callback) =>
    (connect as unknown as ConnectFunction)(connectOptions, (error, socket) => {
      if (!error) return callback(null, socket);
      if (isCertificateFailure(error)) return callback(error, null);
      const code = (error as { code?: unknown }).code;
      const failure =
        code === "UND_ERR_SOCKET"
          ? Object.assign(
              new Error(`the proxy closed the connection before it answered (${error.message})`),
              {
                code: "UND_ERR_PRX_CONN",
                cause: error,
              },
            )
          : error;
      callback(Object.assign(failure, { [atProxy]: true }), null);
    });
  return new Pool(origin, { ...options, connect: guarded as unknown as Pool.Options["connect"] });
}

/**
 * The connection to an https:// proxy itself (undici's ProxyAgent `clientFactory`). Its
 * certificate fails with the codes an installation's does, and reaches the request as it is or
 * as the cause of undici's SecureProxyConnectionError: marked with the proxy's printable address,
 * the failure is told from one of the installation's certificate, which comes through the tunnel.
 */
export function proxyClient(origin: string | URL, options: Pool.Options): Dispatcher {
  const connect = options.connect;
  if (typeof connect !== "function") return new Pool(origin, options);
  const shown = shownProxy(String(origin));
  const marking: ConnectFunction = (connectOptions, callback) =>
    (connect as unknown as ConnectFunction)(connectOptions, (error, socket) => {
      if (error && isCertificateFailure(error)) Object.assign(error, { [atProxyCertificate]: shown });
      callback(error, socket);
    });
  return new Pool(origin, { ...options, connect: marking as unknown as Pool.Options["connect"] });
}

function makeDispatcher(place: Place, network: NetworkSettings): Dispatcher {
  const tls = tlsOptions(network);
  const proxy = network.proxy;
  const proxyUrl = proxyFor(place, network);
  if (proxy === undefined || proxyUrl === undefined) return new Agent({ connect: tls });
  const factory = proxiedPool;
  const clientFactory = proxyClient;
  if ("url" in proxy)
    return new ProxyAgent({ uri: proxyUrl, requestTls: tls, proxyTls: tls, factory, clientFactory });
  // Every value given, empty ones as "": undici reads process.env for an undefined one.
  return new EnvHttpProxyAgent({
    factory,
    clientFactory,
    httpProxy: proxyUrl,
    httpsProxy: proxyUrl,
    noProxy: proxy.noProxy ?? "",
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
  });
}

/** The shared dispatcher for an installation reached this way. */
export function sharedDispatcherFor(place: Place, network: NetworkSettings): Dispatcher {
  // The key holds a digest, not the proxy's credentials or the certificates themselves.
  const key = createHash("sha256")
    .update(JSON.stringify([place.origin, network]))
    .digest("hex");
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = makeDispatcher(place, network);
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}
