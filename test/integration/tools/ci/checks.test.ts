// tools/ci/checks.mjs, the main lane's checks side by side: every script runs to its end even
// after another failed, each one's output is printed whole (never interleaved with another's),
// and the failures come back in the order given.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecks } from "../../../../tools/ci/checks.mjs";

/** A script that writes `lines` numbered lines to stdout and stderr in turn, then exits `code`. */
const script = (name: string, lines: number, code: number) =>
  `node -e "for (let i = 0; i < ${lines}; i++) (i % 2 ? process.stderr : process.stdout).write('${name} ' + i + '\\n'); process.exitCode = ${code}"`;

describe("the main lane's checks, side by side", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "webstats-checks-"));
    const scripts = {
      first: script("first", 40, 3),
      second: script("second", 40, 0),
      third: script("third", 2, 1),
    };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "checks", private: true, scripts }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs every script even after one failed, and names the failed ones in the order given", async () => {
    const printed: string[] = [];
    const failed = await runChecks({
      scripts: ["third", "first", "second"],
      limit: 2,
      cwd: dir,
      print: (text) => printed.push(text),
    });
    expect(failed).toEqual(["third", "first"]);
    expect(printed).toHaveLength(3);
    const verdicts = printed.map((text) =>
      /checks: (\w+) (passed|FAILED) in \d+\.\d+s\n$/.exec(text)?.slice(1, 3),
    );
    expect(verdicts).toEqual(
      expect.arrayContaining([
        ["first", "FAILED"],
        ["second", "passed"],
        ["third", "FAILED"],
      ]),
    );
    // Each block holds its own script's output, whole: stdout and stderr, every line, no other's
    // (in any order: the two pipes' chunks may arrive either way round).
    for (const text of printed) {
      const name = /checks: (\w+)/.exec(text)?.[1] ?? "";
      const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("checks: "));
      const count = name === "third" ? 2 : 40;
      expect(lines.sort()).toEqual(Array.from({ length: count }, (_, i) => `${name} ${i}`).sort());
    }
  });
});
