#!/usr/bin/env node
// @ts-check
// The GitHub Action's one file: action/src/main.ts and everything it loads (the drift command,
// its dependencies at the versions package-lock.json holds) bundled by esbuild into
// action/dist/index.js, which is committed: action.yml runs it with the runner's own Node.js
// (`runs.using: node24`), so a workflow's `uses: pulumi-webstats/pulumi-webstats@v<version>`
// pins the code and every dependency together, and nothing is installed at run time. Not
// minified, so that a change to it can be read in review; the same sources and esbuild give the
// same bytes.
//
// Usage: node tools/build/bundle-action.mjs           (npm run action) writes the bundle
//        node tools/build/bundle-action.mjs --check   (npm run action:check, in npm test) fails
//                                                     when the committed bundle is not a fresh build's
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFile } from "./esbuild-bundle.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const actionBundle = join(root, "action", "dist", "index.js");
const banner =
  "// The GitHub Action (action.yml), generated from action/src by tools/build/bundle-action.mjs\n" +
  "// (npm run action): do not edit. npm test fails when it differs from a fresh build.";

/**
 * The bundle as a fresh build makes it; written to action/dist/index.js unless `write` is false.
 * @param {{ write?: boolean }} [options]
 */
export async function buildActionBundle({ write = true } = {}) {
  return bundleFile({
    root,
    entry: join(root, "action", "src", "main.ts"),
    outfile: actionBundle,
    minify: false,
    banner,
    write,
  });
}

/**
 * Why the committed bundle is not what a fresh build makes, or undefined when it is.
 * @returns {Promise<string | undefined>}
 */
export async function staleBundle() {
  const path = relative(root, actionBundle);
  if (!existsSync(actionBundle)) return `${path} is missing`;
  const { text } = await buildActionBundle({ write: false });
  const committed = readFileSync(actionBundle, "utf8");
  if (committed === text) return undefined;
  const fresh = text.split("\n");
  const old = committed.split("\n");
  let line = 0;
  while (line < fresh.length && fresh[line] === old[line]) line++;
  return `${path} differs from a fresh build of action/src from line ${line + 1} (${old.length} lines committed, ${fresh.length} built)`;
}

if (invokedDirectly(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const stale = await staleBundle();
    if (stale) {
      process.stderr.write(
        `action:check: ${stale}: run npm run action and commit action/dist/index.js with the change.\n`,
      );
      process.exit(1);
    }
    process.stdout.write("action:check: action/dist/index.js is a fresh build of action/src\n");
  } else {
    const { bytes } = await buildActionBundle();
    process.stdout.write(
      `bundle-action: ${relative(root, actionBundle)} (${(bytes / 1024).toFixed(0)} KiB)\n`,
    );
  }
}
