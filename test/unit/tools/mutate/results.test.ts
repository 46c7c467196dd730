// tools/mutate/results.mjs: a Stryker report condensed into counts and survivors, a part's run
// merged into the record, and the Markdown page: the score per folder (equivalent and static
// survivors left out of the last one), each survivor with its reason, and the entries of
// equivalent-mutants.json that no survivor matches (out of date until the part runs again).
import { describe, expect, it } from "vitest";
import {
  condenseReport,
  contextOf,
  mergeResult,
  renderMarkdown,
  scores,
} from "../../../../tools/mutate/results.mjs";

const at = (line: number, column: number, endColumn: number) => ({
  start: { line, column },
  end: { line, column: endColumn },
});
const report = {
  files: {
    "drift/a.ts": {
      source: "const a = b === 1;\nreturn a || c;\n",
      mutants: [
        {
          status: "Killed",
          mutatorName: "EqualityOperator",
          replacement: "b !== 1",
          location: at(1, 11, 18),
        },
        {
          status: "Timeout",
          mutatorName: "ConditionalExpression",
          replacement: "true",
          location: at(1, 11, 18),
        },
        { status: "Survived", mutatorName: "LogicalOperator", replacement: "a && c", location: at(2, 8, 14) },
        {
          status: "NoCoverage",
          mutatorName: "ConditionalExpression",
          replacement: "false",
          location: at(1, 11, 18),
          static: true,
        },
        { status: "Ignored", mutatorName: "StringLiteral", replacement: '""', location: at(1, 1, 2) },
      ],
    },
  },
};
const condensed = condenseReport(report);
const part = (name: string, commit = "aaaaaaaaaaaaaaaa") => ({
  part: name,
  globs: [name],
  commit,
  changedFiles: [],
  startedAt: "2026-11-28T05:00:00Z",
  seconds: 90,
  node: "24.21.0",
  concurrency: 2,
  complete: true,
  ...condensed,
});

describe("mutation results", () => {
  it("condenses a report into counts and survivors with the text each replaced", () => {
    expect(condensed.counts).toEqual({
      killed: 1,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      runtimeError: 0,
      compileError: 0,
      ignored: 1,
    });
    expect(condensed.survivors).toEqual([
      {
        file: "drift/a.ts",
        line: 1,
        column: 11,
        context: "const a = b === 1;",
        mutator: "ConditionalExpression",
        original: "b === 1",
        replacement: "false",
        status: "NoCoverage",
        static: true,
      },
      {
        file: "drift/a.ts",
        line: 2,
        column: 8,
        context: "return a || c;",
        mutator: "LogicalOperator",
        original: "a || c",
        replacement: "a && c",
        status: "Survived",
      },
    ]);
    expect(scores(condensed.counts)).toEqual({ score: 50, scoreCovered: (100 * 2) / 3 });
  });

  it("replaces a part's earlier run, keeping it listed, and a folder's run replaces its parts'", () => {
    const first = mergeResult([], part("drift/a.ts", "1111111111111111"));
    const again = mergeResult(first, part("drift/a.ts", "2222222222222222"));
    expect(again).toHaveLength(1);
    expect(again[0]?.commit).toBe("2222222222222222");
    expect(again[0]?.earlierRuns).toEqual([
      {
        startedAt: "2026-11-28T05:00:00Z",
        seconds: 90,
        commit: "1111111111111111",
        incremental: false,
        complete: true,
      },
    ]);
    expect(mergeResult([...again, part("policy")], part("drift")).map((p) => p.part)).toEqual([
      "drift",
      "policy",
    ]);
  });

  it("marks each survivor judged equivalent with its reason, and lists the entries no survivor matches", () => {
    const equivalents = [
      {
        file: "drift/a.ts",
        context: "return a || c;",
        mutator: "LogicalOperator",
        replacement: "a && c",
        reason: "c is a.",
      },
      {
        file: "drift/a.ts",
        mutator: "ConditionalExpression",
        replacement: "false",
        static: true,
        reason: "3 tests fail.",
      },
      {
        file: "drift/a.ts",
        context: 'f("x");',
        mutator: "StringLiteral",
        replacement: '""',
        reason: "Gone.",
      },
    ];
    const page = renderMarkdown([part("drift/a.ts")], equivalents, ["drift", "policy"]);
    expect(page).toContain(
      "| drift/ | drift/a.ts | 4 | 1 | 1 | 1 | 1 | 2 | 50.0% | 66.7% | 100.0% |\n\nRun in part only (the score is of the parts listed): drift/.\nNot run yet: policy/.",
    );
    expect(page).toContain(
      "| drift/a.ts | 1 | ConditionalExpression | `b === 1` | `false` | no coverage, static | Static, killed when every test runs: 3 tests fail. |\n" +
        "| drift/a.ts | 2 | LogicalOperator | `a \\|\\| c` | `a && c` | survived | c is a. |\n",
    );
    expect(page.slice(page.indexOf("## Equivalent entries no survivor matches"))).toBe(
      "## Equivalent entries no survivor matches\n\n" +
        "Each is killed now, or the text it names changed (read it again), or it was written after its part's last run: the part's next run tells which.\n\n" +
        '| file | at | mutator | replacement |\n| --- | --- | --- | --- |\n| drift/a.ts | `f("x");` | StringLiteral | `""` |\n',
    );
    expect(renderMarkdown([part("drift/a.ts")], equivalents.slice(0, 2))).not.toContain(
      "no survivor matches",
    );
  });

  it("finds an equivalent by its text wherever the file's edits moved it", () => {
    const entry = {
      file: "drift/a.ts",
      context: "return a || c;",
      mutator: "LogicalOperator",
      replacement: "a && c",
      reason: "c is a.",
    };
    const moved = {
      files: {
        "drift/a.ts": {
          source: "// a line added\n\nconst a = b === 1;\nreturn a || c;\n",
          mutants: [
            {
              status: "Survived",
              mutatorName: "LogicalOperator",
              replacement: "a && c",
              location: at(4, 8, 14),
            },
          ],
        },
      },
    };
    const elsewhere = { ...entry, context: "return b || c;", reason: "Another line's." };
    const page = renderMarkdown([{ ...part("drift/a.ts"), ...condenseReport(moved) }], [elsewhere, entry]);
    expect(page).toContain(
      "| drift/a.ts | 4 | LogicalOperator | `a \\|\\| c` | `a && c` | survived | c is a. |",
    );
    expect(page).toContain("| drift/a.ts | `return b \\|\\| c;` | LogicalOperator | `a && c` |");
  });

  it.each([
    ["a line of its own text", "a();\nb();\nc();", 2, "b();"],
    ["white space condensed", "if  (x)\n\t  return   y;", 2, "return y;"],
    [
      "a repeated line told apart by the one above",
      "a();\n} catch {\nb();\n} catch {",
      4,
      "b(); ⏎ } catch {",
    ],
    ["blank lines skipped above", "a();\nx();\nb();\n\n\nx();", 6, "b(); ⏎ x();"],
    ["lines above until they occur once", "p();\nq();\nx();\nz();\nq();\nx();", 6, "z(); ⏎ q(); ⏎ x();"],
    ["at most five lines above", "x();\n".repeat(9), 8, Array(6).fill("x();").join(" ⏎ ")],
    ["the first line, repeated later, has nothing above", "x();\nx();", 1, "x();"],
  ])("tells a mutant's place by text: %s", (_, source, line, context) => {
    expect(contextOf(source, line)).toBe(context);
  });
});
