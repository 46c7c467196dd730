// The drift command's page options: --check-pages with its bounds (--page-parallel,
// --page-timeout, --page-run-timeout) and --page-allow-private, parsed before any request; each
// goes with --check-pages alone.
import { describe, expect, it } from "vitest";
import { parsedOptions } from "../../support/run-cli";
import { UsageError } from "../../../cli/usage-error";

const optionsOf = parsedOptions;

const drift = (...args: string[]) => optionsOf(["drift", "--state", "prod.json", ...args]);

describe("drift: the page options", () => {
  it("reads public addresses only, within the run's default bounds", () => {
    expect(drift("--check-pages")).toMatchObject({
      pages: { parallel: 8, timeoutMs: 10_000, runTimeoutMs: 600_000, allowPrivate: false },
    });
  });

  it("takes intranet websites and another run deadline when asked", () => {
    expect(drift("--check-pages", "--page-allow-private", "--page-run-timeout", "3600")).toMatchObject({
      pages: { runTimeoutMs: 3_600_000, allowPrivate: true },
    });
  });

  it.each([
    [["--page-allow-private"], "--page-allow-private goes with --check-pages"],
    [["--page-run-timeout", "60"], "--page-run-timeout goes with --check-pages"],
    [["--check-pages", "--page-run-timeout", "9"], "--page-run-timeout is a whole number from 10 to 86400"],
    [
      ["--check-pages", "--page-run-timeout", "86401"],
      "--page-run-timeout is a whole number from 10 to 86400",
    ],
    [["--check-pages", "--page-run-timeout", "1e3"], "--page-run-timeout is a whole number from 10 to 86400"],
  ])("refuses %j", (args, message) => {
    expect(() => drift(...args)).toThrow(UsageError);
    expect(() => drift(...args)).toThrow(message);
  });
});
