// Why one finding of a website does not fail (drift/report/report-context.ts findingExcuseText,
// which SARIF's suppressions quote): the excuses of each of its parts, once each, in order; none
// when a part of it is not excused.
import { describe, expect, it } from "vitest";
import { findingExcuseText } from "../../drift/report/report-context";
import type { DriftEntry, ExcusedPart } from "../../drift/model/entries";
import { entry } from "../support/drift-entries";

const ignoredBy = (field: string, rule: string, reason: string): ExcusedPart => ({
  finding: "changed",
  field,
  by: "ignore",
  rule,
  reason,
});

const changedIn = (fields: string[], excusedParts: ExcusedPart[]): DriftEntry =>
  entry("a.example.com", "changed", {
    changes: fields.map((field) => ({ field, recorded: 1, live: 2 })),
    excusedParts,
  });

describe("drift: why a finding does not fail", () => {
  it("joins the excuses of every part of the finding, each once", () => {
    const entry = changedIn(
      ["email", "favorite", "privacy"],
      [
        ignoredBy("email", ".webstats-drift.yaml:3", "mail is on"),
        { finding: "changed", field: "favorite", by: "baseline", line: 9, firstSeen: "2026-10-01" },
        ignoredBy("privacy", ".webstats-drift.yaml:3", "mail is on"),
      ],
    );
    expect(findingExcuseText(entry, "changed", "drift-baseline.yaml")).toBe(
      "ignored: mail is on (.webstats-drift.yaml:3); " +
        "accepted by the baseline (drift-baseline.yaml:9), first seen 2026-10-01",
    );
  });

  it("gives none when one part of the finding is not excused", () => {
    const entry = changedIn(
      ["email", "privacy"],
      [ignoredBy("email", ".webstats-drift.yaml:3", "mail is on")],
    );
    expect(findingExcuseText(entry, "changed", undefined)).toBeUndefined();
  });
});
