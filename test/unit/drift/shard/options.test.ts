// A split drift run's options (cli/drift/shard-options.ts, drift/shard/ci-environment.ts): the
// shard from --shard I/N, else from the CI's variables (GitLab's CI_NODE_INDEX from 1 and
// CI_NODE_TOTAL, a Kubernetes Indexed Job's JOB_COMPLETION_INDEX from 0 with --shard-total N),
// the run id from --run-id, else GitHub's run and attempt, else GitLab's pipeline; and what a
// shard refuses on its line: no --shard-file, reports, fixes, a new baseline. No value typed is
// ever echoed back.
import { describe, expect, it } from "vitest";
import { runIdOf, shardOfRun } from "../../../../drift/shard/ci-environment";
import type { ShardRequest } from "../../../../drift/shard/ci-environment";
import { parsedOptions, runCaptured } from "../../../support/run-cli";

describe("the shard of a run", () => {
  it.each<[string, ShardRequest, Record<string, string>, { index: number; total: number }]>([
    ["--shard", { shard: { index: 2, total: 3 } }, {}, { index: 2, total: 3 }],
    [
      "--shard over the CI's variables",
      { shard: { index: 1, total: 2 } },
      { CI_NODE_INDEX: "2", CI_NODE_TOTAL: "2" },
      { index: 1, total: 2 },
    ],
    ["GitLab's parallel, from 1", {}, { CI_NODE_INDEX: "3", CI_NODE_TOTAL: "3" }, { index: 3, total: 3 }],
    ["a Kubernetes Indexed Job, from 0", { total: 4 }, { JOB_COMPLETION_INDEX: "0" }, { index: 1, total: 4 }],
    ["a Kubernetes Indexed Job's last", { total: 4 }, { JOB_COMPLETION_INDEX: "3" }, { index: 4, total: 4 }],
    [
      "--shard-total over GitLab's",
      { total: 2 },
      { JOB_COMPLETION_INDEX: "1", CI_NODE_INDEX: "1", CI_NODE_TOTAL: "5" },
      { index: 2, total: 2 },
    ],
  ])("%s", (_, request, env, shard) => {
    expect(shardOfRun(request, env)).toEqual(shard);
  });

  it.each<[string, ShardRequest, Record<string, string>, RegExp]>([
    ["nothing says", {}, {}, /no shard is given: add --shard I\/N/],
    ["JOB_COMPLETION_INDEX without its total", {}, { JOB_COMPLETION_INDEX: "1" }, /give --shard-total N/],
    ["--shard-total outside an Indexed Job", { total: 3 }, {}, /JOB_COMPLETION_INDEX is not set/],
    ["an index past the total", { total: 3 }, { JOB_COMPLETION_INDEX: "3" }, /not one of the 3 shards/],
    [
      "GitLab's index past its total",
      {},
      { CI_NODE_INDEX: "4", CI_NODE_TOTAL: "3" },
      /not one of the 3 shards/,
    ],
    ["GitLab's index 0", {}, { CI_NODE_INDEX: "0", CI_NODE_TOTAL: "3" }, /not one of the 3 shards/],
    ["GitLab's total alone", {}, { CI_NODE_TOTAL: "3" }, /CI_NODE_INDEX and CI_NODE_TOTAL/],
    [
      "a total that is no number",
      {},
      { CI_NODE_INDEX: "1", CI_NODE_TOTAL: "three" },
      /a whole number from 1 to 1000/,
    ],
    [
      "a total past the bound",
      {},
      { CI_NODE_INDEX: "1", CI_NODE_TOTAL: "1001" },
      /a whole number from 1 to 1000/,
    ],
  ])("is refused when %s", (_, request, env, problem) => {
    const result = shardOfRun(request, env);
    expect(result).toMatch(problem);
    expect(result).not.toMatch(/three|1001/);
  });
});

