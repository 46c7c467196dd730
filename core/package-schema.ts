// The Pulumi package schema of `webstats`, derived from the tables that describe the provider:
// the Website's fields (website-fields.ts), the provider's settings (settings.ts), the functions'
// arguments (functions.ts) and their results (result-types.ts). Nothing here describes a field
// of its own: a field added to a table appears in the schema, and so in every SDK generated
// from it and in what the provider plugin serves.
import { SDK_VERSION } from "../sdk";
import { argumentTypes, functionSpecs } from "./functions";
import { resultTypes } from "./result-types";
import { describedWithExamples } from "./schema-examples";
import type { ResultType } from "./result-types";
import { settingEntries } from "./settings";
import type { SettingType } from "./settings";
import {
  apiOnlyOutputs,
  fieldEntries,
  isNullable,
  privacyValues,
  recordedOutputs,
  schemaRefs,
} from "./website-fields";
import type { SchemaType } from "./website-fields";

/**
 * Where the engine downloads the provider plugin when a program needs it and it is not installed:
 * the GitHub release `v<version>` of the repository `pulumi-webstats/pulumi-webstats` (the engine
 * adds `pulumi-` and the package name to the organisation), whose assets are
 * pulumi-resource-webstats-v<version>-<os>-<arch>.tar.gz with Go's platform names, e.g.
 * `linux-amd64` (tools/release/release-plugin.mjs builds them).
 */
export const pluginDownloadURL = "github://api.github.com/pulumi-webstats";

/** The package's name: tokens are `webstats:index:NAME`, stack settings `webstats:NAME`. */
export const packageName = "webstats";

/** The project's repository, which also hosts the generated Go SDK's module. */
export const repository = "https://github.com/pulumi-webstats/pulumi-webstats";

/** Where the generated SDKs live in the repository (`npm run sdks` writes them). */
export const languageSdksFolder = "language-sdks";

/**
 * What the SDK generators need besides the shared schema: each language's package name, and
 * the schema's version as the SDK's (so an SDK and the plugin it asks for always agree).
 */
export const languageSettings = {
  nodejs: {
    packageName: "@pulumi-webstats/webstats",
    packageDescription: "Pulumi SDK for webstats: websites of the Website Statistics Service.",
    respectSchemaVersion: true,
  },
  python: {
    packageName: "pulumi_webstats",
    respectSchemaVersion: true,
    pyproject: { enabled: true },
  },
  go: {
    importBasePath: `${repository.replace("https://", "")}/${languageSdksFolder}/go/${packageName}`,
    respectSchemaVersion: true,
    generateResourceContainerTypes: true,
  },
  java: {
    // The SDK's classes are io.github.pulumiwebstats.webstats.*, under the Maven groupId
    // io.github.pulumi-webstats that Maven Central lets the project's GitHub organisation publish
    // (com.pulumi is Pulumi's); a Java package cannot hold the organisation's '-'.
    basePackage: "io.github.pulumiwebstats",
  },
  csharp: {
    // The SDK's namespace and NuGet package are PulumiWebstats.Webstats, the organisation then the
    // package as in the other languages: the generator's default root, Pulumi, is the prefix NuGet
    // reserves to Pulumi's own packages.
    rootNamespace: "PulumiWebstats",
    namespaces: { [packageName]: "Webstats" },
    respectSchemaVersion: true,
    // No packageReferences: each generator gives the SDK's project the `Pulumi` range its own
    // output needs. A floor named here would bind a newer generator's output (under `pulumi
    // package add`) to an older Pulumi, and the SDK's project restores the lowest in its range.
  },
} as const;

export const websiteToken = `${packageName}:index:Website`;

/** A function's token, e.g. `webstats:index:getWebsites`. */
export const functionToken = (name: string): string => `${packageName}:index:${name}`;

type Json = Record<string, unknown>;

const websiteDescription =
  "A website tracked by the Website Statistics Service, with its privacy, email-report, bot, query-parameter " +
  "and IP exclusion settings.\n\nDeleting a Website also erases its collected statistics, irreversibly: " +
  "consider the `protect` or `retainOnDelete` resource options.";

/** How `pulumi import` takes a website: by its id in the service, through the provider plugin. */
const websiteImport =
  "An existing website is imported by its id in the service, and the CLI prints the program code for it; " +
  "write-only arguments (`password`, `excludeParams`) cannot be read and stay as they are on the server:\n\n" +
  `\`\`\`sh\n$ pulumi import ${websiteToken} blog 42\n\`\`\`\n`;

const privacyDescriptions: Record<(typeof privacyValues)[number], string> = {
  public: "Anyone may see the statistics page.",
  private: "Only the account may see the statistics page.",
  password: "Whoever has the website's password may see the statistics page.",
};

/** Values the schema can state as a default: the plain ones. Lists and settings are described instead. */
const isPlainDefault = (value: unknown): value is string | number | boolean =>
  ["string", "number", "boolean"].includes(typeof value);

function property(schema: SchemaType | { type: SettingType }, description: string, extra: Json = {}): Json {
  return { ...schema, description, ...extra };
}

