#!/usr/bin/env node
// What the Java SDK's engine test needs besides Java and Maven themselves:
//
// - Pulumi's Java language host, `pulumi-language-java`, which the engine runs Java programs
//   through. It is Go code in github.com/pulumi/pulumi-java, a tool of the SDK generator's module
//   (tools/pulumi-sdkgen/go.mod pins it), so the generator and the host come from one pulumi-java
//   and one pkg/v3, and one module download serves both. Built once per machine
//   (tools/go-tool.mjs) into ~/.cache/pulumi-webstats/pulumi-language-java/v<hash of the module>.
//
// - A Maven repository holding every artifact the Java builds of the repository need (the SDK's
//   pom, test/e2e/java-program's pom, the README's pom for a user's project, which Pulumi's Java
//   host runs with `mvn compile exec:java`, and the plugins that build them), resolved once per
//   machine from Maven Central into ~/.cache/pulumi-webstats/maven-repository/v<hash of the
//   lock>/repository, after which every build runs offline (`mvn -o`) against it.
//
// Hashes: tools/java/maven-artifacts.sha256 pins the content, the SHA-256 of every .jar and .pom
// the builds need. The machine's repository is filled from that list alone: each file is
// downloaded from Maven Central by its path and checked before it is written, so no Maven plugin
// runs unchecked, and the builds then run offline, so nothing outside the list can come in. (Maven
// on its own only compares a download with the SHA-1 served beside it, from the same server.) A
// repository that does not match is never put in place. After changing a version in a pom,
// `node tools/ensure-java.mjs --lock` lets Maven resolve into an empty repository (with
// `--strict-checksums`) and rewrites the list; review its diff like code.
//
// `node tools/ensure-java.mjs` makes both available and prints where.
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
import { fileURLToPath } from "node:url";
import { lastLines, moveIntoPlace, onPath, stagingFor } from "./ensure-pulumi.mjs";
import { sdkgenModuleDir } from "./ensure-sdkgen.mjs";
import { ensureGoTool } from "./go-tool.mjs";
import { machineCacheDir } from "./machine-cache.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const lockFile = join(repoRoot, "tools", "java", "maven-artifacts.sha256");
export const javaSdkDir = join(repoRoot, "language-sdks", "java");
export const javaProgramDir = join(repoRoot, "test", "e2e", "java-program");
/** What Pulumi's Java host runs a Maven project with to learn the plugins its SDKs need. */
export const pluginListing = { mainClass: "com.pulumi.bootstrap.internal.Main", mainArgs: "packages" };
const hostBinary = "pulumi-language-java";

/** `java` and `mvn` on PATH, or the first of them that is missing. */
export function findJavaTools() {
  const java = onPath("java");
  const mvn = onPath("mvn");
  return {
    java,
    mvn,
    missing: !java ? "java (a JDK 11 or later)" : !mvn ? "mvn (Maven 3.6.3 or later)" : "",
  };
}

/** The pulumi-java release the generator's module requires: the host's version. */
export function javaHostVersion() {
  const goMod = readFileSync(join(sdkgenModuleDir, "go.mod"), "utf8");
  const match = /^\s*github\.com\/pulumi\/pulumi-java v(\d+\.\d+\.\d+)\s*$/m.exec(goMod);
  if (!match) throw new Error(`${relative(repoRoot, sdkgenModuleDir)}/go.mod requires no pulumi-java`);
  return match[1];
}

/** Returns { binary, binDir, version, source }: the Java language host, built when not cached. */
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

/** The lock: SHA-256 by path inside the repository. Lines starting with # are comments. */
export function readLock(file = lockFile) {
  const entries = new Map();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!match) throw new Error(`${relative(repoRoot, file)}: not "<sha256>  <path>": ${line}`);
    entries.set(match[2], match[1]);
  }
  return entries;
}

/** Every .jar and .pom of a Maven repository folder, with its SHA-256. */
export function resolvedArtifacts(repository) {
  const found = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(jar|pom)$/.test(entry.name)) {
        const hash = createHash("sha256").update(readFileSync(path)).digest("hex");
        found.set(relative(repository, path).split("\\").join("/"), hash);
      }
    }
  };
  if (existsSync(repository)) walk(repository);
  return found;
}

