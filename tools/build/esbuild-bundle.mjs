// @ts-check
// The one way this repository bundles a Node.js program into a single file with esbuild (the
// provider plugin, tools/build/bundle-plugin.mjs; the GitHub Action, tools/build/bundle-action.mjs):
// everything it loads in one CommonJS file for Node.js 20 and later, so that it runs from any
// folder without node_modules or an install.
import { build } from "esbuild";

/**
 * Bundles `entry` into `outfile`; with `write: false` returns the text instead of writing it.
 * Paths in the output's comments are relative to `root`, so the output does not depend on where
 * the checkout is.
 * @param {{ root: string, entry: string, outfile: string, minify: boolean, banner?: string, write?: boolean }} options
 * @returns {Promise<{ text: string, bytes: number }>}
 */
export async function bundleFile({ root, entry, outfile, minify, banner, write = true }) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // An entry's own `#!/usr/bin/env node` line is kept by esbuild.
    minify,
    legalComments: "eof",
    ...(banner ? { banner: { js: banner } } : {}),
    logLevel: "warning",
    metafile: true,
    write,
  });
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  return { text: result.outputFiles?.[0]?.text ?? "", bytes };
}