function objectType(type: ResultType): Json {
  const entries = Object.entries(type.properties);
  return {
    type: "object",
    description: type.description,
    properties: Object.fromEntries(entries.map(([name, p]) => [name, property(p.schema, p.description)])),
    required: entries.filter(([, p]) => p.required).map(([name]) => name),
  };
}

/** The provider's configuration: every setting, with its environment variable as fallback. */
function configVariables(): Json {
  return Object.fromEntries(
    settingEntries.map(([name, spec]) => [
      name,
      property({ type: spec.type }, spec.description, {
        defaultInfo: { environment: [spec.env] },
        ...(spec.secret ? { secret: true } : {}),
      }),
    ]),
  );
}

function websiteResource(): Json {
  const inputs: Json = {};
  const outputs: Json = {};
  const required: string[] = [];
  for (const [name, spec] of fieldEntries) {
    const shared = { ...(spec.secret ? { secret: true } : {}) };
    const plainDefault = isPlainDefault(spec.default) ? { default: spec.default } : {};
    inputs[name] = property(spec.schema, spec.description, {
      ...shared,
      ...plainDefault,
      ...(spec.replaces === true ? { willReplaceOnChanges: true } : {}),
    });
    outputs[name] = property(spec.schema, spec.description, shared);
    // Always in the state: required arguments and those with a default (check applies it).
    if (spec.required || spec.default !== undefined) required.push(name);
  }
  for (const [name, output] of Object.entries(apiOnlyOutputs)) {
    outputs[name] = property(output.schema, output.description);
    if (!isNullable(output.value)) required.push(name);
  }
  // Not required: states written before it was recorded lack it.
  for (const [name, output] of Object.entries(recordedOutputs)) {
    outputs[name] = property(output.schema, output.description);
  }
  return {
    description: describedWithExamples("Website", websiteDescription, websiteImport),
    inputProperties: inputs,
    requiredInputs: fieldEntries.filter(([, spec]) => spec.required).map(([name]) => name),
    properties: outputs,
    required,
  };
}

function functions(): Json {
  const result: Json = {};
  for (const [name, spec] of Object.entries(functionSpecs)) {
    const args: Record<string, { schema: SchemaType; description: string; required?: string }> =
      spec.arguments;
    const required = Object.entries(args)
      .filter(([, a]) => a.required !== undefined)
      .map(([arg]) => arg);
    const outputs =
      spec.result === "websites"
        ? {
            type: "object",
            properties: {
              websites: property(
                { type: "array", items: { $ref: "#/types/webstats:index:WebsiteInfo" } },
                "Every matching website, across all pages.",
              ),
            },
            required: ["websites"],
          }
        : objectType(resultTypes[spec.result]);
    result[functionToken(name)] = {
      description: describedWithExamples(name, spec.description),
      inputs: {
        type: "object",
        properties: Object.fromEntries(
          Object.entries(args).map(([arg, a]) => [arg, property(a.schema, a.description)]),
        ),
        ...(required.length > 0 ? { required } : {}),
      },
      outputs,
    };
  }
  return result;
}

function types(): Json {
  const connection = Object.fromEntries(
    settingEntries
      .filter(([, spec]) => spec.connection)
      .map(([name, spec]) => [
        name,
        property({ type: spec.type }, spec.description, spec.secret ? { secret: true } : {}),
      ]),
  );
  return {
    [schemaRefs.privacy.replace("#/types/", "")]: {
      type: "string",
      description: "Who may see a website's statistics page.",
      enum: privacyValues.map((value) => ({ value, description: privacyDescriptions[value] })),
    },
    [schemaRefs.connection.replace("#/types/", "")]: {
      type: "object",
      description:
        "An installation and account, and how to reach it, instead of the provider's; what it leaves out comes from the provider.",
      properties: connection,
    },
    ...Object.fromEntries(
      Object.entries({ ...argumentTypes, ...resultTypes }).map(([name, type]) => [
        `${packageName}:index:${name}`,
        objectType(type),
      ]),
    ),
  };
}

/** The package schema, as `pulumi-webstats schema` prints it and the provider plugin serves it. */
export function packageSchema(version: string = SDK_VERSION): Json {
  const variables = configVariables();
  return {
    name: packageName,
    displayName: "Website Statistics",
    version,
    description:
      "Websites of the Website Statistics Service (phpAnalytics-style installations) and their privacy, " +
      "email-report, bot, query-parameter and IP exclusion settings.",
    keywords: ["pulumi", packageName, "analytics", "category/monitoring", "kind/native"],
    license: "Apache-2.0",
    // The C# SDK's authors (its project file says "Pulumi Corp." when the schema names none).
    publisher: "pulumi-webstats",
    repository,
    pluginDownloadURL,
    // supportPack: the generators write each SDK as a package of its own (Go: its go.mod).
    meta: { moduleFormat: "(.*)", supportPack: true },
    language: languageSettings,
    config: { variables },
    provider: {
      description: "The installation and account that webstats resources and functions use.",
      inputProperties: variables,
    },
    types: types(),
    resources: { [websiteToken]: websiteResource() },
    functions: functions(),
  };
}
