// Where the websites of a report are declared, for SARIF (drift/report/declaration-sites.ts): the
// first of an entry's resources a stack read records, its declaring line, and its file relative to
// drift's folder when inside it, by its full path when not.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { declarationSites } from "../../../../drift/report/declaration-sites";
import { entry, nodeProject, recorded } from "../../../support/fix-code-fixture";

describe("drift: where a website is declared", () => {
  it("finds the first recorded resource's line, relative inside the folder and whole outside it", () => {
    const dir = nodeProject({ "index.ts": "\n\nnew Website\n" });
    const website = recorded(dir, "docs", "docs.example.com", { position: "project:///index.ts#3,1" });
    const docs = entry("duplicate", "docs.example.com", ["team/dev:docs", "team/prod:docs"]);
    expect(declarationSites([website], dir)(docs)).toEqual({ file: "index.ts", line: 3 });
    const elsewhere = mkdtempSync(join(tmpdir(), "declaration-sites-"));
    expect(declarationSites([website], elsewhere)(docs)).toEqual({ file: join(dir, "index.ts"), line: 3 });
    expect(declarationSites([website], dir)(entry("unmanaged", "new.example.com", []))).toBeUndefined();
  });
});
