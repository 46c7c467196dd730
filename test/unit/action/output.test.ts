// What the Action writes for the runner, read back as the runner reads it
// (test/support/action-runner.ts: its GITHUB_OUTPUT reader and its workflow-command parser):
// outputs whole whatever the value holds, echoed text that gives no command whatever it holds
// (drift/model/neutral-text.ts's helpers, which the Action uses), its own annotations on one
// line (action/src/annotation.ts), and the inputs as a JavaScript action receives them
// (INPUT_STACK-FILTER, the hyphen kept), a run split over a matrix's among them
// (action/src/split-inputs.ts: a shard, the merge, and what either refuses), and the history's,
// whose history-keep is held to drift's own parser.
import { describe, expect, it } from "vitest";
import { errorAnnotation, escapeProperty } from "../../../action/src/annotation";
import { inputValue, readInputs } from "../../../action/src/inputs";
import { githubOutputEntry, withWorkflowCommandsStopped } from "../../../drift/model/neutral-text";
import { readOutputFile, workflowCommands } from "../../support/action-runner";

const hostile = [
  "::error::injected at a line's start",
  "  ::warning title=x::after spaces",
  "text ##[error]the old form, anywhere in a line",
  "a carriage return\r::add-mask::secret",
  "::set-output name=exit-code::0",
  "::stop-commands::mine",
  "::mine::",
  "no line break at the end ::error::",
].join("\n");

describe("the Action's outputs, as the runner reads GITHUB_OUTPUT", () => {
  it("come back whole, line breaks and would-be delimiters included", () => {
    const value = "first\nname=value\nEOF\nghadelimiter_\nother<<EOF\n";
    const text = githubOutputEntry("report-json", value) + githubOutputEntry("changed", "1");
    expect(readOutputFile(text)).toEqual({ "report-json": value, changed: "1" });
  });

  it("end at a delimiter no one can guess: 128 random bits, drawn anew for each output", () => {
    const delimiters = [githubOutputEntry("a", "x"), githubOutputEntry("a", "x")].map(
      (entry) => /^a<<(.*)\n/.exec(entry)?.[1],
    );
    for (const delimiter of delimiters) expect(delimiter).toMatch(/^ghadelimiter_[0-9a-f]{32}$/);
    expect(delimiters[0]).not.toBe(delimiters[1]);
  });

  it("take another delimiter when the value holds the one drawn", () => {
    const drawn = ["a", "b"];
    const entry = githubOutputEntry("name", "x\na\ny", () => drawn.shift() as string);
    expect(readOutputFile(entry)).toEqual({ name: "x\na\ny" });
  });
});

