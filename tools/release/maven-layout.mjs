// @ts-check
// A Maven repository folder holding one version of one artifact, written directly: the layout a
// `file://` repository serves and Maven Central's upload bundles use, with the .md5 and .sha1
// checksums Central requires beside each file and the artifact's maven-metadata.xml. Written here
// rather than by maven-deploy-plugin, which refuses to run in offline mode, and every Maven build
// here runs offline against the locked repository.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {{ groupId: string, artifactId: string, version: string }} Coordinates
 */

/**
 * The artifact's folder inside a repository, e.g. io/github/pulumi-webstats/webstats/0.1.0.
 * @param {Coordinates} coordinates
 * @returns {string}
 */
export function artifactFolder({ groupId, artifactId, version }) {
  return [...groupId.split("."), artifactId, version].join("/");
}

/**
 * maven-metadata.xml of an artifact with this one version released; `stamp` is yyyyMMddHHmmss.
 * @param {Coordinates} coordinates
 * @param {string} stamp
 * @returns {string}
 */
function artifactMetadata({ groupId, artifactId, version }, stamp) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>${groupId}</groupId>
  <artifactId>${artifactId}</artifactId>
  <versioning>
    <latest>${version}</latest>
    <release>${version}</release>
    <versions>
      <version>${version}</version>
    </versions>
    <lastUpdated>${stamp}</lastUpdated>
  </versioning>
</metadata>
`;
}

/**
 * Writes `path`'s .md5 and .sha1 beside it, as Maven writes them (the hex digest alone).
 * @param {string} path
 */
function writeChecksums(path) {
  const content = readFileSync(path);
  for (const algorithm of ["md5", "sha1"]) {
    writeFileSync(`${path}.${algorithm}`, createHash(algorithm).update(content).digest("hex"));
  }
}

/**
 * Writes the pom and the jars (by classifier: "" for the main jar, "sources", "javadoc") into
 * the repository folder `repository`, with checksums and metadata; returns the version's folder.
 * @param {string} repository
 * @param {Coordinates & { pom: string, jars: Record<string, string>, time: string }} artifact
 *   `time`: ISO 8601, the release commit's, for maven-metadata.xml's lastUpdated
 * @returns {string}
 */
function writeMavenArtifact(repository, { groupId, artifactId, version, pom, jars, time }) {
  const coordinates = { groupId, artifactId, version };
  const folder = join(repository, artifactFolder(coordinates));
  mkdirSync(folder, { recursive: true });
  const base = `${artifactId}-${version}`;
  const written = [join(folder, `${base}.pom`)];
  copyFileSync(pom, written[0] ?? "");
  for (const [classifier, jar] of Object.entries(jars)) {
    const target = join(folder, classifier ? `${base}-${classifier}.jar` : `${base}.jar`);
    copyFileSync(jar, target);
    written.push(target);
  }
  const stamp = time.replace(/[-:T]/g, "").slice(0, 14);
  const metadata = join(folder, "..", "maven-metadata.xml");
  writeFileSync(metadata, artifactMetadata(coordinates, stamp));
  for (const path of [...written, metadata]) writeChecksums(path);
  return folder;
}

/** The Java SDK's Maven coordinates, but for the version (tools/machine/java/sdk-pom.xml). */
export const sdkCoordinates = { groupId: "io.github.pulumi-webstats", artifactId: "webstats" };

/**
 * Writes the Java SDK that Maven built in `projectDir` (its pom and target/'s three jars) into the
 * repository folder `repository`; returns the version's folder.
 * @param {string} projectDir
 * @param {string} repository
 * @param {{ version: string, time: string }} options
 * @returns {string}
 */
export function writeSdkBuild(projectDir, repository, { version, time }) {
  const target = join(projectDir, "target");
  const base = `${sdkCoordinates.artifactId}-${version}`;
  return writeMavenArtifact(repository, {
    ...sdkCoordinates,
    version,
    time,
    pom: join(projectDir, "pom.xml"),
    jars: {
      "": join(target, `${base}.jar`),
      sources: join(target, `${base}-sources.jar`),
      javadoc: join(target, `${base}-javadoc.jar`),
    },
  });
}
