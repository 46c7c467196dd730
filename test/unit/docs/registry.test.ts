// The provider's pages for the Pulumi Registry (docs/_index.md, docs/installation-configuration.md)
// are held to the package schema: front matter the Registry reads, every setting of the schema's
// `config.variables` with its environment variable, type, secrecy and description, each
// language's package name from the schema's `language` section, the minimum versions the SDKs
// declare, and the settings the example reads. A setting or language added to the schema fails
// here until the pages say so. The Java SDK's enum values are named as it spells them, and Java
// and YAML readers learn the form of a function call that works on a first preview.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { languageSettings } from "../../../core/package-schema";
import {
  configReads,
  configSetLines,
  defaultProviderSettings,
  fencedBlocks,
  javaLookupsThatDoNotWait,
  javaPrivacyConstants,
  schema,
  sdkMinimums,
  yamlConfigReads,
} from "../../support/sdk-docs";

const page = (name: string) => readFileSync(join("docs", name), "utf8");
const index = page("_index.md");
const installation = page("installation-configuration.md");

/** The YAML front matter between the opening `---` lines, and the text after it. */
function frontMatter(text: string): { matter: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error("no front matter");
  return { matter: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

/** The rows of the first table after the line `heading`, header and separator left out. */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const first = lines.findIndex((line, at) => at > start && line.startsWith("|"));
  const rows: string[][] = [];
  for (let at = first; at >= 0 && lines[at]?.startsWith("|"); at++) {
    rows.push(
      lines[at]!.slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

describe("the Registry pages", () => {
  it("carry the front matter the Registry reads: title, meta_desc and layout", () => {
    for (const [name, text] of [
      ["_index.md", index],
      ["installation-configuration.md", installation],
    ] as const) {
      const { matter, body } = frontMatter(text);
      expect(Object.keys(matter).sort(), name).toEqual(["layout", "meta_desc", "title"]);
      expect(matter.layout, name).toBe("package");
      expect(String(matter.title), name).toContain(schema.displayName);
      expect(String(matter.meta_desc).length, name).toBeGreaterThan(40);
      expect(body.trim().length, name).toBeGreaterThan(0);
    }
    expect(frontMatter(installation).matter.title).toBe(`${schema.displayName} Installation & Configuration`);
  });

  it("list every setting of the schema with its environment variable, type, secrecy and description", () => {
    const rows = tableAfter(installation, "## Configuration");
    expect(rows).toEqual(
      Object.entries(schema.config.variables).map(([name, spec]) => [
        `\`webstats:${name}\`${spec.secret ? " (secret)" : ""}`,
        (spec.defaultInfo?.environment ?? []).map((variable) => `\`${variable}\``).join(", "),
        spec.type,
        spec.description,
      ]),
    );
    for (const [name, spec] of Object.entries(schema.config.variables)) {
      expect(spec.defaultInfo?.environment?.length, name).toBeGreaterThan(0);
      expect(installation).toContain(`webstats:${name}`);
      for (const variable of spec.defaultInfo!.environment) expect(installation).toContain(variable);
    }
    // A secret setting is shown set as one.
    for (const [name, spec] of Object.entries(schema.config.variables)) {
      if (spec.secret) expect(installation).toContain(`pulumi config set --secret webstats:${name} `);
    }
  });

  it("name each language's package as the schema does, with what its SDK needs, and say .NET has none", () => {
    const needs = sdkMinimums();
    for (const name of [
      languageSettings.nodejs.packageName,
      languageSettings.python.packageName,
      languageSettings.go.importBasePath,
    ]) {
      expect(installation).toContain(`\`${name}\``);
    }
    expect(installation).toContain(`npm install ${languageSettings.nodejs.packageName}`);
    expect(installation).toContain(`pip install ${languageSettings.python.packageName}`);
    expect(installation).toContain(`go get ${languageSettings.go.importBasePath}@v<version>`);
    expect(installation).toContain(`\`@pulumi/pulumi\` ${needs.nodejs.pulumi} or later`);
    expect(installation).toContain(
      `Python ${needs.python.python} or later and \`pulumi\` ${needs.python.pulumi} or later`,
    );
    expect(installation).toContain(
      `Go ${needs.go.go} or later and \`github.com/pulumi/pulumi/sdk/v3\` v${needs.go.pulumi} or later`,
    );
    expect(installation).toMatch(/\*\*\.NET\*\*: no \.NET SDK is shipped/);
    // The functions YAML programs name are the schema's.
    for (const token of Object.keys(schema.functions)) expect(installation).toContain(`\`${token}\``);
  });

  it("set every stack setting the overview's examples read, as a secret when they read one", () => {
    const wanted = defaultProviderSettings();
    const programs = [
      ...["typescript", "python", "go"].map((language) => configReads(fencedBlocks(index, language)[0]!)),
      yamlConfigReads(fencedBlocks(index, "yaml")[0]!),
    ];
    for (const reads of programs) {
      expect(reads.size).toBeGreaterThan(0);
      for (const [key, secret] of reads) {
        if (wanted.has(key)) expect(secret, key).toBe(wanted.get(key));
        wanted.set(key, secret);
      }
    }
    const [settings] = fencedBlocks(index, "sh");
    expect(configSetLines(settings!)).toEqual(wanted);
  });

  it("tell Java and YAML users how to call a function of a resource the program creates, and the enum's values", () => {
    // Java: the Output form with InvokeOutputOptions, in prose and in every example.
    expect(installation).toContain("InvokeOutputOptions");
    for (const page of [index, installation]) {
      for (const block of fencedBlocks(page, "java")) expect(javaLookupsThatDoNotWait(block)).toEqual([]);
    }
    for (const constant of javaPrivacyConstants()) expect(installation).toContain(`\`Privacy.${constant}\``);
    // The generator's warning that `pulumi package add` prints, explained.
    expect(installation).toContain(
      "`WARN: secret property apiKey (property of config) does not have an Output type`",
    );
    // YAML: by the id, unknown until the website exists (test/e2e/plugin/yaml.test.ts).
    expect(installation).toContain("`id: ${site.websiteId}`");
  });
});
