// The C# SDK (language-sdks/dotnet), which no machine that builds this project can compile (none
// has a .NET SDK), held as text to the schema it is generated from: the project, namespace and
// version the schema's csharp section and version give it; a class for every resource and the
// provider with each input and output; both forms of every function with its arguments and
// result; every type; the Pulumi .NET release it asks for has each API it calls; and the .NET
// page says what the SDK declares. `npm run sdks:check` holds the files to the generator.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageSettings, packageName, packageSchema } from "../../../../core/package-schema";
import { languageSdksDir } from "../../../../tools/sdks/language-sdks.mjs";
import { docExample, docText } from "../../../support/docs";
import { atLeast } from "../../../support/versions";

interface PropertySpec {
  secret?: boolean;
  defaultInfo?: { environment: string[] };
}

interface ObjectSpec {
  properties?: Record<string, PropertySpec>;
  required?: string[];
}

const schema = packageSchema() as {
  name: string;
  version: string;
  license: string;
  publisher: string;
  repository: string;
  pluginDownloadURL: string;
  provider: { inputProperties: Record<string, PropertySpec> };
  resources: Record<
    string,
    {
      inputProperties: Record<string, PropertySpec>;
      requiredInputs: string[];
      properties: Record<string, PropertySpec>;
    }
  >;
  functions: Record<string, { inputs: ObjectSpec; outputs: ObjectSpec }>;
  types: Record<string, ObjectSpec & { enum?: { value: string }[] }>;
};

const csharp = languageSettings.csharp;
/** The SDK's namespace, assembly and NuGet package: PulumiWebstats.Webstats. */
const namespace = `${csharp.rootNamespace}.${csharp.namespaces[packageName]}`;
const sdkDir = join(languageSdksDir, "dotnet");

/** Every file of the SDK, by path relative to language-sdks/dotnet ('/' separated). */
const files = new Map(
  readdirSync(sdkDir, { recursive: true })
    .map(String)
    .filter((file) => /\.(cs|csproj|json|txt)$/.test(file))
    .map((file) => [file.split("\\").join("/"), readFileSync(join(sdkDir, file), "utf8")]),
);
const csFiles = [...files].filter(([file]) => file.endsWith(".cs"));

function file(name: string): string {
  const text = files.get(name);
  if (text === undefined) throw new Error(`language-sdks/dotnet has no ${name}`);
  return text;
}

/** A token's last part: `webstats:index:getWebsite` → `getWebsite`. */
const tokenName = (token: string) => token.split(":").at(-1)!;
/** How the generator names a schema name in C#: `excludeBots` → `ExcludeBots`. */
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The body of the class `name` in `text`: from its declaration to the next class's. */
function classBody(text: string, declaration: string): string {
  const start = text.indexOf(declaration);
  expect(start, declaration).toBeGreaterThanOrEqual(0);
  const next = text
    .slice(start + declaration.length)
    .search(/\n {4}public (sealed |partial |static )*class /);
  return next < 0 ? text.slice(start) : text.slice(start, start + declaration.length + next);
}

/** Each input of an arguments class: its `[Input("name")]` attribute, then a public property. */
function expectInputs(body: string, inputs: Record<string, PropertySpec>, required: string[], where: string) {
  for (const [name, spec] of Object.entries(inputs)) {
    const attribute = new RegExp(`\\[Input\\("${escape(name)}"(, required: true)?(, json: true)?\\)\\]`).exec(
      body,
    );
    expect(attribute, `${where}: ${name}`).not.toBeNull();
    expect(attribute![1] !== undefined, `${where}: ${name} required`).toBe(required.includes(name));
    expect(body, `${where}: ${name}`).toMatch(new RegExp(`\\n\\s+public [^\\n]* ${pascal(name)}\\b`));
    // A secret input is wrapped in a secret as soon as it is set.
    if (spec.secret) {
      expect(body, `${where}: ${name} secret`).toMatch(
        new RegExp(`_${escape(name)} = Output\\.Tuple<[^\\n]*emptySecret\\)`),
      );
    }
  }
}

/** Pulumi .NET releases that added an API the generator's output may call. */
const apiSince = [{ api: "global::Pulumi.InvokeOutputOptions", release: "3.71.0" }];

/** The `Pulumi` package's range in the SDK's project, e.g. `[3.76.1.0,4)`, and its floor. */
function pulumiReference(): { range: string; floor: string } {
  const match = /<PackageReference Include="Pulumi" Version="(\[([\d.]+),4\))"/.exec(
    file(`${namespace}.csproj`),
  );
  if (!match) throw new Error("the C# SDK's project no longer references Pulumi 3.x as [floor,4)");
  return { range: match[1]!, floor: match[2]! };
}

