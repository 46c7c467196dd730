// "May the server have acted on this request?" Decided once, here, for everyone who must not
// repeat a request that could have taken effect: the retry policy (a POST is repeated only when
// the answer is no) and callers that guard against duplicate creates (when the answer is yes, look
// before trying again).
import { ConnectionError, ServerError, TimeoutError, UnexpectedResponseError } from "./errors";

/**
 * Connection error codes that mean no byte of the request reached the server: the connection was
 * refused, or could not be established in time.
 */
const NEVER_CONNECTED = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * True when the request may have taken effect although the caller got no success answer: the
 * connection broke after it was established, no complete answer came in time, a 5xx came back
 * (a proxy may have forwarded it, the application may have failed half-way), or the answer could
 * not be read. False when the server certainly did nothing: the connection was never established,
 * the throttle turned the request away (429 runs before any work), or the server answered with
 * another error status (it refused the request).
 */
export function serverMayHaveActed(error: unknown): boolean {
  if (error instanceof ConnectionError) {
    // Stopped at the certificate or at the proxy: the request never reached the installation.
    if (error.failedAt !== undefined) return false;
    return error.code === undefined || !NEVER_CONNECTED.has(error.code);
  }
  // Any other status, 429 included, is the server refusing the request.
  return (
    error instanceof TimeoutError || error instanceof UnexpectedResponseError || error instanceof ServerError
  );
}
