// The Action's run (action/src/drift-action.ts's runDriftAction) in the test's process, against
// the emulator over HTTP with the stand-in pulumi on PATH (test/support/pulumi-stand-in.ts), its
// environment given whole (the inputs as INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
// RUNNER_TEMP): the command line it prints and runs for each input, the folder its reports go
// to, the outputs and the job summary it writes (each output one action.yml declares; with a
// history, the history's headline and counts), the exit code it resolves with, and what it
// echoes of the command. The bundle run as a runner runs it is test/integration/action/run.test.ts; the inputs
// alone, test/unit/action/output.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDriftAction } from "../../../action/src/drift-action";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { inputVariable, readAction, readOutputFile, workflowCommands } from "../../support/action-runner";
import { makePulumiStandIn, setStandInStacks } from "../../support/pulumi-stand-in";
import type { StandInStack } from "../../support/pulumi-stand-in";
import { writeStackExport } from "../../support/stack-exports";
import { checkActionJsonReport } from "../../support/drift-json-report";

const root = mkdtempSync(join(tmpdir(), "action-drift-run-"));
const workspace = join(root, "workspace");
const standIn = join(root, "pulumi-stand-in");
let emulator: Emulator;
/** prod: two websites in sync; drifted: one website in sync, one deleted on the server (gone). */
let stacks: StandInStack[];

beforeAll(async () => {
  emulator = await startEmulator({ requestsPerMinute: 0 });
  const exported = async (name: string, domains: string[]) => {
    const account = emulator.createAccount({ name });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const websites = [];
    for (const domain of domains) websites.push(await client.websites.create({ domain }));
    const file = join(root, `${name}.json`);
    writeStackExport(file, { project: "sites", url: emulator.url, apiKey: account.apiKey, websites });
    return { client, websites, text: readFileSync(file, "utf8") };
  };
  mkdirSync(workspace);
  writeFileSync(join(workspace, "Pulumi.yaml"), "name: sites\nruntime: nodejs\n");
  const prod = await exported("prod", ["run.action.example", "docs.run.action.example"]);
  const drifted = await exported("drifted", ["kept.action.example", "gone.action.example"]);
  await drifted.client.websites.delete(drifted.websites[1]?.id as number);
  stacks = [
    { name: "prod", export: prod.text },
    { name: "drifted", export: drifted.text },
  ];
  makePulumiStandIn(standIn, stacks);
});

