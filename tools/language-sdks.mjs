#!/usr/bin/env node
// `npm run sdks` writes the language SDKs (Node.js, Python, Go, Java) of the `webstats` package into
// language-sdks/, from the package schema that `pulumi-webstats schema` prints (itself derived
// from the field table), with the pinned generator (tools/ensure-sdkgen.mjs). The schema is
// written beside them as schema.json, so a change to it shows in review next to its effect.
// `npm run sdks:check` (part of `npm test`) generates into a temporary folder and fails, naming
// each file, when the committed copy differs: the SDKs can never disagree with the plugin.
//
// Both need a build (`npm run build`): the schema comes from dist/. `npm run sdks:release`
// packs the Node.js and Python SDKs for publishing (releaseSdks).
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
import { lastLines } from "./ensure-pulumi.mjs";
import { ensureSdkGenerator } from "./ensure-sdkgen.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the committed SDKs live; core/package-schema.ts names the same folder for Go's import path. */
export const languageSdksDir = join(repoRoot, "language-sdks");
export const sdkLanguages = ["nodejs", "python", "go", "java"];

const folderReadme = `# Language SDKs of webstats (generated)

The Node.js, Python, Go and Java SDKs of the \`webstats\` Pulumi package, for programs that use the
provider plugin \`pulumi-resource-webstats\`. Every file here is generated from \`schema.json\`
(which \`pulumi-webstats schema\` prints) by \`npm run sdks\`; do not edit them: change the
field table or the schema code and run \`npm run sdks\`. \`npm test\` fails when they are stale.
The main README says how to install them and how a release
publishes them; CONTRIBUTING.md has the release steps.
`;

/** The package schema as the built CLI prints it. */
export function currentSchema() {
  const cli = join(repoRoot, "dist", "generate", "cli.js");
  if (!existsSync(cli)) throw new Error(`${relative(repoRoot, cli)} is missing: run npm run build first.`);
  return execFileSync(process.execPath, [cli, "schema"], { encoding: "utf8" });
}

/** Writes schema.json and every language's SDK for `schemaText` into `outDir` (emptied first). */
export function generateSdks(
  outDir,
  schemaText,
  { generator = ensureSdkGenerator({ quiet: true }).binary } = {},
) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "README.md"), folderReadme);
  const schemaFile = join(outDir, "schema.json");
  writeFileSync(schemaFile, schemaText.endsWith("\n") ? schemaText : `${schemaText}\n`);
  execFileSync(generator, ["-schema", schemaFile, "-out", outDir, "-languages", sdkLanguages.join(",")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  writeJavaBuildFiles(join(outDir, "java"), JSON.parse(schemaText));
  return outDir;
}

const xmlText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * What a Gradle build of Pulumi's would add to the generated Java sources, for Maven: the pom
 * (from tools/java/sdk-pom.xml) and plugin.json, which tells Pulumi's Java host which provider
 * plugin, at which version and from where, a program using the SDK needs (Pulumi's Gradle files
 * write it at build time; version.txt, the other such file, comes from the generator).
 */
function writeJavaBuildFiles(javaDir, schema) {
  const template = readFileSync(join(repoRoot, "tools", "java", "sdk-pom.xml"), "utf8");
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
  const resources = join(javaDir, "src", "main", "resources", "com", "pulumi", schema.name);
  mkdirSync(resources, { recursive: true });
  writeFileSync(join(resources, "plugin.json"), `${JSON.stringify(plugin, null, 2)}\n`);
}

/**
 * Compiles the Node.js SDK (language-sdks/nodejs) with the repository's TypeScript into `outDir`
 * and adds its package.json and README: the folder `npm publish` and `npm pack` take.
 */
export function buildNodejsSdk(outDir) {
  const source = join(languageSdksDir, "nodejs");
  rmSync(outDir, { recursive: true, force: true });
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", join(source, "tsconfig.json"), "--outDir", outDir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const file of ["package.json", "README.md"]) cpSync(join(source, file), join(outDir, file));
  return outDir;
}

/** Builds the Node.js SDK and packs it into `destDir`; returns the tarball's path. */
export function packNodejsSdk(destDir) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-nodejs-sdk-"));
  try {
    const built = buildNodejsSdk(join(scratch, "package"));
    mkdirSync(destDir, { recursive: true });
    const name = lastLines(
      execFileSync("npm", ["pack", "--silent", "--pack-destination", destDir], {
        cwd: built,
        encoding: "utf8",
      }),
      1,
    );
    return join(destDir, name);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function filesUnder(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/** Files that differ between two trees: changed, missing from `actual`, or extra in it. */
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

/**
 * The packages a release publishes, written into `releaseDir`: the Node.js SDK as an npm
 * tarball (`npm publish` takes it) and the Python SDK as a source distribution (`twine upload`
 * takes it). The Go SDK is published by a tag, `language-sdks/go/v<version>`, on the release
 * commit. Returns the two files' paths.
 */
export function releaseSdks(releaseDir) {
  mkdirSync(releaseDir, { recursive: true });
  const nodejs = packNodejsSdk(releaseDir);
  // setuptools writes metadata beside the sources: build from a copy.
  const scratch = mkdtempSync(join(tmpdir(), "webstats-python-sdk-"));
  try {
    cpSync(join(languageSdksDir, "python"), scratch, { recursive: true });
    // pyproject.toml names README.md beside it; the generator writes it inside the package.
    cpSync(join(scratch, "pulumi_webstats", "README.md"), join(scratch, "README.md"));
    const name = lastLines(
      execFileSync(
        "python3",
        ["-c", "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))", releaseDir],
        { cwd: scratch, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      ),
      1,
    );
    return { nodejs, python: join(releaseDir, name) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main() {
  if (process.argv.includes("--release")) {
    const written = releaseSdks(process.env.WEBSTATS_RELEASE_DIR || join(repoRoot, "release"));
    process.stdout.write(`${written.nodejs}\n${written.python}\n`);
    return;
  }
  const check = process.argv.includes("--check");
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "webstats-sdks-"));
  try {
    const fresh = generateSdks(join(scratch, "language-sdks"), currentSchema(), {
      generator: ensureSdkGenerator().binary,
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

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) main();
