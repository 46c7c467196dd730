#!/usr/bin/env node
// @ts-check
// `npm run release`: everything a release publishes, built by one command into one folder
// (release/ by default), each package in its language's own form:
//
//   npm/        the provider's package, the Node.js SDK and the policy pack, as `npm pack` tarballs
//   python/     the Python SDK's wheel and sdist (`python -m build`)
//   maven/      the Java SDK deployed into a Maven repository folder: pom, jar, -sources.jar,
//               -javadoc.jar and their checksums (a `file://` repository; Central's bundle layout)
//   go-proxy/   the Go SDK in a module proxy layout (`GOPROXY=file://.../go-proxy`), the module the
//               tag language-sdks/go/v<version> publishes
//   dotnet/     the C# SDK's project as source (language-sdks/dotnet): no machine here has the
//               .NET SDK that would pack it for NuGet
//   plugin/     the provider plugin's archives, one per platform, for the GitHub release
//   schema.json the package schema; release.json what was built, from which commit, and the
//               Action's reference (`uses: pulumi-webstats/pulumi-webstats@v<version>`: action.yml
//               at the release tag runs the bundle committed with it, action/dist/index.js, whose
//               SHA-256 it records; nothing is installed when the Action runs)
//   SHA256SUMS  the SHA-256 of every other file, as `sha256sum -c` reads it
//
// Before anything is built it refuses, naming the file and the fix: a working tree with
// uncommitted changes (unless --allow-dirty, for a local try: the folder is then marked
// NOT-PUBLISHABLE), a version that differs between package.json, sdk/version.ts, the schema and
// each SDK's manifest, and, with --tag (CI passes the pushed tag), a tag that is not
// v<version>. Its first step fails when the Action's bundle (action/dist/index.js, which the tag
// pins) is not a fresh build of action/src.
// `--verify [folder]` checks a release folder against its SHA256SUMS, naming each file that
// differs, and refuses a folder marked not publishable.
//
// Usage: node tools/release/build-release.mjs [--out <folder>] [--allow-dirty] [--tag v<version>]
//                                             [--platforms linux-amd64,...]
//        node tools/release/build-release.mjs --verify [<folder>]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { commitTime, readVersionSources, workingTreeChanges } from "./release-inputs.mjs";
import {
  dirtyTreeVerdict,
  formatSums,
  goModuleTag,
  parseSums,
  sumsMismatches,
  tagMismatch,
  versionMismatches,
} from "./release-rules.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const sumsFile = "SHA256SUMS";
const notPublishableFile = "NOT-PUBLISHABLE";
/** The folder of the npm tarballs; core/install-steps.ts names the provider's tarball in it. */
export const releaseNpmFolder = "npm";
const manifestFile = "release.json";

/**
 * Every file under `dir` (relative paths with '/') with its SHA-256, SHA256SUMS itself excepted.
 * @param {string} dir
 * @returns {Map<string, string>}
 */
function hashFiles(dir) {
  /** @type {Map<string, string>} */
  const hashes = new Map();
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const name = relative(dir, path).split("\\").join("/");
        if (name !== sumsFile) hashes.set(name, createHash("sha256").update(readFileSync(path)).digest("hex"));
      }
    }
  };
  walk(dir);
  return hashes;
}

/**
 * The refusals for a release folder that does not match its SHA256SUMS or is marked not
 * publishable; empty when it may be published.
 * @param {string} dir
 * @returns {string[]}
 */
function verifyRelease(dir) {
  const sums = join(dir, sumsFile);
  if (!existsSync(sums)) return [`${sums}: missing; build the folder with npm run release.`];
  const problems = sumsMismatches(parseSums(readFileSync(sums, "utf8")), hashFiles(dir)).map(
    (line) => `${line} (against ${sums})`,
  );
  const marker = join(dir, notPublishableFile);
  if (existsSync(marker)) {
    problems.push(`${marker}: ${readFileSync(marker, "utf8").trim()}; build from a clean checkout to publish.`);
  }
  return problems;
}

/**
 * @typedef {{ out: string, allowDirty: boolean, tag?: string, platforms?: string[], verify?: string }} ReleaseOptions
 */

/**
 * @param {string[]} argv
 * @returns {ReleaseOptions}
 */
function parseArguments(argv) {
  /** @type {ReleaseOptions} */
  const options = { out: process.env.WEBSTATS_RELEASE_DIR || join(repoRoot, "release"), allowDirty: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith("--")) throw new Error(`${argument} needs a value`);
      index += 1;
      return next;
    };
    if (argument === "--out") options.out = resolve(value());
    else if (argument === "--allow-dirty") options.allowDirty = true;
    else if (argument === "--tag") options.tag = value();
    else if (argument === "--platforms") options.platforms = value().split(",");
    else if (argument === "--verify") {
      const next = argv[index + 1];
      options.verify = next && !next.startsWith("--") ? resolve(argv[++index] ?? "") : options.out;
    } else throw new Error(`unknown argument ${argument}; see the usage at the top of ${relative(repoRoot, fileURLToPath(import.meta.url))}`);
  }
  return options;
}

/**
 * Every refusal of the repository's state for a release, and whether the result may be published.
 * @param {ReleaseOptions} options
 * @returns {{ refusals: string[], publishable: boolean, reason?: string, version: string }}
 */
