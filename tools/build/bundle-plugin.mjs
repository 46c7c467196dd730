// @ts-check
// After `tsc`: bundles the provider plugin (dist/plugin/main.js and everything it loads, gRPC
// and @pulumi/pulumi's rpc pieces included) into one file, dist/plugin/pulumi-resource-webstats.js.
// One file runs anywhere Node.js does without an install, which is what `pulumi plugin install`
// and the release tarball need: the engine runs a plugin from its own folder, away from any
// node_modules.
import { chmodSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFile } from "./esbuild-bundle.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outfile = join(root, "dist", "plugin", "pulumi-resource-webstats.js");

const { bytes } = await bundleFile({
  root,
  entry: join(root, "dist", "plugin", "main.js"),
  outfile,
  minify: true,
});
chmodSync(outfile, 0o755);
if (process.argv.includes("--verbose")) {
  process.stdout.write(`bundle-plugin: ${outfile} (${(bytes / 1024).toFixed(0)} KiB)\n`);
}
