// The report stage of a drift run (drift/report/report-run.ts): each stale baseline entry and
// ignore rule warned of on standard error first, the report on standard output, each --output
// file written and said so, and every report file's folder checked before the run reads a stack.
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkReportOutputs, reportStage } from "../../../../drift/report/report-run";
import type { DriftReport } from "../../../../drift/model/report";
import { changed, staleAcceptances } from "../../../support/drift-entries";
import { driftJsonReport } from "../../../support/drift-json-report";

describe("drift: the report stage", () => {
  it("warns of what is stale, prints the report, writes each output file and says so", async () => {
    const folder = mkdtempSync(join(tmpdir(), "report-run-"));
    const report: DriftReport = {
      stacks: ["web/prod"],
      websites: [changed("a.example.com", "email")],
      accounts: [],
      ...staleAcceptances(),
    };
    const out: string[] = [];
    const err: string[] = [];
    const code = await reportStage(
      report,
      [],
      {
        format: "json",
        failOn: ["changed"],
        outputs: [{ format: "markdown", file: join(folder, "drift.md") }],
      },
      false,
      { out: (text) => out.push(text), err: (text) => err.push(text) },
      { locate: () => undefined },
    );
    expect(code).toBe(2);
    expect(err).toEqual([
      "Warning: drift-baseline.yaml:12 matches no website any more (see the report).\n",
      "Warning: .webstats-drift.yaml:7 matches no website any more (see the report).\n",
      `Wrote the markdown report to ${join(folder, "drift.md")}.\n`,
    ]);
    expect(driftJsonReport(out.join("")).websites).toHaveLength(1);
    expect(readFileSync(join(folder, "drift.md"), "utf8")).toMatch(/^## Website drift\n/);
  });

  it("refuses a report file whose folder is missing or that is a folder, before anything is read", () => {
    const folder = mkdtempSync(join(tmpdir(), "report-run-"));
    mkdirSync(join(folder, "taken.json"));
    expect(() =>
      checkReportOutputs({ outputs: [{ format: "json", file: join(folder, "taken.json") }] }),
    ).toThrow(`The report ${join(folder, "taken.json")} is a folder: give a file name.`);
    const missing = join(folder, "no", "r.json");
    expect(() => checkReportOutputs({ outputs: [{ format: "json", file: missing }] })).toThrow(
      `The report ${missing} cannot be written: the folder ${join(folder, "no")} does not exist. Create it first.`,
    );
    expect(() => checkReportOutputs({})).not.toThrow();
  });
});
