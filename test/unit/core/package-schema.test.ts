// The package schema says what the tables say: every Website field, every setting and every
// function argument, with its description, type, secrecy, requiredness and default. (The pinned
// CLI validates the same schema as a Pulumi package schema: test/e2e/package-schema.test.ts.)
import { describe, expect, it } from "vitest";
import { functionSpecs } from "../../../core/functions";
import {
  languageSdksFolder,
  languageSettings,
  packageSchema,
  repository,
} from "../../../core/package-schema";
import { resultTypes } from "../../../core/result-types";
import { connectionSettingNames, settingEntries } from "../../../core/settings";
import { apiOnlyOutputs, fieldEntries, privacyValues, recordedOutputs } from "../../../core/website-fields";
import { SDK_VERSION } from "../../../sdk";
import { languageSdksDir } from "../../../tools/sdks/language-sdks.mjs";
import { basename } from "node:path";

interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: unknown;
  description: string;
  secret?: boolean;
  default?: unknown;
  willReplaceOnChanges?: boolean;
  defaultInfo?: { environment: string[] };
}

interface Schema {
  name: string;
  version: string;
  config: { variables: Record<string, PropertySpec> };
  provider: { inputProperties: Record<string, PropertySpec> };
  types: Record<
    string,
    {
      type: string;
      enum?: { value: string }[];
      properties?: Record<string, PropertySpec>;
      required?: string[];
    }
  >;
  resources: Record<
    string,
    {
      inputProperties: Record<string, PropertySpec>;
      requiredInputs: string[];
      properties: Record<string, PropertySpec>;
      required: string[];
    }
  >;
  functions: Record<
    string,
    {
      inputs: { properties: Record<string, PropertySpec>; required?: string[] };
      outputs: { properties: Record<string, PropertySpec>; required?: string[] };
    }
  >;
}

const schema = packageSchema() as unknown as Schema;
const website = schema.resources["webstats:index:Website"]!;

