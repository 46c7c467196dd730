// drift's JSON report as the tests read it: parsed, then validated against the JSON Schema the
// package ships, so that every report a test reads (drift's, drift merge's, in-process or from the
// packed command) proves the published schema true. The validator is Ajv, which the SARIF tests
// use too: it reads the JSON Schema itself, as a user's program would, rather than the zod
// description it is made from (drift/report/json-report-schema.ts).
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { driftReportJsonSchema } from "../../drift/report/json-report-schema";
import type { DriftJsonReport } from "../../drift/report/json-report-schema";

const ajv = new Ajv2020({ allErrors: true });
const validate = ajv.compile(driftReportJsonSchema());

/** What is wrong with `value` as a drift JSON report, one line per problem; empty when nothing is. */
export function driftJsonProblems(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || "(the report)"} ${e.message ?? "is wrong"} ${JSON.stringify(e.params)}`,
  );
}

/**
 * The report in `text` (a drift or drift merge JSON report), after checking it against the schema.
 * `T` is the shape the test reads, which the schema's own type is by default.
 */
export function driftJsonReport<T = DriftJsonReport>(text: string): T {
  const value = JSON.parse(text) as unknown;
  const problems = driftJsonProblems(value);
  if (problems.length > 0) {
    throw new Error(`The drift JSON report does not match its schema:\n  ${problems.join("\n  ")}`);
  }
  return value as T;
}

/**
 * Checks the JSON report an Action run wrote (its `report-json` output) when the command ran to
 * its report (its `exit-code` output 0, 2 or 3): a run that failed may name a file it did not write.
 */
export function checkActionJsonReport(outputs: Record<string, string | undefined>): void {
  const file = outputs["report-json"];
  if (file && ["0", "2", "3"].includes(outputs["exit-code"] ?? ""))
    driftJsonReport(readFileSync(file, "utf8"));
}
