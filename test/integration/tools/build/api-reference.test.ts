// The API reference that Pulumi's documentation generator renders from the schema
// (tools/build/api-reference.mjs, the pages of docs/reference/): a page per resource and function,
// each showing its example in every language of schema-examples/ in the language chooser's
// block for that language, the Website's page its Import section, and the folder's README a link
// to every page; no page links to the Registry site's root or says "Coming soon!". (npm run reference:check holds the committed pages to a fresh render.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { websiteToken } from "../../../../core/package-schema";
import { renderReference } from "../../../../tools/build/api-reference.mjs";
import { ensureDocsGenerator } from "../../../../tools/machine/ensure-docsgen.mjs";
import { exampleFiles, readSchemaExamples } from "../../../../tools/build/schema-examples.mjs";
import { currentSchema } from "../../../../tools/sdks/language-sdks.mjs";
import { scratchFolder } from "../../../support/scratch-folder";

const scratch = scratchFolder("webstats-reference-");
const examples = readSchemaExamples();
const languages = Object.keys(exampleFiles) as (keyof typeof exampleFiles)[];

/** The text of each of a page's blocks for `language` in the language chooser. */
function choosableBlocks(page: string, language: string): string[] {
  const open = `<pulumi-choosable type="language" values="${language}">`;
  return page
    .split(open)
    .slice(1)
    .map((rest) => rest.split("</pulumi-choosable>")[0]!);
}

describe("the API reference", () => {
  let dir = "";
  const page = (name: string) => readFileSync(join(dir, name.toLowerCase(), "_index.md"), "utf8");

  beforeAll(() => {
    // Built once per machine; npm test's reference:check has built it before the tests run.
    const generator = ensureDocsGenerator({ quiet: true, progress: process.stderr }).binary;
    dir = renderReference(join(scratch, "reference"), currentSchema(), { generator });
  }, 900_000);

  it("has a page per resource and function, and the provider's", () => {
    const pages = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(pages.sort()).toEqual(
      [...Object.keys(examples).map((name) => name.toLowerCase()), "provider"].sort(),
    );
  });

  it.each(Object.keys(examples))("shows %s's example in every language", (name) => {
    const text = page(name);
    // The page's headings are HTML-escaped (Go's html/template).
    const title = examples[name]!.title.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&#34;");
    expect(text).toContain(`### ${title}`);
    for (const language of languages) {
      const fence = `\`\`\`${language}\n${examples[name]![language]}\`\`\``;
      expect(
        choosableBlocks(text, language).some((block) => block.includes(fence)),
        `${name}: ${language}`,
      ).toBe(true);
    }
  });

  it("shows the Website's Import section", () => {
    const [, importSection] = page("Website").split("\n## Import\n");
    expect(importSection).toContain(`\`\`\`sh\n$ pulumi import ${websiteToken} blog 42\n\`\`\``);
  });

  it("reads on GitHub: no link to the site's root, no Coming soon, the C# blocks say why there is no C# example", () => {
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".md"));
    expect(files).toContain(join("website", "_index.md"));
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8");
      // Markdown links, HTML href and src: none starts at a site's root ("/docs/...").
      expect(text.match(/(\]\(|\b(?:href|src)=")\/(?!\/)[^)"]*/g) ?? [], file).toEqual([]);
      expect(text, file).not.toContain("Coming soon");
    }
    const website = page("Website");
    expect(website).toContain("[Resources](https://www.pulumi.com/docs/concepts/resources/)");
    expect(choosableBlocks(website, "csharp")[0]?.trim()).toBe(
      "No C# example: the C# SDK (language-sdks/dotnet) is generated, but not compiled or tested.",
    );
    // The package page's links to the pages open their files.
    expect(readFileSync(join(dir, "_index.md"), "utf8")).toContain(
      '<a href="website/_index.md" title="Website">',
    );
  });

  it("links every page from the folder's README", () => {
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    for (const name of [...Object.keys(examples), "provider"]) {
      expect(readme).toContain(`](${name.toLowerCase()}/_index.md)`);
    }
  });
});
