#!/usr/bin/env node
// @ts-check
// Runs the named npm scripts side by side, as many at once as the machine has cores (at least
// two), and prints each one's output whole when it ends, so that the outputs never interleave.
// The main lane's checks (lint, format, typecheck, the API docs, the build) each keep one core
// busy and read nothing another writes: one after another they took 91 s on a 2-core machine,
// side by side about as long as the longest of them. Every script runs to its end even after
// another failed, so that one run shows every failure; the exit status is 1 if any failed.
// (core/bounded-pool.ts stops at the first failure and is not built yet when these run.)
// Usage: node tools/ci/checks.mjs SCRIPT...
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { forEachAtMost } from "../lib/at-most.mjs";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/**
 * Runs one npm script in `cwd` with its output captured in arrival order.
 * @param {string} script
 * @param {string} cwd
 * @returns {Promise<{ script: string, ok: boolean, output: string, seconds: number }>}
 */
function runScript(script, cwd) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const finish = (/** @type {boolean} */ ok, /** @type {string} */ extra = "") =>
      resolve({
        script,
        ok,
        output: Buffer.concat(chunks).toString("utf8") + extra,
        seconds: (Date.now() - started) / 1000,
      });
    child.on("error", (error) => finish(false, `${error.message}\n`));
    child.on("close", (code, signal) => finish(code === 0, signal ? `ended by ${signal}\n` : ""));
  });
}

/**
 * Runs the npm scripts `scripts` of the package in `cwd`, at most `limit` at once, in the order
 * given, printing each one's output and verdict as it ends; resolves to the scripts that failed,
 * in the order given.
 * @param {{ scripts: string[], limit: number, cwd: string, print: (text: string) => void }} options
 * @returns {Promise<string[]>}
 */
export async function runChecks({ scripts, limit, cwd, print }) {
  /** @type {string[]} */
  const failed = [];
  await forEachAtMost(scripts, limit, async (script) => {
    const result = await runScript(script, cwd);
    const verdict = result.ok ? "passed" : "FAILED";
    print(`${result.output}checks: ${script} ${verdict} in ${result.seconds.toFixed(1)}s\n`);
    if (!result.ok) failed.push(script);
  });
  return scripts.filter((script) => failed.includes(script));
}

if (invokedDirectly(import.meta.url)) {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0) {
    process.stderr.write("usage: node tools/ci/checks.mjs SCRIPT...\n");
    process.exit(2);
  }
  const failed = await runChecks({
    scripts,
    limit: Math.max(2, availableParallelism()),
    cwd: process.cwd(),
    print: (text) => process.stdout.write(text),
  });
  if (failed.length > 0) {
    process.stdout.write(`checks: failed: ${failed.join(", ")}\n`);
    process.exit(1);
  }
}
