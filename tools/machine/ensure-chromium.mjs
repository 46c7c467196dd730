#!/usr/bin/env node
// @ts-check
// Makes Debian's Chromium available for the browser test (test/browser/), and returns where it
// is: /usr/bin/chromium when it is there, else `apt-get install -y chromium` (as root, the way
// CI and the project's machines run) installs it first. The browser comes from the system's own
// package archive; the test's driver (playwright-core) never downloads one.
//
// `node tools/machine/ensure-chromium.mjs` installs it when needed and prints its path.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/** Where Debian's package puts the browser's command. */
export const chromiumPath = "/usr/bin/chromium";

/**
 * Runs a command with its output shown; throws naming it when it fails.
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) {
    throw new Error(
      `ensure-chromium: ${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}); ` +
        `install Debian's chromium package (apt-get install chromium) as root, then run the tests again.`,
    );
  }
}

/**
 * The browser's path, installed from Debian's packages first when it is missing.
 * @returns {string}
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  process.stderr.write("ensure-chromium: installing Debian's chromium package (apt-get)...\n");
  const started = Date.now();
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  if (!existsSync(chromiumPath))
    throw new Error(`ensure-chromium: the chromium package left no ${chromiumPath}`);
  process.stderr.write(`ensure-chromium: installed in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return chromiumPath;
}

if (invokedDirectly(import.meta.url)) {
  process.stdout.write(`${ensureChromium()}\n`);
}
