// A baseline and an ignore file together: each part of a website's drift (a finding, or one
// field of a changed website) is excused by an ignore rule or by the baseline, and a website
// whose every part is excused, whichever covers which, does not fail; one only partly excused
// fails, with the excused parts kept for `--fix code` (which leaves those fields alone), for
// the report and for the next baseline (which leaves the ignored parts to the ignore file).
import { describe, expect, it } from "vitest";
import { baselineOf, parseBaseline, formatBaseline } from "../../../../drift/accept/baseline";
import { failsOn } from "../../../../drift/model/entries";
import type { DriftEntry } from "../../../../drift/model/entries";
import { excuseEntries, unexcusedChanges, unignoredPart } from "../../../../drift/accept/excuses";
import { parseIgnoreFile } from "../../../../drift/accept/ignore-file";
import { formatReport } from "../../../../drift/report/formats";
import { findingFails } from "../../../../drift/report/report-context";
import { changed, entry } from "../../../support/drift-entries";

const ignore = parseIgnoreFile(
  [
    "ignore:",
    "  - domain: shop.example.com",
    "    field: excludeIps",
    "    reason: the shop's team edits its excluded addresses",
    "  - domain: quiet.example.com",
    "    status: silent",
    "    reason: a landing page nobody visits",
    "",
  ].join("\n"),
  ".webstats-drift.yaml",
);

/** A baseline of these findings, first seen on 2025-01-01. */
const baselineOfEntries = (entries: DriftEntry[]) =>
  parseBaseline(formatBaseline(baselineOf(entries, "2025-01-01")), "b.yaml");

const withSilent = (e: DriftEntry): DriftEntry => ({ ...e, silent: true });

