#!/usr/bin/env node
// @ts-check
// `npm run test:compat`: a declared slice of the engine tests (COMPAT_SLICE) on each Node.js line
// the package declares (the files whose proof does not depend on the line on the oldest only),
// with the oldest @pulumi/pulumi it claims (the floor of its peer range) and a CLI of that same
// release, the oldest it claims too.
// The main lane runs the newest: Node.js 24 with the @pulumi/pulumi locked in package-lock.json and
// a CLI of that release. What a user may run and the main lane would not see is the other end of
// the ranges, so this lane keeps their floors: an SDK or engine change the provider came to rely
// on would break here. The slice is what such a change could break: one lifecycle per host and per
// language SDK, import, the stack exports drift reads, and the versions the README promises.
// Everything else is about the provider's own behaviour, proven once in the main lane.
//
// This lane fetches Node.js into a cache outside the repository (tools/machine/ensure-node.mjs),
// builds or reuses the CLI from tools/machine/pulumi-cli/v<version>
// (tools/machine/ensure-pulumi.mjs), installs the engine tests' project template once with that
// @pulumi/pulumi (WEBSTATS_PULUMI_VERSION), and runs vitest's e2e project under each Node.js with
// WEBSTATS_E2E_TEMPLATE naming that template.
// The dynamic provider runs under the same Node.js: it is first on PATH.
//
// Raising the peer floor moves this lane: COMPAT_PULUMI_VERSION is the floor, and
// test/unit/tools/ci/tested-versions.test.ts holds them together.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode } from "../machine/ensure-node.mjs";
import { ensurePulumi } from "../machine/ensure-pulumi.mjs";
import { isMainLine } from "../machine/main-node.mjs";
import { prepareProjectTemplate } from "../../test/harness/program-project.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/**
 * The Node.js lines this lane tests, one release each, all with the same @pulumi/pulumi and CLI;
 * package.json's engines declare exactly these lines, and README's "Tested combinations" table
 * names each.
 */
export const COMPAT_NODE_VERSIONS = ["22.23.3", "24.21.0", "26.10.0"];
/** The oldest @pulumi/pulumi the package claims (its peer range's floor), and the CLI's version. */
export const COMPAT_PULUMI_VERSION = "3.248.0";

/**
 * The files this lane runs, by vitest project: `everyLine` on each Node.js line, `otherLines` on
 * each but the main lane's, `oldestLine` on the oldest only. A file runs on every line when the
 * line's Node.js runs the code it proves together with the oldest @pulumi/pulumi (the dynamic
 * provider and the plugin, the Node.js SDK); the drift command, which loads no @pulumi/pulumi,
 * proves the line's Node.js and the oldest CLI apart, so the main lane covers its line; a file
 * whose added proof is the CLI's or another language's (the engine's import and its code
 * generation, the Go SDK) runs once: the plugin process those files start is the same one the
 * lifecycle proves on every line.
 * @type {{ everyLine: Record<string, string[]>, otherLines: Record<string, string[]>, oldestLine: Record<string, string[]> }}
 */
export const COMPAT_SLICE = {
  everyLine: {
    e2e: [
      // A lifecycle with drift through each host, on the oldest @pulumi/pulumi the package claims.
      "test/e2e/website/lifecycle.test.ts",
      // A lifecycle through the generated Node.js SDK, which runs on the line's Node.js.
      "test/e2e/language-sdks/nodejs.test.ts",
    ],
  },
  // Every line but the main lane's: what such a file proves is the line's Node.js running the
  // package's own code and the oldest CLI's output, never the two together; on the main lane's
  // line the main lane runs it (with the newest CLI), and the oldest CLI's output is read on the
  // other lines.
  otherLines: {
    e2e: [
      // drift reads the states the oldest CLI wrote, from its file backend and with its own
      // `pulumi stack export`: their format is the CLI's.
      "test/e2e/drift/command.test.ts",
    ],
  },
  oldestLine: {
    e2e: [
      // Import by id and from a file: the engine's Read without state and its code generation.
      "test/e2e/plugin/import.test.ts",
      // A lifecycle through the generated Go SDK.
      "test/e2e/language-sdks/go.test.ts",
    ],
    // The versions each lane runs are the ones the README promises.
    unit: ["test/unit/tools/ci/tested-versions.test.ts"],
  },
};

/**
 * The slice's files for one line, by vitest project.
 * @param {string} version
 * @returns {Record<string, string[]>}
 */
