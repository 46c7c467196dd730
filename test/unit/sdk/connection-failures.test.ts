// How a failed attempt is worded (sdk/connection-failures.ts): the installation's certificate
// (the reason, and the two settings that fix it), the proxy in between (named without its
// credentials), an https:// proxy's own certificate (marked where the proxy's connection is made),
// or the installation itself, also when a proxy is configured but NO_PROXY sent the
// request direct. The errors are shaped as Node.js and undici raise them.
import { describe, expect, it } from "vitest";
import { atProxy, atProxyCertificate, describeConnectionFailure } from "../../../sdk/connection-failures";
import { proxyEndpoint } from "../../../sdk/connection-rules";

const ORIGIN = "https://stats.example.com";
const PROXY = "http://proxy-user:hunter2-pass@10.9.8.7:3128";
const SHOWN_PROXY = "http://***@10.9.8.7:3128";

/** A system error as Node.js raises it: a message, a code and where it happened. */
const systemError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

/** A failed connect as Node.js raises it: its code, and the address and port it tried. */
const connectError = (code: string, address: string, port: number, more: Record<PropertyKey, unknown> = {}) =>
  systemError(`connect ${code} ${address}:${port}`, { code, address, port, ...more });

/** The description of a failure reaching `origin`, through the proxy of this address if one is given. */
const failure = (origin: string, proxyUrl: string | undefined, error: unknown, code: string | undefined) =>
  describeConnectionFailure(
    origin,
    proxyUrl === undefined ? undefined : proxyEndpoint(proxyUrl),
    error,
    code,
  );

const TRUST =
  "Set caCertFile to a PEM file of the authority that signed it, or skipTlsVerify to true to accept " +
  "any certificate (then nothing proves who answers).";

describe("describeConnectionFailure: the installation's certificate", () => {
  it.each([
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "it is self-signed"],
    ["SELF_SIGNED_CERT_IN_CHAIN", "it is signed by a self-signed authority that is not trusted"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "it is signed by an unknown authority"],
    ["UNABLE_TO_GET_ISSUER_CERT", "it is signed by an unknown authority"],
    ["UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "it is signed by an unknown authority"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "it was issued for another name"],
    ["CERT_HAS_EXPIRED", "it has expired"],
    ["CERT_NOT_YET_VALID", "it is not valid yet"],
    ["CERT_SIGNATURE_FAILURE", "its signature does not match"],
    ["CERT_REVOKED", "it has been revoked"],
    ["CERT_UNTRUSTED", "it was refused"],
    ["ERR_TLS_CERT_SOMETHING_NEW", "it was refused"],
  ])("%s: %s, and both settings that fix it", (code, reason) => {
    const error = systemError("certificate problem", { code });
    const description = failure(ORIGIN, undefined, error, code);
    expect(description).toEqual({
      detail: `the certificate of ${ORIGIN} could not be verified: ${reason} (${code}). ${TRUST}`,
      failedAt: "certificate",
    });
    expect(description.detail).toMatch(/caCertFile[\s\S]*skipTlsVerify/);
  });

  it("is the installation's certificate also when the request went through a proxy", () => {
    const error = systemError("certificate has expired", { code: "CERT_HAS_EXPIRED" });
    expect(failure(ORIGIN, PROXY, error, "CERT_HAS_EXPIRED")).toEqual({
      detail: `the certificate of ${ORIGIN} could not be verified: it has expired (CERT_HAS_EXPIRED). ${TRUST}`,
      failedAt: "certificate",
    });
  });
});

