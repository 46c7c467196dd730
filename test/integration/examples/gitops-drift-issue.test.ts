// examples/gitops/scripts/drift-issue.sh, the script of the scheduled drift workflow, run with
// bash as the workflow's step runs it: the real `npx pulumi-webstats drift` over a stack export
// against the emulator, and a stand-in `gh` (GitHub cannot be reached from here) that records
// its calls and keeps the issues. Drift appears: one issue, labelled; it lasts: the same issue's
// description updated, a comment only when the findings change; back in sync: the issue
// closed; the report failing: the issue left alone and the job failed. A report too long for
// an issue is cut.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { installGhStandIn } from "../../support/gh-stand-in";
import type { GhStandIn } from "../../support/gh-stand-in";
import { ensureCliBuilt, makeProjectFolder, runScript } from "../../support/gitops-project";
import { writeStackExport } from "../../support/stack-exports";

const root = mkdtempSync(join(tmpdir(), "gitops-drift-issue-"));
const project = join(root, "project");
const stateFile = join(root, "prod.json");
const summaryFile = join(root, "step-summary.md");
const label = "webstats-drift";
const runEnv = {
  GITHUB_STEP_SUMMARY: summaryFile,
  GITHUB_RUN_ID: "4242",
  GITHUB_SERVER_URL: "https://github.com",
  GITHUB_REPOSITORY: "example/fleet",
};
const runLink = "[run 4242](https://github.com/example/fleet/actions/runs/4242)";
const today = () => new Date().toISOString().slice(0, 10);
/**
 * `line` with the date the script wrote, which is the date when it ran: the date before the run
 * or the one after it (a run may cross the turn of a UTC date). `whole`: the text is the line alone.
 */
