// Why a website or one of its findings does not fail (drift/report/report-context.ts): the
// ignore rules and the baseline entry that excuse a website whole, each excused part of one that
// still fails, and for one finding (SARIF's suppressions) the excuses of each of its parts, once
// each, in order; none when a part of it is not excused or the website does not have it.
import { describe, expect, it } from "vitest";
import { excuseText, findingExcuseText, partlyExcusedText } from "../../../../drift/report/report-context";
import type { DriftEntry, ExcusedPart } from "../../../../drift/model/entries";
import { entry } from "../../../support/drift-entries";

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

  it("gives the website's excuse when the baseline and the rules together excuse it whole", () => {
    const entry: DriftEntry = {
      ...changedIn(
        ["email", "favorite"],
        [
          ignoredBy("email", ".webstats-drift.yaml:3", "mail is on"),
          { finding: "changed", field: "favorite", by: "baseline", line: 9, firstSeen: "2026-10-01" },
        ],
      ),
      ignored: [{ rule: ".webstats-drift.yaml:3", reason: "mail is on" }],
      accepted: { firstSeen: "2026-10-01", line: 9 },
    };
    expect(findingExcuseText(entry, "changed", "drift-baseline.yaml")).toBe(
      "ignored: mail is on (.webstats-drift.yaml:3); " +
        "the rest accepted by the baseline (drift-baseline.yaml:9), first seen 2026-10-01",
    );
  });

  it("gives none for a finding the website does not have", () => {
    const entry = changedIn(["email"], [ignoredBy("email", ".webstats-drift.yaml:3", "mail is on")]);
    expect(findingExcuseText(entry, "silent", undefined)).toBeUndefined();
  });
});

describe("drift: why a website does not fail", () => {
  it("names every ignore rule, and the baseline for the rest", () => {
    const rules = [
      { rule: ".webstats-drift.yaml:3", reason: "mail is on" },
      { rule: ".webstats-drift.yaml:7", reason: "pinned" },
    ];
    expect(excuseText(entry("a.example.com", "changed", { ignored: rules }), undefined)).toBe(
      "ignored: mail is on (.webstats-drift.yaml:3); pinned (.webstats-drift.yaml:7)",
    );
    const both = entry("a.example.com", "changed", {
      ignored: [rules[0]!],
      accepted: { firstSeen: "2026-10-01", line: 9 },
    });
    expect(excuseText(both, "drift-baseline.yaml")).toBe(
      "ignored: mail is on (.webstats-drift.yaml:3); the rest accepted by the baseline (drift-baseline.yaml:9), first seen 2026-10-01",
    );
    // Excused as a whole, by both or by either alone, it is not partly excused.
    const parts = [ignoredBy("email", ".webstats-drift.yaml:3", "mail is on")];
    const { accepted, ignored } = both;
    for (const whole of [{ accepted, ignored }, { accepted }, { ignored }])
      expect(
        partlyExcusedText({ ...entry("a.example.com", "changed"), ...whole, excusedParts: parts }, undefined),
      ).toBeUndefined();
  });

  it("lists each excused part of a website that still fails", () => {
    const entry = changedIn(
      ["email", "favorite", "privacy"],
      [
        ignoredBy("email", ".webstats-drift.yaml:3", "mail is on"),
        { finding: "changed", field: "favorite", by: "baseline", line: 9, firstSeen: "2026-10-01" },
      ],
    );
    expect(partlyExcusedText(entry, "drift-baseline.yaml")).toBe(
      "partly excused: email ignored: mail is on (.webstats-drift.yaml:3); " +
        "favorite accepted by the baseline (drift-baseline.yaml:9), first seen 2026-10-01",
    );
  });
});
