// @ts-check
// What `npm run release` checks before it builds, read from the repository: the version each
// manifest states, and the working tree's state. The rules over them are release-rules.mjs.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const defaultRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const regenerate = "it is generated from the schema: run npm run sdks and commit the result.";

/**
 * Every file of the repository at `root` that states the release's version, with what it says
 * and how to fix it; package.json's own version is the one they must agree with.
 * @param {string} [root]
 * @returns {{ expected: string, sources: import("./release-rules.mjs").VersionSource[] }}
 */
export function readVersionSources(root = defaultRoot) {
  const read = (/** @type {string} */ file) => readFileSync(join(root, file), "utf8");
  const json = (/** @type {string} */ file) => JSON.parse(read(file));
  const firstMatch = (/** @type {string} */ file, /** @type {RegExp} */ pattern) =>
    existsSync(join(root, file)) ? pattern.exec(read(file))?.[1] : undefined;
  const expected = json("package.json").version;
  /** @type {import("./release-rules.mjs").VersionSource[]} */
  const sources = [
    {
      file: "sdk/version.ts",
      version: firstMatch("sdk/version.ts", /SDK_VERSION = "([^"]+)"/),
      fix: "set SDK_VERSION to package.json's version (the schema and the plugin report it).",
    },
    { file: "language-sdks/schema.json", version: json("language-sdks/schema.json").version, fix: regenerate },
    {
      file: "language-sdks/nodejs/package.json",
      version: json("language-sdks/nodejs/package.json").version,
      fix: regenerate,
    },
    {
      file: "language-sdks/python/pyproject.toml",
      version: firstMatch("language-sdks/python/pyproject.toml", /^\s*version = "([^"]+)"/m),
      fix: regenerate,
    },
    {
      file: "language-sdks/python/pulumi_webstats/pulumi-plugin.json",
      version: json("language-sdks/python/pulumi_webstats/pulumi-plugin.json").version,
      fix: regenerate,
    },
    {
      file: "language-sdks/go/webstats/pulumi-plugin.json",
      version: json("language-sdks/go/webstats/pulumi-plugin.json").version,
      fix: regenerate,
    },
    {
      file: "language-sdks/dotnet/pulumi-plugin.json",
      version: json("language-sdks/dotnet/pulumi-plugin.json").version,
      fix: regenerate,
    },
    {
      file: "language-sdks/dotnet/version.txt",
      version: read("language-sdks/dotnet/version.txt").trim(),
      fix: regenerate,
    },
    {
      file: "language-sdks/java/pom.xml",
      // The project's own version: the first <version> after its artifactId.
      version: firstMatch("language-sdks/java/pom.xml", /<artifactId>webstats<\/artifactId>\s*<version>([^<]+)</),
      fix: regenerate,
    },
    {
      file: "policy-pack/package.json",
      version: json("policy-pack/package.json").version,
      fix: "set the policy pack's version to package.json's (they are released together).",
    },
    {
      file: "policy-pack/package.json (its pulumi-webstats dependency)",
      version: json("policy-pack/package.json").dependencies?.["pulumi-webstats"],
      fix: "set its pulumi-webstats dependency to package.json's version exactly: the pack runs the rules of the release it is part of.",
    },
    {
      file: "docs/languages/java.md",
      // The Java page's complete pom.xml, which users copy.
      version: firstMatch("docs/languages/java.md", /<artifactId>webstats<\/artifactId>\s*<version>([^<]+)</),
      fix: "set the version of the io.github.pulumi-webstats:webstats dependency in the java-pom example.",
    },
  ];
  // The examples' workflows pin the Action to the tag this release creates (v<version>), whose
  // action.yml runs the drift command of that same version, bundled in action/dist/index.js.
  for (const file of exampleWorkflows(root)) {
    const path = relative(root, file);
    for (const match of readFileSync(file, "utf8").matchAll(/uses:\s*pulumi-webstats\/pulumi-webstats@(\S+)/g)) {
      sources.push({
        file: path,
        version: /^v(\d+\.\d+\.\d+\S*)$/.exec(match[1] ?? "")?.[1],
        fix: `pin uses: pulumi-webstats/pulumi-webstats@v${expected}, the tag this release creates.`,
      });
    }
  }
  for (const file of findFiles(join(root, "language-sdks", "java", "src", "main", "resources"), "version.txt")) {
    const path = relative(root, file);
    sources.push({ file: path, version: readFileSync(file, "utf8").trim(), fix: regenerate });
  }
  return { expected, sources };
}

/**
 * The workflow files of each example (examples/NAME/.github/workflows/*.yml).
 * @param {string} root
 * @returns {string[]}
 */
function exampleWorkflows(root) {
  const examples = join(root, "examples");
  if (!existsSync(examples)) return [];
  return readdirSync(examples)
    .sort()
    .map((name) => join(examples, name, ".github", "workflows"))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
        .map((name) => join(dir, name)),
    );
}

/**
 * Files named `name` under `dir`.
 * @param {string} dir
 * @param {string} name
 * @returns {string[]}
 */
function findFiles(dir, name) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(path, name);
    return entry.name === name ? [path] : [];
  });
}

/**
 * The working tree's changes, as `git status --porcelain` prints them (ignored files excluded).
 * @param {string} [root]
 * @returns {string[]}
 */
export function workingTreeChanges(root = defaultRoot) {
  const printed = execFileSync("git", ["status", "--porcelain=v1", "--untracked-files=normal"], {
    cwd: root,
    encoding: "utf8",
  });
  return printed.split("\n").filter((line) => line.trim() !== "");
}

/**
 * The time of the commit checked out (ISO 8601): what a release stamps where a time is needed, so
 * that two builds of one commit agree.
 * @param {string} [root]
 * @returns {string}
 */
export function commitTime(root = defaultRoot) {
  const iso = execFileSync("git", ["log", "-1", "--format=%cI"], { cwd: root, encoding: "utf8" }).trim();
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
}
