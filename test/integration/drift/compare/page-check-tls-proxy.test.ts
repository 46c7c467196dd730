// drift's page check through an https:// proxy, whose own certificate is verified before any
// tunnel is asked for: one of the authority given as caCertFile lets the page be read; one that
// signs itself, one of an authority not trusted, and one issued for another name are the proxy's
// failure, said of the proxy (named without its credentials) with what to do, never of the
// website; and a website's own certificate that does not verify, through a proxy that does, is
// still the website's. Both ways a proxy is given: by URL (webstats:proxyUrl, WEBSTATS_PROXY_URL)
// and by the standard variables (HTTPS_PROXY). The proxy listens on loopback under a name the stub
// resolver gives (test/support/stub-resolver.ts) and resolves the websites' names itself, its
// tunnels to port 443 reaching the test's HTTPS server: no real address is ever asked for.
import type { Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, PAGE_DEFAULTS } from "../../../../drift/compare/page-check";
import type { PageCheckOptions } from "../../../../drift/compare/page-check";
import type { PageCheck } from "../../../../drift/model/entries";
import { startForwardingProxy } from "../../../support/forwarding-proxy";
import type { ProxiedConnect } from "../../../support/forwarding-proxy";
import {
  issueCertificate,
  makeCertificateAuthority,
  makeSelfSignedCertificate,
} from "../../../support/certificates";
import type { CertificateAuthority, ServerCertificate } from "../../../support/certificates";
import { useStubResolver } from "../../../support/stub-resolver";
import { httpsWebsites, installation, page, snippet } from "../../../support/tracked-pages";

// The proxy's own name; every other name the test's process asks for is not found.
useStubResolver({ "proxy.test": "127.0.0.1" });

/** The authority given as caCertFile: it signed the websites' certificates, and a trusted proxy's. */
let authority: CertificateAuthority;
/** site.test with a certificate of the authority; selfsigned.test with one that signs itself. */
let websites: Server;
let websitesPort = 0;

beforeAll(async () => {
  authority = await makeCertificateAuthority("Page check proxy test authority");
  websites = await httpsWebsites(authority, ["site.test"], "selfsigned.test", (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page(snippet)),
  );
  await new Promise<void>((resolve) => websites.listen(0, "127.0.0.1", resolve));
  websitesPort = (websites.address() as AddressInfo).port;
});
afterAll(() => {
  websites?.closeAllConnections();
  websites?.close();
});

/** The two ways a proxy is given: its URL, or the standard variables (with no NO_PROXY). */
const ways = [
  ["given by URL", (url: string) => ({ url })],
  ["set by HTTPS_PROXY", (url: string) => ({ httpsProxy: url, httpProxy: url, noProxy: "" })],
] as const;

/**
 * Checks `domain`'s page through an https:// proxy serving `certificate`, at
 * https://agent:s3cret@proxy.test:PORT: its page check, the proxy's port, and the tunnels it was
 * asked for.
 */
async function checkThroughProxy(
  domain: string,
  certificate: ServerCertificate,
  way: (typeof ways)[number][1],
): Promise<{ result: PageCheck; port: number; connects: ProxiedConnect[] }> {
  const proxy = await startForwardingProxy({
    tls: certificate,
    hostname: "proxy.test",
    username: "agent",
    password: "s3cret",
    resolve: { "site.test": "127.0.0.1", "selfsigned.test": "127.0.0.1" },
    ports: { 443: websitesPort },
  });
  try {
    const options: PageCheckOptions = {
      ...PAGE_DEFAULTS,
      timeoutMs: 5_000,
      network: { proxy: way(proxy.url), caCertificates: authority.certPem },
    };
    const result = await checkPage(domain, installation, options);
    return { result, port: proxy.port, connects: proxy.connects };
  } finally {
    await proxy.close();
  }
}

const TRUST =
  "Set caCertFile to a PEM file of the authority that signed it (skipTlsVerify does not apply to the page check).";

describe.each(ways)("the page check through an https:// proxy %s", (_way, way) => {
  it("reads the page when the proxy's certificate is of the authority given as caCertFile", async () => {
    const certificate = await issueCertificate(authority, { dnsNames: ["proxy.test"] });
    const { result, connects } = await checkThroughProxy("site.test", certificate, way);
    expect(result).toEqual({ status: "present", url: "https://site.test/" });
    expect(connects).toEqual([{ host: "site.test", port: 443, authorized: true }]);
  });

  it("says the proxy's certificate signs itself, and how to trust it: not the website's", async () => {
    const certificate = await makeSelfSignedCertificate({ dnsNames: ["proxy.test"] });
    const { result, port, connects } = await checkThroughProxy("site.test", certificate, way);
    expect(result).toEqual({
      status: "unreachable",
      url: "https://site.test/",
      reason: `the certificate of the proxy https://***@proxy.test:${port} does not verify: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). ${TRUST}`,
    });
    expect(connects).toEqual([]);
  });

  it("says the proxy's certificate is of an authority not trusted, and how to trust it", async () => {
    const elsewhere = await makeCertificateAuthority("An authority nobody trusts here");
    const certificate = await issueCertificate(elsewhere, { dnsNames: ["proxy.test"] });
    const { result, port, connects } = await checkThroughProxy("site.test", certificate, way);
    expect(result).toEqual({
      status: "unreachable",
      url: "https://site.test/",
      reason: `the certificate of the proxy https://***@proxy.test:${port} does not verify: it is signed by an unknown authority (UNABLE_TO_VERIFY_LEAF_SIGNATURE). ${TRUST}`,
    });
    expect(connects).toEqual([]);
  });

  it("says the proxy's certificate is for another name: its own code, not the wrapper's", async () => {
    const certificate = await issueCertificate(authority, { dnsNames: ["other-proxy.test"] });
    const { result, port, connects } = await checkThroughProxy("site.test", certificate, way);
    expect(result).toEqual({
      status: "unreachable",
      url: "https://site.test/",
      reason: `the certificate of the proxy https://***@proxy.test:${port} does not verify: it was issued for another name (ERR_TLS_CERT_ALTNAME_INVALID). Name the proxy in its address as its certificate does.`,
    });
    expect(connects).toEqual([]);
  });

  it("still says a website's own certificate that does not verify, through a proxy that does", async () => {
    const certificate = await issueCertificate(authority, { dnsNames: ["proxy.test"] });
    const { result, connects } = await checkThroughProxy("selfsigned.test", certificate, way);
    expect(result).toEqual({
      status: "unreachable",
      url: "https://selfsigned.test/",
      reason: "the certificate of selfsigned.test does not verify (DEPTH_ZERO_SELF_SIGNED_CERT)",
    });
    expect(connects).toEqual([{ host: "selfsigned.test", port: 443, authorized: true }]);
  });
});
