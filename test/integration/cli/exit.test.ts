// The executable ends once the command's output is written, with the command's code, whatever the
// run left open: a name server that never answers, or a website's socket that never closes, keeps
// Node's event loop alive, and a CI job would wait on it long after its reports were done. Run from
// the build (dist/), as users run it, with a module loaded first that keeps a timer open forever.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const main = join(__dirname, "..", "..", "..", "dist", "cli", "main.js");
const folder = mkdtempSync(join(tmpdir(), "cli-exit-"));
const keepAlive = join(folder, "keep-alive.cjs");
writeFileSync(keepAlive, "setInterval(() => {}, 60_000);\n");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the executable with the never-ending timer; resolves with its code and output. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--require", keepAlive, main, ...args],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, WEBSTATS_VERBOSE: "" } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe("the executable", () => {
  it("exits once its whole output is written, though something keeps the event loop alive", async () => {
    const { code, stdout } = await run(["schema"]);
    expect(code).toBe(0);
    // Written to its end before the exit: the whole schema parses.
    expect(JSON.parse(stdout)).toMatchObject({ name: "webstats" });
  }, 60_000);

  it("exits with the command's code, a wrong command line's too", async () => {
    const { code, stderr } = await run(["schema", "--no-such-option"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/--no-such-option/);
  }, 60_000);
});
