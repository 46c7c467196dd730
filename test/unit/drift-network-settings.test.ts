// What a failed connection's message adds about the network settings in force
// (drift/read/network-settings.ts's networkUsedText): the proxy a proxy failure went through,
// named by the setting that chose it, and nothing for failures that are not the network's.
import { describe, expect, it } from "vitest";
import { ConnectionError } from "../../sdk";
import { RecordedSettings, networkUsedText } from "../../drift/read/network-settings";

const failure = (failedAt?: "certificate" | "proxy") =>
  new ConnectionError("GET", "/api/v1/account", "failed", "ECONNREFUSED", new Error("cause"), failedAt);

const withProxy = () =>
  new RecordedSettings({}).of({
    values: { proxyUrl: "http://proxy.example:3128" },
    sources: { proxyUrl: "webstats:proxyUrl of stack team/prod" },
  });

describe("networkUsedText", () => {
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
  });
});
