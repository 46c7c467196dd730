// Where a reviewer acts on a website when its declaring line is not known
// (drift/report/review-sites.ts): the project file drift runs beside when no stack read knows it
// (named Pulumi.yaml when the folder has none yet, or the one it has); its stack's project when
// its fleet file is gone, by its full path outside drift's folder; a project of its account's
// stacks when their websites are in two fleet files, or in one that is gone; the folder's project
// for a website whose state names no folder, or no origin at all.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reviewSites } from "../../../../drift/report/review-sites";
import { entry } from "../../../support/drift-entries";
import { entry as fleetEntry, nodeProject, recorded } from "../../../support/fix-code-fixture";
import { stackWebsite } from "../../../support/recorded-website";

const fallback =
  "the project in the folder drift ran in: no project of the stacks read is known (give --cwd DIR before --state FILE)";

describe("drift: where a website no stack knows is reviewed", () => {
  it("is the folder's project file, Pulumi.yaml when it has none", () => {
    const folder = mkdtempSync(join(tmpdir(), "review-sites-"));
    const stray = entry("stray.example.com", "unmanaged");
    expect(reviewSites([], [stray], folder)(stray)).toEqual({ file: "Pulumi.yaml", line: 1, fallback });
    writeFileSync(join(folder, "Pulumi.yml"), "name: team\nruntime: nodejs\n");
    expect(reviewSites([], [stray], folder)(stray)).toEqual({ file: "Pulumi.yml", line: 1, fallback });
  });

  it("is the stack's project when its fleet file is gone, named by its full path outside the folder", () => {
    const here = mkdtempSync(join(tmpdir(), "review-sites-"));
    const elsewhere = nodeProject({});
    const website = recorded(elsewhere, "sites-a.example.com", "a.example.com", {
      fleetFile: "missing.yaml",
    });
    const a = fleetEntry("changed", "a.example.com", ["team/prod:sites-a.example.com"]);
    expect(reviewSites([website], [a], here)(a)).toEqual({
      file: join(elsewhere, "Pulumi.yaml"),
      line: 1,
      fallback: "the project of stack team/prod, where its declaration was not found",
    });
  });

  it("is the project of a stack of its account when the account's websites are in two fleet files", () => {
    const dir = nodeProject({
      "a.yaml": "websites:\n  - domain: a.example.com\n",
      "b.yaml": "websites:\n  - domain: b.example.com\n",
    });
    const websites = [
      recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "a.yaml" }),
      recorded(dir, "sites-b.example.com", "b.example.com", { fleetFile: "b.yaml" }),
    ];
    const entries = [
      fleetEntry("in-sync", "a.example.com", ["team/prod:sites-a.example.com"]),
      fleetEntry("in-sync", "b.example.com", ["team/prod:sites-b.example.com"]),
      fleetEntry("unmanaged", "new.example.com", [], { id: 9 }),
    ];
    expect(reviewSites(websites, entries, dir)(entries[2]!)).toEqual({
      file: "Pulumi.yaml",
      line: 1,
      fallback: "the project of stack team/prod, which uses its account and could declare it",
    });
  });

  it("is the project of a stack of its account when the account's one fleet file is gone", () => {
    const dir = nodeProject({});
    const website = recorded(dir, "sites-a.example.com", "a.example.com", { fleetFile: "gone.yaml" });
    const entries = [
      fleetEntry("in-sync", "a.example.com", ["team/prod:sites-a.example.com"]),
      fleetEntry("unmanaged", "new.example.com", [], { id: 9 }),
    ];
    expect(reviewSites([website], entries, dir)(entries[1]!)).toEqual({
      file: "Pulumi.yaml",
      line: 1,
      fallback: "the project of stack team/prod, which uses its account and could declare it",
    });
  });

  it("is the folder's project for a website whose state names no folder, or no origin at all", () => {
    const folder = mkdtempSync(join(tmpdir(), "review-sites-"));
    const noFolder = stackWebsite(1, "a.example.com", {
      stack: "team/prod",
      resource: "sites-a.example.com",
      origin: {
        type: "webstats:index:Website",
        positions: [],
        fleet: { name: "sites", file: "a.yaml", positions: [] },
      },
    });
    const noOrigin = stackWebsite(2, "b.example.com", { stack: "team/dev", resource: "b.example.com" });
    const a = fleetEntry("in-sync", "a.example.com", ["team/prod:sites-a.example.com"]);
    const b = fleetEntry("in-sync", "b.example.com", ["team/dev:b.example.com"], { id: 8 });
    const locate = reviewSites([noFolder, noOrigin], [a, b], folder);
    expect(locate(a)).toEqual({ file: "Pulumi.yaml", line: 1, fallback });
    expect(locate(b)).toEqual({ file: "Pulumi.yaml", line: 1, fallback });
  });
});