describe("describeConnectionFailure: the proxy", () => {
  const described = (error: unknown, code: string | undefined, proxyUrl = PROXY) => {
    const description = failure(ORIGIN, proxyUrl, error, code);
    expect(JSON.stringify(description)).not.toContain("hunter2-pass");
    expect(JSON.stringify(description)).not.toContain("proxy-user");
    return description;
  };

  it("that refuses connections", () => {
    const error = connectError("ECONNREFUSED", "10.9.8.7", 3128);
    expect(described(error, "ECONNREFUSED")).toEqual({
      detail: `connection refused by the proxy ${SHOWN_PROXY}; is it running at that address?`,
      failedAt: "proxy",
    });
  });

  it("that refuses connections, named by its host name (the pool through the proxy marks the error)", () => {
    // undici connects to the proxy by name; Node.js reports the address it resolved, as here:
    // connect ECONNREFUSED 127.0.0.1:3128 for a proxy http://localhost:3128. The address does not
    // name the proxy: the mark the proxied pool sets (sdk/dispatchers.ts) does.
    const error = connectError("ECONNREFUSED", "127.0.0.1", 3128, { [atProxy]: true });
    expect(described(error, "ECONNREFUSED", "http://proxy-user:hunter2-pass@localhost:3128")).toEqual({
      detail: "connection refused by the proxy http://***@localhost:3128; is it running at that address?",
      failedAt: "proxy",
    });
  });

  it.each(["ENOTFOUND", "EAI_AGAIN"])("whose name does not resolve (%s)", (code) => {
    const error = systemError(`getaddrinfo ${code} proxy.corp.example`, {
      code,
      hostname: "proxy.corp.example",
    });
    expect(described(error, code, "http://proxy-user:hunter2-pass@proxy.corp.example:3128")).toEqual({
      detail: `cannot resolve the host of the proxy http://***@proxy.corp.example:3128 (${code}).`,
      failedAt: "proxy",
    });
  });

  it.each([
    ["a tunnel", "Proxy response (407) !== 200 when HTTP Tunneling", "UND_ERR_ABORTED"],
    ["a forwarded request", "Proxy Authentication Required (407)", "UND_ERR_INVALID_ARG"],
  ])("that asks for credentials (407) for %s", (_label, message, code) => {
    expect(described(systemError(message, { code }), code)).toEqual({
      detail: `the proxy ${SHOWN_PROXY} asks for credentials (407): put user:password@ before its host in the proxy address.`,
      failedAt: "proxy",
    });
  });

  it.each(["403", "502", "503"])("that refuses the tunnel with another status (%s)", (status) => {
    const error = systemError(`Proxy response (${status}) !== 200 when HTTP Tunneling`, {
      code: "UND_ERR_ABORTED",
    });
    expect(described(error, "UND_ERR_ABORTED")).toEqual({
      detail: `the proxy ${SHOWN_PROXY} refused the tunnel to the installation (${status}).`,
      failedAt: "proxy",
    });
  });

  it("that closes the connection instead of opening a tunnel", () => {
    const dropped = systemError("the proxy closed the connection before it answered (other side closed)", {
      code: "UND_ERR_PRX_CONN",
    });
    expect(described(dropped, "UND_ERR_PRX_CONN")).toEqual({
      detail:
        `the proxy ${SHOWN_PROXY} closed the connection instead of opening a tunnel to the installation; ` +
        "does it allow CONNECT to that host and port?",
      failedAt: "proxy",
    });
  });

  it("whose connection fails otherwise", () => {
    const error = connectError("ETIMEDOUT", "10.9.8.7", 3128);
    expect(described(error, "ETIMEDOUT")).toEqual({
      detail: `connection to the proxy ${SHOWN_PROXY} failed (ETIMEDOUT).`,
      failedAt: "proxy",
    });
  });

  it("on its default port, and at an IPv6 address", () => {
    const onDefaultPort = connectError("ECONNREFUSED", "10.9.8.7", 80);
    expect(described(onDefaultPort, "ECONNREFUSED", "http://10.9.8.7").failedAt).toBe("proxy");
    const secure = connectError("ECONNREFUSED", "10.9.8.7", 443);
    expect(described(secure, "ECONNREFUSED", "https://10.9.8.7").detail).toBe(
      "connection refused by the proxy https://10.9.8.7; is it running at that address?",
    );
    const ipv6 = connectError("ECONNREFUSED", "fd00::7", 3128);
    expect(described(ipv6, "ECONNREFUSED", "http://[fd00::7]:3128")).toEqual({
      detail: "connection refused by the proxy http://[fd00::7]:3128; is it running at that address?",
      failedAt: "proxy",
    });
  });
});

