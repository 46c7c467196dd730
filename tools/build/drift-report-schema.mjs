// @ts-check
// After `tsc`: writes the JSON Schema of drift's JSON report from its one description
// (drift/report/json-report-schema.ts, built into dist/) into dist/drift-report.schema.json, which
// the package exports as `pulumi-webstats/drift-report.schema.json`. With `--docs`, writes the copy
// the docs link, docs/drift-report.schema.json, formatted as the repository's other files are;
// test/unit/drift/report/json-report-schema.test.ts fails while that copy differs from the code.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

/** @type {{ driftReportJsonSchema: () => Record<string, unknown> }} */
const built = require(join(root, "dist", "drift", "report", "json-report-schema.js"));
const text = `${JSON.stringify(built.driftReportJsonSchema(), null, 2)}\n`;

if (process.argv.includes("--docs")) {
  const prettier = await import("prettier");
  const file = join(root, "docs", "drift-report.schema.json");
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
  process.stdout.write(`drift-report-schema: wrote ${file}\n`);
} else {
  writeFileSync(join(root, "dist", "drift-report.schema.json"), text);
}