export function sliceForLine(version) {
  const parts = [COMPAT_SLICE.everyLine];
  if (!isMainLine(version)) parts.push(COMPAT_SLICE.otherLines);
  if (version === COMPAT_NODE_VERSIONS[0]) parts.push(COMPAT_SLICE.oldestLine);
  /** @type {Record<string, string[]>} */
  const slice = {};
  for (const part of parts)
    for (const [project, files] of Object.entries(part))
      slice[project] = [...(slice[project] ?? []), ...files];
  return slice;
}

/**
 * Runs the line's slice (or the files given) under one Node.js release; returns vitest's exit
 * status.
 * @param {string} version
 * @param {string[] | undefined} given
 * @param {string} repoRoot
 * @param {import("../machine/ensure-pulumi.mjs").EnsuredPulumi} pulumi
 * @param {string} templateDir the engine tests' project template, shared by the lines
 * @returns {number}
 */
function runLine(version, given, repoRoot, pulumi, templateDir) {
  const started = Date.now();
  const node = ensureNode(version);
  process.stdout.write(
    `test:compat: Node.js v${node.version} (${node.node}), @pulumi/pulumi ${COMPAT_PULUMI_VERSION}, ` +
      `pulumi CLI v${pulumi.version} (${pulumi.pulumi}); ready in ${((Date.now() - started) / 1000).toFixed(1)}s\n`,
  );
  const vitest = join(repoRoot, "node_modules", "vitest", "vitest.mjs");
  const slice = sliceForLine(version);
  const files = given ?? Object.values(slice).flat();
  // Given files may be of any project of the slice: vitest runs those of the projects named.
  const named = given ? sliceForLine(COMPAT_NODE_VERSIONS[0] ?? version) : slice;
  const projects = Object.keys(named).flatMap((project) => ["--project", project]);
  const major = version.split(".")[0];
  const report = [
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=test-results/compat-node${major}.json`,
  ];
  const result = spawnSync(node.node, [vitest, "run", ...projects, ...report, ...files], {
    cwd: repoRoot,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: [node.binDir, process.env.PATH ?? ""].join(delimiter),
      WEBSTATS_PULUMI_VERSION: COMPAT_PULUMI_VERSION,
      WEBSTATS_E2E_TEMPLATE: templateDir,
    },
  });
  process.stdout.write(
    `test:compat: Node.js ${major} finished in ${((Date.now() - started) / 1000).toFixed(0)}s\n`,
  );
  return result.status ?? 1;
}

/**
 * The engine tests' project template (the packed package, the Node.js SDK and the policy pack
 * installed beside the oldest @pulumi/pulumi), made once for every line: what is installed is the
 * same files whichever Node.js runs them (nothing is compiled at install), and making it took
 * about 20 s a line. It is installed with the npm of the first line run, the oldest a user may
 * have; the build it packs is the one each line's tests use.
 * @param {string} root
 * @param {string} version
 * @returns {string}
 */
function sharedTemplate(root, version) {
  const path = process.env.PATH;
  process.env.PATH = [ensureNode(version).binDir, path ?? ""].join(delimiter);
  try {
    return prepareProjectTemplate(root, { policyPack: true });
  } finally {
    process.env.PATH = path;
  }
}

function main() {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const started = Date.now();
  process.env.WEBSTATS_PULUMI_VERSION = COMPAT_PULUMI_VERSION;
  const pulumi = ensurePulumi();
  // Files given on the command line replace the slice (to run one file on this lane);
  // WEBSTATS_COMPAT_NODE=24 runs one line only.
  const given = process.argv.length > 2 ? process.argv.slice(2) : undefined;
  const only = process.env.WEBSTATS_COMPAT_NODE;
  const versions = COMPAT_NODE_VERSIONS.filter((v) => !only || v.split(".")[0] === only);
  if (versions.length === 0)
    throw new Error(`WEBSTATS_COMPAT_NODE=${only} names none of ${COMPAT_NODE_VERSIONS.join(", ")}`);
  // Every line runs, even after one fails, so that one run shows each line's state.
  const templateRoot = mkdtempSync(join(tmpdir(), "webstats-compat-"));
  let failed;
  try {
    const templateDir = sharedTemplate(templateRoot, versions[0] ?? COMPAT_NODE_VERSIONS[0] ?? "");
    failed = versions.filter((version) => runLine(version, given, repoRoot, pulumi, templateDir) !== 0);
  } finally {
    rmSync(templateRoot, { recursive: true, force: true });
  }
  process.stdout.write(
    `test:compat: finished in ${((Date.now() - started) / 1000).toFixed(0)}s` +
      (failed.length > 0 ? `; failed on Node.js ${failed.join(", ")}\n` : "\n"),
  );
  process.exit(failed.length > 0 ? 1 : 0);
}

if (invokedDirectly(import.meta.url)) main();