describe("the text the Action echoes, as the runner parses a step's output", () => {
  it("gives no workflow command, whatever it holds", () => {
    expect(workflowCommands(hostile).length).toBeGreaterThan(4);
    const echoed = withWorkflowCommandsStopped(hostile);
    expect(workflowCommands(echoed)).toEqual([]);
    expect(workflowCommands(`${echoed}::error::after the block\n`).map((c) => c.data)).toEqual([
      "after the block",
    ]);
  });

  it("stops them with a token no one can guess: 128 random bits, drawn anew for each block", () => {
    const tokens = [withWorkflowCommandsStopped("x"), withWorkflowCommandsStopped("x")].map(
      (echoed) => /^::stop-commands::(.*)$/m.exec(echoed)?.[1],
    );
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it("cannot end the block early: a token the text holds, in any case, is not taken", () => {
    const tokens = ["abc", "def"];
    const echoed = withWorkflowCommandsStopped(
      "::ABC::\n::error::injected\n",
      () => tokens.shift() as string,
    );
    expect(echoed.split("\n")[0]).toBe("::stop-commands::def");
    expect(workflowCommands(echoed)).toEqual([]);
  });
});

describe("errorAnnotation", () => {
  it("escapes a property's colons and commas too, which would end it", () => {
    expect(escapeProperty("drift: 1,2 %\n")).toBe("drift%3A 1%2C2 %25%0A");
    expect(workflowCommands(errorAnnotation("a: b, c", "m"))[0]?.properties).toEqual({ title: "a: b, c" });
  });

  it("keeps a message with line breaks and percent signs on its one line", () => {
    const line = errorAnnotation("pulumi-webstats action", 'input fix is "none\r\n::warning::x 100%0A"');
    expect(line.split("\n")).toHaveLength(2);
    expect(workflowCommands(line)).toEqual([
      expect.objectContaining({
        command: "error",
        properties: { title: "pulumi-webstats action" },
        data: 'input fix is "none\r\n::warning::x 100%0A"',
      }),
    ]);
  });
});

describe("readInputs", () => {
  it("reads INPUT_<NAME> with the hyphens kept, each input's default when empty", () => {
    const read = readInputs({
      INPUT_STACKS: "",
      "INPUT_STACK-FILTER": "acme-* \n beta/*",
      INPUT_FORMATS: "sarif, junit sarif",
      "INPUT_FAIL-ON": "changed,\ngone",
    });
    expect(read).toEqual({
      inputs: {
        stacks: "all",
        stackFilter: ["acme-*", "beta/*"],
        backendWide: false,
        workingDirectory: ".",
        formats: ["sarif", "junit"],
        outputDir: "",
        failOn: ["changed", "gone"],
        baseline: "",
        ignore: "",
        policyPackConfig: "",
        readWith: "",
        history: "",
        fix: "none",
        failOnDrift: true,
        split: { mode: "run" },
      },
    });
  });

  it("names every wrong input at once", () => {
    const read = readInputs({ INPUT_FIX: "clouds", INPUT_STACKS: "prod", "INPUT_BACKEND-WIDE": "true" });
    expect(read).toEqual({
      problems: [
        'input fix is "clouds": it takes none, code, cloud.',
        'input backend-wide goes with stacks "all".',
      ],
    });
  });

  it("reads an input's variable with spaces as _, its value without the white space around it", () => {
    expect(inputValue({ INPUT_OUTPUT_DIR: "  reports \n" }, "output dir")).toBe("reports");
    expect(readInputs({ INPUT_FIX: " code\n" })).toMatchObject({ inputs: { fix: "code" } });
  });

  it("reads every input by its name", () => {
    const read = readInputs({
      INPUT_STACKS: "prod, staging",
      "INPUT_WORKING-DIRECTORY": "infra",
      "INPUT_OUTPUT-DIR": "reports",
      INPUT_BASELINE: "drift-baseline.json",
      INPUT_IGNORE: ".driftignore",
      INPUT_FIX: "code",
      "INPUT_FAIL-ON-DRIFT": "false",
      "INPUT_FAIL-ON": "none",
      "INPUT_POLICY-PACK-CONFIG": "policy.yaml",
      "INPUT_READ-WITH": "pulumi",
      INPUT_HISTORY: "history/drift.jsonl",
      "INPUT_HISTORY-KEEP": " 90d ",
    });
    expect(read).toEqual({
      inputs: {
        stacks: ["prod", "staging"],
        stackFilter: [],
        backendWide: false,
        workingDirectory: "infra",
        formats: ["markdown"],
        outputDir: "reports",
        failOn: ["none"],
        baseline: "drift-baseline.json",
        ignore: ".driftignore",
        policyPackConfig: "policy.yaml",
        readWith: "pulumi",
        history: "history/drift.jsonl",
        historyKeep: { days: 90 },
        fix: "code",
        failOnDrift: false,
        split: { mode: "run" },
      },
    });
    expect(readInputs({ "INPUT_BACKEND-WIDE": "true", "INPUT_STACK-FILTER": "acme-*" })).toMatchObject({
      inputs: { stacks: "all", backendWide: true, stackFilter: ["acme-*"] },
    });
  });

  it.each([
    [
      { INPUT_STACKS: "$prod prod! prod/eu-1 a_b.c" },
      [
        'input stacks names "$prod", which is not a stack name: give "all" or stack names (letters, digits, _ . - /).',
        'input stacks names "prod!", which is not a stack name: give "all" or stack names (letters, digits, _ . - /).',
      ],
    ],
    [{ INPUT_STACKS: " , " }, ['input stacks is empty: give "all" or stack names.']],
    [
      { INPUT_STACKS: "prod", "INPUT_STACK-FILTER": "acme-*" },
      ['input stack-filter narrows stacks "all": set stacks to all, or name the stacks.'],
    ],
    [
      { INPUT_FIX: "cloud", "INPUT_BACKEND-WIDE": "true" },
      [
        'input fix is "cloud" with backend-wide "true": putting websites back runs pulumi up in each stack\'s project folder, which backend-wide does not know.',
      ],
    ],
    [{ "INPUT_BACKEND-WIDE": "yes" }, ['input backend-wide is "yes": it takes true, false.']],
    [{ "INPUT_FAIL-ON-DRIFT": "no" }, ['input fail-on-drift is "no": it takes true, false.']],
    [
      { INPUT_FORMATS: "json pdf" },
      ['input formats is "pdf": it takes text, json, markdown, sarif, junit, html.'],
    ],
    [
      { "INPUT_FAIL-ON": "gone none" },
      ['input fail-on is "none": it takes changed, gone, unmanaged, duplicate.'],
    ],
    ...["0", "10001", "0d", "3651d", "1w", "90 days", "-5", "1e3"].map(
      (keep): [Record<string, string>, string[]] => [
        { INPUT_HISTORY: "drift-history.jsonl", "INPUT_HISTORY-KEEP": keep },
        [
          "input history-keep takes a number of runs (1 to 10000, such as 100) or of days (1d to 3650d, such as 90d).",
        ],
      ],
    ),
    [{ "INPUT_HISTORY-KEEP": "90d" }, ["input history-keep goes with history: it bounds the history file."]],
  ])("refuses %j, naming the input", (env, problems) => {
    expect(readInputs(env)).toEqual({ problems });
  });

  it.each([
    [{ INPUT_HISTORY: "drift-history.jsonl" }, { history: "drift-history.jsonl" }],
    [
      { INPUT_HISTORY: "drift-history.jsonl", "INPUT_HISTORY-KEEP": "10000" },
      { history: "drift-history.jsonl", historyKeep: { runs: 10000 } },
    ],
    [
      { INPUT_HISTORY: " h.jsonl\n", "INPUT_HISTORY-KEEP": "3650d" },
      { history: "h.jsonl", historyKeep: { days: 3650 } },
    ],
    [{}, { history: "" }],
  ])("reads the history %j with drift's own rule for history-keep", (env, expected) => {
    const read = readInputs(env);
    expect(read).toHaveProperty("inputs");
    const { inputs } = read as Extract<typeof read, { inputs: unknown }>;
    expect({
      history: inputs.history,
      ...(inputs.historyKeep ? { historyKeep: inputs.historyKeep } : {}),
    }).toEqual(expected);
  });

  it("takes fix cloud with all stacks, and backend-wide without fix cloud", () => {
    expect(readInputs({ INPUT_FIX: "cloud" })).toMatchObject({
      inputs: { fix: "cloud", backendWide: false },
    });
    expect(readInputs({ INPUT_FIX: "code", "INPUT_BACKEND-WIDE": "true" })).toMatchObject({
      inputs: { fix: "code", backendWide: true },
    });
  });
});

describe("readInputs: one drift run split over a matrix, and the other new inputs", () => {
  it.each([
    [
      "a shard, its file under the runner's temporary folder and drift's run id by default",
      { INPUT_SHARD: "2/4" },
      { mode: "shard", shard: { index: 2, total: 4 }, shardFile: "", runId: "" },
    ],
    [
      "a shard with its file and run id, and the stack inputs a shard reads with",
      {
        INPUT_SHARD: "1 / 1",
        "INPUT_SHARD-FILE": "shards/one.json",
        "INPUT_RUN-ID": "123456789",
        INPUT_STACKS: "prod staging",
        "INPUT_READ-WITH": "auto",
        "INPUT_FAIL-ON": "gone",
        INPUT_FORMATS: "markdown",
      },
      { mode: "shard", shard: { index: 1, total: 1 }, shardFile: "shards/one.json", runId: "123456789" },
    ],
    [
      "the largest shard",
      { INPUT_SHARD: "1000/1000" },
      { mode: "shard", shard: { index: 1000, total: 1000 }, shardFile: "", runId: "" },
    ],
    [
      "the merge: a file or glob a line, spaces kept, blank lines dropped",
      { "INPUT_MERGE-FILES": "shards/*.json\n  other dir/shard, 2.json \r\n\n" },
      { mode: "merge", mergeFiles: ["shards/*.json", "other dir/shard, 2.json"] },
    ],
    [
      "the merge with the report inputs, and the stack inputs at the defaults the runner passes",
      {
        "INPUT_MERGE-FILES": "shards/*.json",
        INPUT_FORMATS: "sarif html",
        "INPUT_OUTPUT-DIR": "reports",
        INPUT_BASELINE: "baseline.json",
        "INPUT_POLICY-PACK-CONFIG": "policy.yaml",
        INPUT_STACKS: "all",
        "INPUT_BACKEND-WIDE": "false",
        "INPUT_WORKING-DIRECTORY": ".",
        INPUT_FIX: "none",
        INPUT_HISTORY: "drift-history.jsonl",
        "INPUT_HISTORY-KEEP": "90d",
      },
      { mode: "merge", mergeFiles: ["shards/*.json"] },
    ],
    ["a whole run without them", {}, { mode: "run" }],
  ])("reads %s", (_, env, split) => {
    expect(readInputs(env)).toMatchObject({ inputs: { split } });
  });

  const notAShard = (value: string) =>
    `input shard is "${value}": it takes I/N, this job's shard I of N (1 <= I <= N <= 1000), as 2/4.`;
  it.each([
    [{ INPUT_SHARD: "0/4" }, [notAShard("0/4")]],
    [{ INPUT_SHARD: "5/4" }, [notAShard("5/4")]],
    [{ INPUT_SHARD: "2" }, [notAShard("2")]],
    [{ INPUT_SHARD: "1/1001" }, [notAShard("1/1001")]],
    [{ INPUT_SHARD: "1/4 --fix code" }, [notAShard("1/4 --fix code")]],
    [
      { INPUT_SHARD: "1/2", "INPUT_RUN-ID": "run 7" },
      [
        'input run-id is "run 7": it takes up to 128 letters, digits and ._:/@+- (the workflow\'s run, as its run id).',
      ],
    ],
    [
      { INPUT_SHARD: "1/2", "INPUT_MERGE-FILES": "shards/*.json" },
      [
        "input shard is given with merge-files: shard makes a job one shard, merge-files makes it the merge of their files; give one.",
      ],
    ],
    [
      { INPUT_SHARD: "1/2", INPUT_FIX: "code" },
      [
        'input fix is "code" with shard: a fix needs every stack\'s findings, which one shard does not have; run it without shard.',
      ],
    ],
    [
      { INPUT_SHARD: "1/2", INPUT_FIX: "cloud" },
      [
        'input fix is "cloud" with shard: a fix needs every stack\'s findings, which one shard does not have; run it without shard.',
      ],
    ],
    [
      { INPUT_SHARD: "1/2", INPUT_FORMATS: "markdown sarif", "INPUT_OUTPUT-DIR": "reports" },
      [
        "input formats goes to the merge job: a shard writes no report, only its shard file.",
        "input output-dir goes to the merge job: a shard writes no report, only its shard-file.",
      ],
    ],
    [
      { INPUT_SHARD: "1/2", INPUT_HISTORY: "drift-history.jsonl", "INPUT_HISTORY-KEEP": "1w" },
      [
        "input history goes to the merge job: the history compares every stack's findings, which one shard does not have.",
        "input history-keep goes to the merge job: the history compares every stack's findings, which one shard does not have.",
      ],
    ],
    [
      { INPUT_SHARD: "1/2", "INPUT_HISTORY-KEEP": "90d" },
      [
        "input history-keep goes to the merge job: the history compares every stack's findings, which one shard does not have.",
      ],
    ],
    [
      { "INPUT_SHARD-FILE": "shard.json", "INPUT_RUN-ID": "7" },
      [
        "input shard-file goes with shard: it is the file a shard job writes.",
        "input run-id goes with shard: it names the run a shard job belongs to.",
      ],
    ],
    [
      { "INPUT_MERGE-FILES": "shards/*.json", INPUT_FIX: "code" },
      [
        'input fix is "code" with merge-files: the merge reads no stack and fixes nothing; run the fix without shards.',
      ],
    ],
    [
      {
        "INPUT_MERGE-FILES": "shards/*.json",
        "INPUT_STACK-FILTER": "acme-*",
        "INPUT_BACKEND-WIDE": "true",
        "INPUT_WORKING-DIRECTORY": "infra",
        "INPUT_READ-WITH": "pulumi",
      },
      [
        "input stack-filter goes to the shard jobs: merge-files merges the stacks they read.",
        "input backend-wide goes to the shard jobs: merge-files merges the stacks they read.",
        "input working-directory goes to the shard jobs: merge-files merges the stacks they read.",
        "input read-with goes to the shard jobs: merge-files merges the stacks they read.",
      ],
    ],
    [
      { "INPUT_MERGE-FILES": "shards/*.json", INPUT_STACKS: "prod" },
      ["input stacks goes to the shard jobs: merge-files merges the stacks they read."],
    ],
    [{ "INPUT_READ-WITH": "direct" }, ['input read-with is "direct": it takes auto, pulumi.']],
  ])("refuses %j, naming the input", (env, problems) => {
    expect(readInputs(env)).toEqual({ problems });
  });
});
