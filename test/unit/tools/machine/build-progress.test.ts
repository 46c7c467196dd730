// A long synchronous build says it is still running (tools/machine/build-progress.mjs): the step
// here is a process that ends only once a progress line has reached the output's file, so the
// line is proven without any clock; a time limit only catches a progress line that never comes.
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { elapsedText, progressLine, withProgress } from "../../../../tools/machine/build-progress.mjs";
import { scratchFolder } from "../../../support/scratch-folder";

const scratch = scratchFolder("webstats-progress-");

describe("build progress", () => {
  it.each([
    [0, "0s"],
    [14_999, "14s"],
    [59_999, "59s"],
    [60_000, "1m00s"],
    [425_000, "7m05s"],
  ])("%i ms reads %s", (ms, text) => {
    expect(elapsedText(ms)).toBe(text);
  });

  it("names the step and how long it has run", () => {
    expect(progressLine("pulumi:ensure", "building pulumi v3.276.0", 45_000)).toBe(
      "pulumi:ensure: building pulumi v3.276.0: still running, 45s so far\n",
    );
  });

  it("prints progress lines while a blocking step runs, then returns the step's value", () => {
    const file = join(scratch, "progress.log");
    const fd = openSync(file, "w");
    try {
      const waitForLine =
        "const fs = require('node:fs');" +
        `while (!fs.readFileSync(${JSON.stringify(file)}, 'utf8').includes('still running')) {}`;
      const value = withProgress(
        { prefix: "test", label: "building a thing", out: { fd } as never, everyMs: 10 },
        () => spawnSync(process.execPath, ["-e", waitForLine], { timeout: 30_000 }),
      );
      expect(value.status).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, "utf8")).toMatch(/^test: building a thing: still running, \d+s so far\n/);
  });

  it("runs the step alone when the output has no file behind it", () => {
    const written: string[] = [];
    const out = { write: (text: string) => written.push(text) } as never;
    expect(withProgress({ prefix: "test", label: "x", out, everyMs: 1 }, () => 42)).toBe(42);
    expect(written).toEqual([]);
  });
});