afterAll(async () => {
  await emulator?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Run {
  code: number;
  out: string;
  err: string;
  /** What GITHUB_OUTPUT holds after the run, read as the runner reads it. */
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
}

/**
 * Runs the Action with `inputs` (working-directory the workspace unless given) over an
 * environment of PATH (the stand-in only), HOME, RUNNER_TEMP (a fresh folder unless given),
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY (empty files), and `variables` over them (undefined
 * leaves one out).
 */
async function run(
  inputs: Record<string, string>,
  variables: Record<string, string | undefined> = {},
): Promise<Run> {
  const runnerTemp = mkdtempSync(join(root, "runner-temp-"));
  const files = mkdtempSync(join(root, "runner-files-"));
  const outputFile = join(files, "set_output");
  const summaryFile = join(files, "step_summary");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const given = { "working-directory": workspace, ...inputs };
  const env: Record<string, string | undefined> = {
    PATH: standIn,
    HOME: root,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    ...Object.fromEntries(Object.entries(given).map(([name, value]) => [inputVariable(name), value])),
    ...variables,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  let out = "";
  let err = "";
  const code = await runDriftAction(env, { out: (text) => (out += text), err: (text) => (err += text) });
  const outputs = readOutputFile(readFileSync(outputFile, "utf8"));
  checkActionJsonReport(outputs);
  // Every output the run set is one action.yml declares, for a workflow to read.
  expect(Object.keys(outputs).filter((name) => !(name in declaredOutputs))).toEqual([]);
  return { code, out, err, outputs, summary: readFileSync(summaryFile, "utf8"), runnerTemp };
}

const declaredOutputs = readAction().outputs;

/** The line the run printed first: the command line. */
const commandLine = (run: Run) => run.out.slice(0, run.out.indexOf("\n") + 1);

/** The text echoed between the stop-commands line and the closing one, and what follows it. */
function echoed(run: Run): { text: string; after: string } {
  const token = /^::stop-commands::([0-9a-f]{32,})$/m.exec(run.out)?.[1];
  if (token === undefined) throw new Error(`no stop-commands line in ${JSON.stringify(run.out)}`);
  const start = run.out.indexOf(`::stop-commands::${token}\n`);
  expect(start).toBe(commandLine(run).length);
  const end = run.out.indexOf(`::${token}::\n`);
  return {
    text: run.out.slice(start + `::stop-commands::${token}\n`.length, end),
    after: run.out.slice(end + `::${token}::\n`.length),
  };
}

/** The report folder of a run: the folder of its JSON report. */
const folderOf = (run: Run) => dirname(run.outputs["report-json"] as string);

/** The outputs of a run that wrote the JSON and Markdown reports (and `more`) into `dir`. */
const reportOutputs = (dir: string, code: string, counts: Record<string, string>, more = {}) => ({
  "exit-code": code,
  "report-json": join(dir, "drift.json"),
  "report-markdown": join(dir, "drift.md"),
  ...more,
  "in-sync": "0",
  changed: "0",
  gone: "0",
  unmanaged: "0",
  duplicate: "0",
  ...counts,
});

describe("the Action's command line", () => {
  it("reads all stacks by default, writes the JSON and Markdown reports, and resolves with the command's code", async () => {
    const result = await run({});
    const dir = folderOf(result);
    expect(commandLine(result)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --all` +
        ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md\n`,
    );
    expect(result.code).toBe(2);
    expect(result.err).toBe("");
    expect(result.outputs).toEqual(reportOutputs(dir, "2", { "in-sync": "3", gone: "1" }));
    expect(readdirSync(dir).sort()).toEqual(["drift.json", "drift.md"]);
    // The job summary is the Markdown report, and nothing after it.
    expect(result.summary).toBe(readFileSync(join(dir, "drift.md"), "utf8"));
    expect(result.summary).toContain("4 websites in 2 accounts of 2 stacks");
    const { text, after } = echoed(result);
    expect(text).toMatch(/^Listing the stacks of 1 project folder\.\.\.\n/);
    expect(text).toContain("\ngone     gone.action.example ");
    expect(text.endsWith(`Wrote the markdown report to ${dir}/drift.md.\n`)).toBe(true);
    expect(after).toBe("");
  });

  it("passes backend-wide and each stack-filter glob with all stacks, quoting a word that is not plain", async () => {
    const result = await run({ "backend-wide": "true", "stack-filter": "pr* ,prod" });
    const dir = folderOf(result);
    expect(commandLine(result)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --all --backend-wide --stack-filter "pr*" --stack-filter prod` +
        ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md\n`,
    );
    expect(result.code).toBe(0);
    expect(result.outputs).toEqual(reportOutputs(dir, "0", { "in-sync": "2" }));
  });

  it("names each stack given, and reads those alone", async () => {
    const result = await run({ stacks: "drifted prod" });
    const dir = folderOf(result);
    expect(commandLine(result)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack drifted --stack prod` +
        ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md\n`,
    );
    expect(result.outputs).toEqual(reportOutputs(dir, "2", { "in-sync": "3", gone: "1" }));
    const prod = await run({ stacks: "prod" });
    expect(commandLine(prod)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack prod --format json --output ${folderOf(prod)}/drift.json` +
        ` --format markdown --output ${folderOf(prod)}/drift.md\n`,
    );
    expect(prod.outputs).toEqual(reportOutputs(folderOf(prod), "0", { "in-sync": "2" }));
    // Named stacks are read without listing any.
    expect(echoed(prod).text).toMatch(
      /^Stacks read 1 with pulumi stack export\.\nRead 1 stack: 2 recorded websites\.\n/,
    );
  });

  it("passes fail-on as one comma-separated list, which decides the code", async () => {
    const changed = await run({ stacks: "drifted", "fail-on": "changed\nunmanaged" });
    expect(commandLine(changed)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack drifted --fail-on changed,unmanaged` +
        ` --format json --output ${folderOf(changed)}/drift.json --format markdown --output ${folderOf(changed)}/drift.md\n`,
    );
    expect([changed.code, changed.outputs["exit-code"], changed.outputs.gone]).toEqual([0, "0", "1"]);
    const gone = await run({ stacks: "drifted", "fail-on": "gone" });
    expect(commandLine(gone)).toContain(" --stack drifted --fail-on gone --format json ");
    expect([gone.code, gone.outputs["exit-code"]]).toEqual([2, "2"]);
    const none = await run({ stacks: "drifted", "fail-on": "none" });
    expect(commandLine(none)).toContain(" --stack drifted --fail-on none --format json ");
    expect(none.code).toBe(0);
  });

  it("passes the baseline and the ignore file, which the command reads", async () => {
    const baseline = await run({ stacks: "prod", baseline: "missing-baseline.json" });
    const dir = join(
      baseline.runnerTemp,
      basename(dirname(commandLine(baseline).split(" ").at(-1) as string)),
    );
    expect(commandLine(baseline)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack prod --baseline missing-baseline.json` +
        ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md\n`,
    );
    expect(baseline.code).toBe(1);
    expect(echoed(baseline).text).toContain("The baseline missing-baseline.json has a problem");
    const ignore = await run({ stacks: "prod", ignore: "missing-ignore.yaml" });
    expect(commandLine(ignore)).toContain(" --stack prod --ignore missing-ignore.yaml --format json ");
    expect(ignore.code).toBe(1);
    expect(echoed(ignore).text).toContain("The ignore file missing-ignore.yaml has a problem");
  });

  it("writes each format asked for once, JSON and Markdown always, and sets an output for each", async () => {
    const result = await run({ stacks: "prod", formats: "markdown sarif json text sarif" });
    const dir = folderOf(result);
    expect(commandLine(result)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack prod` +
        ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md` +
        ` --format sarif --output ${dir}/drift.sarif --format text --output ${dir}/drift.txt\n`,
    );
    expect(result.outputs).toEqual(
      reportOutputs(
        dir,
        "0",
        { "in-sync": "2" },
        { "report-sarif": join(dir, "drift.sarif"), "report-text": join(dir, "drift.txt") },
      ),
    );
    expect(readdirSync(dir).sort()).toEqual(["drift.json", "drift.md", "drift.sarif", "drift.txt"]);
  });
});

describe("the Action's history", () => {
  it("passes history and history-keep on, heads the summary with the headline, and sets it and the new and fixed counts", async () => {
    // A stack recording two websites of an account that holds a third, which no stack records.
    const account = emulator.createAccount({ name: "history" });
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const recorded = [
      await client.websites.create({ domain: "kept.history.example" }),
      await client.websites.create({ domain: "gone.history.example" }),
    ];
    const unrecorded = await client.websites.create({ domain: "unmanaged.history.example" });
    const exported = join(root, "history.json");
    writeStackExport(exported, {
      project: "sites",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: recorded,
    });
    setStandInStacks(standIn, [{ name: "history", export: readFileSync(exported, "utf8") }]);
    // A folder the Action makes: a first run has nothing restored there yet.
    const history = join(root, "history", "nested", "drift-history.jsonl");
    try {
      // The history's first run: the unrecorded website is open, nothing is new or fixed.
      const first = await run({ stacks: "history", history, "history-keep": "30d" });
      const dir = folderOf(first);
      expect(commandLine(first)).toBe(
        `pulumi-webstats drift --cwd ${workspace} --stack history --history ${history} --history-keep 30d` +
          ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md\n`,
      );
      expect(first.code).toBe(2);
      const firstHeadline =
        "The history starts with this run: 1 finding; the next run tells what is new and what was fixed.";
      expect(first.outputs).toEqual(
        reportOutputs(
          dir,
          "2",
          { "in-sync": "2", unmanaged: "1" },
          { new: "0", fixed: "0", "history-headline": firstHeadline },
        ),
      );
      expect(first.summary.startsWith(`## Website drift\n\n${firstHeadline}\n\n`)).toBe(true);
      expect(readFileSync(history, "utf8").trim().split("\n")).toHaveLength(1);

      // The unrecorded website deleted (fixed), a recorded one too (gone: new).
      await client.websites.delete(unrecorded.id);
      await client.websites.delete(recorded[1]?.id as number);
      const second = await run({ stacks: "history", history });
      expect(commandLine(second)).toContain(` --stack history --history ${history} --format json `);
      expect(second.code).toBe(2);
      const headline = second.outputs["history-headline"] as string;
      expect(headline).toMatch(
        /^1 new, 1 fixed since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; 0 open; 0 accepted\.$/,
      );
      expect(second.outputs).toEqual(
        reportOutputs(
          folderOf(second),
          "2",
          { "in-sync": "1", gone: "1" },
          { new: "1", fixed: "1", "history-headline": headline },
        ),
      );
      expect(second.summary.startsWith(`## Website drift\n\n${headline}\n\n`)).toBe(true);
      expect(second.summary).toBe(readFileSync(join(folderOf(second), "drift.md"), "utf8"));
      expect(readFileSync(history, "utf8").trim().split("\n")).toHaveLength(2);
    } finally {
      setStandInStacks(standIn, stacks);
    }
  });

  it("sets no history output without history", async () => {
    const result = await run({ stacks: "prod" });
    for (const name of ["new", "fixed", "history-headline"]) expect(result.outputs[name]).toBeUndefined();
    expect(result.outputs["in-sync"]).toBe("2");
  });

  it("stops with an error annotation when the history's folder cannot be made", async () => {
    const file = join(root, "not-a-folder");
    writeFileSync(file, "");
    const result = await run({ stacks: "prod", history: join(file, "drift-history.jsonl") });
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      `::error title=pulumi-webstats action::the history's folder cannot be made: EEXIST: file already exists, mkdir '${file}'\n`,
    );
    expect(result.outputs).toEqual({});
    expect(result.summary).toBe("");
  });

  it("stops on a history-keep drift does not take, before making a folder", async () => {
    const result = await run({ history: "drift-history.jsonl", "history-keep": "1w" });
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      "::error title=pulumi-webstats action::input history-keep takes a number of runs (1 to 10000, such as 100) or of days (1d to 3650d, such as 90d).\n",
    );
    expect(result.outputs).toEqual({});
    expect(readdirSync(result.runnerTemp)).toEqual([]);
  });
});

describe("the Action's fixes", () => {
  it.each([
    [
      "code",
      "--fix code --format markdown",
      "## Drift fixed in code\n\n**Nothing written.**\n\n\nExit code 0: the code declares every website as it is on the server.\n",
    ],
    [
      "cloud",
      "--fix cloud --yes --format markdown",
      "## Drift put back on the server\n\n**Nothing to put back.**\n\n\nExit code 0: nothing to put back.\n",
    ],
  ])(
    "fix %s: runs with %s, keeps the summary in fix.md and adds it to the job summary",
    async (fix, flags, summary) => {
      const result = await run({ stacks: "prod", fix });
      const dir = folderOf(result);
      expect(commandLine(result)).toBe(
        `pulumi-webstats drift --cwd ${workspace} --stack prod` +
          ` --format json --output ${dir}/drift.json --format markdown --output ${dir}/drift.md ${flags}\n`,
      );
      expect(result.code).toBe(0);
      expect(result.outputs).toEqual(
        reportOutputs(dir, "0", { "in-sync": "2" }, { "fix-summary": join(dir, "fix.md") }),
      );
      expect(readFileSync(join(dir, "fix.md"), "utf8")).toBe(summary);
      // The Markdown report, a blank line, the fix summary.
      expect(result.summary).toBe(`${readFileSync(join(dir, "drift.md"), "utf8")}\n${summary}`);
      // The log shows what the command printed, the fix summary last.
      const { text } = echoed(result);
      expect(text).toBe(
        `Stacks read 1 with pulumi stack export.\nRead 1 stack: 2 recorded websites.\nListing the websites of 1 account...\n` +
          `Wrote the json report to ${dir}/drift.json.\nWrote the markdown report to ${dir}/drift.md.\n${summary}`,
      );
    },
  );

  it("without fix, writes no fix summary and echoes the command's standard output and standard error in order", async () => {
    const result = await run({ stacks: "prod" });
    const dir = folderOf(result);
    expect(readdirSync(dir).sort()).toEqual(["drift.json", "drift.md"]);
    expect(result.outputs["fix-summary"]).toBeUndefined();
    expect(result.summary).toBe(readFileSync(join(dir, "drift.md"), "utf8"));
    const lines = echoed(result).text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Stacks read 1 with pulumi stack export.",
      "Read 1 stack: 2 recorded websites.",
      "Listing the websites of 1 account...",
      // The report's summary line, which may go on to say how the stacks were read.
      expect.stringMatching(
        /^2 websites in 1 account of 1 stack \(sites\/prod\): 2 in-sync, 0 changed, 0 gone, 0 unmanaged, 0 duplicate\./,
      ),
      expect.stringMatching(/^Account .* 2 websites, no limit \(plan Default\)\.$/),
    ]);
    expect(lines.slice(5, 7)).toEqual(["", expect.stringMatching(/^STATUS +DOMAIN +ID +ACCOUNT +STACKS$/)]);
    expect(lines.slice(-3)).toEqual([
      `Wrote the json report to ${dir}/drift.json.`,
      `Wrote the markdown report to ${dir}/drift.md.`,
      "",
    ]);
  });
});

