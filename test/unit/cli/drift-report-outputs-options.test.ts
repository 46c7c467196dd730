// drift's --format/--output pairs (read in the order given), the baseline and the history options, parsed
// before anything runs; wrong lines are refused without echoing a value.
import { describe, expect, it } from "vitest";
import { parsedOptions } from "../../support/run-cli";
import { UsageError } from "../../../cli/usage-error";

const optionsOf = (...args: string[]) => parsedOptions(["drift", "--state", "prod.json", ...args]);

function refusal(...args: string[]): string {
  try {
    optionsOf(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("not refused");
}

describe("drift: --format and --output", () => {
  it("pairs each --output with the --format before it; the rest goes to standard output", () => {
    expect(
      optionsOf("--format", "sarif", "--output", "r.sarif", "--format", "junit", "--output", "r.xml"),
    ).toMatchObject({
      format: "text",
      outputs: [
        { format: "sarif", file: "r.sarif" },
        { format: "junit", file: "r.xml" },
      ],
    });
    expect(optionsOf("--format", "markdown", "--format", "sarif", "--output", "r.sarif")).toMatchObject({
      format: "markdown",
      outputs: [{ format: "sarif", file: "r.sarif" }],
    });
    expect(optionsOf("--format", "junit")).toMatchObject({ format: "junit" });
    expect(optionsOf("--format", "junit")).not.toHaveProperty("outputs");
  });

  it("refuses an --output with no --format before it, two reports on standard output, one file twice", () => {
    expect(refusal("--output", "r.sarif", "--format", "sarif")).toBe(
      "--output FILE writes the report of the --format before it: write --format F --output FILE for each report.",
    );
    expect(refusal("--format", "json", "--format", "sarif")).toBe(
      "only one report can go to standard output: give each other --format an --output FILE after it.",
    );
    expect(refusal("--format", "json", "--output", "r", "--format", "sarif", "--output", "r")).toBe(
      "two --output options name the same file: give each report its own file.",
    );
    expect(refusal("--format", "s3cr3t-value")).toBe(
      "--format of drift is text, json, markdown, sarif, junit or html.",
    );
  });
});

describe("drift: --baseline, --write-baseline, --ignore", () => {
  it("takes the files as given", () => {
    expect(
      optionsOf("--baseline", "b.yaml", "--write-baseline", "b.yaml", "--ignore", "rules.yaml"),
    ).toMatchObject({ baseline: "b.yaml", writeBaseline: "b.yaml", ignoreFile: "rules.yaml" });
  });

  it("refuses a baseline written over a report", () => {
    expect(refusal("--format", "json", "--output", "b.yaml", "--write-baseline", "b.yaml")).toBe(
      "--write-baseline and an --output name the same file: give the baseline its own file.",
    );
    expect(refusal("--baseline=")).toBe("--baseline needs a file name.");
  });
});

describe("drift: --history, --history-keep", () => {
  it("takes the file, and keeps 100 runs unless told", () => {
    expect(optionsOf("--history", "h.jsonl")).toMatchObject({
      history: { file: "h.jsonl", keep: { runs: 100 } },
    });
    expect(optionsOf("--history", "h.jsonl", "--history-keep", "90d")).toMatchObject({
      history: { file: "h.jsonl", keep: { days: 90 } },
    });
    expect(optionsOf()).not.toHaveProperty("history");
  });

  it.each([
    [["--history-keep", "5"], "--history-keep bounds the --history FILE: add --history FILE."],
    [["--history="], "--history needs a file name."],
    [
      ["--history", "h", "--history-keep", "s3cr3t"],
      "--history-keep takes a number of runs (1 to 10000, such as 100) or of days (1d to 3650d, such as 90d).",
    ],
    [
      ["--history", "r.json", "--format", "json", "--output", "r.json"],
      "--history names a file the run writes already (an --output or --write-baseline): give the history its own file.",
    ],
    [
      ["--history", "b.yaml", "--write-baseline", "b.yaml"],
      "--history names a file the run writes already (an --output or --write-baseline): give the history its own file.",
    ],
    [
      ["--history", "h", "--shard", "1/2", "--shard-file", "s.json"],
      "--history compares every stack's findings with the last run, which one shard does not have: give it to pulumi-webstats drift merge.",
    ],
  ])("refuses %j", (args, message) => expect(refusal(...args)).toMatch(message));

  it("is drift merge's too", () =>
    expect(
      parsedOptions(["drift", "merge", "s1.json", "--history", "h.jsonl", "--history-keep", "30"]),
    ).toMatchObject({
      history: { file: "h.jsonl", keep: { runs: 30 } },
    }));
});
