// @ts-check
// A Stryker reporter that appends each tested mutant to a JSON-lines file as its result comes in
// (WEBSTATS_MUTATE_PROGRESS names the file), so that a run stopped before its end still leaves
// what it found: tools/mutate/run.mjs records such a run as partial from it.

import { appendFileSync } from "node:fs";
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";

class ProgressFileReporter {
  constructor() {
    this.file = process.env.WEBSTATS_MUTATE_PROGRESS;
  }

  /** @param {Readonly<import("@stryker-mutator/api/core").MutantResult>} result */
  onMutantTested(result) {
    if (!this.file) return;
    const { fileName, location, mutatorName, replacement, status } = result;
    appendFileSync(
      this.file,
      `${JSON.stringify({ fileName, location, mutatorName, replacement, status })}\n`,
    );
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Reporter, "progress-file", ProgressFileReporter),
];
