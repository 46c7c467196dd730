// A real forwarding proxy for tests (proxy-chain's server): CONNECT tunnels and plain forwarded
// requests, Basic credentials when asked for, host names it resolves itself (and the ports its
// tunnels connect to), and a record of every request it received. Served over TLS when given a
// certificate: an https:// proxy, whose own certificate a client verifies before any CONNECT.
import dns from "node:dns";
import { connect, isIP } from "node:net";
import { Server } from "proxy-chain";
import type { PrepareRequestFunctionOpts as PrepareRequest } from "proxy-chain";
import type { ServerCertificate } from "./certificates";

/** How `startForwardingProxy` behaves. */
export interface ForwardingProxyOptions {
  /** With `password`: Basic proxy credentials every request must carry (407 otherwise). */
  username?: string;
  /** See `username`. */
  password?: string;
  /** Host names the proxy resolves itself, to IP addresses; other names go to node:dns's lookup. */
  resolve?: Record<string, string>;
  /**
   * The ports its tunnels connect to instead of those asked for, as a company's proxy may map
   * them: a website's 443 reaching a test's server on a port of its own. Records keep the port asked.
   */
  ports?: Record<number, number>;
  /** Served over TLS with this certificate (an https:// proxy); plain HTTP without one. */
  tls?: ServerCertificate;
  /** The host name its `url` names instead of 127.0.0.1: one the test resolves to 127.0.0.1. */
  hostname?: string;
}

/** A tunnel the proxy was asked for (CONNECT host:port), as it saw it. */
export interface ProxiedConnect {
  /** The host name or address asked for, lower case (IPv6 in brackets). */
  host: string;
  /** The port asked for. */
  port: number;
  /** false when the proxy refused it for missing or wrong credentials. */
  authorized: boolean;
}

/** A plain HTTP request the proxy was asked to forward, as it saw it. */
export interface ProxiedRequest {
  /** The request's method. */
  method: string;
  /** The absolute URL asked for. */
  url: string;
  /** false when the proxy refused it for missing or wrong credentials. */
  authorized: boolean;
}

/** A forwarding proxy listening on loopback. */
export interface ForwardingProxy {
  /**
   * "http://127.0.0.1:PORT" ("https://" over TLS, the `hostname` given for 127.0.0.1), with
   * "user:pass@" (percent-encoded) when credentials are required.
   */
  url: string;
  /** The port it listens on, for URLs with other credentials or none. */
  port: number;
  /** Every CONNECT it received, oldest first, refused ones included. */
  connects: ProxiedConnect[];
  /** Every plain request it received, oldest first, refused ones included. */
  requests: ProxiedRequest[];
  /** Stops it, cutting the tunnels still open. */
  close(): Promise<void>;
}

/**
 * Starts a forwarding proxy on 127.0.0.1 and a free port. A tunnel it cannot open (the name does
 * not resolve, the port refuses) gets 502; a plain request gets proxy-chain's own codes for those
 * (593, 594). A Proxy-Authorization that is not Basic gets 400 and is not recorded.
 */
export async function startForwardingProxy(options: ForwardingProxyOptions = {}): Promise<ForwardingProxy> {
  const credentials =
    options.username !== undefined || options.password !== undefined
      ? { username: options.username ?? "", password: options.password ?? "" }
      : undefined;
  const dnsLookup = lookupWith(options.resolve ?? {});
  const connects: ProxiedConnect[] = [];
  const requests: ProxiedRequest[] = [];
  const served = {
    port: 0,
    host: "127.0.0.1",
    prepareRequestFunction: ({ request, username, password, hostname, port, isHttp }: PrepareRequest) => {
      const authorized =
        !credentials || (username === credentials.username && password === credentials.password);
      if (isHttp) requests.push({ method: request.method ?? "", url: request.url ?? "", authorized });
      else connects.push({ host: hostname, port, authorized });
      return authorized
        ? { dnsLookup }
        : { requestAuthentication: true, failMsg: "Proxy credentials required." };
    },
  };
  const tls = options.tls;
  const server = new AnsweringServer(
    options.ports ?? {},
    tls ? { ...served, serverType: "https", httpsOptions: { cert: tls.certPem, key: tls.keyPem } } : served,
  );
  await server.listen();
  const userinfo = credentials
    ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@`
    : "";
  return {
    url: `${options.tls ? "https" : "http"}://${userinfo}${options.hostname ?? "127.0.0.1"}:${server.port}`,
    port: server.port,
    connects,
    requests,
    close: () => server.close(true),
  };
}

/** `url`'s scheme and port with another host name: the emulator reached under a name the proxy resolves. */
export function urlWithHost(url: string, hostname: string): string {
  const { protocol, port } = new URL(url);
  return `${protocol}//${hostname}${port ? `:${port}` : ""}`;
}

/**
 * proxy-chain's server with its own tunnels: proxy-chain hangs up on a CONNECT whose target it
 * cannot reach, without an answer, which undici's ProxyAgent retries without end (thousands of
 * CONNECTs a second); proxies answer with a status instead, and so does this one.
 */
class AnsweringServer extends Server {
  constructor(
    private readonly ports: Record<number, number>,
    ...options: ConstructorParameters<typeof Server>
  ) {
    super(...options);
  }

  override async onConnect(...[request, source, head]: Parameters<Server["onConnect"]>): Promise<void> {
    let handling;
    try {
      // Parses the target and runs prepareRequestFunction: records, checks credentials.
      handling = await this.prepareRequestHandling(request);
    } catch (error) {
      this.failRequest(request, error as NodeJS.ErrnoException);
      return;
    }
    const target = handling.trgParsed!;
    const asked = Number(target.port);
    const upstream = connect({
      host: target.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: this.ports[asked] ?? asked,
      lookup: handling.dnsLookup,
    });
    upstream.once("error", (error: NodeJS.ErrnoException) => {
      this.sendSocketResponse(source, 502, {}, `The proxy cannot reach ${request.url}: ${error.code}`);
    });
    upstream.once("connect", () => {
      upstream.removeAllListeners("error");
      // From here on either side failing or closing ends the other: the tunnel is one connection.
      upstream.on("error", () => source.destroy());
      source.on("error", () => upstream.destroy());
      source.on("close", () => upstream.destroy());
      upstream.on("close", () => source.destroy());
      source.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      source.pipe(upstream).pipe(source);
    });
  }
}

/** dns.lookup, except that the given names resolve to the given addresses without asking anyone. */
function lookupWith(names: Record<string, string>): typeof dns.lookup {
  const table = new Map(Object.entries(names).map(([name, address]) => [name.toLowerCase(), address]));
  const lookup = (
    hostname: string,
    options: dns.LookupOptions | number | ((...args: unknown[]) => void),
    callback?: (...args: unknown[]) => void,
  ): void => {
    const address = table.get(hostname.toLowerCase());
    if (address === undefined) {
      (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
      return;
    }
    const done = typeof options === "function" ? options : callback!;
    const family = isIP(address);
    // Node's sockets ask for every address (`all`) when they try IPv4 and IPv6 in turn.
    const all = typeof options === "object" && options.all === true;
    process.nextTick(() => (all ? done(null, [{ address, family }]) : done(null, address, family)));
  };
  return lookup as typeof dns.lookup;
}
