#!/usr/bin/env node
// @ts-check
// The main lane's Node.js: `npm test` and the demo run on the 24 line, whatever Node.js the
// machine has (Node.js 20, past its end of life, is no longer supported; @pulumi/pulumi itself
// needs 22 or later).
//
//   node tools/machine/main-node.mjs <command> [args...]
//     runs the command as it is when this script runs on Node.js 24, else with Node.js
//     MAIN_NODE_VERSION first on PATH, so that the command and everything it starts (npm, vitest,
//     the engine's dynamic-provider plugin) run on it. That release comes from the npm registry
//     once per machine (tools/machine/ensure-node.mjs). `npm test` and `npm run demo` go through
//     it, so the README's two commands run on Node.js 24 on a machine whose own Node.js is 20.
//   node tools/machine/main-node.mjs --bin-dir
//     prints the folder of that release's `node` (fetching it when needed): .ci/run puts it first
//     on PATH before `npm ci`, and every later step finds Node.js 24 already running.

import { spawnSync } from "node:child_process";
import { delimiter } from "node:path";
import { ensureNode } from "./ensure-node.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/** The Node.js release of the main lane; README's "Tested combinations" table names it. */
export const MAIN_NODE_VERSION = "24.21.0";

/** The major version of a version such as "24.21.0" or "v24.21.0". */
const lineOf = (/** @type {string} */ version) => version.replace(/^v/, "").split(".")[0];

/**
 * Whether a Node.js of `version` (process.versions.node) runs the main lane as it is.
 * @param {string} version
 * @returns {boolean}
 */
export function isMainLine(version) {
  return lineOf(version) === lineOf(MAIN_NODE_VERSION);
}

/**
 * Runs `command` on the main lane's Node.js; returns its exit status.
 * @param {string} command
 * @param {string[]} args
 * @returns {number}
 */
function runOnMainNode(command, args) {
  let env = process.env;
  if (!isMainLine(process.versions.node)) {
    const node = ensureNode(MAIN_NODE_VERSION);
    process.stderr.write(
      `main-node: Node.js v${process.versions.node} runs here; running ${command} on Node.js v${node.version} (${node.node})\n`,
    );
    env = { ...process.env, PATH: [node.binDir, process.env.PATH ?? ""].join(delimiter) };
  }
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) throw result.error;
  if (result.signal) process.kill(process.pid, result.signal);
  return result.status ?? 1;
}

if (invokedDirectly(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (command === "--bin-dir") {
    process.stdout.write(`${ensureNode(MAIN_NODE_VERSION).binDir}\n`);
  } else if (command) {
    process.exitCode = runOnMainNode(command, args);
  } else {
    process.stderr.write("usage: node tools/machine/main-node.mjs <command> [args...] | --bin-dir\n");
    process.exitCode = 2;
  }
}
