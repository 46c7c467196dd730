// What a failed connection means, in words that say where it failed and how to fix it: the
// installation's certificate (which of the usual reasons, and the two settings that fix it), the
// proxy in between (named without its credentials), an https:// proxy's own certificate (named the
// same way, with what fixes it), or the installation itself.
import type { ProxyEndpoint } from "./connection-rules";

/** How a failed attempt is described, and where it failed. */
export interface FailureDescription {
  detail: string;
  failedAt?: "certificate" | "proxy";
}

const CERTIFICATE_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "it is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "it is signed by a self-signed authority that is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "it is signed by an unknown authority",
  UNABLE_TO_GET_ISSUER_CERT: "it is signed by an unknown authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "it is signed by an unknown authority",
  ERR_TLS_CERT_ALTNAME_INVALID: "it was issued for another name",
  CERT_HAS_EXPIRED: "it has expired",
  CERT_NOT_YET_VALID: "it is not valid yet",
  CERT_SIGNATURE_FAILURE: "its signature does not match",
  CERT_REVOKED: "it has been revoked",
};

/** How a certificate that its authority signed comes to be trusted: the setting that says so. */
export const TRUST_AUTHORITY = "Set caCertFile to a PEM file of the authority that signed it";

const HOW_TO_TRUST = `${TRUST_AUTHORITY}, or skipTlsVerify to true to accept any certificate (then nothing proves who answers).`;

/** Marks an error that happened on the way to the proxy (set where the proxy's connection is made). */
export const atProxy = Symbol("failed on the way to the proxy");

/**
 * Marks a certificate failure of an https:// proxy's own connection, with the proxy's address as
 * it may be printed: the same error codes as the installation's certificate, from another place.
 */
export const atProxyCertificate = Symbol("the certificate of the proxy");

/** Why a certificate does not verify, in a few words, by its error code. */
export function certificateReason(code: string | undefined): string {
  return (code !== undefined ? CERTIFICATE_REASONS[code] : undefined) ?? "it was refused";
}

/** A failure of the installation's certificate, by its error code. */
export function isCertificateFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return code in CERTIFICATE_REASONS || code.startsWith("CERT_") || code.startsWith("ERR_TLS_CERT");
}

interface SystemErrorFields {
  [atProxy]?: unknown;
  [atProxyCertificate]?: unknown;
  cause?: { [atProxyCertificate]?: unknown; code?: unknown };
  code?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  message?: unknown;
}

/** Whether the error happened on the way to the proxy, not to the installation. */
function isProxyFailure(error: SystemErrorFields, proxy: ProxyEndpoint): boolean {
  if (error[atProxy] === true) return true;
  if (typeof error.message === "string" && /^Proxy (response|Authentication)/.test(error.message))
    return true;
  if (error.code === "UND_ERR_PRX_CONN") return true;
  if (error.hostname === proxy.host) return true;
  return error.address === proxy.host && Number(error.port) === proxy.port;
}

function proxyDetail(error: SystemErrorFields, code: string | undefined, proxy: string): string {
  const message = typeof error.message === "string" ? error.message : "";
  const status = /\((\d{3})\)/.exec(message)?.[1];
  if (status === "407") {
    return `the proxy ${proxy} asks for credentials (407): put user:password@ before its host in the proxy address.`;
  }
  if (status !== undefined) return `the proxy ${proxy} refused the tunnel to the installation (${status}).`;
  if (code === "UND_ERR_PRX_CONN") {
    return `the proxy ${proxy} closed the connection instead of opening a tunnel to the installation; does it allow CONNECT to that host and port?`;
  }
  if (code === "ECONNREFUSED")
    return `connection refused by the proxy ${proxy}; is it running at that address?`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `cannot resolve the host of the proxy ${proxy} (${code}).`;
  return `connection to the proxy ${proxy} failed (${code ?? message}).`;
}

/**
 * An https:// proxy's own certificate that does not verify: the proxy's printable address and the
 * certificate's code, from the error itself or from its cause when undici wrapped it in its
 * SecureProxyConnectionError (UND_ERR_PRX_TLS, a code that says nothing of the certificate).
 */
function proxyCertificateFailure(error: SystemErrorFields): { proxy: string; code: string } | undefined {
  for (const place of [error, error.cause]) {
    const proxy = place?.[atProxyCertificate];
    if (typeof proxy === "string" && typeof place?.code === "string") return { proxy, code: place.code };
  }
  return undefined;
}

/**
 * What to do about an https:// proxy's certificate: reach the proxy by a name its certificate
 * holds, or trust its authority; skipTlsVerify applies to the proxy's connection as well.
 */
function proxyCertificateDetail(proxy: string, code: string): string {
  const what =
    code === "ERR_TLS_CERT_ALTNAME_INVALID"
      ? "Name the proxy in its address as its certificate does."
      : HOW_TO_TRUST;
  return `the certificate of the proxy ${proxy} does not verify: ${certificateReason(code)} (${code}). ${what}`;
}

/** Describes a failure of one attempt to reach `origin`, possibly through `proxy`. */
export function describeConnectionFailure(
  origin: string,
  proxy: ProxyEndpoint | undefined,
  error: unknown,
  code: string | undefined,
): FailureDescription {
  const fields = (typeof error === "object" && error !== null ? error : {}) as SystemErrorFields;
  const atProxyTls = proxyCertificateFailure(fields);
  if (atProxyTls !== undefined) {
    return { detail: proxyCertificateDetail(atProxyTls.proxy, atProxyTls.code), failedAt: "certificate" };
  }
  if (proxy !== undefined && isProxyFailure(fields, proxy)) {
    return { detail: proxyDetail(fields, code, proxy.shown), failedAt: "proxy" };
  }
  if (isCertificateFailure({ code })) {
    return {
      detail: `the certificate of ${origin} could not be verified: ${certificateReason(code)} (${code}). ${HOW_TO_TRUST}`,
      failedAt: "certificate",
    };
  }
  if (code === "ECONNREFUSED")
    return { detail: `connection refused by ${origin}; is the server running at that address?` };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return { detail: `cannot resolve the host of ${origin} (${code}).` };
  const message = typeof fields.message === "string" ? fields.message : String(error);
  return { detail: `connection to ${origin} failed before a complete response (${code ?? message}).` };
}
