#!/usr/bin/env node
// `npm run bench` (after a build): runs the bench through the real Pulumi engine with the packed
// package installed in a temporary project, and records the results in bench/results/.
// `npm run bench -- --smoke` runs tiny sizes instead and writes nothing unless --out is given.
// `--note TEXT` records a remark with the results, e.g. what else the machine was doing.
// `--only stacks` runs section 9 (drift --all over many stacks) alone and adds it to the results
// recorded before, which keep their own date; `--only report` does the same for section 10
// (drift's HTML report beside its JSON report) and `--only history` for section 11 (a year of
// drift's history beside a run without it), which need neither pulumi nor the package.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensurePulumi } from "../tools/machine/ensure-pulumi.mjs";
import { prepareProjectTemplate } from "../test/harness/program-project.mjs";
import { runBench, runSection, withSection, writeResults } from "./bench.mjs";

const { values } = parseArgs({
  options: {
    smoke: { type: "boolean" },
    out: { type: "string" },
    note: { type: "string" },
    only: { type: "string" },
  },
});
const mode = values.smoke ? "smoke" : "full";
const outDir =
  values.out ?? (mode === "full" ? join(dirname(fileURLToPath(import.meta.url)), "results") : undefined);

async function main() {
  const started = Date.now();
  const log = (line) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);
  if (values.only === "report" || values.only === "history") return sectionOnly(values.only, log);
  const cli = ensurePulumi({ quiet: true });
  const root = mkdtempSync(join(tmpdir(), "webstats-bench-"));
  try {
    log("packing the package and installing it into a Pulumi project");
    const templateDir = prepareProjectTemplate(root);
    let result = await runBench({
      mode,
      pulumi: { ...cli, templateDir },
      log,
      note: values.note,
      only: values.only,
    });
    const recorded = outDir && join(outDir, "latest.json");
    if (values.only && recorded && existsSync(recorded)) {
      result = withSection(JSON.parse(readFileSync(recorded, "utf8")), result, values.only);
    } else if (values.only) {
      // Nothing recorded to add it to: the section's figures are printed instead.
      process.stdout.write(`${JSON.stringify(result[values.only], null, 2)}\n`);
      return;
    }
    if (outDir) {
      process.stdout.write(`\n${writeResults(result, outDir)}\n`);
      log(`results written to ${outDir}`);
    } else {
      process.stdout.write(`${JSON.stringify(result.targets, null, 2)}\n`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Section 10 or 11 alone: they need no pulumi and no packed package, only dist/. */
async function sectionOnly(section, log) {
  const partial = await runSection({ mode, section, log, note: values.note });
  const recorded = outDir && join(outDir, "latest.json");
  if (!recorded || !existsSync(recorded)) {
    process.stdout.write(`${JSON.stringify(partial[section], null, 2)}\n`);
    return;
  }
  const result = withSection(JSON.parse(readFileSync(recorded, "utf8")), partial, section);
  process.stdout.write(`\n${writeResults(result, outDir)}\n`);
  log(`results written to ${outDir}`);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