describe("the Action's report folder", () => {
  it("makes the folder given, with the folders above it, and writes there", async () => {
    const given = join(root, "given reports", "nested");
    const result = await run({ stacks: "prod", "output-dir": given });
    expect(commandLine(result)).toBe(
      `pulumi-webstats drift --cwd ${workspace} --stack prod` +
        ` --format json --output ${JSON.stringify(`${given}/drift.json`)}` +
        ` --format markdown --output ${JSON.stringify(`${given}/drift.md`)}\n`,
    );
    expect(result.outputs).toEqual(reportOutputs(given, "0", { "in-sync": "2" }));
    expect(readdirSync(given).sort()).toEqual(["drift.json", "drift.md"]);
    // Nothing under the runner's temporary folder.
    expect(readdirSync(result.runnerTemp)).toEqual([]);
    // A folder that is there already is written to as well.
    const again = await run({ stacks: "prod", "output-dir": given });
    expect([again.code, folderOf(again)]).toEqual([0, given]);
  });

  it("makes a fresh folder under RUNNER_TEMP for each run, making RUNNER_TEMP itself when missing", async () => {
    const runnerTemp = join(root, "job-temp", "not-yet");
    const first = await run({ stacks: "prod" }, { RUNNER_TEMP: runnerTemp });
    const second = await run({ stacks: "prod" }, { RUNNER_TEMP: runnerTemp });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(folderOf(first)).not.toBe(folderOf(second));
    for (const result of [first, second]) {
      expect(dirname(folderOf(result))).toBe(runnerTemp);
      expect(basename(folderOf(result))).toMatch(/^pulumi-webstats-drift-.{6}$/);
    }
    expect(readdirSync(runnerTemp).sort()).toEqual(
      [basename(folderOf(first)), basename(folderOf(second))].sort(),
    );
  });

  it("makes it under the system's temporary folder without RUNNER_TEMP", async () => {
    const result = await run({ stacks: "prod" }, { RUNNER_TEMP: undefined });
    try {
      expect(result.code).toBe(0);
      expect(dirname(folderOf(result))).toBe(tmpdir());
      expect(basename(folderOf(result))).toMatch(/^pulumi-webstats-drift-/);
    } finally {
      rmSync(folderOf(result), { recursive: true, force: true });
    }
  });

  it("stops with an error annotation when the folder cannot be made", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "");
    const result = await run({ stacks: "prod", "output-dir": join(file, "reports") });
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      `::error title=pulumi-webstats action::the output folder cannot be made: ENOTDIR: not a directory, mkdir '${join(file, "reports")}'\n`,
    );
    expect(result.err).toBe("");
    expect(result.outputs).toEqual({});
    expect(result.summary).toBe("");
  });
});

