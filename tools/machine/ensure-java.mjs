#!/usr/bin/env node
// @ts-check
// What the Java SDK's engine test needs besides Java and Maven themselves:
//
// - Pulumi's Java language host, `pulumi-language-java`, which the engine runs Java programs
//   through. It is Go code in github.com/pulumi/pulumi-java, a tool of the SDK generator's module
//   (tools/machine/pulumi-sdkgen/go.mod pins it), so the generator and the host come from one
//   pulumi-java and one pkg/v3, and one module download serves both. Built once per machine
//   (go-tool.mjs) into ~/.cache/pulumi-webstats/pulumi-language-java/v<hash of the module>.
//
// - A Maven repository holding every artifact the Java builds of the repository need (the SDK's
//   pom, test/e2e/java-program's pom, the Java page's pom for a user's project, which Pulumi's Java
//   host runs with `mvn compile exec:java`, and the plugins that build them), resolved once per
//   machine from Maven Central into ~/.cache/pulumi-webstats/maven-repository/v<hash of the
//   lock>/repository, after which every build runs offline (`mvn -o`) against it.
//
// Hashes: tools/machine/java/maven-artifacts.sha256 pins the content, the SHA-256 of every .jar and .pom
// the builds need. The machine's repository is filled from that list alone: each file is
// downloaded from Maven Central by its path and checked before it is written, so no Maven plugin
// runs unchecked, and the builds then run offline, so nothing outside the list can come in. (Maven
// on its own only compares a download with the SHA-1 served beside it, from the same server.) A
// repository that does not match is never put in place (cachedBuildAsync, machine-cache.mjs).
// After changing a version in a pom, `node tools/machine/ensure-java.mjs --lock` lets Maven resolve into an empty repository (with
// `--strict-checksums`) and rewrites the list; review its diff like code.
//
// `node tools/machine/ensure-java.mjs` makes both available and prints where.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
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
import { fileURLToPath, pathToFileURL } from "node:url";
import { lastLines, onPath } from "./ensure-pulumi.mjs";
import { sdkgenModuleDir } from "./ensure-sdkgen.mjs";
import { ensureGoTool } from "./go-tool.mjs";
import { cachedBuildAsync } from "./machine-cache.mjs";
import { writeSdkBuild } from "../release/maven-layout.mjs";
import { forEachAtMost } from "../lib/at-most.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const toolsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(toolsDir, "..", "..");
const lockFile = join(toolsDir, "java", "maven-artifacts.sha256");
export const javaSdkDir = join(repoRoot, "language-sdks", "java");
export const javaProgramDir = join(repoRoot, "test", "e2e", "java-program");
/** What Pulumi's Java host runs a Maven project with to learn the plugins its SDKs need. */
const pluginListing = { mainClass: "com.pulumi.bootstrap.internal.Main", mainArgs: "packages" };
/**
 * The SDK's own groupId as a repository path: what a build resolves from a release folder lands
 * there, and it is never part of the lock (it changes with every build).
 */
export const ownGroupPath = "io/github/pulumi-webstats";
/**
 * The release's Maven build of the SDK (tools/release/maven-package.mjs): the jar, the sources'
 * and the javadoc's jars, which tools/release/maven-layout.mjs then lays out as a repository; its
 * plugins are locked too.
 */
export const mavenReleaseGoals = ["compile", "jar:jar", "source:jar-no-fork", "javadoc:jar"];
const hostBinary = "pulumi-language-java";

/**
 * `java` and `mvn` on PATH, and what is missing (empty when nothing is).
 * @returns {{ java?: string, mvn?: string, missing: string }}
 */
export function findJavaTools() {
  const java = onPath("java");
  const mvn = onPath("mvn");
  return {
    java,
    mvn,
    missing: !java ? "java (a JDK 11 or later)" : !mvn ? "mvn (Maven 3.6.3 or later)" : "",
  };
}

/**
 * The pulumi-java release the generator's module requires: the host's version.
 * @returns {string}
 */
function javaHostVersion() {
  const goMod = readFileSync(join(sdkgenModuleDir, "go.mod"), "utf8");
  const match = /^\s*github\.com\/pulumi\/pulumi-java v(\d+\.\d+\.\d+)\s*$/m.exec(goMod);
  if (!match?.[1]) throw new Error(`${relative(repoRoot, sdkgenModuleDir)}/go.mod requires no pulumi-java`);
  return match[1];
}

/**
 * The Java language host, built when not cached.
 * @param {{ quiet?: boolean, progress?: NodeJS.WritableStream }} [options]
 * @returns {{ binary: string, binDir: string, version: string, source: "cache" | "build" }}
 */
