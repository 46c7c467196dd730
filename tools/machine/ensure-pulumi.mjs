#!/usr/bin/env node
// @ts-check
// Makes the Pulumi CLI and the Node.js dynamic-provider plugin available at the
// version of @pulumi/pulumi under test, and prints where they are. That version is the one
// locked in package-lock.json, or WEBSTATS_PULUMI_VERSION when set (the compatibility lane,
// tools/ci/test-compat.mjs, sets it); either way it must have a wrapper module in
// tools/machine/pulumi-cli/v<version>/ (go.mod and go.sum committed, so builds are reproducible).
//
// Besides the `pulumi` CLI, the Pulumi YAML language host (`pulumi-language-yaml`) is built, so
// that the engine can run Pulumi YAML programs: once per machine, from the wrapper module
// tools/machine/pulumi-language-yaml/v<version>/ (go.mod and go.sum committed), into its own cache
// folder. It does not depend on the CLI version, so both lanes share one build. The CLI looks
// for it beside its own executable (a copy, not a link) or on PATH: it is copied beside a CLI
// that lives in a cache folder; for a CLI found on PATH, the cache folder is returned for the
// caller to put on PATH.
//
// The Node.js language host (`pulumi-language-nodejs`), which `pulumi up` in a Node.js project
// folder needs, is not built: the Go module proxy does not serve its module, so it cannot be
// built from source here. The tests and the demo run Automation API inline programs, which do
// not use it. Without it, the CLI runs a Node.js policy pack (`--policy-pack`) through an analyzer
// plugin, `pulumi-analyzer-policy-nodejs`, which the repository provides
// (tools/machine/pulumi-analyzer-policy-nodejs): it is copied beside the dynamic-provider plugin.
//
// Order of preference:
//   1. a `pulumi` on PATH whose version is compatible (same major, not older; exactly the
//      version asked for when WEBSTATS_PULUMI_VERSION is set);
//   2. a previous build in the per-version cache outside the repository;
//   3. a fresh build of tools/machine/pulumi-cli/v<version> with Go (on PATH or in /usr/local/go),
//      made once per machine (cachedBuild, tools/machine/machine-cache.mjs).
// With none of these it fails with one message that says what to install; outside CI
// (CI unset) that failure is reported loudly but does not stop `npm test`, and the
// engine tests skip themselves.
//
// Importable: `ensurePulumi()` returns { binDir, pluginDir, pulumi, version, source, yamlHostDir }
// or throws.

import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { withProgress } from "./build-progress.mjs";
import { cacheEntryDir, cachedBuild, machineCacheDir } from "./machine-cache.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/**
 * Where a `pulumi` came from: PATH, the machine's cache, or a build just now.
 * @typedef {"path" | "cache" | "build"} PulumiSource
 */

/**
 * @typedef {object} EnsuredCli
 * @property {string} binDir The folder of the `pulumi` executable.
 * @property {string} pluginDir The folder of the dynamic-provider plugin script and the policy
 *   pack analyzer; put it on PATH.
 * @property {string} pulumi The `pulumi` executable.
 * @property {string} version Its version.
 * @property {PulumiSource} source
 */

/**
 * @typedef {EnsuredCli & { yamlHostDir: string }} EnsuredPulumi `yamlHostDir` holds
 *   `pulumi-language-yaml`: `binDir` for a cached or built CLI, else a folder to put on PATH.
 */

/**
 * @typedef {object} EnsuredYamlHost
 * @property {string} binDir
 * @property {string} binary
 * @property {string} version
 * @property {"cache" | "build"} source
 */

const toolsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(toolsDir, "..", "..");
const wrapperModules = join(toolsDir, "pulumi-cli");
const cliPackage = "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi";
const versionFlag = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";
const pluginScript = "pulumi-resource-pulumi-nodejs";
/** Runs a Node.js policy pack (`--policy-pack`) where the CLI has no Node.js language host. */
const policyAnalyzerScript = "pulumi-analyzer-policy-nodejs";

/** The Pulumi YAML language host release that is built and put beside the CLI. */
export const YAML_HOST_VERSION = "1.38.3";
const yamlHostBinary = "pulumi-language-yaml";
const yamlHostPackage = "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml";
const yamlHostModule = "github.com/pulumi/pulumi-yaml";
const yamlHostVersionFlag = "github.com/pulumi/pulumi-yaml/pkg/version.Version";

/**
 * The @pulumi/pulumi version that package-lock.json pins.
 * @returns {string}
 */
