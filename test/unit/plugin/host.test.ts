// The provider plugin's own pieces, without the engine: values across protobuf Structs with
// their secrets, the provider's configuration checks and diff, and the watch on the engine.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { specialSecretSig, specialSigKey, unknownValue } from "@pulumi/pulumi/runtime/rpc";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import { engineAddressFrom, watchEngine } from "../../../core/engine-watch";
import { configDiff, configFailures, settingsFromConfigure } from "../../../plugin/provider-config";
import { fromStruct, toStruct } from "../../../plugin/values";

const secret = (value: unknown) => ({ [specialSigKey]: specialSecretSig, value });

describe("plugin values", () => {
  it("unwraps secrets at any depth and keeps unknowns for check and diff", () => {
    const struct = Struct.fromJavaScript({
      domain: "a.example.com",
      password: secret("pw"),
      connection: { baseUrl: "https://x.example", apiKey: secret("key") },
      excludeIps: [unknownValue],
    });
    expect(fromStruct(struct)).toEqual({
      domain: "a.example.com",
      password: "pw",
      connection: { baseUrl: "https://x.example", apiKey: "key" },
      excludeIps: [unknownValue],
    });
  });

  it("marks the named keys secret on the way back and drops undefined values", () => {
    const struct = toStruct({ domain: "a.example.com", password: "pw", email: undefined }, [
      "password",
      "connection",
    ]);
    expect(struct.toJavaScript()).toEqual({ domain: "a.example.com", password: secret("pw") });
    expect(fromStruct(struct)).toEqual({ domain: "a.example.com", password: "pw" });
  });
});

describe("plugin configuration", () => {
  it("reads Configure's typed arguments first, then its webstats:config variables", () => {
    const variables = new Map([
      ["webstats:config:baseUrl", "https://variables.example"],
      ["webstats:config:requestsPerMinute", "30"],
    ]);
    const settings = settingsFromConfigure({ baseUrl: "https://args.example" }, variables);
    expect(settings.baseUrl).toEqual({ value: "https://args.example", source: "webstats:baseUrl" });
    expect(settings.requestsPerMinute?.value).toBe(30);
  });

  it("refuses bad settings and unknown keys, a secret one on the provider as a whole", () => {
    const failures = configFailures({
      baseUrl: "stats.example.com",
      apiKey: "key",
      requestsPerMinute: "fast",
      timeout: 5,
      version: "0.1.0",
    });
    expect(failures.map(({ property, reason }) => [property, reason])).toEqual([
      [
        "",
        "timeout is not a setting of the webstats provider; the settings are baseUrl, apiKey, requestsPerMinute, adoptExisting, timeoutMs, proxyUrl, caCertFile, skipTlsVerify, allowHttp, trackingDoNotTrack, trackingScriptUrl.",
      ],
      // Each setting is judged by its rule in the order of the settings table.
      ["baseUrl", expect.stringContaining("starting with http:// or https://") as unknown as string],
      [
        "requestsPerMinute",
        'webstats:requestsPerMinute must be a non-negative number of requests per minute, not "fast".',
      ],
    ]);
    expect(
      configFailures({ baseUrl: "https://stats.example.com", apiKey: "k", adoptExisting: true }),
    ).toEqual([]);
  });

  it("never replaces: a new address or key is a change of the provider, not of its websites", () => {
    expect(configDiff({ baseUrl: "http://127.0.0.1:8080" }, { baseUrl: "http://localhost:8080" })).toEqual({
      changed: ["baseUrl"],
      replaces: [],
    });
    expect(configDiff({ baseUrl: "http://a.example" }, { baseUrl: "https://b.example" })).toEqual({
      changed: ["baseUrl"],
      replaces: [],
    });
    expect(
      configDiff({ baseUrl: "https://a.example" }, { baseUrl: "https://a.example/api/v1/" }).replaces,
    ).toEqual([]);
    expect(configDiff({}, { baseUrl: "https://a.example" })).toEqual({ changed: ["baseUrl"], replaces: [] });
    expect(
      configDiff({ apiKey: "one", requestsPerMinute: "30" }, { apiKey: "two", requestsPerMinute: 30 }),
    ).toEqual({
      changed: ["apiKey"],
      replaces: [],
    });
  });
});

describe("the engine watch", () => {
  it("finds the engine's address among a plugin's arguments", () => {
    expect(engineAddressFrom(["--logtostderr", "-v=9", "--tracing", "x", "127.0.0.1:4321"])).toBe(
      "127.0.0.1:4321",
    );
    expect(engineAddressFrom(["run", "test/unit"])).toBeUndefined();
    expect(engineAddressFrom([])).toBeUndefined();
  });

  it("says the engine is gone once its address refuses connections, not before", async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    let goneAt: number | undefined;
    const stop = watchEngine(address, () => (goneAt = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(goneAt).toBeUndefined();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Waits for the watch to tell (two refusals, a few seconds); the test's limit only catches a
    // watch that never does, however busy the machine.
    while (goneAt === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(goneAt).toBeDefined();
  }, 120_000);
});