export function ensureJavaHost({ quiet = false, progress = process.stdout } = {}) {
  const version = javaHostVersion();
  const { binary, source } = ensureGoTool({
    binary: hostBinary,
    moduleDir: sdkgenModuleDir,
    cacheName: hostBinary,
    cacheEnv: "WEBSTATS_JAVA_HOST_CACHE",
    prefix: "java",
    buildNote: "a first build takes a few minutes, less after the SDK generator's",
    goPackage: `github.com/pulumi/pulumi-java/pkg/cmd/${hostBinary}`,
    // What the host answers to GetPluginInfo; pulumi-java's release builds set it the same way.
    ldflags: `-X github.com/pulumi/pulumi-java/pkg/version.Version=v${version}`,
    quiet,
    progress,
  });
  return { binary, binDir: dirname(binary), version, source };
}

/**
 * The lock: SHA-256 by path inside the repository. Lines starting with # are comments.
 * @param {string} [file]
 * @returns {Map<string, string>}
 */
export function readLock(file = lockFile) {
  /** @type {Map<string, string>} */
  const entries = new Map();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!match?.[1] || !match[2])
      throw new Error(`${relative(repoRoot, file)}: not "<sha256>  <path>": ${line}`);
    entries.set(match[2], match[1]);
  }
  return entries;
}

/**
 * Every .jar and .pom of a Maven repository folder, with its SHA-256.
 * @param {string} repository
 * @returns {Map<string, string>}
 */
export function resolvedArtifacts(repository) {
  /** @type {Map<string, string>} */
  const found = new Map();
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (relative(repository, path).split("\\").join("/") !== ownGroupPath) walk(path);
      } else if (/\.(jar|pom)$/.test(entry.name)) {
        const hash = createHash("sha256").update(readFileSync(path)).digest("hex");
        found.set(relative(repository, path).split("\\").join("/"), hash);
      }
    }
  };
  if (existsSync(repository)) walk(repository);
  return found;
}

/**
 * How a resolved repository differs from the lock: changed, unexpected and missing files.
 * @param {Map<string, string>} expected
 * @param {Map<string, string>} actual
 * @returns {string[]}
 */
export function lockDifferences(expected, actual) {
  /** @type {string[]} */
  const lines = [];
  for (const [path, hash] of [...actual].sort(([a], [b]) => a.localeCompare(b))) {
    if (!expected.has(path)) lines.push(`not in the lock: ${path} (${hash})`);
    else if (expected.get(path) !== hash)
      lines.push(`changed: ${path} (${hash}, locked ${expected.get(path)})`);
  }
  for (const path of [...expected.keys()].sort()) if (!actual.has(path)) lines.push(`not resolved: ${path}`);
  return lines;
}

/**
 * Runs Maven on the project in `projectDir` with `goals`, against `repository`, offline unless
 * `offline` is false; rejects with Maven's last lines when it fails. `settings`: a settings file
 * (tools/release/maven-package.mjs releaseMavenSettings) naming a release's repository folder.
 * @param {string} projectDir
 * @param {string[]} goals
 * @param {{ repository: string, offline?: boolean, properties?: Record<string, string>, settings?: string }} options
 * @returns {Promise<void>}
 */
export function mavenBuild(projectDir, goals, { repository, offline = true, properties = {}, settings }) {
  // A settings file names a release's file:// repository, which an offline build may still read.
  const releaseRepository = settings ? ["--settings", settings, "-Daether.offline.protocols=file"] : [];
  const args = [
    ...releaseRepository,
    "--batch-mode",
    "--no-transfer-progress",
    "--quiet",
    "-Dstyle.color=never",
    `-Dmaven.repo.local=${repository}`,
    offline ? "--offline" : "--strict-checksums",
    ...Object.entries(properties).map(([key, value]) => `-D${key}=${value}`),
    ...goals,
  ];
  // A short build spends most of its time starting the JVM: the optimizing compiler never pays.
  const mavenOpts = `${process.env.MAVEN_OPTS ?? ""} -XX:TieredStopAtLevel=1`.trim();
  return new Promise((/** @type {(value?: void) => void} */ resolvePromise, reject) => {
    const child = spawn("mvn", args, {
      cwd: projectDir,
      env: { ...process.env, MAVEN_OPTS: mavenOpts },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Maven prints its errors on standard output.
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      if (status === 0) resolvePromise();
      else {
        const mode = offline ? ", offline" : "";
        reject(
          new Error(
            `mvn ${goals.join(" ")} in ${projectDir} failed (exit ${status}${mode}):\n${lastLines(output, 40)}`,
          ),
        );
      }
    });
  });
}

/**
 * The Java test program's project in `targetDir`: test/e2e/java-program's pom.xml and sources.
 * The pom depends on the SDK's release artifact (io.github.pulumi-webstats:webstats), which a
 * build resolves from a release's repository folder (mavenBuild's `settings`).
 * @param {string} targetDir
 * @returns {string}
 */
