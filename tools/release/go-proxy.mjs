// @ts-check
// The release's Go SDK: the module in language-sdks/go written as a Go module proxy serves it
// (tools/release/go-proxy/main.go, over golang.org/x/mod), so that `GOPROXY=file://<folder>`
// installs exactly what the tag `language-sdks/go/v<version>` will publish, before the tag
// exists. The writer is built once per machine (tools/machine/go-tool.mjs).
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureGoTool } from "../machine/go-tool.mjs";
import { escapeModulePath } from "./release-rules.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const goSdkDir = join(repoRoot, "language-sdks", "go");

/**
 * The Go SDK's module path, as its go.mod declares it.
 * @returns {string}
 */
export function goSdkModulePath() {
  const match = /^module\s+(\S+)\s*$/m.exec(readFileSync(join(goSdkDir, "go.mod"), "utf8"));
  if (match?.[1] === undefined) throw new Error("language-sdks/go/go.mod declares no module");
  return match[1];
}

/**
 * Writes the Go SDK at `version` into the proxy layout under `proxyDir`; returns the folder of
 * its `@v` files. `time` is the version's time in the `.info` file (the release commit's, so that
 * two builds of one commit agree).
 * @param {string} proxyDir
 * @param {{ version: string, time: string, progress?: NodeJS.WritableStream }} options
 * @returns {string}
 */
export function writeGoProxy(proxyDir, { version, time, progress = process.stderr }) {
  const { binary } = ensureGoTool({
    binary: "go-proxy",
    moduleDir: join(here, "go-proxy"),
    cacheName: "go-proxy",
    cacheEnv: "WEBSTATS_GO_PROXY_CACHE",
    prefix: "release",
    buildNote: "a few seconds",
    quiet: true,
    progress,
  });
  const modulePath = goSdkModulePath();
  const args = ["-module", modulePath, "-version", `v${version}`, "-time", time, "-source", goSdkDir];
  const result = spawnSync(binary, [...args, "-out", proxyDir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`writing the Go module proxy failed:\n${result.stderr}`);
  return join(proxyDir, escapeModulePath(modulePath), "@v");
}