describe("the package schema", () => {
  it("names the package webstats at the package's version, with the fixed tokens", () => {
    expect(schema.name).toBe("webstats");
    expect(schema.version).toBe(SDK_VERSION);
    expect(Object.keys(schema.resources)).toEqual(["webstats:index:Website"]);
    expect(Object.keys(schema.functions)).toEqual([
      "webstats:index:getAccount",
      "webstats:index:getWebsites",
      "webstats:index:getWebsite",
      "webstats:index:getWebsiteStats",
      "webstats:index:getTrackingCode",
    ]);
  });

  it("has one Website input per argument, with the table's description, type, secrecy and default", () => {
    expect(Object.keys(website.inputProperties)).toEqual(fieldEntries.map(([name]) => name));
    for (const [name, spec] of fieldEntries) {
      const input = website.inputProperties[name]!;
      expect(input.description, name).toBe(spec.description);
      expect({ type: input.type, $ref: input.$ref, items: input.items }, name).toMatchObject(spec.schema);
      expect(input.secret ?? false, name).toBe(!!spec.secret);
      const plain = ["string", "boolean", "number"].includes(typeof spec.default);
      expect(input.default, name).toEqual(plain ? spec.default : undefined);
      expect(input.willReplaceOnChanges ?? false, name).toBe(spec.replaces === true);
    }
    expect(website.requiredInputs).toEqual(["domain"]);
  });

  it("has every argument, API-only and recorded output among the outputs; those always set are required", () => {
    const outputs = [
      ...fieldEntries.map(([name]) => name),
      ...Object.keys(apiOnlyOutputs),
      ...Object.keys(recordedOutputs),
    ];
    expect(Object.keys(website.properties)).toEqual(outputs);
    expect(website.properties.password?.secret).toBe(true);
    expect(website.properties.connection?.secret).toBe(true);
    expect(website.required.sort()).toEqual(
      [
        "domain",
        "privacy",
        "email",
        "excludeBots",
        "favorite",
        "excludeIps",
        "adoptExisting",
        "websiteId",
        "hasPassword",
      ].sort(),
    );
  });

  it("configures the provider with every setting, the API key secret, the environment as fallback", () => {
    const names = settingEntries.map(([name]) => name);
    expect(names).toEqual([
      "baseUrl",
      "apiKey",
      "requestsPerMinute",
      "adoptExisting",
      "timeoutMs",
      "proxyUrl",
      "caCertFile",
      "skipTlsVerify",
      "allowHttp",
      "trackingDoNotTrack",
      "trackingScriptUrl",
    ]);
    for (const section of [schema.config.variables, schema.provider.inputProperties]) {
      expect(Object.keys(section)).toEqual(names);
      for (const [name, spec] of settingEntries) {
        expect(section[name]).toMatchObject({
          type: spec.type,
          description: spec.description,
          defaultInfo: { environment: [spec.env] },
        });
        // The key, and a proxy address that may hold a password.
        expect(section[name]?.secret ?? false).toBe(name === "apiKey" || name === "proxyUrl");
      }
    }
    const connection = schema.types["webstats:index:Connection"]?.properties ?? {};
    // The settings a connection may carry, in their order (test/unit/core/settings.test.ts names them).
    expect(Object.keys(connection)).toEqual(connectionSettingNames);
    expect(connection.apiKey?.secret).toBe(true);
    expect(connection.proxyUrl?.secret).toBe(true);
  });

  it("describes the privacy values and each function's arguments and results", () => {
    expect(schema.types["webstats:index:Privacy"]?.enum?.map((e) => e.value)).toEqual([...privacyValues]);
    for (const [name, spec] of Object.entries(functionSpecs)) {
      const fn = schema.functions[`webstats:index:${name}`]!;
      const args: Record<string, { description: string }> = spec.arguments;
      expect(Object.keys(fn.inputs.properties)).toEqual(Object.keys(args));
      for (const [arg, argSpec] of Object.entries(args)) {
        expect(fn.inputs.properties[arg]?.description).toBe(argSpec.description);
      }
    }
    expect(Object.keys(schema.functions["webstats:index:getAccount"]!.outputs.properties)).toEqual(
      Object.keys(resultTypes.Account.properties),
    );
    expect(Object.keys(schema.functions["webstats:index:getWebsite"]!.outputs.properties)).toEqual(
      Object.keys(resultTypes.WebsiteInfo.properties),
    );
    // Required arguments are the schema's required inputs; the others say none.
    for (const [name, spec] of Object.entries(functionSpecs)) {
      const args: Record<string, { description: string; required?: string }> = spec.arguments;
      const required = Object.keys(args).filter((arg) => args[arg]!.required);
      expect(schema.functions[`webstats:index:${name}`]!.inputs.required, name).toEqual(
        required.length > 0 ? required : undefined,
      );
    }
  });

  it("describes getWebsiteStats: its top argument's type and its result with the most counted values", () => {
    const fn = schema.functions["webstats:index:getWebsiteStats"]!;
    expect(fn.inputs.properties.top?.$ref).toBe("#/types/webstats:index:StatsTop");
    expect(schema.types["webstats:index:StatsTop"]).toMatchObject({
      type: "object",
      properties: { name: { type: "string" }, count: { type: "integer" } },
      required: ["name", "count"],
    });
    expect(fn.outputs).toMatchObject({
      properties: {
        pageviews: { type: "integer" },
        visitors: { type: "integer" },
        top: { type: "array", items: { $ref: "#/types/webstats:index:StatRow" } },
      },
      required: ["pageviews", "visitors"],
    });
    expect(schema.types["webstats:index:StatRow"]).toMatchObject({ required: ["value", "count"] });
  });

  it("gives each language SDK its package name and the schema's version, the Go one in this repository", () => {
    const schema = packageSchema() as { version: string; repository: string; language: unknown };
    expect(schema.language).toEqual(languageSettings);
    expect(schema.repository).toBe(repository);
    // The Java generator always writes the schema's version (version.txt); the others need asking.
    for (const settings of [
      languageSettings.nodejs,
      languageSettings.python,
      languageSettings.go,
      languageSettings.csharp,
    ]) {
      expect(settings.respectSchemaVersion).toBe(true);
    }
    // C#: PulumiWebstats.Webstats, outside the Pulumi prefix; the `Pulumi` reference is left to
    // each generator, which knows what its own output calls.
    expect(languageSettings.csharp).toMatchObject({
      rootNamespace: "PulumiWebstats",
      namespaces: { webstats: "Webstats" },
    });
    expect(languageSettings.csharp).not.toHaveProperty("packageReferences");
    // Under the groupId Maven Central lets the project's GitHub organisation publish.
    expect(languageSettings.java.basePackage).toBe("io.github.pulumiwebstats");
    // The folder the SDKs are written to is the one the Go import path names.
    expect(basename(languageSdksDir)).toBe(languageSdksFolder);
    expect(languageSettings.go.importBasePath).toBe(
      `github.com/pulumi-webstats/pulumi-webstats/${languageSdksFolder}/go/webstats`,
    );
  });
});
