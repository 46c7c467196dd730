// The Action's command lines for a run split over a matrix (action/src/command-line.ts): a shard
// and the merge get the same report filters, which the merge holds the shards to; the shard
// writes no report; the merge, like a whole run, keeps the history. And the shard files of merge-files (action/src/merge-files.ts): globs
// expanded without a shell, each file once, by its absolute path. The inputs themselves are
// test/unit/action/output.test.ts's; the Action over two shards and their merge, against the emulator,
// test/integration/action/shards.test.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { driftLine, mergeLine, shardLine } from "../../../action/src/command-line";
import { readInputs } from "../../../action/src/inputs";
import type { ActionInputs } from "../../../action/src/inputs";
import { expandMergeFiles } from "../../../action/src/merge-files";
import { scratchFolder } from "../../support/scratch-folder";

const inputsOf = (env: Record<string, string>): ActionInputs => {
  const read = readInputs(env);
  if (!("inputs" in read)) throw new Error(read.problems.join("\n"));
  return read.inputs;
};

const filters = {
  "INPUT_FAIL-ON": "gone,changed",
  INPUT_BASELINE: "baseline.json",
  INPUT_IGNORE: "ignore.yaml",
  "INPUT_POLICY-PACK-CONFIG": "policy.yaml",
};
const filterArgs = [
  "--fail-on",
  "gone,changed",
  "--baseline",
  "baseline.json",
  "--ignore",
  "ignore.yaml",
  "--policy-pack-config",
  "policy.yaml",
];

describe("the Action's command lines", () => {
  it("a shard: the stacks, the filters, the shard and its file, no report", () => {
    const inputs = inputsOf({
      INPUT_SHARD: "2/4",
      INPUT_STACKS: "prod",
      "INPUT_READ-WITH": "pulumi",
      ...filters,
    });
    expect(shardLine(inputs, { index: 2, total: 4 }, "/temp/shard.json", "")).toEqual([
      "drift",
      "--cwd",
      ".",
      "--stack",
      "prod",
      "--read-with",
      "pulumi",
      ...filterArgs,
      "--shard",
      "2/4",
      "--shard-file",
      "/temp/shard.json",
    ]);
    expect(shardLine(inputs, { index: 2, total: 4 }, "/temp/shard.json", "run-7").slice(-2)).toEqual([
      "--run-id",
      "run-7",
    ]);
  });

  it("the merge: the files, the same filters, every report asked for", () => {
    const inputs = inputsOf({ "INPUT_MERGE-FILES": "*.json", INPUT_FORMATS: "sarif json", ...filters });
    const { args, reports } = mergeLine(inputs, ["/s/1.json", "/s/2.json"], "/out");
    expect(args).toEqual([
      "drift",
      "merge",
      "/s/1.json",
      "/s/2.json",
      ...filterArgs,
      ...["--format", "json", "--output", "/out/drift.json"],
      ...["--format", "markdown", "--output", "/out/drift.md"],
      ...["--format", "sarif", "--output", "/out/drift.sarif"],
    ]);
    expect([...reports.keys()]).toEqual(["json", "markdown", "sarif"]);
  });

  it("the merge and a whole run keep the history, by its absolute path, with drift's --history-keep", () => {
    const history = { INPUT_HISTORY: "-history/drift.jsonl", "INPUT_HISTORY-KEEP": " 090 d" };
    const historyArgs = ["--history", resolve("-history/drift.jsonl"), "--history-keep", "90d"];
    const merge = inputsOf({ "INPUT_MERGE-FILES": "*.json", ...filters, ...history });
    expect(mergeLine(merge, ["/s/1.json"], "/out").args.slice(0, 3 + filterArgs.length + 4)).toEqual([
      "drift",
      "merge",
      "/s/1.json",
      ...filterArgs,
      ...historyArgs,
    ]);
    const whole = inputsOf({ INPUT_STACKS: "prod", ...filters, ...history });
    expect(driftLine(whole, "/out").args).toEqual([
      "drift",
      ...["--cwd", ".", "--stack", "prod"],
      ...filterArgs,
      ...historyArgs,
      ...[
        "--format",
        "json",
        "--output",
        "/out/drift.json",
        "--format",
        "markdown",
        "--output",
        "/out/drift.md",
      ],
    ]);
    // Without history-keep, drift's default: no --history-keep.
    const { args } = driftLine(inputsOf({ INPUT_HISTORY: "h.jsonl" }), "/out");
    expect(args.slice(4, 6)).toEqual(["--history", resolve("h.jsonl")]);
    expect(args).not.toContain("--history-keep");
    expect(driftLine(inputsOf({}), "/out").args).not.toContain("--history");
  });

  it("a whole run passes read-with and the policy configuration on", () => {
    const inputs = inputsOf({ "INPUT_READ-WITH": "auto", "INPUT_POLICY-PACK-CONFIG": "policy.yaml" });
    expect(driftLine(inputs, "/out").args.slice(0, 8)).toEqual([
      "drift",
      "--cwd",
      ".",
      "--all",
      "--read-with",
      "auto",
      "--policy-pack-config",
      "policy.yaml",
    ]);
  });
});

describe("the shard files of merge-files", () => {
  const root = scratchFolder("action-merge-files-");
  mkdirSync(join(root, "shards", "drift-shard-9.json"), { recursive: true });
  for (const name of ["drift-shard-2.json", "drift-shard-1.json", "notes.txt"])
    writeFileSync(join(root, "shards", name), "{}");

  it("expands a glob into its files, sorted, folders left out", () => {
    expect(expandMergeFiles(["shards/*.json"], root)).toEqual({
      files: [join(root, "shards", "drift-shard-1.json"), join(root, "shards", "drift-shard-2.json")],
    });
    expect(expandMergeFiles([join(root, "**", "drift-shard-?.json")], "/")).toEqual({
      files: [join(root, "shards", "drift-shard-1.json"), join(root, "shards", "drift-shard-2.json")],
    });
  });

  it("keeps a path without glob characters as given, absolute, and each file once", () => {
    expect(
      expandMergeFiles(["-odd name.json", "shards/drift-shard-2.json", "shards/drift-shard-*.json"], root),
    ).toEqual({
      files: [
        join(root, "-odd name.json"),
        join(root, "shards", "drift-shard-2.json"),
        join(root, "shards", "drift-shard-1.json"),
      ],
    });
  });

  it("refuses a glob that matches no file, and reads no shell syntax", () => {
    for (const glob of ["downloads/*.json", "shards/$(touch pwned)*.json"])
      expect(expandMergeFiles([glob], root)).toEqual({
        problem: `input merge-files: "${glob}" matches no file: download every shard job's artifact there first (actions/download-artifact).`,
      });
  });

  it("on Windows, takes a backslash as a folder separator", () => {
    expect(expandMergeFiles(["shards\\*.json"], root, "win32")).toMatchObject({
      files: [join(root, "shards", "drift-shard-1.json"), join(root, "shards", "drift-shard-2.json")],
    });
  });
});
