// Builds the provider plugin's release archive, pulumi-resource-webstats-v<version>-linux-x64.tar.gz,
// in release/: the single-file bundle as the executable `pulumi-resource-webstats`, plus the
// LICENSE and README. This is the file the schema's pluginDownloadURL points the engine at, and
// what `pulumi plugin install resource webstats <version> --file <archive>` takes. The plugin is
// JavaScript: the machine that runs it needs Node.js 20 or later on PATH (the archive's name
// says linux-x64, where it is built and tested; the file itself has nothing specific to either).
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const bundle = join(root, "dist", "plugin", "pulumi-resource-webstats.js");
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first.`);

const releaseDir = join(root, "release");
const staging = join(releaseDir, "staging");
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
copyFileSync(bundle, join(staging, "pulumi-resource-webstats"));
chmodSync(join(staging, "pulumi-resource-webstats"), 0o755);
for (const document of ["LICENSE", "README.md"]) copyFileSync(join(root, document), join(staging, document));

const archive = join(releaseDir, `pulumi-resource-webstats-v${version}-linux-x64.tar.gz`);
execFileSync("tar", ["-czf", archive, "-C", staging, "pulumi-resource-webstats", "LICENSE", "README.md"]);
rmSync(staging, { recursive: true, force: true });
process.stdout.write(`${archive}\n`);
