// @ts-check
// The release's Java SDK: language-sdks/java built by its own pom into the jar, the -sources.jar
// and the -javadoc.jar, laid out with its pom as a Maven repository folder (the layout Maven
// Central's bundles use and a `file://` repository serves: tools/release/maven-layout.mjs). The
// build runs offline against the locked repository (tools/machine/ensure-java.mjs), like every
// Java build here.
//
// Users (and the Java engine test) install from that folder with a settings file that names it
// as a repository (releaseRepositorySettings); Maven copies what it resolves from there into its local
// repository, so a test gives it a local repository of its own that sees the locked one through
// links (localRepositoryOverlay) instead of writing the SDK into the machine's shared cache.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureMavenRepository, mavenBuild, mavenReleaseGoals, ownGroupPath } from "../machine/ensure-java.mjs";

import { writeSdkBuild } from "./maven-layout.mjs";

export { releaseRepositorySettings } from "../machine/ensure-java.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const javaSdkSource = join(repoRoot, "language-sdks", "java");

/**
 * Builds the Java SDK from a copy (Maven writes target/ beside the pom) and writes it into the
 * Maven repository folder `destDir`; returns the folder of the version. `time` (ISO 8601) stamps
 * maven-metadata.xml.
 * @param {string} destDir
 * @param {{ version: string, time: string, repository?: string, progress?: NodeJS.WritableStream }} options
 * @returns {Promise<string>}
 */
export async function buildMavenRepository(destDir, { version, time, repository, progress = process.stderr }) {
  const local = repository ?? (await ensureMavenRepository({ quiet: true, progress })).repository;
  const scratch = mkdtempSync(join(tmpdir(), "webstats-java-release-"));
  try {
    cpSync(javaSdkSource, scratch, { recursive: true, filter: (path) => !path.endsWith("/target") });
    await mavenBuild(scratch, mavenReleaseGoals, { repository: local });
    return writeSdkBuild(scratch, destDir, { version, time });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A local Maven repository in `target` that holds every entry of `shared` through symbolic links,
 * except the release's own group, which stays a real, empty folder: what a build resolves from a
 * release lands there, never in `shared`.
 * @param {string} shared
 * @param {string} target
 * @returns {string} `target`
 */
export function localRepositoryOverlay(shared, target) {
  const segments = ownGroupPath.split("/");
  let from = shared;
  let to = target;
  for (const segment of segments) {
    mkdirSync(to, { recursive: true });
    if (existsSync(from)) {
      for (const entry of readdirSync(from)) {
        if (entry !== segment) symlinkSync(join(from, entry), join(to, entry));
      }
    }
    from = join(from, segment);
    to = join(to, segment);
  }
  mkdirSync(to, { recursive: true });
  return target;
}
