// @ts-check
// Writes the settings tables from the one settings table (core/settings-tables.ts, built into
// dist/): "## Settings" of docs/accounts.md (every setting), the table of docs/networks.md (how an
// installation is reached), and the Registry page's "## Configuration". `npm run readme:settings`
// (after a build); test/unit/core/website-table-drift.test.ts and test/unit/docs/registry.test.ts fail when a
// page differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { invokedDirectly } from "../lib/invoked-directly.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

const cell = (/** @type {string} */ text) => text.replace(/\|/g, "\\|");

/**
 * @param {string[]} header
 * @param {string[][]} rows
 * @returns {string}
 */
function table(header, rows) {
  const line = (/** @type {string[]} */ cells) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * The page with the table after `heading` replaced.
 * @param {string} page
 * @param {string} heading
 * @param {string} text
 * @returns {string}
 */
function replaceTable(page, heading, text) {
  const lines = page.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`the page has no heading ${heading}`);
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"));
  let end = first;
  while (lines[end]?.startsWith("|")) end++;
  lines.splice(first, end - first, text);
  return lines.join("\n");
}

if (invokedDirectly(import.meta.url)) {
  const tables = require(join(root, "dist", "core", "settings-tables.js"));
  /**
   * @param {string} page
   * @param {string} heading
   * @param {string} text
   */
  const write = (page, heading, text) =>
    writeFileSync(join(root, page), replaceTable(readFileSync(join(root, page), "utf8"), heading, text));
  write(
    "docs/accounts.md",
    "## Settings",
    table(["stack configuration", "environment", "meaning"], tables.configureRows()),
  );
  write(
    "docs/networks.md",
    "# Networks: proxies, certificates, plain HTTP",
    table(
      ["stack configuration", "environment", "provider argument", "resource or function"],
      tables.networkRows(),
    ),
  );
  const registryPath = join(root, "docs", "installation-configuration.md");
  writeFileSync(
    registryPath,
    replaceTable(
      readFileSync(registryPath, "utf8"),
      "## Configuration",
      table(["setting", "environment variable", "type", "description"], tables.registryRows()),
    ),
  );
  const prettier = await import("prettier");
  for (const file of [join(root, "docs", "accounts.md"), join(root, "docs", "networks.md"), registryPath]) {
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(file, await prettier.format(readFileSync(file, "utf8"), { ...options, filepath: file }));
  }
  console.log(
    "readme:settings: wrote the settings tables of docs/accounts.md, docs/networks.md and docs/installation-configuration.md",
  );
}