export function prepareJavaProgram(targetDir) {
  mkdirSync(targetDir, { recursive: true });
  cpSync(join(javaProgramDir, "pom.xml"), join(targetDir, "pom.xml"));
  cpSync(join(javaProgramDir, "src"), join(targetDir, "src"), { recursive: true });
  return targetDir;
}

/**
 * The complete pom.xml the Java page (docs/languages/java.md) shows for a Java project (its
 * `java-pom` example).
 * @returns {string}
 */
function readmeJavaPom() {
  const page = readFileSync(join(repoRoot, "docs", "languages", "java.md"), "utf8");
  const match = /<!-- example: java-pom(?: file: \S+)? -->\n+```xml\n([\s\S]*?)```/.exec(page);
  if (match?.[1] === undefined)
    throw new Error(
      "docs/languages/java.md has no java-pom example (an xml block after <!-- example: java-pom -->)",
    );
  return match[1];
}

/**
 * A Java project as the Java page has a user make one, in `targetDir`: `pom` as its pom.xml, the
 * SDK's sources copied in, and `program`, when given, as `myproject.App`.
 * @param {string} targetDir
 * @param {{ pom?: string, program?: string, sdkDir?: string }} [options]
 * @returns {string}
 */
function prepareReadmeProject(targetDir, { pom = readmeJavaPom(), program } = {}) {
  mkdirSync(targetDir, { recursive: true });
  writeFileSync(join(targetDir, "pom.xml"), pom);
  if (program !== undefined) {
    mkdirSync(join(targetDir, "src", "main", "java", "myproject"), { recursive: true });
    writeFileSync(join(targetDir, "src", "main", "java", "myproject", "App.java"), program);
  }
  return targetDir;
}

/**
 * The builds whose artifacts the lock holds: the SDK's pom, the test program's, and the Java page's
 * project as the Java host runs it (`compile exec:java`; here the host's plugin listing, which
 * needs no engine).
 */
/**
 * @param {string} repository
 * @param {{ offline: boolean }} options
 */