export function lockedPulumiVersion() {
  /** @type {{ packages?: Record<string, { version?: string }> }} */
  const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8"));
  const entry = lock.packages?.["node_modules/@pulumi/pulumi"];
  if (!entry?.version) throw new Error("package-lock.json has no entry for @pulumi/pulumi; run npm install.");
  return entry.version;
}

/**
 * The oldest @pulumi/pulumi the package claims: the floor of its peer range in package.json.
 * @returns {string}
 */
export function peerPulumiFloor() {
  /** @type {{ peerDependencies?: Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const range = manifest.peerDependencies?.["@pulumi/pulumi"];
  const floor = /^\^(\d+\.\d+\.\d+)$/.exec(range ?? "")?.[1];
  if (!floor) throw new Error(`package.json's peer range of @pulumi/pulumi is not ^x.y.z: ${range}`);
  return floor;
}

/**
 * The version under test: WEBSTATS_PULUMI_VERSION when set, else the locked one.
 * @returns {string}
 */
export function pulumiVersionUnderTest() {
  const override = process.env.WEBSTATS_PULUMI_VERSION?.trim();
  if (!override) return lockedPulumiVersion();
  if (!/^\d+\.\d+\.\d+$/.test(override)) {
    throw new Error(`WEBSTATS_PULUMI_VERSION must be a version such as 3.259.0, not "${override}".`);
  }
  return override;
}

/**
 * The Go wrapper module that pins the CLI at `version`; one folder per version.
 * @param {string} version
 * @returns {string}
 */
export function wrapperModuleDir(version) {
  return join(wrapperModules, `v${version}`);
}

/** The machine-cache entry of the CLI at `version`: its `bin` folder is built as a whole. */
const cliCache = (/** @type {string} */ version) => ({
  kind: "pulumi-cli",
  overrideVariable: "WEBSTATS_PULUMI_CACHE",
  version,
  part: "bin",
});

/**
 * Where builds are cached: shared by every clone on the machine, one folder per version.
 * @param {string} version
 * @returns {string}
 */
export function cacheDir(version) {
  const { kind, overrideVariable } = cliCache(version);
  return machineCacheDir(kind, overrideVariable, version);
}

/**
 * The Go wrapper module that pins the YAML language host at `version`.
 * @param {string} [version]
 * @returns {string}
 */
export function yamlHostModuleDir(version = YAML_HOST_VERSION) {
  return join(toolsDir, "pulumi-language-yaml", `v${version}`);
}

/** The machine-cache entry of the YAML host at `version`: its `bin` folder is built as a whole. */
const yamlHostCache = (/** @type {string} */ version) => ({
  kind: "pulumi-language-yaml",
  overrideVariable: "WEBSTATS_YAML_HOST_CACHE",
  version,
  part: "bin",
});

/**
 * Where the YAML language host is cached: shared by every clone and both test lanes.
 * @param {string} [version]
 * @returns {string}
 */
export function yamlHostCacheDir(version = YAML_HOST_VERSION) {
  const { kind, overrideVariable } = yamlHostCache(version);
  return machineCacheDir(kind, overrideVariable, version);
}

/**
 * The folder the engine finds the YAML language host in. The CLI looks for it on PATH and beside
 * its own executable: a CLI from a cache folder gets a copy beside it; a CLI found on PATH is not
 * ours to add files to, so the host's own cache folder is used and the caller puts it on PATH.
 * @param {PulumiSource} cliSource
 * @param {string} cliBinDir
 * @param {string} yamlHostBinDir
 * @returns {string}
 */
export function yamlHostFolderFor(cliSource, cliBinDir, yamlHostBinDir) {
  return cliSource === "path" ? yamlHostBinDir : cliBinDir;
}

/**
 * The last `count` lines of a command's output, for error messages.
 * @param {string} text
 * @param {number} [count]
 * @returns {string}
 */
export function lastLines(text, count = 30) {
  return text.trim().split("\n").slice(-count).join("\n");
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: "utf8", ...options });
}

/**
 * @param {string} pulumiBinary
 * @returns {string | undefined}
 */
