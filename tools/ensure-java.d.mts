// Types for tools/ensure-java.mjs, used by the tests.
export const lockFile: string;
export const javaSdkDir: string;
export const javaProgramDir: string;
/** The -D properties Pulumi's Java host runs a Maven project with to list the plugins it needs. */
export const pluginListing: { mainClass: string; mainArgs: string };
export function findJavaTools(): { java?: string; mvn?: string; missing: string };
export function javaHostVersion(): string;
export function ensureJavaHost(options?: { quiet?: boolean; progress?: NodeJS.WritableStream }): {
  binary: string;
  binDir: string;
  version: string;
  source: "cache" | "build";
};
export function readLock(file?: string): Map<string, string>;
/** Downloads each file of `lock` (path to SHA-256) from `base` (Maven Central) into `repository`, checked first. */
export function fetchLocked(repository: string, lock: Map<string, string>, base?: string): Promise<void>;
export function resolvedArtifacts(repository: string): Map<string, string>;
export function lockDifferences(expected: Map<string, string>, actual: Map<string, string>): string[];
export function mavenBuild(
  projectDir: string,
  goals: string[],
  options: { repository: string; offline?: boolean; properties?: Record<string, string> },
): Promise<void>;
export function prepareJavaProgram(targetDir: string, sdkDir?: string): string;
/** The complete pom.xml of the README's Java section (its java-pom example). */
export function readmeJavaPom(): string;
/** A project as the README has a user make one: the pom, the SDK's sources, and `program` as myproject.App. */
export function prepareReadmeProject(
  targetDir: string,
  options?: { pom?: string; program?: string; sdkDir?: string },
): string;
export function mavenCacheDir(): string;
export function ensureMavenRepository(options?: {
  quiet?: boolean;
  progress?: NodeJS.WritableStream;
}): Promise<{ repository: string; source: "cache" | "resolved" }>;
