#!/usr/bin/env node
// @ts-check
// `npm run reference` writes the API reference, docs/reference/, from the package schema that
// `pulumi-webstats schema` prints: a page per resource and function (and the provider's), with
// their examples in every language, arguments, outputs, types and the Website's Import section,
// rendered as the Pulumi Registry renders them, by Pulumi's own documentation generator
// (tools/machine/ensure-docsgen.mjs), plus a README.md that links the pages for a reader who
// opens the folder. The generator writes for the Registry's site; the pages are then made readable
// where they are committed (readableOnGitHub): its links to the site's root go to pulumi.com, and
// the C# block of each example says why it has no C# example instead of "Coming soon!". `npm run reference:check` (part of `npm test`) renders into a temporary
// folder and fails, naming each file, when the committed pages differ.
//
// Both need a build (`npm run build`): the schema comes from dist/.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDocsGenerator } from "../machine/ensure-docsgen.mjs";
import { currentSchema, differences } from "../sdks/language-sdks.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Where the committed pages live. */
const referenceDir = join(repoRoot, "docs", "reference");

/**
 * The first line of a page's text after its front matter's title: the generator's own words of
 * a page are its description's first paragraph.
 * @param {string} page
 * @returns {{ title: string, summary: string }}
 */
function pageHeading(page) {
  const title = /^title: "([^"]+)"$/m.exec(page)?.[1] ?? "";
  const body =
    page.split("<!-- Do not edit by hand unless you're certain you know what you are doing! -->")[1] ?? "";
  const summary = body.trim().split("\n")[0] ?? "";
  return { title, summary };
}

/**
 * The folder's README.md: what the pages are and a link to each.
 * @param {string} dir the rendered pages
 * @param {{ name: string }} schema
 * @returns {string}
 */
function folderReadme(dir, schema) {
  const pages = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      folder: entry.name,
      ...pageHeading(readFileSync(join(dir, entry.name, "_index.md"), "utf8")),
    }));
  const kinds = [
    {
      heading: "Resources",
      pick: (/** @type {string} */ folder) => folder !== "provider" && !folder.startsWith("get"),
    },
    { heading: "Functions", pick: (/** @type {string} */ folder) => folder.startsWith("get") },
    { heading: "Provider", pick: (/** @type {string} */ folder) => folder === "provider" },
  ];
  const sections = kinds.map(({ heading, pick }) => {
    const links = pages
      .filter((page) => pick(page.folder))
      .map((page) => `- [${page.title}](${page.folder}/_index.md): ${page.summary}`);
    return `## ${heading}\n\n${links.join("\n")}\n`;
  });
  return [
    `# API reference of the \`${schema.name}\` package (generated)\n`,
    "A page per resource and function, with its example in TypeScript, Python, Go, Java and YAML,\n" +
      "its arguments, outputs and types, rendered from the package schema (`language-sdks/schema.json`)\n" +
      "by the generator of the Pulumi Registry's API pages, `pkg/codegen/docs` of Pulumi v3.143.0.\n" +
      "The pages are the Registry's Markdown: its language chooser shows here as one block per\n" +
      "language; links to Pulumi's own documentation go to pulumi.com, and the C# block of each\n" +
      "example says why it has no C# example. Do not edit them: change the schema's\n" +
      "code or the examples in `schema-examples/` and run `npm run reference`; `npm test` fails\n" +
      "while they are stale. [_index.md](_index.md) is the package's own page.\n",
    ...sections,
  ].join("\n");
}

/** Where Pulumi's own documentation lives: the generator's root-relative links point there. */
const pulumiSite = "https://www.pulumi.com";

/**
 * What the generator writes for a language an example lacks (`defaultMissingExampleSnippetPlaceholder`
 * of pkg/codegen/docs/examples.go), in the language chooser's block of examples.tmpl. The package's
 * C# SDK cannot be compiled here, so no example has C# and every example's C# block is this.
 */
const missingCsharpExample =
  '<div>\n<pulumi-choosable type="language" values="csharp">\n\nComing soon!\n\n</pulumi-choosable>\n</div>';
const noCsharpExample =
  '<div>\n<pulumi-choosable type="language" values="csharp">\n\nNo C# example: the C# SDK (language-sdks/dotnet) is generated, but not compiled or tested.\n\n</pulumi-choosable>\n</div>';

/**
 * A page as the generator writes it for the Registry's site, made readable where it is committed
 * (GitHub, an editor): links to the site's root (`/docs/concepts/...`, `href="/docs/reference/..."`)
 * go to pulumi.com, where they resolve; a link to another page's folder (`href="website/"`, the
 * package page's lists) goes to that page's file; the C# block of each example says why there is
 * no C# example instead of "Coming soon!". Throws when a placeholder of another language is left (an
 * example missing from schema-examples/).
 * @param {string} page
 * @param {string[]} folders the pages' folders
 * @returns {string}
 */
function readableOnGitHub(page, folders) {
  const text = page
    .split(missingCsharpExample)
    .join(noCsharpExample)
    .replace(/(\]\(|\b(?:href|src)=")\/(?!\/)/g, `$1${pulumiSite}/`)
    .replace(/\bhref="([a-z0-9-]+)\/"/g, (link, folder) =>
      folders.includes(folder) ? `href="${folder}/_index.md"` : link,
    );
  if (text.includes("Coming soon!")) {
    throw new Error(
      "a page of the API reference lacks an example in a language (Coming soon!): see schema-examples/",
    );
  }
  return text;
}

/**
 * Every page under `dir`, made readable on GitHub (readableOnGitHub).
 * @param {string} dir
 */
function rewritePages(dir) {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const file of [join(dir, "_index.md"), ...folders.map((folder) => join(dir, folder, "_index.md"))]) {
    if (existsSync(file)) writeFileSync(file, readableOnGitHub(readFileSync(file, "utf8"), folders));
  }
}

/**
 * Renders the reference of `schemaText` into `outDir` (emptied first).
 * @param {string} outDir
 * @param {string} schemaText
 * @param {{ generator?: string }} [options] the generator's binary (default: the pinned one, built when needed)
 * @returns {string} `outDir`
 */
export function renderReference(
  outDir,
  schemaText,
  { generator = ensureDocsGenerator({ quiet: true }).binary } = {},
) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  const schemaFile = join(dirname(outDir), "schema.json");
  writeFileSync(schemaFile, schemaText);
  execFileSync(generator, ["-schema", schemaFile, "-out", outDir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  rewritePages(outDir);
  writeFileSync(join(outDir, "README.md"), folderReadme(outDir, JSON.parse(schemaText)));
  return outDir;
}

function main() {
  const check = process.argv.includes("--check");
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "webstats-reference-"));
  try {
    const fresh = renderReference(join(scratch, "reference"), currentSchema(), {
      generator: ensureDocsGenerator().binary,
    });
    const stale = differences(fresh, referenceDir);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (check) {
      if (stale.length > 0) {
        process.stderr.write(
          `reference:check: docs/reference/ is stale (${stale.length} files); run npm run reference and commit:\n` +
            stale.map((line) => `  ${line}\n`).join(""),
        );
        process.exit(1);
      }
      process.stdout.write(`reference:check: docs/reference/ matches the schema (${seconds}s)\n`);
      return;
    }
    rmSync(referenceDir, { recursive: true, force: true });
    cpSync(fresh, referenceDir, { recursive: true });
    process.stdout.write(`reference: wrote docs/reference/: ${stale.length} files changed (${seconds}s)\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (invokedDirectly(import.meta.url)) main();