const onRunDate = (before: string, line: (date: string) => string, whole = false): RegExp => {
  const lines = [...new Set([before, today()])].map((date) =>
    line(date).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  return new RegExp(whole ? `^(?:${lines.join("|")})$` : lines.join("|"));
};

describe("examples/gitops/scripts/drift-issue.sh", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let client: WebstatsClient;
  let managed: Website[];
  let gh: GhStandIn;
  const run = (args = ["--state", stateFile]) => runScript("drift-issue.sh", args, project, gh, runEnv);
  const verbs = () => gh.calls().map((c) => c.args.slice(0, 2).join(" "));

  beforeAll(async () => {
    ensureCliBuilt();
    makeProjectFolder(project);
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Gitops" });
    client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    managed = [
      await client.websites.create({ domain: "example.dev" }),
      await client.websites.create({ domain: "docs.example.dev" }),
    ];
    writeStackExport(stateFile, {
      project: "gitops",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: managed,
    });
    mkdirSync(join(root, "gh"));
    gh = installGhStandIn(join(root, "gh"));
  }, 180_000);

  afterAll(async () => {
    await emulator?.close();
    rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    gh.clearCalls();
    writeFileSync(summaryFile, "");
  });

  // The scenarios build on each other, as the daily runs of one repository do.
  it("in sync with no issue: looks for an open issue and does nothing else", async () => {
    const result = await run();
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("drift-issue: in sync; no open issue.");
    expect(gh.calls()).toEqual([
      {
        args: [
          "issue",
          "list",
          "--label",
          label,
          "--state",
          "open",
          "--json",
          "number",
          "--jq",
          ".[].number",
        ],
      },
    ]);
    expect(readFileSync(summaryFile, "utf8")).toContain("Every website is in sync.");
  });

  it("drift appears: one issue opened with the label and the report, the job stays green", async () => {
    emulator.updateWebsite(managed[1]!.id, { privacy: 1 });
    const before = today();
    const result = await run();
    expect(result.code).toBe(0);
    expect(verbs()).toEqual(["issue list", "label create", "issue create"]);
    const create = gh.calls()[2]!;
    expect(create.args).toEqual([
      "issue",
      "create",
      "--title",
      "Websites differ from what the stacks recorded",
      "--label",
      label,
      "--body-file",
      expect.any(String),
    ]);
    expect(create.body).toMatch(onRunDate(before, (date) => `Last checked on ${date} by ${runLink}.`));
    expect(create.body).toContain(
      `| changed | docs.example.dev | ${managed[1]!.id} | ${account.email} (${account.id}) at ${emulator.url} | gitops/prod | privacy: "public" recorded, "private" live |`,
    );
    expect(create.body).not.toContain(account.apiKey);
    expect(readFileSync(summaryFile, "utf8")).toContain("| changed | docs.example.dev |");
    const { issues, labels } = gh.state();
    expect(labels).toEqual([label]);
    expect(issues).toEqual([expect.objectContaining({ number: 1, state: "open", labels: [label] })]);
  });

  it("the same drift the next day: the issue's description is updated, no second issue, no comment", async () => {
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("drift-issue: the same drift; updated issue #1.");
    expect(gh.calls().map((c) => c.args)).toEqual([
      ["issue", "list", "--label", label, "--state", "open", "--json", "number", "--jq", ".[].number"],
      ["issue", "view", "1", "--json", "body", "--jq", ".body"],
      ["issue", "edit", "1", "--body-file", expect.any(String)],
    ]);
    expect(gh.state().issues).toHaveLength(1);
  });

  it("the drift changes: the same issue gets the new report and one comment saying so", async () => {
    const stray = await client.websites.create({ domain: "stray.example.dev" });
    const before = today();
    const result = await run();
    expect(result.code).toBe(0);
    expect(verbs()).toEqual(["issue list", "issue view", "issue edit", "issue comment"]);
    const [issue] = gh.state().issues;
    expect(gh.state().issues).toHaveLength(1);
    expect(issue!.body).toContain(`| unmanaged | stray.example.dev | ${stray.id} |`);
    expect(issue!.body).toContain("| changed | docs.example.dev |");
    expect(issue!.comments).toEqual([
      expect.stringMatching(
        onRunDate(
          before,
          (date) => `The drift changed on ${date} (${runLink}): the description has the new report.`,
          true,
        ),
      ),
    ]);
    emulator.deleteWebsite(stray.id);
  });

  it("the report fails: the issue is left as it is and the job fails with the report's code", async () => {
    const result = await run(["--state", join(root, "missing.json")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "drift-issue: the drift report failed (exit 1); the issue is left as it is.",
    );
    expect(gh.calls()).toEqual([]);
    expect(gh.state().issues[0]!.state).toBe("open");
  });

  it("back in sync: the issue is closed with a comment", async () => {
    emulator.updateWebsite(managed[1]!.id, { privacy: 0 });
    const before = today();
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("drift-issue: in sync; closed issue #1.");
    expect(gh.calls().map((c) => c.args)).toEqual([
      ["issue", "list", "--label", label, "--state", "open", "--json", "number", "--jq", ".[].number"],
      [
        "issue",
        "close",
        "1",
        "--reason",
        "completed",
        "--comment",
        expect.stringMatching(
          onRunDate(
            before,
            (date) => `Back in sync on ${date} (${runLink}): every website is as its stack recorded.`,
            true,
          ),
        ),
      ],
    ]);
    expect(gh.state().issues[0]!.state).toBe("closed");
  });

  it("a report longer than an issue takes is cut at a line, pointing to the run's summary page", async () => {
    // 700 unmanaged websites: a report of about 80,000 characters, over GitHub's 65,536.
    for (let i = 0; i < 700; i++) await client.websites.create({ domain: `site-${i}.bulk.example.dev` });
    const result = await run();
    expect(result.code).toBe(0);
    expect(verbs()).toEqual(["issue list", "label create", "issue create"]);
    const body = gh.calls()[2]!.body!;
    expect(readFileSync(summaryFile, "utf8").length).toBeGreaterThan(65_536);
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/\| site-\d+\.bulk\.example\.dev \| \d+ \| [^\n]* \|\n\n_The report is cut here/);
    expect(body.endsWith("_The report is cut here: the whole report is on the run's summary page._\n")).toBe(
      true,
    );
    // The closed issue stays closed: this drift is a new one.
    expect(gh.state().issues.map((i) => [i.number, i.state])).toEqual([
      [1, "closed"],
      [2, "open"],
    ]);
  });
});
