// The tests of a module sit at its path, so a newcomer finds them from the code: every unit and
// integration test file lies in a folder of its tier that names a folder of the repository
// (test/unit/drift/report/ for drift/report/), or one of the few folders for what has no single
// home in the product (the package as a whole, the test support, the harness). Engine tests are
// grouped by what the engine runs instead, and are not held here.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../support/checkout";

// The package as a whole (its layers, contents and entry types), test/support/ and test/harness/.
const ownFolders = new Set(["package", "support", "harness"]);

describe.each(["unit", "integration"])("test/%s/", (tier) => {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", `test/${tier}`], {
    cwd: repoRoot,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file.endsWith(".test.ts") && existsSync(join(repoRoot, file)));

  it("holds its test files", () => expect(files.length).toBeGreaterThan(10));

  it("puts each test file at the path of what it tests", () => {
    const astray = files.filter((file) => {
      const folder = file.split("/").slice(2, -1);
      const [first] = folder;
      if (first === undefined) return true;
      if (ownFolders.has(first)) return folder.length !== 1;
      const place = join(repoRoot, ...folder);
      return !existsSync(place) || !statSync(place).isDirectory();
    });
    expect(astray, `move each into test/${tier}/<the folder of the code it tests>/`).toEqual([]);
  });
});
