// @ts-check
// Run by `npm ci` / `npm install` in a clone (the `postprepare` script): makes
// node_modules/pulumi-webstats point at the clone itself. The examples are projects of their own
// (each has a package.json, for a copy outside the repository), so inside the clone their
// `require("pulumi-webstats")` would find no package; with this link it finds the clone's built
// dist/, which is what the root Pulumi.yaml runs.
//
// Why `postprepare` and not `prepare`: npm runs both after installing in the project folder, but
// for a dependency it considers only preinstall, install, postinstall and prepare. It never runs
// a dependency's `prepare` from a tarball, yet lists it among the install scripts awaiting
// approval (allowScripts), naming this file, which the package does not ship. `postprepare` is
// not on that list, so installing the package stays quiet, and a clone still gets its link.
import { lstatSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const link = join(root, "node_modules", "pulumi-webstats");

let exists = false;
try {
  lstatSync(link);
  exists = true;
} catch {
  // Not there yet.
}
if (!exists) {
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync("..", link, "dir");
}
