#!/usr/bin/env node
// `npm run sdks` writes the language SDKs (Node.js, Python, Go, Java, C#) of the `webstats` package
// into language-sdks/, from the package schema that `pulumi-webstats schema` prints (itself derived
// from the field table), with the pinned generators (tools/machine/ensure-sdkgen.mjs). The schema
// is written beside them as schema.json, so a change to it shows in review next to its effect.
// `npm run sdks:check` (part of `npm test`) generates into a temporary folder and fails, naming
// each file, when the committed copy differs: the SDKs can never disagree with the plugin.
//
// Both need a build (`npm run build`): the schema comes from dist/. Packaging the SDKs for a
// release is tools/release/'s work (`npm run release`).
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
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDotnetSdkGenerator, ensureSdkGenerator } from "../machine/ensure-sdkgen.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Where the committed SDKs live; core/package-schema.ts names the same folder for Go's import path. */
export const languageSdksDir = join(repoRoot, "language-sdks");
/** The languages pulumi-sdkgen writes. */
const sdkgenLanguages = ["nodejs", "python", "go", "java"];
/**
 * Every language SDK, each in its folder of language-sdks/: C# ("dotnet", as Pulumi names the
 * language) comes from pulumi-sdkgen-dotnet.
 * @type {readonly string[]}
 */
const sdkLanguages = [...sdkgenLanguages, "dotnet"];

const folderReadme = `# Language SDKs of webstats (generated)

The Node.js, Python, Go, Java and C# (\`dotnet/\`) SDKs of the \`webstats\` Pulumi package, for
programs that use the provider plugin \`pulumi-resource-webstats\`. Every file here is generated from \`schema.json\`
(which \`pulumi-webstats schema\` prints) by \`npm run sdks\`; do not edit them: change the
field table or the schema code and run \`npm run sdks\`. \`npm test\` fails when they are stale.
The main README says how to install them and how a release
publishes them; CONTRIBUTING.md has the release steps. The C# SDK is checked as text, not
compiled: no machine that builds this project has a .NET SDK (docs/languages/dotnet.md).
`;

/**
 * The package schema as the built CLI (package.json's `pulumi-webstats` bin) prints it.
 * @returns {string}
 */
export function currentSchema() {
  const { bin } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const cli = join(repoRoot, bin["pulumi-webstats"]);
  if (!existsSync(cli)) throw new Error(`${relative(repoRoot, cli)} is missing: run npm run build first.`);
  return execFileSync(process.execPath, [cli, "schema"], { encoding: "utf8" });
}

/**
 * Writes schema.json and every language's SDK for `schemaText` into `outDir` (emptied first).
 * @param {string} outDir
 * @param {string} schemaText
 * @param {{ generator?: string, dotnetGenerator?: string }} [options] the generators' binaries
 *   (default: the pinned ones, built when needed)
 * @returns {string} `outDir`
 */
