// The rules `npm run release` refuses bad input by (tools/release/release-rules.mjs): a dirty
// working tree, versions that disagree, a tag that is not the version, and a release folder that
// no longer matches its SHA256SUMS. Each refusal names the file and the fix.
import { describe, expect, it } from "vitest";
import {
  dirtyTreeVerdict,
  escapeModulePath,
  formatSums,
  goModuleTag,
  parseSums,
  sumsMismatches,
  tagMismatch,
  versionMismatches,
} from "../../../../tools/release/release-rules.mjs";

const hashA = "a".repeat(64);
const hashB = "b".repeat(64);

describe("versions", () => {
  const fix = "run npm run sdks and commit the result.";

  it("accepts manifests that all state package.json's version", () => {
    expect(
      versionMismatches("1.2.3", [
        { file: "language-sdks/schema.json", version: "1.2.3", fix },
        { file: "language-sdks/java/pom.xml", version: "1.2.3", fix },
      ]),
    ).toEqual([]);
  });

  it("names each file that disagrees, what it says and the fix", () => {
    const refusals = versionMismatches("1.2.3", [
      { file: "language-sdks/schema.json", version: "1.2.3", fix },
      { file: "language-sdks/python/pyproject.toml", version: "1.2.2", fix },
      { file: "sdk/version.ts", version: undefined, fix: "set SDK_VERSION." },
    ]);
    expect(refusals).toEqual([
      `language-sdks/python/pyproject.toml: version 1.2.2, but package.json says 1.2.3; ${fix}`,
      "sdk/version.ts: states no version (expected 1.2.3); set SDK_VERSION.",
    ]);
  });
});

describe("the working tree", () => {
  it("lets a clean tree publish", () => {
    expect(dirtyTreeVerdict([], false)).toEqual({ publishable: true });
  });

  it("refuses a dirty tree, naming the files and the way out", () => {
    const verdict = dirtyTreeVerdict([" M package.json", "?? notes.txt"], false);
    expect(verdict.publishable).toBe(false);
    expect(verdict.refusal).toContain(" M package.json");
    expect(verdict.refusal).toContain("?? notes.txt");
    expect(verdict.refusal).toContain("--allow-dirty");
  });

  it("builds a dirty tree with --allow-dirty, marked not publishable", () => {
    expect(dirtyTreeVerdict([" M package.json"], true)).toEqual({
      publishable: false,
      reason: "built from a working tree with 1 uncommitted change(s)",
    });
  });

  it("keeps a long list of changes short", () => {
    const lines = Array.from({ length: 25 }, (_, index) => `?? file-${index}`);
    const refusal = dirtyTreeVerdict(lines, false).refusal ?? "";
    expect(refusal).toContain("file-19");
    expect(refusal).not.toContain("file-20");
    expect(refusal).toContain("... and 5 more");
  });
});

describe("the tag", () => {
  it("accepts no tag or v<version>", () => {
    expect(tagMismatch(undefined, "1.2.3")).toBeUndefined();
    expect(tagMismatch("v1.2.3", "1.2.3")).toBeUndefined();
  });

  it("refuses another tag, saying which was expected", () => {
    expect(tagMismatch("v1.2.4", "1.2.3")).toContain("expected v1.2.3");
    expect(tagMismatch("1.2.3", "1.2.3")).toContain("expected v1.2.3");
  });
});

describe("SHA256SUMS", () => {
  it("writes what sha256sum -c reads, sorted by path, and reads it back", () => {
    const hashes = new Map([
      ["python/b.whl", hashB],
      ["npm/a.tgz", hashA],
    ]);
    const text = formatSums(hashes);
    expect(text).toBe(`${hashA}  npm/a.tgz\n${hashB}  python/b.whl\n`);
    expect(parseSums(text)).toEqual(hashes);
    // sha256sum's binary-mode marker is accepted too.
    expect(parseSums(`${hashA} *npm/a.tgz\n`)).toEqual(new Map([["npm/a.tgz", hashA]]));
  });

  it("refuses a line that is not a checksum, naming it", () => {
    expect(() => parseSums(`${hashA}  ok\nnot a line\n`)).toThrow(/line 2 .*not a line/);
  });

  it("names each file that changed, went missing or is not listed", () => {
    const listed = new Map([
      ["npm/a.tgz", hashA],
      ["python/b.whl", hashB],
    ]);
    const found = new Map([
      ["npm/a.tgz", hashB],
      ["extra.txt", hashA],
    ]);
    expect(sumsMismatches(listed, found)).toEqual([
      `changed: npm/a.tgz (sha256 ${hashB}, listed ${hashA})`,
      "missing: python/b.whl",
      "not listed: extra.txt",
    ]);
    expect(sumsMismatches(listed, new Map(listed))).toEqual([]);
  });
});

describe("the Go module", () => {
  it("escapes upper-case letters in a proxy path as the go command does", () => {
    expect(escapeModulePath("github.com/pulumi-webstats/pulumi-webstats/language-sdks/go")).toBe(
      "github.com/pulumi-webstats/pulumi-webstats/language-sdks/go",
    );
    expect(escapeModulePath("github.com/Azure/SDK")).toBe("github.com/!azure/!s!d!k");
  });

  it("is tagged with its folder as prefix", () => {
    expect(goModuleTag("language-sdks/go", "1.2.3")).toBe("language-sdks/go/v1.2.3");
  });
});