async function resolveInto(repository, { offline }) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-maven-"));
  try {
    const sdk = join(scratch, "sdk");
    cpSync(javaSdkDir, sdk, { recursive: true });
    rmSync(join(sdk, "target"), { recursive: true, force: true });
    const program = prepareJavaProgram(join(scratch, "program"));
    const readme = prepareReadmeProject(join(scratch, "readme"));
    // The SDK as a release builds it, then the projects that install it from that release.
    const release = join(scratch, "release");
    await mavenBuild(sdk, mavenReleaseGoals, { repository, offline });
    writeSdkBuild(sdk, release, { version: packageVersion(), time: new Date().toISOString() });
    const settings = releaseRepositorySettings(join(scratch, "settings.xml"), release);
    const version = { "webstats.version": packageVersion() };
    await mavenBuild(program, ["compile", "jar:jar"], { repository, offline, settings, properties: version });
    await mavenBuild(readme, ["compile", "exec:java"], {
      repository,
      offline,
      settings,
      properties: pluginListing,
    });
    // What came from the release is this build's, not a locked artifact: never kept.
    rmSync(join(repository, ownGroupPath), { recursive: true, force: true });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The package's version: the SDK's, which the test program's pom takes as `webstats.version`.
 * @returns {string}
 */
function packageVersion() {
  return JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version;
}

/**
 * A Maven settings file that adds a release's repository folder `releaseDir` as a repository, for
 * a project that installs the SDK from a release folder as a user would before it is published.
 * An offline build reaches it too when `file:` is allowed offline (mavenBuild's `settings`).
 * @param {string} file where to write it
 * @param {string} releaseDir the Maven repository folder a release wrote
 * @returns {string} `file`
 */
export function releaseRepositorySettings(file, releaseDir) {
  writeFileSync(
    file,
    `<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
  <profiles>
    <profile>
      <id>webstats-release</id>
      <repositories>
        <repository>
          <id>webstats-release</id>
          <url>${pathToFileURL(releaseDir).href}</url>
        </repository>
      </repositories>
    </profile>
  </profiles>
  <activeProfiles>
    <activeProfile>webstats-release</activeProfile>
  </activeProfiles>
</settings>
`,
  );
  return file;
}

/** Maven Central, where every locked artifact comes from. */
const mavenCentral = "https://repo.maven.apache.org/maven2/";

/**
 * Downloads every file of the lock (a Map of path to SHA-256) from Maven Central (or `base`) into
 * `repository` at its path, each checked
 * against its SHA-256 before it is written. No Maven plugin runs before its jar has been checked:
 * Maven itself would run the plugins it downloads in the same build that fetches them. A file
 * Maven needs beyond the lock makes the offline build that follows fail.
 * @param {string} repository
 * @param {Map<string, string>} [lock]
 * @param {string} [base]
 * @returns {Promise<void>}
 */
export async function fetchLocked(repository, lock = readLock(), base = mavenCentral) {
  const fetchOne = async (/** @type {[string, string]} */ [path, expected]) => {
    const response = await fetch(new URL(path, base));
    if (!response.ok) throw new Error(`${base}${path}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const actual = createHash("sha256").update(body).digest("hex");
    if (actual !== expected) {
      throw new Error(`changed: ${path} (${actual}, locked ${expected}); nothing was put in place`);
    }
    mkdirSync(dirname(join(repository, path)), { recursive: true });
    writeFileSync(join(repository, path), body);
  };
  // A few downloads at a time: 240 small files, most of the time is waiting for the server.
  await forEachAtMost([...lock], 8, fetchOne);
}

/** The machine-cache entry of the verified repository: one folder per lock. */
const mavenCache = () => ({
  kind: "maven-repository",
  overrideVariable: "WEBSTATS_MAVEN_CACHE",
  version: createHash("sha256").update(readFileSync(lockFile)).digest("hex").slice(0, 16),
});

/**
 * The local Maven repository that holds exactly the locked artifacts, resolved from Maven Central
 * and checked against the lock when this machine has none yet.
 * @param {{ quiet?: boolean, progress?: NodeJS.WritableStream }} [options]
 * @returns {Promise<{ repository: string, source: "cache" | "resolved" }>}
 */
export async function ensureMavenRepository({ quiet = false, progress = process.stdout } = {}) {
  const found = findJavaTools();
  if (found.missing) throw new Error(`the Java builds need ${found.missing} on PATH, and none was found`);
  const { dir, source } = await cachedBuildAsync({
    ...mavenCache(),
    // The folder is only ever renamed into place complete and checked, so its marker means both.
    isComplete: (dir) => existsSync(join(dir, "verified")),
    build: (staging) => resolveChecked(staging, progress),
  });
  const repository = join(dir, "repository");
  if (source === "cache") {
    if (!quiet) progress.write(`java: using the Maven repository in ${repository}\n`);
    return { repository, source: "cache" };
  }
  return { repository, source: "resolved" };
}

/**
 * Fills `staging` with the locked artifacts in `repository/`, checks that the builds need nothing
 * else, and marks it `verified`. (The folder's own path is in nothing Maven keeps, so it can move.)
 * @param {string} staging
 * @param {NodeJS.WritableStream} progress
 */
async function resolveChecked(staging, progress) {
  {
    const started = Date.now();
    progress.write(`java: fetching the locked Maven artifacts from Maven Central into ${staging}...\n`);
    const lock = readLock();
    await fetchLocked(join(staging, "repository"), lock);
    // Offline now: the builds must find everything they need among the files just checked.
    await resolveInto(join(staging, "repository"), { offline: true });
    const stale = lockDifferences(lock, resolvedArtifacts(join(staging, "repository")));
    if (stale.length > 0) {
      throw new Error(
        `the Maven artifacts resolved differ from ${relative(repoRoot, lockFile)} (${stale.length}):\n` +
          stale.map((line) => `  ${line}\n`).join("") +
          "After a deliberate version change, run node tools/machine/ensure-java.mjs --lock and review the diff.",
      );
    }
    writeFileSync(join(staging, "verified"), `${new Date().toISOString()}\n`);
    progress.write(
      `java: resolved and checked ${lock.size} Maven artifacts in ${((Date.now() - started) / 1000).toFixed(1)}s\n`,
    );
  }
}

/** Resolves into an empty repository and writes the lock from what was resolved. */
async function writeLock() {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-maven-lock-"));
  try {
    const repository = join(scratch, "repository");
    process.stdout.write("java: resolving into an empty repository from Maven Central...\n");
    await resolveInto(repository, { offline: false });
    const artifacts = resolvedArtifacts(repository);
    const header = [
      "# SHA-256 of every file Maven resolves for the Java builds of this repository (the SDK's pom in",
      "# language-sdks/java, test/e2e/java-program's pom, the README's pom and their plugins), by path",
      "# in the repository.",
      "# tools/machine/ensure-java.mjs refuses a resolution that differs;",
      "# `node tools/machine/ensure-java.mjs --lock` writes this file anew.",
    ];
    const lines = [...artifacts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, hash]) => `${hash}  ${path}`);
    writeFileSync(lockFile, `${[...header, ...lines].join("\n")}\n`);
    process.stdout.write(`java: wrote ${relative(repoRoot, lockFile)} (${artifacts.size} files)\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (invokedDirectly(import.meta.url)) {
  try {
    if (process.argv.includes("--lock")) await writeLock();
    else {
      const host = ensureJavaHost();
      const maven = await ensureMavenRepository();
      process.stdout.write(`java: ${host.binary} (v${host.version}); Maven repository ${maven.repository}\n`);
    }
  } catch (error) {
    process.stderr.write(`java: FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