/** How a resolved repository differs from the lock: changed, unexpected and missing files. */
export function lockDifferences(expected, actual) {
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
 * `offline` is false; rejects with Maven's last lines when it fails.
 */
export function mavenBuild(projectDir, goals, { repository, offline = true, properties = {} }) {
  const args = [
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
  return new Promise((resolvePromise, reject) => {
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
 * The Java test program's project in `targetDir`: test/e2e/java-program's pom.xml and sources,
 * with the SDK's sources (`src/main` of `sdkDir`) copied in, as Pulumi's Java host tells a user to
 * do with an SDK that `pulumi package add` generated.
 */
export function prepareJavaProgram(targetDir, sdkDir = javaSdkDir) {
  mkdirSync(targetDir, { recursive: true });
  cpSync(join(javaProgramDir, "pom.xml"), join(targetDir, "pom.xml"));
  cpSync(join(javaProgramDir, "src"), join(targetDir, "src"), { recursive: true });
  cpSync(join(sdkDir, "src", "main"), join(targetDir, "src", "main"), { recursive: true });
  return targetDir;
}

/** The complete pom.xml the README shows for a Java project (its `java-pom` example). */
export function readmeJavaPom() {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const match = /<!-- example: java-pom -->\n+```xml\n([\s\S]*?)```/.exec(readme);
  if (!match)
    throw new Error("README.md has no java-pom example (an xml block after <!-- example: java-pom -->)");
  return match[1];
}

/**
 * A Java project as the README has a user make one, in `targetDir`: `pom` as its pom.xml, the
 * SDK's sources copied in, and `program`, when given, as `myproject.App`.
 */
export function prepareReadmeProject(
  targetDir,
  { pom = readmeJavaPom(), program, sdkDir = javaSdkDir } = {},
) {
  mkdirSync(targetDir, { recursive: true });
  writeFileSync(join(targetDir, "pom.xml"), pom);
  cpSync(join(sdkDir, "src"), join(targetDir, "src"), { recursive: true });
  if (program !== undefined) {
    mkdirSync(join(targetDir, "src", "main", "java", "myproject"), { recursive: true });
    writeFileSync(join(targetDir, "src", "main", "java", "myproject", "App.java"), program);
  }
  return targetDir;
}

/**
 * The builds whose artifacts the lock holds: the SDK's pom, the test program's, and the README's
 * project as the Java host runs it (`compile exec:java`; here the host's plugin listing, which
 * needs no engine).
 */
async function resolveInto(repository, { offline }) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-maven-"));
  try {
    const sdk = join(scratch, "sdk");
    cpSync(javaSdkDir, sdk, { recursive: true });
    rmSync(join(sdk, "target"), { recursive: true, force: true });
    const program = prepareJavaProgram(join(scratch, "program"));
    const readme = prepareReadmeProject(join(scratch, "readme"));
    await mavenBuild(sdk, ["compile"], { repository, offline });
    await mavenBuild(program, ["compile", "jar:jar"], { repository, offline });
    await mavenBuild(readme, ["compile", "exec:java"], { repository, offline, properties: pluginListing });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Maven Central, where every locked artifact comes from. */
const mavenCentral = "https://repo.maven.apache.org/maven2/";

/**
 * Downloads every file of the lock (a Map of path to SHA-256) from Maven Central (or `base`) into
 * `repository` at its path, each checked
 * against its SHA-256 before it is written. No Maven plugin runs before its jar has been checked:
 * Maven itself would run the plugins it downloads in the same build that fetches them. A file
 * Maven needs beyond the lock makes the offline build that follows fail.
 */
export async function fetchLocked(repository, lock = readLock(), base = mavenCentral) {
  const queue = [...lock];
  const fetchOne = async ([path, expected]) => {
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
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await fetchOne(next);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Where the verified repository lives: one folder per lock, shared by every clone. */
export function mavenCacheDir() {
  const key = createHash("sha256").update(readFileSync(lockFile)).digest("hex").slice(0, 16);
  return machineCacheDir("maven-repository", "WEBSTATS_MAVEN_CACHE", key);
}

/**
 * Returns { repository, source: "cache" | "resolved" }: the local Maven repository that holds
 * exactly the locked artifacts, resolved from Maven Central and checked against the lock when
 * this machine has none yet.
 */
export async function ensureMavenRepository({ quiet = false, progress = process.stdout } = {}) {
  const found = findJavaTools();
  if (found.missing) throw new Error(`the Java builds need ${found.missing} on PATH, and none was found`);
  const cacheDir = mavenCacheDir();
  const repository = join(cacheDir, "repository");
  // The folder is only ever renamed into place complete and checked, so its marker means both.
  if (existsSync(join(cacheDir, "verified"))) {
    if (!quiet) progress.write(`java: using the Maven repository in ${repository}\n`);
    return { repository, source: "cache" };
  }
  const staging = stagingFor(cacheDir);
  try {
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
          "After a deliberate version change, run node tools/ensure-java.mjs --lock and review the diff.",
      );
    }
    writeFileSync(join(staging, "verified"), `${new Date().toISOString()}\n`);
    // Another process may have put one in place meanwhile, and be building against it: keep that.
    // (The staging folder's own path is in nothing Maven keeps, so it can move.)
    if (!existsSync(join(cacheDir, "verified"))) moveIntoPlace(staging, cacheDir);
    progress.write(
      `java: resolved and checked ${lock.size} Maven artifacts in ${((Date.now() - started) / 1000).toFixed(1)}s\n`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { repository, source: "resolved" };
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
      "# tools/ensure-java.mjs refuses a resolution that differs; `node tools/ensure-java.mjs --lock`",
      "# writes this file anew.",
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

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
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
