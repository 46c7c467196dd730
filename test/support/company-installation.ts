// An installation as a company runs it, for the network tests of every tier (the commands, the
// provider hosts, the engine): the emulator over HTTPS with a certificate from the company's own
// authority, known by a made-up name that only the forwarding proxies resolve (one open, one that
// asks for a password), an account holding the websites asked for, and the authority's
// certificate in a file, with any other authorities' beside it.
import { randomBytes } from "node:crypto";
import { startEmulator, type Emulator, type EmulatorAccount } from "../../emulator";
import { WebstatsClient, type Website } from "../../sdk";
import {
  issueCertificate,
  makeCertificateAuthority,
  startForwardingProxy,
  urlWithHost,
  writePemFiles,
  type ForwardingProxy,
  type PemFiles,
} from "./network";

/** The name the installation is known by; only the proxies resolve it (to the loopback). */
export const INSTALLATION_NAME = "stats.webstats.test";

export interface CompanyInstallation {
  emulator: Emulator;
  account: EmulatorAccount;
  websites: Website[];
  /** A proxy that lets anyone through. */
  proxy: ForwardingProxy;
  /** A proxy that asks for user `agent` and the password given. */
  guarded: ForwardingProxy;
  /** `company-root.pem`, each other authority under its file name, and the server's key file if asked for. */
  pem: PemFiles;
  /** The installation's URL by INSTALLATION_NAME. */
  byName: string;
  close(): Promise<void>;
}

export async function startCompanyInstallation(options: {
  /** The company authority's name. */
  authority: string;
  /** The account's name. */
  account: string;
  /** The websites the account holds, created before the test (default none). */
  websites?: Parameters<WebstatsClient["websites"]["create"]>[0][];
  /** The guarded proxy's password (default a random one, for tests that use the open proxy alone). */
  proxyPassword?: string;
  /** Other authorities, none of which signed the installation's certificate: file name → name. */
  otherAuthorities?: Record<string, string>;
  /** A file name under which `pem` also holds the installation's private key alone: PEM, but no certificate. */
  serverKeyFile?: string;
}): Promise<CompanyInstallation> {
  const ca = await makeCertificateAuthority(options.authority);
  const others: Record<string, string> = {};
  for (const [file, name] of Object.entries(options.otherAuthorities ?? {})) {
    others[file] = (await makeCertificateAuthority(name)).certPem;
  }
  const certificate = await issueCertificate(ca, {
    dnsNames: [INSTALLATION_NAME],
    ipAddresses: ["127.0.0.1"],
  });
  const emulator = await startEmulator({
    requestsPerMinute: 0,
    tls: { key: certificate.keyPem, cert: certificate.certPem },
  });
  const account = emulator.createAccount({ name: options.account });
  // Set up directly on loopback, which needs no proxy.
  const direct = new WebstatsClient({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    caCertificates: ca.certPem,
  });
  const websites: Website[] = [];
  for (const website of options.websites ?? []) websites.push(await direct.websites.create(website));
  const resolve = { [INSTALLATION_NAME]: "127.0.0.1" };
  const proxy = await startForwardingProxy({ resolve });
  const guarded = await startForwardingProxy({
    resolve,
    username: "agent",
    password: options.proxyPassword ?? randomBytes(12).toString("hex"),
  });
  const keyFile = options.serverKeyFile ? { [options.serverKeyFile]: certificate.keyPem } : {};
  const pem = writePemFiles({ "company-root.pem": ca.certPem, ...others, ...keyFile });
  return {
    emulator,
    account,
    websites,
    proxy,
    guarded,
    pem,
    byName: urlWithHost(emulator.url, INSTALLATION_NAME),
    async close() {
      await Promise.all([emulator.close(), proxy.close(), guarded.close()]);
      pem.remove();
    },
  };
}