describe("the Action's outputs and job summary", () => {
  it("sets no report output and no counts when the command wrote no report", async () => {
    setStandInStacks(standIn, [{ name: "prod", error: "error: cannot reach the backend\n" }]);
    try {
      const result = await run({ stacks: "prod", formats: "sarif" });
      expect(result.code).toBe(1);
      expect(result.outputs).toEqual({ "exit-code": "1" });
      expect(result.summary).toBe("");
      expect(echoed(result).text).toBe(
        `pulumi-webstats: stack prod (in ${workspace}) could not be read with pulumi stack export: cannot reach the backend\n`,
      );
    } finally {
      setStandInStacks(standIn, stacks);
    }
  });

  it.each([
    [
      "a count that is not a safe integer as 0, a missing one too",
      JSON.stringify({ summary: { "in-sync": 1.5, changed: "3", gone: 2, unmanaged: 2 ** 53 } }),
      { "in-sync": "0", changed: "0", gone: "2", unmanaged: "0", duplicate: "0" },
    ],
    [
      "every count as 0 when the report has no summary",
      "{}",
      { "in-sync": "0", changed: "0", gone: "0", unmanaged: "0", duplicate: "0" },
    ],
    ["no count when the report cannot be read", "{ not json", {}],
  ])("reads the counts from the JSON report's summary: %s", async (_, report, counts) => {
    // A JSON report left in the folder given by an earlier run, which this one (its stack cannot
    // be read) does not write over.
    const given = mkdtempSync(join(root, "earlier-"));
    writeFileSync(join(given, "drift.json"), report);
    setStandInStacks(standIn, [{ name: "prod", error: "error: cannot reach the backend\n" }]);
    try {
      const result = await run({ stacks: "prod", "output-dir": given });
      expect(result.code).toBe(1);
      expect(result.outputs).toEqual({
        "exit-code": "1",
        "report-json": join(given, "drift.json"),
        ...counts,
      });
    } finally {
      setStandInStacks(standIn, stacks);
    }
  });

  it("runs without GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, writing neither", async () => {
    const result = await run(
      { stacks: "prod", fix: "code" },
      { GITHUB_OUTPUT: undefined, GITHUB_STEP_SUMMARY: undefined },
    );
    expect(result.code).toBe(0);
    expect(result.outputs).toEqual({});
    expect(result.summary).toBe("");
  });
});

