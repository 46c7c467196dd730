// Drift's stack ls and stack export run the pulumi PULUMI_COMMAND names, with the backend
// PULUMI_BACKEND_URL or the project names: proven in-process with a stand-in for pulumi that
// records each call (its words, folder and backend) and answers the few calls drift makes; a
// PULUMI_COMMAND that does not exist is named, with its path. (plugin install, which runs from the
// build, is proven in test/integration/cli/plugin-install.test.ts.)
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "../../../support/run-cli";
import { stackReadingPulumi } from "../../../support/recording-pulumi";

// A stack of no website: drift reads it and has nothing to compare.
const pulumiStandIn = () => stackReadingPulumi(["acme/sites/prod"]);

/** A project folder whose Pulumi.yaml names a backend. */
function projectWithBackend(url: string): string {
  const folder = mkdtempSync(join(tmpdir(), "drift-project-"));
  writeFileSync(join(folder, "Pulumi.yaml"), `name: sites\nruntime: nodejs\nbackend:\n  url: ${url}\n`);
  return folder;
}

const cli = runCaptured;

describe("drift runs the pulumi PULUMI_COMMAND names", () => {
  it("lists and exports with it, giving the project's backend to both", async () => {
    const pulumi = pulumiStandIn();
    const folder = projectWithBackend("s3://pulumi-states");
    const result = await cli(["drift", "--all", "--backend-wide", "--cwd", folder], pulumi.env);
    expect(result.err).not.toMatch(/could not/);
    const calls = pulumi.calls();
    expect(calls.map((c) => c.args)).toEqual([
      ["stack", "ls", "--all", "--json", "--non-interactive"],
      ["stack", "export", "--show-secrets", "--stack", "acme/sites/prod", "--non-interactive"],
    ]);
    expect(calls.map((c) => c.backend)).toEqual(["s3://pulumi-states", "s3://pulumi-states"]);
    // Listed from a neutral folder, so that pulumi prints full names; exported from the same.
    expect(calls[0]!.cwd).not.toBe(folder);
    expect(calls[1]!.cwd).toBe(calls[0]!.cwd);
  });

  it("leaves the backend PULUMI_BACKEND_URL names to pulumi, over the project's", async () => {
    const pulumi = pulumiStandIn();
    const folder = projectWithBackend("s3://pulumi-states");
    const env = { ...pulumi.env, PULUMI_BACKEND_URL: "s3://other-states" };
    await cli(["drift", "--all", "--backend-wide", "--cwd", folder], env);
    expect(pulumi.calls().map((c) => c.backend)).toEqual(["s3://other-states", "s3://other-states"]);
  });

  it("exports a named stack with it, in the stack's folder", async () => {
    const pulumi = pulumiStandIn();
    const folder = projectWithBackend("s3://pulumi-states");
    await cli(["drift", "--cwd", folder, "--stack", "prod"], pulumi.env);
    expect(pulumi.calls()).toEqual([
      {
        args: ["stack", "export", "--show-secrets", "--stack", "prod", "--non-interactive"],
        // pulumi reads the project's backend itself there.
        cwd: realpathSync(folder),
        backend: null,
      },
    ]);
  });

  it("says in its help which variables choose pulumi", async () => {
    const help = await cli(["drift", "--help"], {});
    expect(help.out).toMatch(/^ {2}PULUMI_COMMAND +the pulumi executable to run/m);
    expect(help.out).toMatch(/^ {2}PULUMI_BACKEND_URL +the backend pulumi reads stacks from/m);
  });

  it("names PULUMI_COMMAND and its path when it names no executable", async () => {
    const folder = projectWithBackend("s3://pulumi-states");
    const missing = join(tmpdir(), "no-such-folder", "pulumi");
    const env = { PATH: process.env.PATH, PULUMI_COMMAND: missing };
    const listed = await cli(["drift", "--all", "--cwd", folder], env);
    expect(listed.code).not.toBe(0);
    expect(listed.err).toContain(`PULUMI_COMMAND names ${missing}, which does not exist`);
    const exported = await cli(["drift", "--cwd", folder, "--stack", "prod"], env);
    expect(exported.code).not.toBe(0);
    expect(exported.err).toContain(`PULUMI_COMMAND names ${missing}, which does not exist`);
  });
});
