// What the README and the pages of docs/ say about the language SDKs is held to the schema and to
// the SDKs generated from it (language-sdks/): the function names of each language
// (docs/functions.md), the package names and the minimum versions each SDK declares (the README's
// install table), and the `pulumi config set` lines beside each example that reads stack
// settings. A function added to the schema, a generator that renames one, or an SDK that starts
// to require a newer Pulumi fails here until the docs say so. Install points each language to a
// page of its own that exists; the Java page names the enum's values as the Java SDK spells them,
// and every Java example passes InvokeOutputOptions to any function of a resource it creates
// (without, the first preview fails: test/e2e/language-sdks/java.test.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as functions from "../../../provider/functions";
import { languageSettings, packageSchema } from "../../../core/package-schema";
import { languageSdksDir } from "../../../tools/sdks/language-sdks.mjs";
import { docExample, docPages, docSection, docTable, docText } from "../../support/docs";
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
import { atLeast } from "../../support/versions";

/** Every file of one SDK, by path relative to language-sdks/<language>. */
function sdkFiles(language: string, extension: string): Map<string, string> {
  const dir = join(languageSdksDir, language);
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(extension));
  return new Map(files.map((file) => [file, readFileSync(join(dir, file), "utf8")]));
}

/**
 * The files of an SDK that define `name` as a function: each generated function has a file of
 * its own, which invokes exactly one token.
 */
