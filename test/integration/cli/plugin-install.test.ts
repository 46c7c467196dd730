// plugin install runs the pulumi PULUMI_COMMAND names: proven from the build (dist/), as users run
// it, with a stand-in for pulumi that records each call (its words and folder); a PULUMI_COMMAND
// that does not exist is named, with its path. Kept apart from drift's in-process proofs
// (test/integration/drift/read/pulumi-command.test.ts) because it runs the build in another process, which mutation testing
// leaves out.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../../sdk";
import { recordingPulumi } from "../../support/recording-pulumi";

interface PulumiCall {
  args: string[];
  cwd: string;
}

// Records its call and succeeds silently.
const standIn = String.raw`const fs = require("node:fs");
const call = { args: process.argv.slice(2), cwd: process.cwd() };
fs.appendFileSync(process.env.PULUMI_STAND_IN_CALLS, JSON.stringify(call) + "\n");
`;

function pulumiStandIn() {
  const pulumi = recordingPulumi(standIn);
  return {
    env: {
      PATH: process.env.PATH,
      PULUMI_COMMAND: pulumi.command,
      PULUMI_STAND_IN_CALLS: pulumi.callsFile,
    },
    calls: () => pulumi.calls<PulumiCall>(),
  };
}

describe("plugin install runs the pulumi PULUMI_COMMAND names", () => {
  // The plugin bundle is part of the build: the command runs from dist/ as users run it.
  const main = join(__dirname, "..", "..", "..", "dist", "cli", "main.js");
  const run = (env: Record<string, string | undefined>) =>
    promisify(execFile)(process.execPath, [main, "plugin", "install"], { env, encoding: "utf8" });

  it("installs the bundled plugin of this version with it", async () => {
    const pulumi = pulumiStandIn();
    const { stdout } = await run(pulumi.env);
    expect(stdout).toContain(`Installed the webstats provider plugin v${SDK_VERSION}`);
    const [call, ...more] = pulumi.calls();
    expect(more).toEqual([]);
    expect(call!.args.slice(0, -1)).toEqual([
      "plugin",
      "install",
      "resource",
      "webstats",
      SDK_VERSION,
      "--file",
    ]);
    // The folder given holds the plugin, and pulumi ran there; it is removed afterwards.
    expect(call!.cwd).toBe(call!.args.at(-1));
    expect(existsSync(call!.cwd)).toBe(false);
  });

  it("names PULUMI_COMMAND and its path when it names no executable", async () => {
    const missing = join(tmpdir(), "no-such-folder", "pulumi");
    const failed = await run({ PATH: process.env.PATH, PULUMI_COMMAND: missing }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect("code" in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(
      `PULUMI_COMMAND names ${missing}, which does not exist`,
    );
  });
});
