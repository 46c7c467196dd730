// The drift command's tracking options: --check-tracking, --silent-days N (a whole number of
// days, never echoed back) and silent in --fail-on, parsed before any request.
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../../cli/run";
import { parsedOptions } from "../../support/run-cli";
import { UsageError } from "../../../cli/usage-error";
import { defaultParallel } from "../../../core/bounded-pool";

const optionsOf = parsedOptions;

const drift = (...args: string[]) => optionsOf(["drift", "--state", "prod.json", ...args]);

describe("drift: the tracking options", () => {
  it("checks nothing by default, and fails on every status but in-sync", () => {
    expect(drift()).toEqual({
      sources: [{ kind: "file", path: "prod.json" }],
      parallel: defaultParallel(),
      readWith: "auto",
      format: "text",
      failOn: ["changed", "gone", "unmanaged", "duplicate"],
    });
  });

  it("--check-tracking looks back 7 days by default, and fails on silent too", () => {
    expect(drift("--check-tracking")).toMatchObject({
      tracking: { days: 7 },
      failOn: ["changed", "gone", "unmanaged", "duplicate", "silent"],
    });
    expect(drift("--check-tracking", "--silent-days", "30")).toMatchObject({ tracking: { days: 30 } });
    expect(drift("--silent-days=1", "--check-tracking")).toMatchObject({ tracking: { days: 1 } });
    expect(drift("--check-tracking", "--silent-days", "3650")).toMatchObject({ tracking: { days: 3650 } });
  });

  it("--fail-on names silent alone, with statuses, or not at all", () => {
    expect(drift("--check-tracking", "--fail-on", "silent")).toMatchObject({ failOn: ["silent"] });
    expect(drift("--check-tracking", "--fail-on", "gone,silent")).toMatchObject({
      failOn: ["gone", "silent"],
    });
    expect(drift("--check-tracking", "--fail-on", "changed")).toMatchObject({
      tracking: { days: 7 },
      failOn: ["changed"],
    });
    expect(drift("--check-tracking", "--fail-on", "none")).toMatchObject({ failOn: [] });
  });

  it("refuses --silent-days that is not a whole number of days from 1, without echoing it", () => {
    for (const value of ["0", "abc", "-3", "1.5", "7d", "", "1e2", "3651", "s3cr3t"]) {
      let error: unknown;
      try {
        drift("--check-tracking", `--silent-days=${value}`);
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(
        "--silent-days is a whole number of days from 1 to 3650 (default 7).",
      );
    }
  });

  it("says that --silent-days needs a value, and how to write a negative one", () => {
    expect(() => drift("--check-tracking", "--silent-days")).toThrow(
      "--silent-days needs a value (one starting with - is written --silent-days=VALUE).",
    );
    expect(() => drift("--check-tracking", "--silent-days", "-3")).toThrow(
      "--silent-days needs a value (one starting with - is written --silent-days=VALUE).",
    );
    expect(() => drift("--check-tracking=yes")).toThrow("--check-tracking takes no value.");
  });

  it("refuses tracking options where they cannot apply", () => {
    expect(() => drift("--silent-days", "7")).toThrow(
      "--silent-days goes with --check-tracking, which reads every website's pageviews.",
    );
    expect(() => drift("--fail-on", "silent")).toThrow(
      "--fail-on silent needs --check-tracking: without it no website is checked for silence.",
    );
    expect(() => drift("--check-tracking", "--fail-on", "quiet")).toThrow(
      "--fail-on takes changed, gone, unmanaged, duplicate, silent, policy (comma-separated) or none.",
    );
    expect(() => drift("--check-tracking", "--fail-on", "in-sync")).toThrow(/--fail-on takes/);
    for (const option of [["--check-tracking"], ["--silent-days", "7"]]) {
      expect(() => parseCommand(["generate", "--out", "x", ...option])).toThrow(
        `${option[0]} is an option of drift, not of generate.`,
      );
    }
  });
});
