// tools/mutate/move-equivalents.mjs: an equivalent mutant's line follows its code through a
// change, read from the hunks of `git diff -U0`: lines above a change stay, lines below move by
// what was added and removed, and a line the change replaced is named as touched.
import { describe, expect, it } from "vitest";
import { hunksOf, movedLine } from "../../tools/mutate/move-equivalents.mjs";

// Two lines added after line 5, old lines 9 and 10 removed, old line 20 replaced by three.
const diff = [
  "diff --git a/x.ts b/x.ts",
  "@@ -5,0 +6,2 @@ function a() {",
  "+added",
  "+added",
  "@@ -9,2 +10,0 @@",
  "-gone",
  "-gone",
  "@@ -20 +20,3 @@",
  "-old",
  "+new",
  "+new",
  "+new",
].join("\n");

describe("moving equivalent mutants' lines", () => {
  it("reads each hunk, a length left out being 1", () => {
    expect(hunksOf(diff)).toEqual([
      { oldStart: 5, oldLength: 0, newStart: 6, newLength: 2 },
      { oldStart: 9, oldLength: 2, newStart: 10, newLength: 0 },
      { oldStart: 20, oldLength: 1, newStart: 20, newLength: 3 },
    ]);
  });

  it("keeps the lines above a change, and moves those below by what was added and removed", () => {
    const hunks = hunksOf(diff);
    const moved = (line: number) => movedLine(line, hunks);
    expect(moved(1)).toEqual({ line: 1, touched: false });
    expect(moved(5)).toEqual({ line: 5, touched: false });
    expect(moved(6)).toEqual({ line: 8, touched: false });
    expect(moved(8)).toEqual({ line: 10, touched: false });
    expect(moved(11)).toEqual({ line: 11, touched: false });
    expect(moved(19)).toEqual({ line: 19, touched: false });
    expect(moved(21)).toEqual({ line: 23, touched: false });
  });

  it("names a line the change removed or replaced as touched", () => {
    const hunks = hunksOf(diff);
    expect(movedLine(9, hunks).touched).toBe(true);
    expect(movedLine(10, hunks).touched).toBe(true);
    expect(movedLine(20, hunks)).toEqual({ line: 20, touched: true });
  });

  it("moves nothing without a change", () => {
    expect(movedLine(42, hunksOf(""))).toEqual({ line: 42, touched: false });
  });
});
