// @ts-check
// After `tsc`: bundles the provider plugin (dist/plugin/main.js and everything it loads, gRPC
// and @pulumi/pulumi's rpc pieces included) into one file, dist/plugin/pulumi-resource-webstats.js.
// One file runs anywhere Node.js does without an install, which is what `pulumi plugin install`
// and the release tarball need: the engine runs a plugin from its own folder, away from any
// node_modules.
import { chmodSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outfile = join(root, "dist", "plugin", "pulumi-resource-webstats.js");

const result = await build({
  entryPoints: [join(root, "dist", "plugin", "main.js")],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // The entry's own `#!/usr/bin/env node` line is kept by esbuild.
  minify: true,
  legalComments: "eof",
  logLevel: "warning",
  metafile: true,
});
chmodSync(outfile, 0o755);
if (process.argv.includes("--verbose")) {
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  process.stdout.write(`bundle-plugin: ${outfile} (${(bytes / 1024).toFixed(0)} KiB)\n`);
}