describe("describeConnectionFailure: an https:// proxy's own certificate", () => {
  const SECURE_PROXY = "https://proxy-user:hunter2-pass@proxy.corp.example:3128";
  const SHOWN = "https://***@proxy.corp.example:3128";
  /** A certificate failure of the proxy's connection, marked with its address as it is shown. */
  const marked = (message: string, code: string) =>
    systemError(message, { code, [atProxyCertificate]: SHOWN });
  /** undici's SecureProxyConnectionError around it, marked by the pool through the proxy. */
  const wrapped = (cause: Error) =>
    systemError("secure proxy connection failed", { code: "UND_ERR_PRX_TLS", cause, [atProxy]: true });

  it.each([
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "it is self-signed"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "it is signed by an unknown authority"],
    ["CERT_UNTRUSTED", "it was refused"],
  ])("%s, on the error itself: names the proxy, the reason and both settings", (code, reason) => {
    expect(failure(ORIGIN, SECURE_PROXY, marked("certificate problem", code), code)).toEqual({
      detail: `the certificate of the proxy ${SHOWN} does not verify: ${reason} (${code}). ${TRUST}`,
      failedAt: "certificate",
    });
  });

  it("as the cause of undici's wrapper: the certificate's code, not the wrapper's", () => {
    const error = wrapped(marked("certificate has expired", "CERT_HAS_EXPIRED"));
    expect(failure(ORIGIN, SECURE_PROXY, error, "UND_ERR_PRX_TLS")).toEqual({
      detail: `the certificate of the proxy ${SHOWN} does not verify: it has expired (CERT_HAS_EXPIRED). ${TRUST}`,
      failedAt: "certificate",
    });
  });

  it("issued for another name: the name to give the proxy, on the error or as its cause", () => {
    const code = "ERR_TLS_CERT_ALTNAME_INVALID";
    const detail = `the certificate of the proxy ${SHOWN} does not verify: it was issued for another name (${code}). Name the proxy in its address as its certificate does.`;
    const alone = marked("Hostname/IP does not match certificate's altnames", code);
    expect(failure(ORIGIN, SECURE_PROXY, alone, code)).toEqual({ detail, failedAt: "certificate" });
    const inWrapper = wrapped(marked("Hostname/IP does not match certificate's altnames", code));
    expect(failure(ORIGIN, SECURE_PROXY, inWrapper, "UND_ERR_PRX_TLS")).toEqual({
      detail,
      failedAt: "certificate",
    });
  });

  it("is the proxy's failure, not its certificate's, when the marked cause has no code", () => {
    const error = wrapped(Object.assign(new Error("no code"), { [atProxyCertificate]: SHOWN }));
    expect(failure(ORIGIN, SECURE_PROXY, error, "UND_ERR_PRX_TLS")).toEqual({
      detail: `connection to the proxy ${SHOWN} failed (UND_ERR_PRX_TLS).`,
      failedAt: "proxy",
    });
  });

  it("is the installation's certificate when the proxy's connection did not mark it", () => {
    const error = systemError("self-signed certificate", { code: "DEPTH_ZERO_SELF_SIGNED_CERT" });
    expect(failure(ORIGIN, SECURE_PROXY, error, "DEPTH_ZERO_SELF_SIGNED_CERT")).toEqual({
      detail: `the certificate of ${ORIGIN} could not be verified: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). ${TRUST}`,
      failedAt: "certificate",
    });
  });
});

describe("describeConnectionFailure: the installation", () => {
  it.each([
    ["without a proxy", undefined],
    ["while a proxy is configured but NO_PROXY sent the request direct", PROXY],
  ])("names the installation %s", (_label, proxyUrl) => {
    const refused = connectError("ECONNREFUSED", "192.0.2.10", 443);
    expect(failure(ORIGIN, proxyUrl, refused, "ECONNREFUSED")).toEqual({
      detail: `connection refused by ${ORIGIN}; is the server running at that address?`,
    });
    const unresolved = systemError("getaddrinfo ENOTFOUND stats.example.com", {
      code: "ENOTFOUND",
      hostname: "stats.example.com",
    });
    expect(failure(ORIGIN, proxyUrl, unresolved, "ENOTFOUND")).toEqual({
      detail: `cannot resolve the host of ${ORIGIN} (ENOTFOUND).`,
    });
    const reset = systemError("read ECONNRESET", { code: "ECONNRESET" });
    expect(failure(ORIGIN, proxyUrl, reset, "ECONNRESET")).toEqual({
      detail: `connection to ${ORIGIN} failed before a complete response (ECONNRESET).`,
    });
  });

  it("on the proxy's port number but at another address", () => {
    const error = connectError("ECONNREFUSED", "192.0.2.10", 3128);
    expect(failure("http://192.0.2.10:3128", PROXY, error, "ECONNREFUSED").failedAt).toBeUndefined();
  });

  it("quotes the error's message when it has no code", () => {
    expect(failure(ORIGIN, undefined, new Error("other side closed"), undefined)).toEqual({
      detail: `connection to ${ORIGIN} failed before a complete response (other side closed).`,
    });
    expect(failure(ORIGIN, undefined, "a thrown string", undefined)).toEqual({
      detail: `connection to ${ORIGIN} failed before a complete response (a thrown string).`,
    });
  });
});