describe("the Action's exit code", () => {
  it("passes on drift found when fail-on-drift is false, and says so after the echoed text", async () => {
    const result = await run({ stacks: "drifted", "fail-on-drift": "false" });
    expect(result.code).toBe(0);
    expect(result.outputs["exit-code"]).toBe("2");
    expect(echoed(result).after).toBe(
      "Drift found (exit code 2); fail-on-drift is false: the step passes.\n",
    );
  });

  it("fails on drift found when fail-on-drift is true", async () => {
    const result = await run({ stacks: "drifted", "fail-on-drift": "true" });
    expect(result.code).toBe(2);
    expect(echoed(result).after).toBe("");
  });

  it("keeps the command's code otherwise, whatever fail-on-drift says", async () => {
    const inSync = await run({ stacks: "prod", "fail-on-drift": "false" });
    expect([inSync.code, echoed(inSync).after]).toEqual([0, ""]);
    const failed = await run({ stacks: "prod", baseline: "missing.json", "fail-on-drift": "false" });
    expect([failed.code, echoed(failed).after]).toEqual([1, ""]);
  });

  it("stops on wrong inputs with one error annotation each, before making a folder", async () => {
    const result = await run({ fix: "clouds", "fail-on": "changed silent" });
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      '::error title=pulumi-webstats action::input fix is "clouds": it takes none, code, cloud.\n' +
        '::error title=pulumi-webstats action::input fail-on is "silent": it takes changed, gone, unmanaged, duplicate.\n',
    );
    expect(result.err).toBe("pulumi-webstats action: 2 wrong input(s); nothing was read or changed.\n");
    expect(result.outputs).toEqual({});
    expect(result.summary).toBe("");
    expect(readdirSync(result.runnerTemp)).toEqual([]);
  });
});

