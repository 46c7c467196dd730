// drift's --format/--output pairs (read in the order given) and the baseline options, parsed
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
