// How a user adds this package to a project, worded once for every "Next:" line the tools print
// (the demo's, generate's). Until this version is on the npm registry, `npm install
// pulumi-webstats` fails: the only way that works is the provider's tarball in a release folder,
// which `npm run release` writes in a clone (tools/release/build-release.mjs). The examples' and
// the quickstarts' commands say the same; test/integration/cli/install-steps.test.ts runs what these
// lines print and holds those pages to them.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { SDK_VERSION } from "../sdk";

/**
 * Whether this version is on the npm registry: the one fact the install text turns on. The commit
 * that publishes a version sets it to true.
 */
export const PUBLISHED_ON_NPM = false;

/** The npm package's name. */
export const PACKAGE_NAME = "pulumi-webstats";

/** The provider's tarball inside a release folder, as `npm run release` names it. */
export const releaseTarball = (version: string = SDK_VERSION): string => `npm/${PACKAGE_NAME}-${version}.tgz`;

/** What the release folder needs on the machine that builds it (docs/installation-configuration.md). */
export const RELEASE_NEEDS = "Go, Python 3.10+, a JDK 11+ and Maven";

/** Stands for the clone when the caller does not know where one is. */
export const CLONE_PLACEHOLDER = "<clone>";

export interface InstallSteps {
  /** Commands run once before installing (build the release folder); none once published. */
  prepare: string[];
  /** The command that adds the package and its peer to a project, run in the project's folder. */
  install: string;
  /** Why these commands, in one sentence. */
  why: string;
}

/**
 * The commands that install this version into a project: from the registry once it is published,
 * else from the release folder of the clone `clone` (a placeholder when unknown).
 */
export function installSteps({
  clone,
  published = PUBLISHED_ON_NPM,
  version = SDK_VERSION,
}: { clone?: string; published?: boolean; version?: string } = {}): InstallSteps {
  if (published) {
    return {
      prepare: [],
      install: `npm install ${PACKAGE_NAME}@${version} @pulumi/pulumi`,
      why: `${PACKAGE_NAME} ${version} is on the npm registry.`,
    };
  }
  const where = clone ?? CLONE_PLACEHOLDER;
  return {
    prepare: [`npm --prefix ${shellWord(where)} run release`],
    install: `npm install ${shellWord(`${where}/release/${releaseTarball(version)}`)} @pulumi/pulumi`,
    why:
      `${PACKAGE_NAME} ${version} is not on npm yet: build the release folder in a clone (after npm ci; ` +
      `it needs ${RELEASE_NEEDS}), then install its tarball.`,
  };
}

/** The install steps as lines of text, each indented by `indent`. */
export function installLines(steps: InstallSteps, indent = ""): string[] {
  return [...steps.prepare, steps.install].map((line) => `${indent}${line}`);
}

/**
 * A path as one shell word: single-quoted when it holds anything a shell would split or expand.
 * The placeholder stays as it is: the reader replaces it.
 */
export function shellWord(text: string): string {
  if (text !== "" && /^[\w@%+=:,./-]*$/.test(text.replace(CLONE_PLACEHOLDER, ""))) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The clone this code runs from, when it runs from one (a clone has the release's builder beside
 * the package; an installed package does not): the folder whose release folder the install lines
 * can name exactly.
 */
export function thisClone(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) {
      return existsSync(join(dir, "tools", "release", "build-release.mjs")) ? dir : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}