describe("the run id of a shard", () => {
  it.each<[string, string | undefined, Record<string, string>, string | null]>([
    ["--run-id", "nightly-42", { GITHUB_RUN_ID: "1" }, "nightly-42"],
    [
      "GitHub's run and attempt",
      undefined,
      { GITHUB_RUN_ID: "123", GITHUB_RUN_ATTEMPT: "2" },
      "github-123-2",
    ],
    ["GitHub's run, first attempt", undefined, { GITHUB_RUN_ID: "123" }, "github-123-1"],
    ["GitLab's pipeline", undefined, { CI_PIPELINE_ID: "77" }, "gitlab-77"],
    ["none", undefined, {}, null],
  ])("%s", (_, given, env, id) => {
    expect(runIdOf(given, env)).toEqual(id);
  });

  it("is refused when the CI's variable is no number, without quoting it", () => {
    expect(runIdOf(undefined, { GITHUB_RUN_ID: "x$(id)" })).toEqual({
      problem: "GITHUB_RUN_ID is not a number: give --run-id ID.",
    });
  });
});

describe("drift's line for a shard", () => {
  const state = ["drift", "--state", "prod.json"];

  it("gives the shard, its file and its run id", () => {
    expect(
      parsedOptions([...state, "--shard", " 2 / 3 ", "--shard-file", "s.json", "--run-id", "r.1"]),
    ).toMatchObject({
      sharding: { shard: { index: 2, total: 3 }, file: "s.json", runId: "r.1" },
    });
    expect(parsedOptions([...state, "--shard-total", "4", "--shard-file", "s.json"])).toMatchObject({
      sharding: { total: 4, file: "s.json" },
    });
    expect(parsedOptions(state)).not.toHaveProperty("sharding");
  });

  it.each<[string, string[], RegExp]>([
    [
      "--shard without --shard-file",
      ["--shard", "1/2"],
      /add --shard-file FILE, the file drift merge makes the reports from/,
    ],
    ["--shard-total without --shard-file", ["--shard-total", "2"], /add --shard-file FILE/],
    [
      "--shard with --shard-total",
      ["--shard", "1/2", "--shard-total", "2", "--shard-file", "s"],
      /drop --shard-total/,
    ],
    ["--shard 0/2", ["--shard", "0/2", "--shard-file", "s"], /--shard is I\/N/],
    ["--shard 3/2", ["--shard", "3/2", "--shard-file", "s"], /--shard is I\/N/],
    ["--shard 1/1001", ["--shard", "1/1001", "--shard-file", "s"], /N <= 1000/],
    ["--shard two", ["--shard", "secret-two", "--shard-file", "s"], /--shard is I\/N/],
    ["--shard-total 0", ["--shard-total", "0", "--shard-file", "s"], /--shard-total is the number of shards/],
    [
      "a report file",
      ["--shard", "1/2", "--shard-file", "s", "--format", "json", "--output", "r.json"],
      /give --format and --output to pulumi-webstats drift merge/,
    ],
    [
      "a report format",
      ["--shard", "1/2", "--shard-file", "s", "--format", "json"],
      /a shard writes no report/,
    ],
    [
      "--fix code",
      ["--shard", "1/2", "--shard-file", "s", "--fix", "code"],
      /--fix code needs every stack's findings/,
    ],
    [
      "--fix cloud",
      ["--shard", "1/2", "--shard-file", "s", "--fix", "cloud"],
      /--fix cloud needs every stack's findings/,
    ],
    [
      "--write-baseline",
      ["--shard", "1/2", "--shard-file", "s", "--write-baseline", "b.yaml"],
      /give it to pulumi-webstats drift merge/,
    ],
    ["--run-id without a shard", ["--run-id", "r1"], /it goes with --shard-file FILE/],
    [
      "a run id of other characters",
      ["--shard", "1/2", "--shard-file", "s", "--run-id", "a b;c"],
      /--run-id is up to 128 letters/,
    ],
  ])("refuses %s, saying what to do", async (_, args, problem) => {
    // Fixes have their own demands of the stacks named: a --stack in its project folder meets both.
    const stacks = args.includes("--fix") ? ["drift", "--cwd", ".", "--stack", "prod"] : state;
    const run = await runCaptured([...stacks, ...args]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(problem);
    expect(run.err).not.toMatch(/secret-two|a b;c/);
  });

  it("refuses a shard run whose shard nothing gives, when it runs", async () => {
    const run = await runCaptured([...state, "--shard-file", "s.json"], {});
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/no shard is given: add --shard I\/N, or run it as a GitLab parallel job/);
  });

  it("reads no CI variable for a run that asks for no shard", () => {
    expect(parsedOptions(state)).not.toHaveProperty("shard");
  });
});
