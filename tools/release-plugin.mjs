// Builds the provider plugin's release archives in release/, named as the Pulumi engine asks for
// them when it downloads a missing plugin: pulumi-resource-webstats-v<version>-<os>-<arch>.tar.gz
// with Go's names for the platform (os linux or darwin, arch amd64 or arm64), since the engine
// fills them in from the Go runtime it runs on. An archive named `x64` would never be found.
// Each holds the single-file bundle as the executable `pulumi-resource-webstats`, plus the
// LICENSE and README. The schema's pluginDownloadURL points the engine at the GitHub release that
// carries them, and `pulumi plugin install resource webstats <version> --file <archive>` takes
// them too. The plugin is JavaScript started through its `#!/usr/bin/env node` line: every
// archive holds the same file, and the machine that runs it needs Node.js 20 or later on PATH.
// Linux is where it is built and tested; Windows is not served (a script without an .exe or .cmd
// is not something Windows runs).
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const bundle = join(root, "dist", "plugin", "pulumi-resource-webstats.js");
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first.`);

const releaseDir = process.env.WEBSTATS_RELEASE_DIR || join(root, "release");
const staging = join(releaseDir, "staging");
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
copyFileSync(bundle, join(staging, "pulumi-resource-webstats"));
chmodSync(join(staging, "pulumi-resource-webstats"), 0o755);
for (const document of ["LICENSE", "README.md"]) copyFileSync(join(root, document), join(staging, document));

const platforms = [
  ["linux", "amd64"],
  ["linux", "arm64"],
  ["darwin", "amd64"],
  ["darwin", "arm64"],
];
for (const [os, arch] of platforms) {
  const archive = join(releaseDir, `pulumi-resource-webstats-v${version}-${os}-${arch}.tar.gz`);
  execFileSync("tar", ["-czf", archive, "-C", staging, "pulumi-resource-webstats", "LICENSE", "README.md"]);
  process.stdout.write(`${archive}\n`);
}
rmSync(staging, { recursive: true, force: true });
