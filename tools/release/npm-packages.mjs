// @ts-check
// The release's npm tarballs: the provider's package itself (`pulumi-webstats`, from the
// repository root), the Node.js SDK generated from the schema (`@pulumi-webstats/webstats`,
// from language-sdks/nodejs) and the policy pack (`pulumi-webstats-policy`, from policy-pack/).
// `npm publish <tarball>` takes each as it is.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const nodejsSdkSource = join(repoRoot, "language-sdks", "nodejs");
const policyPackSource = join(repoRoot, "policy-pack");

/**
 * `npm pack` of the folder `cwd` into `destDir`; returns the tarball's path.
 * @param {string} cwd
 * @param {string} destDir
 * @param {string[]} [extra] more arguments for npm pack
 * @returns {string}
 */
function npmPack(cwd, destDir, extra = []) {
  mkdirSync(destDir, { recursive: true });
  const printed = execFileSync("npm", ["pack", "--silent", "--pack-destination", destDir, ...extra], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const name = printed.trim().split("\n").pop() ?? "";
  return join(destDir, name);
}

/**
 * Packs the provider's package into `destDir`. Its prepack script cleans and builds dist/ first,
 * so the tarball holds what the sources say, not whatever dist/ held.
 * @param {string} destDir
 * @returns {string} the tarball's path
 */
export function packProvider(destDir) {
  return npmPack(repoRoot, destDir);
}

/**
 * Compiles the Node.js SDK (language-sdks/nodejs) with the repository's TypeScript into `outDir`
 * and adds its package.json and README: the folder `npm publish` and `npm pack` take.
 * @param {string} outDir
 * @returns {string} `outDir`
 */
function buildNodejsSdk(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", join(nodejsSdkSource, "tsconfig.json"), "--outDir", outDir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const file of ["package.json", "README.md"]) cpSync(join(nodejsSdkSource, file), join(outDir, file));
  return outDir;
}

/**
 * Builds the Node.js SDK in a scratch folder and packs it into `destDir`.
 * @param {string} destDir
 * @returns {string} the tarball's path
 */
export function packNodejsSdk(destDir) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-nodejs-sdk-"));
  try {
    return npmPack(buildNodejsSdk(join(scratch, "package")), destDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Compiles the policy pack (policy-pack/) with the repository's TypeScript into `outDir`, with
 * its package.json, PulumiPolicy.yaml and README: the folder `npm pack` takes, and a policy pack
 * folder itself. It compiles against the provider's built dist/ (its `pulumi-webstats/policy`),
 * so the provider is built first.
 * @param {string} outDir
 * @returns {string} `outDir`
 */
function buildPolicyPack(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  execFileSync(
    process.execPath,
    [tsc, "-p", join(policyPackSource, "tsconfig.json"), "--outDir", join(outDir, "dist")],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  for (const file of ["package.json", "PulumiPolicy.yaml", "README.md"]) {
    cpSync(join(policyPackSource, file), join(outDir, file));
  }
  return outDir;
}

/**
 * Builds the policy pack in a scratch folder and packs it into `destDir`.
 * @param {string} destDir
 * @returns {string} the tarball's path
 */
export function packPolicyPack(destDir) {
  const scratch = mkdtempSync(join(tmpdir(), "webstats-policy-pack-"));
  try {
    return npmPack(buildPolicyPack(join(scratch, "package")), destDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
