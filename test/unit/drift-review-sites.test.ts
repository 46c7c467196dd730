// Where a reviewer acts on a website no stack read records and whose account no stack uses
// (drift/report/review-sites.ts): the project file drift runs beside, named Pulumi.yaml when the
// folder has none yet, or the one it has.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reviewSites } from "../../drift/report/review-sites";
import { entry } from "../support/drift-entries";

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
});
