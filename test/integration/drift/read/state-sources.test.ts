// A stack drift reads with `pulumi stack export` (drift/read/state-sources.ts), in-process against
// a stand-in for pulumi (PULUMI_COMMAND) that records each call: the backend a listed stack
// carries is given to its export, and each way an export fails is said whole, naming the stack.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StateError } from "../../../../drift/read/stack-export";
import { readSources } from "../../../../drift/read/state-sources";
import { stackReadingPulumi } from "../../../support/recording-pulumi";

/** A stand-in pulumi exporting a stack of no website (listing none). */
const pulumiExports = (more: Record<string, string> = {}) => stackReadingPulumi([], more);

const folder = (): string => realpathSync(mkdtempSync(join(tmpdir(), "drift-state-sources-")));
const exportArgs = ["stack", "export", "--show-secrets", "--stack", "prod", "--non-interactive"];

describe("drift exports a stack with pulumi stack export", () => {
  it("gives the backend a listed stack carries to its export, and none otherwise", async () => {
    const cwd = folder();
    const pulumi = pulumiExports();
    const read = await readSources(
      [
        { kind: "stack", name: "prod", cwd, backendUrl: "file:///srv/states" },
        { kind: "stack", name: "prod", cwd },
      ],
      pulumi.env,
      1,
    );
    expect(read.map((s) => s.name)).toEqual(["sites/prod", "sites/prod"]);
    expect(pulumi.calls()).toEqual([
      { args: exportArgs, cwd, backend: "file:///srv/states" },
      { args: exportArgs, cwd, backend: null },
    ]);
  });

  it("reads a large export whole", async () => {
    const cwd = folder();
    const pulumi = pulumiExports();
    const large = JSON.parse(readFileSync(pulumi.env.PULUMI_STAND_IN_EXPORT, "utf8")) as {
      deployment: { manifest?: Record<string, unknown> };
    };
    // An export's output is bounded only far above what a stack holds (512 MiB).
    large.deployment.manifest = { ...large.deployment.manifest, padding: "x".repeat(256 * 1024) };
    writeFileSync(pulumi.env.PULUMI_STAND_IN_EXPORT, JSON.stringify(large));
    const read = await readSources([{ kind: "stack", name: "prod", cwd }], pulumi.env, 1);
    expect(read.map((s) => s.name)).toEqual(["sites/prod"]);
  });

  it("says when pulumi stack export fails, with pulumi's error line", async () => {
    const cwd = folder();
    const pulumi = pulumiExports({ PULUMI_STAND_IN_EXPORT_FAILS: "no passphrase" });
    const reading = readSources([{ kind: "stack", name: "prod", cwd }], pulumi.env, 1);
    await expect(reading).rejects.toThrow(
      new StateError(`stack prod (in ${cwd}) could not be read with pulumi stack export: no passphrase`),
    );
    await expect(reading).rejects.toBeInstanceOf(StateError);
  });

  it("says when pulumi cannot be started, and how else to give the state", async () => {
    const cwd = folder();
    const missing = join(folder(), "no-such-pulumi");
    const reading = readSources([{ kind: "stack", name: "prod", cwd }], { PULUMI_COMMAND: missing }, 1);
    await expect(reading).rejects.toThrow(
      new StateError(
        `stack prod (in ${cwd}) could not be read: PULUMI_COMMAND names ${missing}, which does not exist: ` +
          "set PULUMI_COMMAND to the path of pulumi, or unset it. --stack reads stacks with pulumi stack export; or give --state FILE.",
      ),
    );
    await expect(reading).rejects.toBeInstanceOf(StateError);
  });

  it("passes on an error that is not pulumi's as it is", async () => {
    // No process can be started with a NUL byte in its environment: Node.js refuses the call.
    const pulumi = pulumiExports({ BROKEN: "a\0b" });
    const reading = readSources([{ kind: "stack", name: "prod", cwd: folder() }], pulumi.env, 1);
    await expect(reading).rejects.toMatchObject({ code: "ERR_INVALID_ARG_VALUE" });
    await expect(reading).rejects.toBeInstanceOf(TypeError);
  });
});
