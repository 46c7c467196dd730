// What the Action writes for the runner, read back as the runner reads it
// (test/support/action-runner.ts: its GITHUB_OUTPUT reader and its workflow-command parser):
// outputs whole whatever the value holds, echoed text that gives no command whatever it holds
// (drift/model/neutral-text.ts's helpers, which the Action uses), its own annotations on one
// line (action/src/annotation.ts), and the inputs as a JavaScript action receives them
// (INPUT_STACK-FILTER, the hyphen kept).
import { describe, expect, it } from "vitest";
import { errorAnnotation, escapeProperty } from "../../action/src/annotation";
import { inputValue, readInputs } from "../../action/src/inputs";
import { githubOutputEntry, withWorkflowCommandsStopped } from "../../drift/model/neutral-text";
import { readOutputFile, workflowCommands } from "../support/action-runner";

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
        fix: "none",
        failOnDrift: true,
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
        fix: "code",
        failOnDrift: false,
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
  ])("refuses %j, naming the input", (env, problems) => {
    expect(readInputs(env)).toEqual({ problems });
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