describe("the C# SDK", () => {
  it("is the project PulumiWebstats.Webstats, in that namespace, at the schema's version and plugin", () => {
    expect(namespace).toBe("PulumiWebstats.Webstats");
    expect([...files.keys()].filter((name) => name.endsWith(".csproj"))).toEqual([`${namespace}.csproj`]);
    const project = file(`${namespace}.csproj`);
    for (const element of [
      `<Version>${schema.version}</Version>`,
      `<Authors>${schema.publisher}</Authors>`,
      `<PackageLicenseExpression>${schema.license}</PackageLicenseExpression>`,
      `<RepositoryUrl>${schema.repository}</RepositoryUrl>`,
    ]) {
      expect(project).toContain(element);
    }
    expect(file("version.txt").trim()).toBe(schema.version);
    expect(JSON.parse(file("pulumi-plugin.json"))).toEqual({
      resource: true,
      name: schema.name,
      version: schema.version,
      server: schema.pluginDownloadURL,
    });
    // The version is read from the assembly's resource, named after the assembly.
    expect(file("Utilities.cs")).toContain(`GetManifestResourceStream("${namespace}.version.txt")`);
    expect(csFiles.length).toBeGreaterThan(0);
    for (const [name, text] of csFiles) {
      const declared = [...text.matchAll(/^namespace (\S+)$/gm)].map((match) => match[1]);
      expect(declared, name).toHaveLength(1);
      expect(declared[0], name).toMatch(new RegExp(`^${escape(namespace)}(\\.(Inputs|Outputs|Config))?$`));
    }
  });

  it("has a class for every resource of the schema, with each input and output", () => {
    const resources = Object.entries(schema.resources);
    expect(resources.length).toBeGreaterThan(0);
    for (const [token, resource] of resources) {
      const name = pascal(tokenName(token));
      const text = file(`${name}.cs`);
      const declaration = `[WebstatsResourceType("${token}")]\n    public partial class ${name} : global::Pulumi.CustomResource`;
      const body = classBody(text, declaration);
      for (const output of Object.keys(resource.properties)) {
        expect(body, `${name}.${output}`).toMatch(
          new RegExp(`\\[Output\\("${escape(output)}"\\)\\]\\n\\s+public Output<.+> ${pascal(output)} \\{`),
        );
      }
      // A secret output stays secret in the state and in outputs.
      const secrets = /AdditionalSecretOutputs =\s*\{([^}]*)\}/.exec(body)?.[1] ?? "";
      for (const [output, spec] of Object.entries(resource.properties)) {
        if (spec.secret) expect(secrets, `${name}.${output}`).toContain(`"${output}"`);
      }
      const args = classBody(text, `public sealed class ${name}Args : global::Pulumi.ResourceArgs`);
      expectInputs(args, resource.inputProperties, resource.requiredInputs, `${name}Args`);
    }
  });

  it("has the provider's class, with each of its settings and its environment variable", () => {
    const text = file("Provider.cs");
    expect(text).toContain(`public partial class Provider : global::Pulumi.ProviderResource`);
    const args = classBody(text, "public sealed class ProviderArgs : global::Pulumi.ResourceArgs");
    expectInputs(args, schema.provider.inputProperties, [], "ProviderArgs");
    // Each setting left out is read from its environment variable, as in the other languages.
    for (const [name, spec] of Object.entries(schema.provider.inputProperties)) {
      const [variable] = spec.defaultInfo?.environment ?? [];
      expect(variable, name).toBeDefined();
      expect(args, name).toMatch(new RegExp(`${pascal(name)} = Utilities\\.GetEnv\\w*\\("${variable}"\\)`));
    }
  });

  it("has both forms of every function of the schema, with its arguments and result", () => {
    const functions = Object.entries(schema.functions);
    expect(functions.length).toBeGreaterThan(0);
    for (const [token, fn] of functions) {
      const name = pascal(tokenName(token));
      const text = file(`${name}.cs`);
      expect(text, name).toContain(`public static class ${name}\n`);
      expect(text, name).toContain(`InvokeAsync<${name}Result>("${token}", args ?? new ${name}Args()`);
      // The Output form, without options and with InvokeOutputOptions (which can wait for resources).
      expect(text, name).toMatch(new RegExp(`Output<${name}Result> Invoke\\([^)]*InvokeOptions\\? options`));
      expect(text, name).toMatch(
        new RegExp(`Output<${name}Result> Invoke\\([^)]*InvokeOutputOptions options`),
      );
      expect(text, name).toContain(`Invoke<${name}Result>("${token}", args ?? new ${name}InvokeArgs()`);
      const inputs = fn.inputs.properties ?? {};
      const required = fn.inputs.required ?? [];
      for (const args of [`${name}Args`, `${name}InvokeArgs`]) {
        const body = classBody(text, `public sealed class ${args} : global::Pulumi.InvokeArgs`);
        expectInputs(body, inputs, required, args);
      }
      const result = classBody(text, `public sealed class ${name}Result`);
      for (const output of Object.keys(fn.outputs.properties ?? {})) {
        expect(result, `${name}Result.${output}`).toMatch(
          new RegExp(`public readonly .+ ${pascal(output)};`),
        );
      }
    }
  });

  it("has every type of the schema: the enum with each value, each object type", () => {
    const types = Object.entries(schema.types);
    expect(types.length).toBeGreaterThan(0);
    for (const [token, type] of types) {
      const name = tokenName(token);
      if (type.enum) {
        const body = classBody(file("Enums.cs"), `public readonly struct ${name} : IEquatable<${name}>`);
        for (const { value } of type.enum) {
          // `public` and `private`, C# keywords, are kept as @Public and @Private.
          expect(body, `${name}.${value}`).toMatch(
            new RegExp(
              `public static ${name} @?${pascal(value)} \\{ get; \\} = new ${name}\\("${escape(value)}"\\);`,
            ),
          );
        }
        continue;
      }
      // An object type is a class of Inputs/ or Outputs/ (or both), as the functions use it; a
      // function's result type is its Result class instead.
      const declared = [`Inputs/${name}.cs`, `Inputs/${name}Args.cs`, `Outputs/${name}.cs`].filter((path) =>
        files.has(path),
      );
      const asResult = [...files.values()].some((text) =>
        text.includes(`public sealed class Get${name}Result`),
      );
      expect(declared.length > 0 || asResult, name).toBe(true);
      for (const path of declared) {
        for (const property of Object.keys(type.properties ?? {})) {
          expect(file(path), `${path}: ${property}`).toMatch(new RegExp(` ${pascal(property)}\\b`));
        }
      }
    }
  });

  it("asks for a Pulumi .NET 3.x release that has every API the SDK calls", () => {
    const { floor } = pulumiReference();
    const sources = csFiles.map(([, text]) => text).join("\n");
    const used = apiSince.filter(({ api }) => sources.includes(api));
    expect(used.length).toBeGreaterThan(0);
    for (const { api, release } of used)
      expect(atLeast(floor, release), `${api} needs ${release}`).toBe(true);
  });

  it("is described on the .NET page as it is: namespace, project, Pulumi range, checked as text", () => {
    const page = docText("docs/languages/dotnet.md").replace(/\s+/g, " ");
    expect(page).toContain(`\`${namespace}\``);
    expect(page).toContain(`\`language-sdks/dotnet/${namespace}.csproj\``);
    expect(page).toContain(`\`Pulumi\` ${pulumiReference().range}`);
    expect(page).toContain("pulumi package add");
    expect(page).toMatch(/checked as text, not compiled/);
  });

  it("declares every name the .NET page's program takes from it", () => {
    const program = docExample("sdk-csharp", "csharp");
    const sources = csFiles.map(([, text]) => text).join("\n");
    // Classes it creates, other than Pulumi's and the standard library's.
    const created = [...program.matchAll(/\bnew (\w+)/g)]
      .map((match) => match[1]!)
      .filter((name) => !["Config", "Dictionary", "InvokeOutputOptions"].includes(name));
    // Static classes and enums it reads a member of, e.g. GetWebsite.Invoke, Privacy.Password.
    const code = program.replace(/^using .*$/gm, "");
    const members = [...code.matchAll(/(?<![.\w])([A-Z]\w*)\.([A-Z]\w*)\b/g)].filter(
      ([, type]) => !["Deployment"].includes(type!),
    );
    // Properties it sets in an initializer or reads from a resource or a result.
    const properties = [
      ...[...program.matchAll(/^\s+([A-Z]\w*) = /gm)].map((match) => match[1]!),
      ...[...program.matchAll(/\b(?:blog|site)\.([A-Z]\w*)\b/g)].map((match) => match[1]!),
    ];
    expect(created).toEqual(expect.arrayContaining(["Website", "WebsiteArgs", "GetWebsiteInvokeArgs"]));
    expect(members.length).toBeGreaterThan(0);
    expect(properties.length).toBeGreaterThan(0);
    for (const name of created) {
      expect(sources, name).toMatch(new RegExp(`public (sealed |partial )*class ${name} `));
    }
    for (const [reference, type, member] of members) {
      const declared =
        new RegExp(`public static class ${type}\\n[\\s\\S]*public static [^\\n]* ${member}\\(`).test(
          sources,
        ) || new RegExp(`public static ${type} @?${member} \\{ get; \\}`).test(sources);
      expect(declared, reference).toBe(true);
    }
    for (const name of properties) {
      expect(sources, name).toMatch(new RegExp(`public [^\\n]* ${name}\\b`));
    }
  });
});
