// Builds the provider plugin's release archives in release/, named as the Pulumi engine asks for
// them when it downloads a missing plugin: pulumi-resource-webstats-v<version>-<os>-<arch>.tar.gz
// with Go's names for the platform (os linux, darwin or windows, arch amd64 or arm64), since the
// engine fills them in from the Go runtime it runs on. An archive named `x64` would never be found.
// Each holds its platform's single executable (tools/release/plugin-executables.mjs: Node.js inside, none
// needed on the machine) under the name the engine runs, `pulumi-resource-webstats`, or
// `pulumi-resource-webstats.exe` on Windows, where the engine tries `.exe` first; plus the
// LICENSE and README. The schema's pluginDownloadURL points the engine at the GitHub release that
// carries them, and `pulumi plugin install resource webstats <version> --file <archive>` takes
// them too.
//
// Usage: node tools/release/release-plugin.mjs [<os>-<arch> ...]   (default: every platform)
// Importable: releasePlugin({ releaseDir, platforms }) resolves to the archives' paths.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildPluginExecutables, executableFileName } from "./plugin-executables.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const execFileAsync = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The archive's name for a platform: the engine's standard asset name.
 * @param {string} version
 * @param {string} os
 * @param {string} arch
 * @returns {string}
 */
export function releaseArchiveName(version, os, arch) {
  return `pulumi-resource-webstats-v${version}-${os}-${arch}.tar.gz`;
}

/**
 * Writes the archive of each platform (default: all) into `releaseDir` (default release/, or
 * WEBSTATS_RELEASE_DIR) and resolves to their paths, in the order of the platforms. Each
 * platform's archive is made as soon as its executable is, beside the other platforms'.
 * @param {{ releaseDir?: string, platforms?: string[], log?: (line: string) => void }} [options]
 * @returns {Promise<string[]>}
 */
export async function releasePlugin({
  releaseDir = process.env.WEBSTATS_RELEASE_DIR || join(root, "release"),
  platforms,
  log = () => {},
} = {}) {
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const staging = join(releaseDir, "staging");
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const executables = await buildPluginExecutables({
      outDir: staging,
      platforms,
      log,
      then: async ({ platform, os, arch }) => {
        const folder = join(staging, platform);
        for (const document of ["LICENSE", "README.md"])
          copyFileSync(join(root, document), join(folder, document));
        const archive = join(releaseDir, releaseArchiveName(version, os, arch));
        await execFileAsync("tar", ["-czf", archive, "-C", folder, executableFileName(os), "LICENSE", "README.md"]);
        return archive;
      },
    });
    return executables.map(({ then }) => /** @type {string} */ (then));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (invokedDirectly(import.meta.url)) {
  const platforms = process.argv.length > 2 ? process.argv.slice(2) : undefined;
  for (const archive of await releasePlugin({ platforms })) process.stdout.write(`${archive}\n`);
}