function checkRelease(options) {
  const tree = dirtyTreeVerdict(workingTreeChanges(repoRoot), options.allowDirty);
  const { expected, sources } = readVersionSources(repoRoot);
  const refusals = [
    ...(tree.refusal ? [tree.refusal] : []),
    ...versionMismatches(expected, sources),
    ...[tagMismatch(options.tag, expected)].filter((line) => line !== undefined),
  ];
  return { refusals, publishable: tree.publishable, reason: tree.reason, version: expected };
}

/**
 * Empties `out` for a new release, refusing a folder that holds something else.
 * @param {string} out
 */
function prepareOutput(out) {
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, manifestFile))) {
    throw new Error(`${out} is not empty and holds no ${manifestFile}: not a release folder; pick another --out.`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
}

/**
 * Runs `action`, printing what it did and how long it took.
 * @template T
 * @param {string} label
 * @param {() => T | Promise<T>} action
 * @returns {Promise<T>}
 */
async function step(label, action) {
  const started = Date.now();
  process.stderr.write(`release: ${label}...\n`);
  const result = await action();
  process.stderr.write(`release: ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
  return result;
}

/**
 * Builds the whole release into `options.out` (the checks passed).
 * @param {ReleaseOptions} options
 * @param {{ version: string, publishable: boolean, reason?: string }} state
 */
async function buildRelease(options, state) {
  // Loaded only now: a refusal needs none of the builders or their machine tools.
  const { packNodejsSdk, packPolicyPack, packProvider } = await import("./npm-packages.mjs");
  const { buildPythonPackages } = await import("./python-package.mjs");
  const { buildMavenRepository } = await import("./maven-package.mjs");
  const { writeGoProxy, goSdkModulePath } = await import("./go-proxy.mjs");
  const { releasePlugin } = await import("./release-plugin.mjs");
  const { staleBundle } = await import("../build/bundle-action.mjs");
  const { out } = options;
  const { version } = state;
  // The tag pins the Action's code: the bundle committed must be what action/src builds.
  await step("the Action's bundle", async () => {
    const stale = await staleBundle();
    if (stale) throw new Error(`${stale}: run npm run action and commit action/dist/index.js.`);
  });
  prepareOutput(out);
  const npm = join(out, releaseNpmFolder);
  // First: its prepack script builds dist/, which the plugin archives are made from.
  await step("npm pack of the provider (builds dist/)", () => packProvider(npm));
  await step("npm pack of the Node.js SDK", () => packNodejsSdk(npm));
  await step("npm pack of the policy pack", () => packPolicyPack(npm));
  await step("Python wheel and sdist", () => buildPythonPackages(join(out, "python")));
  await step("Maven repository of the Java SDK", () =>
    buildMavenRepository(join(out, "maven"), { version, time: commitTime(repoRoot) }),
  );
  await step("Go module proxy of the Go SDK", () =>
    writeGoProxy(join(out, "go-proxy"), { version, time: commitTime(repoRoot) }),
  );
  await step("plugin archives", () =>
    releasePlugin({ releaseDir: join(out, "plugin"), platforms: options.platforms }),
  );
  cpSync(join(repoRoot, "language-sdks", "dotnet"), join(out, "dotnet"), { recursive: true });
  copyFileSync(join(repoRoot, "language-sdks", "schema.json"), join(out, "schema.json"));
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
  const manifest = {
    version,
    commit,
    publishable: state.publishable,
    ...(state.reason ? { notPublishable: state.reason } : {}),
    tags: { release: `v${version}`, goModule: goModuleTag("language-sdks/go", version) },
    // The tag is also the Action's version: its action.yml runs the bundle committed at the tag.
    action: {
      uses: `pulumi-webstats/pulumi-webstats@v${version}`,
      main: "action/dist/index.js",
      sha256: createHash("sha256")
        .update(readFileSync(join(repoRoot, "action", "dist", "index.js")))
        .digest("hex"),
    },
    goModule: goSdkModulePath(),
    maven: { groupId: "io.github.pulumi-webstats", artifactId: "webstats", version },
  };
  writeFileSync(join(out, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!state.publishable) writeFileSync(join(out, notPublishableFile), `${state.reason}\n`);
  writeFileSync(join(out, sumsFile), formatSums(hashFiles(out)));
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  if (options.verify !== undefined) {
    const problems = verifyRelease(options.verify);
    if (problems.length > 0) {
      process.stderr.write(`release --verify: REFUSED, ${options.verify}:\n${problems.map((line) => `  ${line}\n`).join("")}`);
      process.exit(1);
    }
    process.stdout.write(`release --verify: every file of ${options.verify} matches ${sumsFile}\n`);
    return;
  }
  const state = checkRelease(options);
  if (state.refusals.length > 0) {
    process.stderr.write(
      `release: REFUSED before building anything:\n${state.refusals.map((line) => `- ${line}\n`).join("")}`,
    );
    process.exit(1);
  }
  const started = Date.now();
  await buildRelease(options, state);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const note = state.publishable ? "" : ` (NOT PUBLISHABLE: ${state.reason})`;
  process.stdout.write(`release: v${state.version} in ${options.out} (${seconds}s)${note}\n`);
}

if (invokedDirectly(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`release: FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