describe("what the Action echoes", () => {
  /** A run during which something else writes to standard error, as a Node.js warning does. */
  async function runWithWarnings() {
    let out = "";
    const env = {
      PATH: standIn,
      HOME: root,
      RUNNER_TEMP: mkdtempSync(join(root, "runner-temp-")),
      INPUT_STACKS: "prod",
      "INPUT_WORKING-DIRECTORY": workspace,
    };
    const running = runDriftAction(env, { out: (text) => (out += text), err: () => undefined });
    // Written while the command runs: text (with a lone surrogate, kept as written) with a
    // callback, and bytes.
    let calledBack = false;
    const returned = [
      process.stderr.write("(node) a warning \ud800\n", () => (calledBack = true)),
      process.stderr.write(new TextEncoder().encode("(node) bytes é\n")),
    ];
    const code = await running;
    return { code, out, returned, calledBack };
  }

  it("collects what is written to standard error during the run, and puts its writer back after", async () => {
    const before = Object.getOwnPropertyDescriptor(process.stderr, "write");
    const { code, out, returned, calledBack } = await runWithWarnings();
    expect(Object.getOwnPropertyDescriptor(process.stderr, "write")).toEqual(before);
    expect(code).toBe(0);
    expect(returned).toEqual([true, true]);
    expect(calledBack).toBe(true);
    const text = /::stop-commands::[0-9a-f]+\n([^]*)::[0-9a-f]+::\n$/.exec(out)?.[1];
    expect(
      text?.startsWith(
        "(node) a warning \ud800\n(node) bytes é\nStacks read 1 with pulumi stack export.\nRead 1 stack: 2 recorded websites.\n",
      ),
    ).toBe(true);
    // None of it reaches the runner as a workflow command.
    expect(workflowCommands(out)).toEqual([]);
  });

  it("puts back a writer set on the stream itself, the same function", async () => {
    const before = Object.getOwnPropertyDescriptor(process.stderr, "write");
    const prototypeWrite = (Object.getPrototypeOf(process.stderr) as { write: typeof process.stderr.write })
      .write;
    const set = {
      value: (...args: Parameters<typeof process.stderr.write>) => prototypeWrite.apply(process.stderr, args),
      writable: true,
      enumerable: false,
      configurable: true,
    };
    Object.defineProperty(process.stderr, "write", set);
    try {
      const { code } = await runWithWarnings();
      expect(code).toBe(0);
      expect(Object.getOwnPropertyDescriptor(process.stderr, "write")).toEqual(set);
      expect(Object.getOwnPropertyDescriptor(process.stderr, "write")?.value).toBe(set.value);
    } finally {
      if (before) Object.defineProperty(process.stderr, "write", before);
      else delete (process.stderr as { write?: unknown }).write;
    }
  });

  it("leaves standard error with the stream's own writer when it had no other", async () => {
    const before = Object.getOwnPropertyDescriptor(process.stderr, "write");
    delete (process.stderr as { write?: unknown }).write;
    try {
      const { code } = await runWithWarnings();
      expect(code).toBe(0);
      expect(Object.hasOwn(process.stderr, "write")).toBe(false);
    } finally {
      if (before) Object.defineProperty(process.stderr, "write", before);
    }
  });
});
