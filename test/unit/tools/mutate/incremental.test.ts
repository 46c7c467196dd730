// tools/mutate/incremental.mjs: the incremental file of a run united from earlier runs' files.
// Each mutated file comes from the newest report that holds it, each test file too; test ids are
// numbered anew; a mutant keeps the tests of its report whose file reads as it does now and loses
// the others (a helper above a test may have changed, which Stryker does not see), so that
// Stryker tests it again rather than trust a changed test.
import { describe, expect, it } from "vitest";
import { uniteIncrementalReports } from "../../../../tools/mutate/incremental.mjs";

const test = (id: string, name: string) => ({ id, name, location: { start: { line: 1, column: 1 } } });
const mutant = (id: string, status: string, coveredBy: string[], killedBy?: string[]) => ({
  id,
  status,
  coveredBy,
  ...(killedBy ? { killedBy } : {}),
});

// The newest run: a.ts, with tests of t1 (as they read now) and t2.
const newest = {
  schemaVersion: "1.0",
  projectRoot: "/tmp/newest",
  files: {
    "drift/a.ts": { source: "a new", mutants: [mutant("1", "Killed", ["0", "1"], ["1"])] },
    "policy/p.ts": { source: "p", mutants: [mutant("2", "Survived", ["0"])] },
  },
  testFiles: {
    "test/t1.test.ts": { source: "t1 now", tests: [test("0", "one"), test("1", "two")] },
    "test/t2.test.ts": { source: "t2", tests: [test("2", "three")] },
  },
};
// An older run: a.ts as it was (the newest wins), b.ts, and t1 as it read before, t3.
const older = {
  schemaVersion: "1.0",
  projectRoot: "/tmp/older",
  files: {
    "drift/a.ts": { source: "a old", mutants: [mutant("1", "Survived", ["0"])] },
    "drift/b.ts": {
      source: "b",
      mutants: [
        mutant("1", "Killed", ["0", "5"], ["0"]),
        mutant("2", "Killed", ["5", "6"], ["6"]),
        mutant("3", "Survived", ["6", "7"]),
      ],
    },
  },
  testFiles: {
    "test/t1.test.ts": { source: "t1 before", tests: [test("0", "one")] },
    "test/t2.test.ts": { source: "t2", tests: [test("5", "three")] },
    "test/t3.test.ts": { source: "t3", tests: [test("6", "four")] },
    // A test file the report holds without its source: nothing to compare, so never trusted.
    "test/t4.test.ts": { tests: [test("7", "five")] },
  },
};
const inDrift = (file: string) => file.startsWith("drift/");
const asNewest: Record<string, string> = {
  "test/t1.test.ts": "t1 now",
  "test/t2.test.ts": "t2",
  "test/t3.test.ts": "t3",
};
const readsAsNewest = (file: string) => asNewest[file];

describe("an incremental file united from earlier runs", () => {
  const united = uniteIncrementalReports([newest, older], inDrift, readsAsNewest);

  it("takes each mutated file the run keeps from the newest report that holds it", () => {
    expect(Object.keys(united?.files ?? {})).toEqual(["drift/a.ts", "drift/b.ts"]);
    expect(united?.files["drift/a.ts"]?.source).toBe("a new");
    expect(united?.files["drift/b.ts"]?.source).toBe("b");
    expect(united?.projectRoot).toBe("/tmp/newest");
  });

  it("holds each test file as the newest report read it, every test numbered anew", () => {
    expect(united?.testFiles).toEqual({
      "test/t1.test.ts": { source: "t1 now", tests: [test("0", "one"), test("1", "two")] },
      "test/t2.test.ts": { source: "t2", tests: [test("2", "three")] },
      "test/t3.test.ts": { source: "t3", tests: [test("3", "four")] },
      "test/t4.test.ts": { tests: [test("4", "five")] },
    });
  });

  it("keeps an older mutant's tests whose file is unchanged, under their new ids, and drops those of a changed file", () => {
    expect(united?.files["drift/a.ts"]?.mutants).toEqual([mutant("1", "Killed", ["0", "1"], ["1"])]);
    expect(united?.files["drift/b.ts"]?.mutants).toEqual([
      // Killed by a test of t1, which changed since: no killer left, so Stryker tests it again.
      mutant("1", "Killed", ["2"], []),
      mutant("2", "Killed", ["2", "3"], ["3"]),
      mutant("3", "Survived", ["3"]),
    ]);
  });

  it("is nothing when no report holds a file the run keeps", () => {
    expect(
      uniteIncrementalReports([newest, older], (file) => file.startsWith("core/"), readsAsNewest),
    ).toBeUndefined();
    expect(uniteIncrementalReports([], inDrift, readsAsNewest)).toBeUndefined();
  });

  it("drops the tests of a file that changed since even the newest run, and of one that is gone", () => {
    const changed = uniteIncrementalReports([newest, older], inDrift, (file) =>
      file === "test/t2.test.ts"
        ? "t2 with another helper"
        : file === "test/t3.test.ts"
          ? undefined
          : asNewest[file],
    );
    expect(changed?.files["drift/a.ts"]?.mutants).toEqual([mutant("1", "Killed", ["0", "1"], ["1"])]);
    expect(changed?.files["drift/b.ts"]?.mutants).toEqual([
      mutant("1", "Killed", [], []),
      mutant("2", "Killed", [], []),
      mutant("3", "Survived", []),
    ]);
    // The test files stay as the newest run read them: Stryker compares them with the files now.
    expect(changed?.testFiles).toEqual(united?.testFiles);
  });
});