function versionOf(pulumiBinary) {
  const result = run(pulumiBinary, ["version"], {
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  if (result.status !== 0) return undefined;
  return String(result.stdout).trim().replace(/^v/, "") || undefined;
}

/**
 * @param {string} text
 * @returns {number[] | undefined}
 */
function parseVersion(text) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? match.slice(1, 4).map(Number) : undefined;
}

/**
 * A CLI works with programs of its own major version that are not newer than it.
 * @param {string} found
 * @param {string} wanted
 * @returns {boolean}
 */
export function isCompatible(found, wanted) {
  const a = parseVersion(found);
  const b = parseVersion(wanted);
  if (!a || !b || a[0] !== b[0]) return false;
  for (let i = 1; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/**
 * Where a command named `name` is found on PATH, or undefined.
 * @param {string} name
 * @returns {string | undefined}
 */
export function onPath(name) {
  for (const dir of (process.env.PATH || "").split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * `go` on PATH, else /usr/local/go/bin/go, else undefined.
 * @returns {string | undefined}
 */
export function findGo() {
  return onPath("go") || (existsSync("/usr/local/go/bin/go") ? "/usr/local/go/bin/go" : undefined);
}

/**
 * The plugin script that runs dynamic providers ships in the root of the @pulumi/pulumi package;
 * the one that runs Node.js policy packs without a Node.js language host is the repository's own.
 * @param {string} binDir
 */
function installPluginScript(binDir) {
  const sources = [
    join(repoRoot, "node_modules", "@pulumi", "pulumi", pluginScript),
    join(repoRoot, "tools", "machine", policyAnalyzerScript),
  ];
  for (const source of sources) {
    if (!existsSync(source)) throw new Error(`${source} is missing; run npm ci first.`);
    const target = join(binDir, basename(source));
    copyFileSync(source, target);
    chmodSync(target, 0o755);
  }
}

/**
 * Runs `action`, announcing it, how long it has run every 15 seconds, and its time on `out`.
 * @template T
 * @param {string} label
 * @param {() => T} action
 * @param {string} [prefix]
 * @param {NodeJS.WritableStream} [out]
 * @returns {T}
 */
export function step(label, action, prefix = "pulumi:ensure", out = process.stdout) {
  const started = Date.now();
  out.write(`${prefix}: ${label}...\n`);
  const value = withProgress({ prefix, label: label.replace(/ \(.*\)$|:.*$/, ""), out }, action);
  out.write(`${prefix}: ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
  return value;
}

/**
 * The environment of every Go command on the repository's modules: go.sum is committed and must
 * not change, and the checksum database is not reachable for every Pulumi module here.
 * @returns {NodeJS.ProcessEnv}
 */
export function goEnvironment() {
  return { ...process.env, GONOSUMDB: "github.com/pulumi", GOFLAGS: "-mod=readonly" };
}

/**
 * `go build` of `goPackage` in the wrapper module `moduleDir`; throws with go's last lines.
 * @param {string} go
 * @param {{ moduleDir: string, goPackage: string, ldflags: string, output: string }} what
 */
export function goBuild(go, { moduleDir, goPackage, ldflags, output }) {
  const env = goEnvironment();
  const result = run(
    go,
    ["build", "-trimpath", "-ldflags", ldflags, "-o", output, goPackage],
    // Go's "downloading ..." lines fill screens on a first build: keep them unless it fails.
    { cwd: moduleDir, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    const tail = lastLines(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error?.message ?? ""}`);
    throw new Error(`go build of ${goPackage} failed (exit ${result.status}):\n${tail}`);
  }
}

/**
 * Builds the CLI at `version` into `binDir` (a staging folder) and checks the version it reports.
 * @param {string} go
 * @param {string} version
 * @param {string} binDir
 */
function build(go, version, binDir) {
  step(
    `building pulumi v${version} with ${go}: the engine that runs every Pulumi operation of the ` +
      `demo and the tests, at the version under test; built once per machine (about 4 to 7 minutes), ` +
      `then cached in ${cacheDir(version)}`,
    () =>
      goBuild(go, {
        moduleDir: wrapperModuleDir(version),
        goPackage: cliPackage,
        ldflags: `-X ${versionFlag}=v${version}`,
        output: join(binDir, "pulumi"),
      }),
  );
  installPluginScript(binDir);
  const built = versionOf(join(binDir, "pulumi"));
  if (built !== version) throw new Error(`the built CLI reports version ${built}, expected ${version}`);
}

/**
 * Reads the pulumi-yaml version a built host was linked from, with `go version -m`.
 * @param {string} go
 * @param {string} binary
 * @returns {string | undefined}
 */
function builtYamlHostVersion(go, binary) {
  const result = run(go, ["version", "-m", binary]);
  if (result.status !== 0) return undefined;
  const line = String(result.stdout)
    .split("\n")
    .find((entry) => entry.trim().split(/\s+/)[1] === yamlHostModule);
  return line?.trim().split(/\s+/)[2]?.replace(/^v/, "");
}

/**
 * Makes the YAML language host available in its cache folder: reuses an earlier build, or builds
 * tools/machine/pulumi-language-yaml/v<version> with Go.
 * @param {{ quiet?: boolean, version?: string }} [options]
 * @returns {EnsuredYamlHost}
 */
function ensureYamlHost({ quiet = false, version = YAML_HOST_VERSION } = {}) {
  const log = (/** @type {string} */ line) => quiet || process.stdout.write(`pulumi:ensure: ${line}\n`);
  const cache = yamlHostCache(version);
  const binDir = cacheEntryDir(cache);
  const binary = join(binDir, yamlHostBinary);
  // The folder is only ever renamed into place complete, so a binary there is a finished build.
  const isComplete = (/** @type {string} */ dir) => existsSync(join(dir, yamlHostBinary));
  if (isComplete(binDir)) {
    log(`using cached ${yamlHostBinary} v${version} in ${binDir}`);
    return { binDir, binary, version, source: "cache" };
  }
  const moduleDir = yamlHostModuleDir(version);
  if (!existsSync(join(moduleDir, "go.mod"))) {
    throw new Error(
      `No ${yamlHostBinary} v${version} in ${binDir} and no wrapper module to build it in ${moduleDir}.`,
    );
  }
  const go = findGo();
  if (!go) {
    throw new Error(
      `No ${yamlHostBinary} v${version} in ${binDir} and no Go toolchain to build it. Install Go 1.25+ ` +
        `(https://go.dev/dl, or into /usr/local/go), then rerun npm run pulumi:ensure.`,
    );
  }
  const started = Date.now();
  cachedBuild({
    ...cache,
    isComplete,
    build: (staging) => {
      step(
        `building ${yamlHostBinary} v${version} with ${go}: the engine tests' Pulumi YAML programs need it; ` +
          `built once per machine (several minutes), then cached in ${yamlHostCacheDir(version)}`,
        () =>
          goBuild(go, {
            moduleDir,
            goPackage: yamlHostPackage,
            ldflags: `-X ${yamlHostVersionFlag}=v${version}`,
            output: join(staging, yamlHostBinary),
          }),
      );
      const built = builtYamlHostVersion(go, join(staging, yamlHostBinary));
      if (built !== version) {
        throw new Error(
          `the built ${yamlHostBinary} comes from pulumi-yaml ${built ?? "(unknown)"}, expected ${version}`,
        );
      }
    },
  });
  log(`built ${yamlHostBinary} v${version} into ${binDir} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { binDir, binary, version, source: "build" };
}

/**
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
function sameFile(a, b) {
  if (!existsSync(a) || !existsSync(b)) return false;
  if (statSync(a).size !== statSync(b).size) return false;
  return readFileSync(a).equals(readFileSync(b));
}

/**
 * Copies the host into `dir`: a copy, not a link, so that folder stands on its own.
 * @param {string} source
 * @param {string} dir
 * @returns {boolean} whether it copied (false: the same host was there already)
 */
function copyYamlHostInto(source, dir) {
  const target = join(dir, yamlHostBinary);
  if (sameFile(source, target)) return false;
  // Copy under another name and rename, so a host that is running is replaced, not overwritten.
  const partial = `${target}.partial-${process.pid}`;
  copyFileSync(source, partial);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return true;
}

/**
 * The YAML host for the CLI `cli` (as ensureCli returns it): the folder the engine finds it in.
 * @param {EnsuredCli} cli
 * @param {(line: string) => unknown} log
 * @param {boolean} quiet
 * @returns {string}
 */
function placeYamlHost(cli, log, quiet) {
  const besidePathCli = join(cli.binDir, yamlHostBinary);
  if (
    cli.source === "path" &&
    !existsSync(join(yamlHostCacheDir(), "bin", yamlHostBinary)) &&
    !findGo() &&
    existsSync(besidePathCli)
  ) {
    // A regular Pulumi installation ships a YAML host; without Go it is the only one there is.
    log(
      `no Go to build ${yamlHostBinary} v${YAML_HOST_VERSION}; using the one beside pulumi in ${cli.binDir}`,
    );
    return cli.binDir;
  }
  const host = ensureYamlHost({ quiet });
  const dir = yamlHostFolderFor(cli.source, cli.binDir, host.binDir);
  if (dir === host.binDir) {
    log(`${yamlHostBinary} v${host.version} for pulumi from PATH: put ${dir} on PATH`);
    return dir;
  }
  if (copyYamlHostInto(host.binary, dir))
    log(`copied ${yamlHostBinary} v${host.version} beside pulumi in ${dir}`);
  return dir;
}

/**
 * Makes the Pulumi CLI under test and the YAML host available (see the top of this file).
 * @param {{ quiet?: boolean }} [options]
 * @returns {EnsuredPulumi}
 */
export function ensurePulumi({ quiet = false } = {}) {
  const log = (/** @type {string} */ line) => quiet || process.stdout.write(`pulumi:ensure: ${line}\n`);
  const cli = ensureCli(log);
  return { ...cli, yamlHostDir: placeYamlHost(cli, log, quiet) };
}

/**
 * Makes the Pulumi CLI under test available, without the YAML host: for callers that run only
 * Node.js inline programs (the demo), which never start a YAML host and need not wait for its build.
 * @param {{ quiet?: boolean }} [options]
 * @returns {EnsuredCli}
 */
export function ensurePulumiCli({ quiet = false } = {}) {
  return ensureCli((/** @type {string} */ line) => quiet || process.stdout.write(`pulumi:ensure: ${line}\n`));
}

/**
 * @param {(line: string) => unknown} log
 * @returns {EnsuredCli}
 */
function ensureCli(log) {
  const version = pulumiVersionUnderTest();
  // The compatibility lane asks for one exact version: a newer CLI on PATH would test another.
  const exact = Boolean(process.env.WEBSTATS_PULUMI_VERSION?.trim());
  const cache = cliCache(version);
  const binDir = cacheEntryDir(cache);
  const cached = join(binDir, "pulumi");
  // A CLI that runs and reports the version asked for; its plugin script is copied anew each time.
  const isComplete = (/** @type {string} */ dir) =>
    existsSync(join(dir, "pulumi")) && versionOf(join(dir, "pulumi")) === version;

  const existing = onPath("pulumi");
  if (existing) {
    const found = versionOf(existing);
    if (found && (exact ? found === version : isCompatible(found, version))) {
      // The dynamic-provider plugin must sit beside a CLI we run; keep our copy in the cache.
      mkdirSync(binDir, { recursive: true });
      installPluginScript(binDir);
      log(`using pulumi v${found} from PATH (${existing}); plugin in ${binDir}`);
      return {
        binDir: dirname(existing),
        pluginDir: binDir,
        pulumi: existing,
        version: found,
        source: "path",
      };
    }
    log(`ignoring pulumi ${found ?? "(unknown version)"} at ${existing}: v${version} is pinned`);
  }

  if (isComplete(binDir)) {
    installPluginScript(binDir);
    log(`using cached pulumi v${version} in ${binDir}`);
    return { binDir, pluginDir: binDir, pulumi: cached, version, source: "cache" };
  }

  if (!existsSync(join(wrapperModuleDir(version), "go.mod"))) {
    throw new Error(
      `No Pulumi CLI v${version} and no wrapper module to build it in ${wrapperModuleDir(version)}. ` +
        `Install Pulumi CLI v${version}, or add the module as CONTRIBUTING.md describes.`,
    );
  }
  const go = findGo();
  if (!go) {
    throw new Error(
      `No Pulumi CLI v${version} and no Go toolchain to build it. Install Go 1.26+ (https://go.dev/dl, ` +
        `or into /usr/local/go) or Pulumi CLI v${version}, then rerun npm run pulumi:ensure.`,
    );
  }
  const started = Date.now();
  cachedBuild({ ...cache, isComplete, build: (staging) => build(go, version, staging) });
  log(`built pulumi v${version} into ${binDir} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { binDir, pluginDir: binDir, pulumi: cached, version, source: "build" };
}

if (invokedDirectly(import.meta.url)) {
  const started = Date.now();
  try {
    const result = ensurePulumi();
    process.stdout.write(
      `pulumi:ensure: ready in ${((Date.now() - started) / 1000).toFixed(1)}s: ${result.pulumi} (v${result.version})\n`,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.CI === "true" || process.env.CI === "1") {
      process.stderr.write(`pulumi:ensure: FAILED: ${message}\n`);
      process.exit(1);
    }
    process.stderr.write(
      `\n!!!!! pulumi:ensure: ${message}\n!!!!! Engine tests will be SKIPPED outside CI (set CI=true to make this fatal).\n\n`,
    );
  }
}