describe("baseline and ignore rules together", () => {
  it("excuses a changed website whose fields are ignored in part and accepted in part, naming both", () => {
    const baseline = baselineOfEntries([changed("shop.example.com", "privacy")]);
    const {
      websites: [shop],
      stale,
    } = excuseEntries([changed("shop.example.com", "excludeIps", "privacy")], { baseline, ignore });
    if (!shop) throw new Error("no entry");
    expect(shop.ignored).toEqual([
      { rule: ".webstats-drift.yaml:2", reason: "the shop's team edits its excluded addresses" },
    ]);
    expect(shop.accepted).toEqual({ firstSeen: "2025-01-01", line: expect.any(Number) as number });
    expect(failsOn(shop, ["changed"])).toBe(false);
    expect(stale).toEqual({ baseline: [], ignore: [ignore.rules[1]] });
    const text = formatReport(
      { stacks: ["p/prod"], websites: [shop], accounts: [], baseline: { file: "b.yaml", stale: [] } },
      "text",
    );
    expect(text).toContain(
      "shop.example.com (16) ignored: the shop's team edits its excluded addresses (.webstats-drift.yaml:2); " +
        "the rest accepted by the baseline (b.yaml:",
    );
  });

  it("excuses a changed and silent website whose change the baseline accepts and whose silence a rule ignores", () => {
    const baseline = baselineOfEntries([changed("quiet.example.com", "favorite")]);
    const [quiet] = excuseEntries([withSilent(changed("quiet.example.com", "favorite"))], {
      baseline,
      ignore,
    }).websites;
    if (!quiet) throw new Error("no entry");
    expect(quiet.accepted?.firstSeen).toBe("2025-01-01");
    expect(quiet.ignored?.map((r) => r.rule)).toEqual([".webstats-drift.yaml:5"]);
    expect(failsOn(quiet, ["changed", "silent"])).toBe(false);
  });

  it("a website with a part neither covers fails, and keeps which parts are excused", () => {
    const [shop] = excuseEntries([changed("shop.example.com", "excludeIps", "favorite")], {
      ignore,
    }).websites;
    if (!shop) throw new Error("no entry");
    expect(shop.ignored).toBeUndefined();
    expect(shop.accepted).toBeUndefined();
    expect(failsOn(shop, ["changed"])).toBe(true);
    expect(shop.excusedParts).toEqual([
      {
        finding: "changed",
        field: "excludeIps",
        by: "ignore",
        rule: ".webstats-drift.yaml:2",
        reason: "the shop's team edits its excluded addresses",
      },
    ]);
    // What --fix code may write: the field no rule covers.
    expect(unexcusedChanges(shop)?.map((c) => c.field)).toEqual(["favorite"]);
    const text = formatReport({ stacks: [], websites: [shop], accounts: [] }, "text");
    expect(text).toContain(
      "shop.example.com (16) partly excused: excludeIps ignored: the shop's team edits its excluded addresses (.webstats-drift.yaml:2)",
    );
  });

  it("one finding of a website excused on its own does not fail; the other still does", () => {
    const [quiet] = excuseEntries([withSilent(changed("quiet.example.com", "favorite"))], {
      ignore,
    }).websites;
    if (!quiet) throw new Error("no entry");
    expect(findingFails(quiet, "silent", {})).toBe(false);
    expect(findingFails(quiet, "changed", {})).toBe(true);
    expect(failsOn(quiet, ["silent"])).toBe(false);
    expect(failsOn(quiet, ["changed"])).toBe(true);
  });

  it("alone, each behaves as before: the rules or the baseline must cover every part", () => {
    const baseline = baselineOfEntries([changed("shop.example.com", "privacy")]);
    const [byBaseline, notAll] = excuseEntries(
      [changed("shop.example.com", "privacy"), changed("shop.example.com", "privacy", "email")],
      { baseline },
    ).websites;
    if (!byBaseline || !notAll) throw new Error("no entry");
    expect(byBaseline.accepted?.firstSeen).toBe("2025-01-01");
    expect(byBaseline.excusedParts).toBeUndefined();
    expect(notAll.accepted).toBeUndefined();
    expect(failsOn(notAll, ["changed"])).toBe(true);
  });

  it("a new baseline records what no rule covers, so that the two still excuse the website together", () => {
    const excused = excuseEntries(
      [
        changed("shop.example.com", "excludeIps", "privacy"),
        entry("quiet.example.com", "unmanaged", { silent: true }),
      ],
      { ignore },
    ).websites;
    const recordable = excused
      .map(unignoredPart)
      .filter((e): e is DriftEntry => e !== undefined)
      .map(({ ignored: _ignored, ...rest }) => rest);
    const written = baselineOf(recordable, "2025-02-02");
    expect(written).toEqual([
      {
        status: "unmanaged",
        domain: "quiet.example.com",
        installation: "https://stats.example.com",
        account: 7,
        firstSeen: "2025-02-02",
      },
      {
        status: "changed",
        domain: "shop.example.com",
        installation: "https://stats.example.com",
        account: 7,
        fields: ["privacy"],
        firstSeen: "2025-02-02",
      },
    ]);
    // The next run, with that baseline and the same rules: both excused.
    const next = excuseEntries(
      [
        changed("shop.example.com", "excludeIps", "privacy"),
        entry("quiet.example.com", "unmanaged", { silent: true }),
      ],
      { ignore, baseline: parseBaseline(formatBaseline(written), "b.yaml") },
    ).websites;
    expect(next.map((e) => failsOn(e, ["changed", "unmanaged", "silent"]))).toEqual([false, false]);
  });

  it("a new baseline leaves out the parts the rules cover, and keeps the ones the baseline covers", () => {
    const baseline = baselineOfEntries([changed("shop.example.com", "privacy")]);
    const website = changed("shop.example.com", "excludeIps", "privacy");
    const [shop] = excuseEntries([website], { baseline, ignore }).websites;
    if (!shop) throw new Error("no entry");
    expect(shop.excusedParts?.map((p) => [p.field, p.by])).toEqual([
      ["excludeIps", "ignore"],
      ["privacy", "baseline"],
    ]);
    // Nothing else is added: tracking was not checked, so the entry says nothing of silence.
    const { changes: _changes, ...rest } = shop;
    expect(unignoredPart(shop)).toStrictEqual({ ...rest, changes: [website.changes![1]] });
  });

  it("a silent website keeps its silence in the new baseline when a rule covers one of its fields", () => {
    const website = withSilent(changed("shop.example.com", "excludeIps", "privacy"));
    const [shop] = excuseEntries([website], { ignore }).websites;
    if (!shop) throw new Error("no entry");
    const kept = unignoredPart(shop);
    const { changes: _changes, ...rest } = shop;
    expect(kept).toStrictEqual({ ...rest, changes: [website.changes![1]] });
    expect(baselineOf([kept!], "2025-02-02")).toStrictEqual([
      {
        status: "changed",
        domain: "shop.example.com",
        installation: "https://stats.example.com",
        account: 7,
        fields: ["privacy"],
        silent: true,
        firstSeen: "2025-02-02",
      },
    ]);
  });

  it("a silent website whose every field a rule covers is recorded silent with its fields", () => {
    const website = withSilent(changed("shop.example.com", "excludeIps"));
    const [shop] = excuseEntries([website], { ignore }).websites;
    if (!shop) throw new Error("no entry");
    expect(shop.excusedParts?.map((p) => [p.finding, p.field])).toEqual([["changed", "excludeIps"]]);
    // A changed baseline entry names some fields: the ones the rules cover are kept for it.
    const kept = unignoredPart(shop);
    expect(kept).toStrictEqual(shop);
    const written = formatBaseline(baselineOf([kept!], "2025-02-02"));
    expect(written).toContain("    fields: [ excludeIps ]\n    silent: true\n");
    expect(parseBaseline(written, "b.yaml").entries).toHaveLength(1);
  });

  it("a website every part of which the rules cover is not recorded in the baseline", () => {
    const [quiet] = excuseEntries([entry("quiet.example.com", "in-sync", { silent: true })], {
      ignore,
    }).websites;
    if (!quiet) throw new Error("no entry");
    expect(quiet.ignored).toBeDefined();
    expect(unignoredPart(quiet)).toBeUndefined();
  });
});
