// The language SDKs' engine tests install each SDK from the artifact a release publishes, built by
// the release's own code (tools/release/) into the test's folder, and installed the way its users
// install it. Each file builds only its own language's artifact, once per run (in its beforeAll):
// the Python wheel in about 3 s, the Go module proxy in about 3 s, the Maven repository in about
// 17 s; the Node.js tarballs are the ones the global setup packs for every engine test.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { goSdkModulePath, writeGoProxy } from "../../tools/release/go-proxy.mjs";
import { buildMavenRepository } from "../../tools/release/maven-package.mjs";
import { buildPythonPackages } from "../../tools/release/python-package.mjs";

const root = join(__dirname, "..", "..");

/** The package's version: every SDK's and the release's. */
export const releaseVersion = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
).version;

/**
 * Builds the Python SDK's wheel into `<workDir>/release/python` and installs it with pip into a
 * new virtual environment, `<workDir>/venv`, as a user installs a package file; returns that
 * environment's interpreter. The wheel's dependencies (pulumi and the rest) are the pinned
 * environment's, which the new one sees through a .pth file, so pip resolves them offline (no
 * index) and the run needs no download.
 */
export function installPythonWheel(pinnedPython: string, workDir: string): string {
  const { wheel } = buildPythonPackages(join(workDir, "release", "python"), { python: pinnedPython });
  const venv = join(workDir, "venv");
  // No pip inside: the pinned environment's pip installs into it (`pip --python`).
  execFileSync(pinnedPython, ["-m", "venv", "--without-pip", venv]);
  const python = join(venv, "bin", "python");
  const purelib = (interpreter: string) =>
    execFileSync(interpreter, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], {
      encoding: "utf8",
    }).trim();
  writeFileSync(join(purelib(python), "pinned-dependencies.pth"), `${purelib(pinnedPython)}\n`);
  execFileSync(pinnedPython, ["-m", "pip", "--python", python, "install", "--quiet", "--no-index", wheel], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return python;
}

/**
 * Writes the Go SDK's module into a module proxy layout, `<workDir>/release/go-proxy`, as the
 * release does; returns the proxy folder, the module path and the version to require.
 */
export function goProxyRelease(workDir: string): { proxyDir: string; modulePath: string; version: string } {
  const proxyDir = join(workDir, "release", "go-proxy");
  writeGoProxy(proxyDir, {
    version: releaseVersion,
    time: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  });
  return { proxyDir, modulePath: goSdkModulePath(), version: `v${releaseVersion}` };
}

/**
 * Builds the Java SDK into a Maven repository folder, `<workDir>/release/maven`, as the release
 * does, against the locked local repository `repository`; returns the folder.
 */
export async function mavenRelease(workDir: string, repository: string): Promise<string> {
  const folder = join(workDir, "release", "maven");
  await buildMavenRepository(folder, { version: releaseVersion, time: new Date().toISOString(), repository });
  return folder;
}
