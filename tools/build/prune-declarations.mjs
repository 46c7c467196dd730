// @ts-check
// After `tsc`: keeps in dist/ only the type declarations that the package's public entry points
// reach (package.json `exports`), so internal modules (the Website core, the hosts' plumbing)
// are not published as API. Their JavaScript stays: it is what the entry points run.
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..", "..");
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/**
 * Every `.d.ts` under dist/.
 * @param {string} folder
 * @returns {string[]}
 */
function declarations(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarations(path);
    return entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * The declaration files one declaration file refers to: imports, re-exports and import types.
 * @param {string} file
 * @returns {string[]}
 */
function references(file) {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  return specifiers.map((specifier) => {
    const base = resolve(dirname(file), specifier.replace(/\.js$/, ""));
    const candidates = [`${base}.d.ts`, join(base, "index.d.ts")];
    const found = candidates.find((candidate) => existsSync(candidate));
    if (!found) throw new Error(`${file} refers to ${specifier}, which has no declaration file`);
    return found;
  });
}

const entries = Object.values(manifest.exports)
  .map((target) => (typeof target === "object" ? target.types : undefined))
  .filter((types) => typeof types === "string")
  .map((types) => join(root, types));

const reached = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = /** @type {string} */ (queue.pop());
  if (reached.has(file)) continue;
  if (!existsSync(file)) throw new Error(`package.json names ${file}, which the build did not write`);
  reached.add(file);
  queue.push(...references(file));
}

let removed = 0;
for (const file of declarations(dist)) {
  if (reached.has(file)) continue;
  rmSync(file);
  rmSync(`${file}.map`, { force: true });
  removed++;
}
if (process.argv.includes("--verbose")) {
  process.stdout.write(`prune-declarations: kept ${reached.size}, removed ${removed}\n`);
}
