#!/usr/bin/env node
// @ts-check
// Makes Debian's PostgreSQL server available for the tests that read Pulumi's PostgreSQL backend
// (test/support/postgres-server.ts starts a throwaway server of it), and returns the folder of
// its programs: /usr/lib/postgresql/<major>/bin of the highest major installed, else
// `apt-get install -y postgresql` (as root, the way CI and the project's machines run) installs
// it first. Debian keeps the server's programs (initdb, postgres, pg_ctl) off PATH, one folder
// per major version, so the folder is looked for rather than the commands.
//
// `node tools/machine/ensure-postgresql.mjs` installs it when needed and prints the folder.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

/** Where Debian's packages put each major version of the server. */
const postgresqlRoot = "/usr/lib/postgresql";

/** The programs the tests run: a folder without one of them is not a usable server. */
const programs = ["initdb", "postgres", "pg_ctl"];

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
      `ensure-postgresql: ${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}); ` +
        `install Debian's postgresql package (apt-get install postgresql) as root, then run the tests again.`,
    );
  }
}

/**
 * The bin folder of the highest major version installed with all the programs, or undefined.
 * @returns {string | undefined}
 */
function findPostgresql() {
  if (!existsSync(postgresqlRoot)) return undefined;
  const majors = readdirSync(postgresqlRoot)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
  for (const major of majors) {
    const bin = join(postgresqlRoot, String(major), "bin");
    if (programs.every((program) => existsSync(join(bin, program)))) return bin;
  }
  return undefined;
}

/**
 * The bin folder of the server's programs, installed from Debian's packages first when missing.
 * @returns {string}
 */
export function ensurePostgresql() {
  const found = findPostgresql();
  if (found) return found;
  process.stderr.write("ensure-postgresql: installing Debian's postgresql package (apt-get)...\n");
  const started = Date.now();
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"]);
  const installed = findPostgresql();
  if (!installed)
    throw new Error(
      `ensure-postgresql: the postgresql package left no ${postgresqlRoot}/<major>/bin with ${programs.join(", ")}`,
    );
  process.stderr.write(`ensure-postgresql: installed in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return installed;
}

if (invokedDirectly(import.meta.url)) {
  process.stdout.write(`${ensurePostgresql()}\n`);
}
