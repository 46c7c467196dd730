// Builds the provider plugin's release archives, pulumi-resource-webstats-v<version>-<os>-<arch>.tar.gz,
// in release/: the single-file bundle as the executable `pulumi-resource-webstats`, plus the
// LICENSE and README. These are the files the schema's pluginDownloadURL points the engine at
// (it asks for the archive of its own platform), and what `pulumi plugin install resource
// webstats <version> --file <archive>` takes. The plugin is JavaScript started through its
// `#!/usr/bin/env node` line: every archive holds the same file, and the machine that runs it
// needs Node.js 20 or later on PATH. Linux x64 is where it is built and tested; Windows is not
// served (a script without an .exe or .cmd is not something Windows runs).
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

const platforms = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"];
for (const platform of platforms) {
  const archive = join(releaseDir, `pulumi-resource-webstats-v${version}-${platform}.tar.gz`);
  execFileSync("tar", ["-czf", archive, "-C", staging, "pulumi-resource-webstats", "LICENSE", "README.md"]);
  process.stdout.write(`${archive}\n`);
}
rmSync(staging, { recursive: true, force: true });