function definingFiles(files: Map<string, string>, definition: RegExp): string[] {
  return [...files].filter(([, text]) => definition.test(text)).map(([, text]) => text);
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How each language defines a function, and how its SDK invokes a token. */
const languages = {
  nodejs: {
    files: sdkFiles("nodejs", ".ts"),
    defines: (name: string) => new RegExp(`^export function ${escape(name)}\\(`, "m"),
    invokes: (token: string) => `invoke("${token}"`,
  },
  python: {
    files: sdkFiles("python", ".py"),
    defines: (name: string) => new RegExp(`^def ${escape(name)}\\(`, "m"),
    invokes: (token: string) => `invoke('${token}'`,
  },
  go: {
    files: sdkFiles("go", ".go"),
    defines: (name: string) => new RegExp(`^func ${escape(name)}\\(ctx \\*pulumi\\.Context`, "m"),
    invokes: (token: string) => `Invoke("${token}"`,
  },
};

/** A cell that names a function and its Output form: "`a` / `b`". */
function namePair(cell: string): [string, string] {
  const names = [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  expect(names, cell).toHaveLength(2);
  return [names[0]!, names[1]!];
}

const functionRows = () => docTable("docs/functions.md", "## Function names in each language");

describe("the docs on the language SDKs", () => {
  it("names each function of the schema in each language, as its SDK defines and invokes it", () => {
    const rows = functionRows();
    expect(rows.map(([token]) => token)).toEqual(
      Object.keys(schema.functions).map((token) => `\`${token}\``),
    );
    for (const [tokenCell, typescript, python, go] of rows) {
      const token = tokenCell!.replace(/`/g, "");
      for (const [language, cell] of [
        ["nodejs", typescript],
        ["python", python],
        ["go", go],
      ] as const) {
        const { files, defines, invokes } = languages[language];
        for (const name of namePair(cell!)) {
          const defining = definingFiles(files, defines(name));
          expect(defining, `${language} ${name}`).toHaveLength(1);
          expect(defining[0], `${language} ${name} invokes ${token}`).toContain(invokes(token));
        }
      }
      // Each Output form is the plain name plus the language's suffix.
      const [tsPlain, tsOutput] = namePair(typescript!);
      expect(tsOutput).toBe(`${tsPlain}Output`);
      expect(namePair(python!)[1]).toBe(`${namePair(python!)[0]}_output`);
      expect(namePair(go!)[1]).toBe(`${namePair(go!)[0]}Output`);
      // The TypeScript names are this package's functions too, exported from its entry point.
      const entry = readFileSync(join("provider", "index.ts"), "utf8");
      for (const name of [tsPlain, tsOutput]) {
        expect(typeof (functions as Record<string, unknown>)[name], name).toBe("function");
        expect(entry, name).toMatch(new RegExp(`^  ${name},$`, "m"));
      }
    }
  });

  it("calls in the Python and Go examples only functions the table names for that language", () => {
    const rows = functionRows();
    for (const [example, language, column] of [
      ["functions-python", "python", 2],
      ["functions-go", "go", 3],
    ] as const) {
      const named = new Set(rows.flatMap((row) => namePair(row[column]!)));
      // Every call into the SDK there is a function call: types and arguments are no calls.
      const called = [...docExample(example, language).matchAll(/\bwebstats\.(\w+)\(/g)].map(
        (match) => match[1]!,
      );
      expect(called.length, example).toBeGreaterThan(0);
      for (const name of called) expect(named, `${example} calls ${name}`).toContain(name);
    }
  });

  it("names each SDK's package as the schema does, with the minimum versions the SDK declares", () => {
    const rows = new Map(docTable("README.md", "### Other languages").map((row) => [row[0], row]));
    const needs = sdkMinimums();

    const nodejs = languageSettings.nodejs.packageName;
    expect(JSON.parse(readFileSync(join(languageSdksDir, "nodejs", "package.json"), "utf8"))).toMatchObject({
      name: nodejs,
    });
    expect(rows.get("Node.js")).toEqual([
      "Node.js",
      `\`npm install ${nodejs}\``,
      `\`import * as webstats from "${nodejs}"\``,
      `\`@pulumi/pulumi\` ${needs.nodejs.pulumi} or later`,
    ]);

    const python = languageSettings.python.packageName;
    expect(readFileSync(join(languageSdksDir, "python", "pyproject.toml"), "utf8")).toContain(
      `name = "${python}"`,
    );
    expect(rows.get("Python")).toEqual([
      "Python",
      `\`pip install ${python}\``,
      `\`import ${python} as webstats\``,
      `Python ${needs.python.python} or later; \`pulumi\` ${needs.python.pulumi} or later`,
    ]);

    const importPath = languageSettings.go.importBasePath;
    expect(rows.get("Go")).toEqual([
      "Go",
      `\`go get ${importPath}@v<version>\``,
      `\`"${importPath}"\``,
      `Go ${needs.go.go} or later; \`github.com/pulumi/pulumi/sdk/v3\` v${needs.go.pulumi} or later`,
    ]);

    // Nowhere do the docs promise a Pulumi Go SDK older than the one the Go SDK requires.
    const docs = docPages().map(docText).join("\n");
    for (const match of docs.matchAll(/github\.com\/pulumi\/pulumi\/sdk\/v3`? v(3\.\d+\.\d+)/g)) {
      expect(atLeast(match[1]!, needs.go.pulumi), match[0]).toBe(true);
    }
  });

  it("points each language from Install to a page of its own that exists", () => {
    // The list items of the section, each as one line.
    const items = docSection("README.md", "### Other languages")
      .split(/\n(?=- )/)
      .filter((item) => item.startsWith("- "))
      .map((item) => item.replace(/\s+/g, " "));
    for (const [language, page] of [
      ["Node.js", "typescript"],
      ["Python", "python"],
      ["Go", "go"],
      ["Java", "java"],
      ["Pulumi YAML", "yaml"],
      [".NET", "dotnet"],
    ] as const) {
      const item = items.find((text) => text.includes(`**${language}**`));
      expect(item, language).toBeDefined();
      expect(item, language).toContain(`](docs/languages/${page}.md)`);
      expect(existsSync(join("docs", "languages", `${page}.md`)), page).toBe(true);
    }
  });

  it("names the Java enum's values as the Java SDK spells them", () => {
    const constants = javaPrivacyConstants();
    // One constant per value of the schema's enum, e.g. Public_ for "public" (a Java keyword).
    const privacy = (packageSchema() as { types: Record<string, { enum?: unknown[] }> }).types[
      "webstats:index:Privacy"
    ];
    expect(constants).toHaveLength(privacy?.enum?.length ?? -1);
    const java = docText("docs/languages/java.md");
    for (const constant of constants) expect(java).toContain(`\`Privacy.${constant}\``);
  });

  it("passes InvokeOutputOptions in every Java example that calls a function of a resource it creates", () => {
    const blocks = docPages().flatMap((page) => fencedBlocks(docText(page), "java"));
    expect(blocks.length).toBeGreaterThan(0);
    // The SDK example reads the blog back: the form the Java page recommends.
    expect(docExample("sdk-java", "java")).toMatch(
      /getWebsite\([\s\S]*blog\.domain\(\)[\s\S]*InvokeOutputOptions/,
    );
    for (const block of blocks) expect(javaLookupsThatDoNotWait(block)).toEqual([]);
    // What the check finds: the Java page's warning's own form.
    expect(
      javaLookupsThatDoNotWait(`var blog = new Website("blog", args);
var found = WebstatsFunctions.getWebsite(GetWebsiteArgs.builder().domain(blog.domain()).build());`),
    ).toHaveLength(1);
  });

  it("sets, beside each SDK example, every stack setting it reads, as a secret when it reads one", () => {
    const examples = [
      { example: "sdk-nodejs", language: "ts", settings: "sdk-config" },
      { example: "sdk-python", language: "python", settings: "sdk-config" },
      { example: "sdk-go", language: "go", settings: "sdk-config" },
      { example: "yaml-program", language: "yaml", settings: "quickstart-yaml" },
    ];
    const needed = new Map<string, Map<string, boolean>>();
    for (const { example, language, settings } of examples) {
      const source = docExample(example, language);
      const reads = language === "yaml" ? yamlConfigReads(source) : configReads(source);
      expect(reads.size, `${example} reads no setting`).toBeGreaterThan(0);
      const wanted = needed.get(settings) ?? defaultProviderSettings();
      for (const [key, secret] of reads) {
        if (wanted.has(key)) expect(secret, `${example} reads ${key} differently`).toBe(wanted.get(key));
        wanted.set(key, secret);
      }
      needed.set(settings, wanted);
    }
    // Exactly those keys, each with --secret where it is read as a secret.
    for (const [settings, wanted] of needed) {
      expect(configSetLines(docExample(settings, "sh")), settings).toEqual(wanted);
    }
  });
});
