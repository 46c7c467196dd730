// The websites of the page check's tests: pages that carry an installation's tracking code, and
// one HTTPS server for many names, each with a certificate of the test's own authority but one,
// whose certificate signs itself.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createTlsServer, type Server } from "node:https";
import { createSecureContext } from "node:tls";
import { trackingCodeOf } from "../../core/tracking-code";
import { issueCertificate, makeSelfSignedCertificate, type CertificateAuthority } from "./certificates";

/** The installation whose tracking code the pages carry. */
export const installation = "https://stats.example.com";
/** Its tracking code, as its web interface shows it. */
export const snippet = trackingCodeOf(installation, {}).trackingCode;
/** A page with `body` in its head. */
export const page = (body: string) =>
  `<!doctype html><html><head><title>t</title>${body}</head><body>Hi</body></html>`;

/**
 * An HTTPS server answering with `handler`, not yet listening: for each of `names` with a
 * certificate of `authority`, and for `selfSigned` (told apart by SNI) with one that signs itself.
 */
export async function httpsWebsites(
  authority: CertificateAuthority,
  names: string[],
  selfSigned: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server> {
  const issued = await issueCertificate(authority, { dnsNames: names });
  const unverified = await makeSelfSignedCertificate({ dnsNames: [selfSigned] });
  const unverifiedContext = createSecureContext({ cert: unverified.certPem, key: unverified.keyPem });
  return createTlsServer(
    {
      cert: issued.certPem,
      key: issued.keyPem,
      SNICallback: (name, done) => done(null, name === selfSigned ? unverifiedContext : undefined),
    },
    handler,
  );
}
