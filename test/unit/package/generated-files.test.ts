// .gitattributes marks every generated, committed file linguist-generated (GitHub folds them in
// diffs and leaves them out of the language statistics), and nothing written by hand.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..", "..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

/**
 * The files among `paths` that git does not mark linguist-generated (`true`, or `set` as the
 * generators' own .gitattributes in language-sdks/go and language-sdks/java write it).
 */
function notGenerated(paths: string[]): string[] {
  if (paths.length === 0) return [];
  return git("check-attr", "linguist-generated", "--", ...paths)
    .split("\n")
    .filter((line) => line !== "" && !/: linguist-generated: (true|set)$/.test(line))
    .map((line) => line.slice(0, line.indexOf(": linguist-generated")));
}

describe("generated files", () => {
  it("marks the language SDKs, the API reference, the Action's bundle and the compiled examples", () => {
    const generated = git("ls-files", "--", "language-sdks", "docs/reference", "action/dist")
      .split("\n")
      .filter(Boolean);
    expect(generated.filter((f) => f.startsWith("language-sdks/")).length).toBeGreaterThan(0);
    expect(generated.filter((f) => f.startsWith("docs/reference/")).length).toBeGreaterThan(0);
    expect(notGenerated([...generated, "core/schema-example-texts.ts"])).toEqual([]);
  });

  it("leaves the sources and the pages written by hand unmarked", () => {
    const hand = [
      "README.md",
      "docs/drift.md",
      "core/website-fields.ts",
      "drift/index.ts",
      "action/src/main.ts",
    ];
    expect(notGenerated(hand)).toEqual(hand);
  });
});
