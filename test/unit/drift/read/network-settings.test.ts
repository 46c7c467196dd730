// The network settings drift reaches an installation with (drift/read/network-settings.ts):
// resolved once per recorded network; and what a failed connection's message adds about them
// (networkUsedText): the authorities a certificate failure trusted and the proxy a proxy failure
// went through, each named by the setting that chose it, and nothing for other failures.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCertificateAuthority } from "../../../support/certificates";
import { ConnectionError } from "../../../../sdk";
import { RecordedSettings, networkUsedText } from "../../../../drift/read/network-settings";

const failure = (failedAt?: "certificate" | "proxy") =>
  new ConnectionError("GET", "/api/v1/account", "failed", "ECONNREFUSED", new Error("cause"), failedAt);

const withProxy = () =>
  new RecordedSettings({}).of({
    values: { proxyUrl: "http://proxy.example:3128" },
    sources: { proxyUrl: "webstats:proxyUrl of stack team/prod" },
  });

describe("RecordedSettings", () => {
  it("resolves each recorded network once, and the command's own settings once", () => {
    const recorded = new RecordedSettings({});
    const network = { values: { skipTlsVerify: true }, sources: { skipTlsVerify: "webstats:skipTlsVerify" } };
    expect(recorded.of(network)).toBe(recorded.of(network));
    expect(recorded.of(undefined)).toBe(recorded.of(undefined));
  });
});

describe("networkUsedText", () => {
  it("names the authorities a certificate failure trusted, and the setting that added some", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "drift-network-settings-")), "ca.pem");
    writeFileSync(file, (await makeCertificateAuthority("Drift Test Root")).certPem);
    const withCa = new RecordedSettings({}).of({
      values: { caCertFile: file },
      sources: { caCertFile: "webstats:caCertFile of stack team/prod" },
    });
    expect(networkUsedText(failure("certificate"), withCa)).toBe(
      ` Trusted: the system's authorities and those of ${file} (webstats:caCertFile of stack team/prod).`,
    );
    expect(networkUsedText(failure("certificate"), new RecordedSettings({}).of(undefined))).toBe(
      " Trusted: the system's authorities only (neither the stack's provider, as caCertFile, nor WEBSTATS_CA_CERT_FILE names a file).",
    );
  });

  it("names the proxy setting a proxy failure went through", () => {
    expect(networkUsedText(failure("proxy"), withProxy())).toBe(
      " The proxy is webstats:proxyUrl of stack team/prod.",
    );
  });

  it("says the proxy came from the environment when no setting names one", () => {
    expect(networkUsedText(failure("proxy"), new RecordedSettings({}).of(undefined))).toBe(
      " The proxy comes from the environment's proxy variables.",
    );
  });

  it("adds nothing for a connection failure that is neither the certificate nor the proxy, nor for other errors", () => {
    expect(networkUsedText(failure(), withProxy())).toBe("");
    expect(networkUsedText(new Error("boom"), withProxy())).toBe("");
    // Only the SDK's connection failures say where they failed.
    expect(networkUsedText(Object.assign(new Error("boom"), { failedAt: "proxy" }), withProxy())).toBe("");
    expect(networkUsedText(undefined, withProxy())).toBe("");
  });
});
