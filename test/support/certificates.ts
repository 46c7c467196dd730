// Certificates for tests of HTTPS, made fresh by every run so no key is ever committed: a private
// authority, and server certificates it issues (valid, expired, for another name) or that sign
// themselves; plus PEM files for what takes a path.
//
// First: @peculiar/x509 finds its algorithms through tsyringe, which needs the Reflect metadata API.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { webcrypto } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

// Node's own WebCrypto, said once rather than left to the library's guess of the platform.
x509.cryptoProvider.set(webcrypto);

// Node's WebCrypto types: the DOM's, which @peculiar/x509 names, are not in this project's lib.
type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

// P-256 keys are made in milliseconds (RSA takes far longer) and every TLS stack accepts them.
const KEY_ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING_ALGORITHM = { name: "ECDSA", hash: "SHA-256" };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A private certificate authority: trust `certPem` and the certificates it issues verify. */
export interface CertificateAuthority {
  /** The authority's certificate, PEM: what a client is given as `ca` or `NODE_EXTRA_CA_CERTS`. */
  certPem: string;
  /** The authority's private key, PEM (PKCS #8). */
  keyPem: string;
  /** The same certificate, parsed: its name and key identify the issuer of what it signs. */
  certificate: x509.X509Certificate;
  /** Signs the certificates it issues. */
  privateKey: CryptoKey;
}

/** A server certificate and its key, both PEM, as `tls.createServer` or the emulator's `tls` take them. */
export interface ServerCertificate {
  /** The certificate, PEM. */
  certPem: string;
  /** Its private key, PEM (PKCS #8). */
  keyPem: string;
}

/** What a server certificate is for, and when. */
export interface CertificateRequest {
  /** Host names it is valid for; the first is also its common name. */
  dnsNames: string[];
  /** IP addresses it is valid for, e.g. "127.0.0.1" for a client that dials the address. */
  ipAddresses?: string[];
  /** Default: an hour ago. */
  notBefore?: Date;
  /** Default: a day from now; a date in the past makes an expired certificate. */
  notAfter?: Date;
}

/** A new authority with its own key, valid from a day ago until a week from now. */
export async function makeCertificateAuthority(name: string): Promise<CertificateAuthority> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: [{ CN: [name] }],
    keys,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 7 * DAY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certPem: certificate.toString("pem"),
    keyPem: await privateKeyPem(keys.privateKey),
    certificate,
    privateKey: keys.privateKey,
  };
}

/** A server certificate signed by `ca`. */
export async function issueCertificate(
  ca: CertificateAuthority,
  request: CertificateRequest,
): Promise<ServerCertificate> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    ...(await serverCertificateFields(keys, request)),
    issuer: ca.certificate.subjectName,
    signingKey: ca.privateKey,
  });
  return { certPem: certificate.toString("pem"), keyPem: await privateKeyPem(keys.privateKey) };
}

/** A server certificate signed by its own key, which no authority vouches for. */
export async function makeSelfSignedCertificate(request: CertificateRequest): Promise<ServerCertificate> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    ...(await serverCertificateFields(keys, request)),
    issuer: subjectOf(request),
    signingKey: keys.privateKey,
  });
  return { certPem: certificate.toString("pem"), keyPem: await privateKeyPem(keys.privateKey) };
}

async function serverCertificateFields(keys: CryptoKeyPair, request: CertificateRequest) {
  const names: x509.JsonGeneralName[] = [
    ...request.dnsNames.map((value) => ({ type: "dns" as const, value })),
    ...(request.ipAddresses ?? []).map((value) => ({ type: "ip" as const, value })),
  ];
  return {
    subject: subjectOf(request),
    publicKey: keys.publicKey,
    notBefore: request.notBefore ?? new Date(Date.now() - DAY_MS / 24),
    notAfter: request.notAfter ?? new Date(Date.now() + DAY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      // Clients match host names and addresses against this list only, never the common name.
      new x509.SubjectAlternativeNameExtension(names),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  };
}

function subjectOf(request: CertificateRequest): x509.JsonName {
  const commonName = request.dnsNames[0] ?? request.ipAddresses?.[0];
  if (commonName === undefined) throw new Error("a certificate needs at least one DNS name or IP address");
  return [{ CN: [commonName] }];
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ["sign", "verify"]);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey("pkcs8", key), "PRIVATE KEY");
}

/** PEM files in a temporary folder, for what takes a path (a CLI flag, `NODE_EXTRA_CA_CERTS`). */
export interface PemFiles {
  /** The folder holding them. */
  directory: string;
  /** The path of the file written under `name`; throws for a name that was not. */
  path(name: string): string;
  /** Deletes the folder and the files. */
  remove(): void;
}

/** Writes each `name: pem` pair to its own file (readable by this user only: keys among them). */
export function writePemFiles(files: Record<string, string>): PemFiles {
  const directory = mkdtempSync(join(tmpdir(), "webstats-pem-"));
  for (const [name, pem] of Object.entries(files)) {
    if (basename(name) !== name) throw new Error(`a PEM file name, not a path: ${name}`);
    writeFileSync(join(directory, name), pem, { mode: 0o600 });
  }
  return {
    directory,
    path(name) {
      if (!Object.hasOwn(files, name)) throw new Error(`no PEM file ${name} in ${directory}`);
      return join(directory, name);
    },
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