export function generateSdks(
  outDir,
  schemaText,
  {
    generator = ensureSdkGenerator({ quiet: true }).binary,
    dotnetGenerator = ensureDotnetSdkGenerator({ quiet: true }).binary,
  } = {},
) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "README.md"), folderReadme);
  writeFileSync(join(outDir, "schema.json"), schemaText.endsWith("\n") ? schemaText : `${schemaText}\n`);
  // The generator reads the schema with the settings only the SDKs need (generatorSettings), from
  // a file of its own beside the output: schema.json stays the schema the plugin serves.
  const generatorInput = join(outDir, ".generator-schema.json");
  writeFileSync(generatorInput, JSON.stringify(withGeneratorSettings(JSON.parse(schemaText))));
  const quietly = /** @type {const} */ ({ encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  try {
    execFileSync(
      generator,
      ["-schema", generatorInput, "-out", outDir, "-languages", sdkgenLanguages.join(",")],
      quietly,
    );
    execFileSync(dotnetGenerator, ["-schema", generatorInput, "-out", outDir], quietly);
  } finally {
    rmSync(generatorInput, { force: true });
  }
  checkPythonFloor(join(outDir, "python", "pyproject.toml"));
  writeJavaBuildFiles(join(outDir, "java"), JSON.parse(schemaText));
  return outDir;
}

/**
 * The Requires-Python of the `pulumi` releases the Python SDK rests on (pulumi-python-releases.json:
 * read from each release's wheel) and which of them is the SDK's minimum `pulumi`.
 * @type {{ sdkMinimum: string, releases: Record<string, { requiresPython: string, wheel: string, sha256: string }> }}
 */
export const pulumiPythonReleases = JSON.parse(
  readFileSync(join(repoRoot, "tools", "sdks", "pulumi-python-releases.json"), "utf8"),
);

/**
 * The Python SDK's floor: the Requires-Python of the lowest `pulumi` it accepts, since no older
 * Python can install that release (`pip` finds no `pulumi` for it).
 * @returns {string} e.g. ">=3.10"
 */
export function pythonFloor() {
  const release = pulumiPythonReleases.releases[pulumiPythonReleases.sdkMinimum];
  if (!release) {
    throw new Error(
      `tools/sdks/pulumi-python-releases.json names no release ${pulumiPythonReleases.sdkMinimum}, its sdkMinimum`,
    );
  }
  return release.requiresPython;
}

/**
 * Settings of the language generators that the package schema does not carry: each is merged into
 * the schema's `language` section for the generator alone.
 */
const generatorSettings = { python: { pythonRequires: pythonFloor() } };

/**
 * The schema with generatorSettings merged into its `language` section.
 * @param {{ language?: Record<string, Record<string, unknown>> }} schema
 */
function withGeneratorSettings(schema) {
  const language = { ...schema.language };
  for (const [name, settings] of Object.entries(generatorSettings)) {
    language[name] = { ...language[name], ...settings };
  }
  return { ...schema, language };
}

/**
 * Fails when the generated Python SDK asks for another minimum `pulumi` than the one whose
 * Requires-Python became its floor: record that release's in pulumi-python-releases.json first.
 * @param {string} pyproject
 */
function checkPythonFloor(pyproject) {
  const text = readFileSync(pyproject, "utf8");
  const minimum = /"pulumi>=([\d.]+),/.exec(text)?.[1];
  if (minimum !== pulumiPythonReleases.sdkMinimum) {
    throw new Error(
      `The Python SDK now needs pulumi ${minimum ?? "(unreadable)"}, not ${pulumiPythonReleases.sdkMinimum}: ` +
        "read its Requires-Python (pip download pulumi==<version> --no-deps, METADATA in the wheel) and record it " +
        "as sdkMinimum in tools/sdks/pulumi-python-releases.json, then run npm run sdks again.",
    );
  }
}

const xmlText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * What a Gradle build of Pulumi's would add to the generated Java sources, for Maven: the pom
 * (from tools/machine/java/sdk-pom.xml) and plugin.json, which tells Pulumi's Java host which provider
 * plugin, at which version and from where, a program using the SDK needs (Pulumi's Gradle files
 * write it at build time; version.txt, the other such file, comes from the generator).
 */
function writeJavaBuildFiles(javaDir, schema) {
  const template = readFileSync(join(repoRoot, "tools", "machine", "java", "sdk-pom.xml"), "utf8");
  const values = {
    "@VERSION@": schema.version,
    "@NAME@": `pulumi-${schema.name}`,
    "@DESCRIPTION@": schema.description,
    "@URL@": schema.repository,
  };
  const pom = template.replace(/@[A-Z]+@/g, (token) => xmlText(String(values[token])));
  writeFileSync(join(javaDir, "pom.xml"), pom);
  const plugin = {
    resource: true,
    name: schema.name,
    version: schema.version,
    server: schema.pluginDownloadURL,
  };
  // Under com/pulumi/ whatever the SDK's Java package: the Java host finds a package's plugin.json
  // only at `com/<namespace>/<name>/plugin.json` on the class path (PulumiPlugins' pattern).
  const resources = join(javaDir, "src", "main", "resources", "com", "pulumi", schema.name);
  mkdirSync(resources, { recursive: true });
  writeFileSync(join(resources, "plugin.json"), `${JSON.stringify(plugin, null, 2)}\n`);
}

function filesUnder(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/**
 * Files that differ between two trees: changed, missing from `actual`, or extra in it.
 * @param {string} expectedDir
 * @param {string} actualDir
 * @returns {string[]}
 */
export function differences(expectedDir, actualDir) {
  const expected = new Set(filesUnder(expectedDir));
  const actual = new Set(filesUnder(actualDir));
  const result = [];
  for (const file of [...expected].sort()) {
    if (!actual.has(file)) result.push(`missing: ${file}`);
    else if (!readFileSync(join(expectedDir, file)).equals(readFileSync(join(actualDir, file))))
      result.push(`changed: ${file}`);
  }
  for (const file of [...actual].sort()) if (!expected.has(file)) result.push(`not generated: ${file}`);
  return result;
}

function main() {
  const check = process.argv.includes("--check");
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "webstats-sdks-"));
  try {
    const fresh = generateSdks(join(scratch, "language-sdks"), currentSchema(), {
      generator: ensureSdkGenerator().binary,
      dotnetGenerator: ensureDotnetSdkGenerator().binary,
    });
    const stale = differences(fresh, languageSdksDir);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (check) {
      if (stale.length > 0) {
        process.stderr.write(
          `sdks:check: language-sdks/ is stale (${stale.length} files); run npm run sdks and commit:\n` +
            stale.map((line) => `  ${line}\n`).join(""),
        );
        process.exit(1);
      }
      process.stdout.write(`sdks:check: language-sdks/ matches the schema (${seconds}s)\n`);
      return;
    }
    rmSync(languageSdksDir, { recursive: true, force: true });
    cpSync(fresh, languageSdksDir, { recursive: true });
    process.stdout.write(
      `sdks: wrote language-sdks/ (${sdkLanguages.join(", ")}): ${stale.length} files changed (${seconds}s)\n`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (invokedDirectly(import.meta.url)) main();
