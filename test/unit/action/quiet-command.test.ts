// The Action's run (action/src/drift-action.ts) around a command that prints nothing and writes
// no report, which the real command never does (it prints its progress at least): runCli
// stands in here, so that the Action's own rules for an empty text hold on their own. The run
// against the real command is test/integration/action/drift-run.test.ts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runDriftAction } from "../../../action/src/drift-action";
import { readOutputFile } from "../../support/action-runner";
import { scratchFolder } from "../../support/scratch-folder";

const commands = vi.hoisted(() => [] as string[][]);
vi.mock("../../../cli/run", () => ({
  runCli: (args: string[]) => {
    commands.push(args);
    return Promise.resolve(0);
  },
}));

const root = scratchFolder("action-quiet-");

describe("the Action around a command that prints nothing", () => {
  it.each([["none"], ["code"]])(
    "fix %s: echoes no block and adds nothing to the job summary",
    async (fix) => {
      const outputDir = mkdtempSync(join(root, "reports-"));
      const outputFile = join(root, `output-${fix}`);
      const summaryFile = join(root, `summary-${fix}`);
      writeFileSync(outputFile, "");
      writeFileSync(summaryFile, "");
      let out = "";
      let err = "";
      const code = await runDriftAction(
        {
          INPUT_FIX: fix,
          "INPUT_OUTPUT-DIR": outputDir,
          "INPUT_WORKING-DIRECTORY": "infra",
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
        },
        { out: (text) => (out += text), err: (text) => (err += text) },
      );
      expect(code).toBe(0);
      // The command line alone: no stop-commands lines around nothing.
      expect(out).toBe(`pulumi-webstats ${(commands.at(-1) as string[]).join(" ")}\n`);
      expect(err).toBe("");
      expect(readFileSync(summaryFile, "utf8")).toBe("");
      const outputs = readOutputFile(readFileSync(outputFile, "utf8"));
      if (fix === "none") expect(outputs).toEqual({ "exit-code": "0" });
      else {
        expect(outputs).toEqual({ "exit-code": "0", "fix-summary": join(outputDir, "fix.md") });
        expect(readFileSync(join(outputDir, "fix.md"), "utf8")).toBe("");
      }
    },
  );
});
