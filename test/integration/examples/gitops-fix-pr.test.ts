// examples/gitops/scripts/fix-pr.sh, the script of the fix workflow, run with bash as the
// workflow's step runs it, in a fresh clone of a repository holding the example (its `origin` a
// bare repository on disk, as actions/checkout leaves it), with the real `npx pulumi-webstats
// drift --fix code` over a stack export against the emulator and a stand-in `gh` that records
// its calls and keeps the pull requests (GitHub cannot be reached from here). The live values
// written into websites.yaml: a branch, a commit, one pull request; the same drift again: the
// same pull request, no push; more drift: the branch pushed again, the same pull request; drift
// left that the file cannot take: said in the description; back in sync: the pull request
// closed and the branch deleted; a failed command or a dirty checkout: nothing pushed.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import type { Emulator, EmulatorAccount } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { installGhStandIn } from "../../support/gh-stand-in";
import type { GhStandIn } from "../../support/gh-stand-in";
import { ensureCliBuilt, makeProjectFolder, repoRoot, runScript } from "../../support/gitops-project";
import { writeStackExport } from "../../support/stack-exports";

const root = mkdtempSync(join(tmpdir(), "gitops-fix-pr-"));
const origin = join(root, "origin.git");
const stateFile = join(root, "prod.json");
const branch = "webstats/drift-fix";
const title = "Website settings changed outside the code, written into the fleet files";
// git without the machine's own settings; the test's commits have an author of their own.
const gitEnv = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...gitEnv },
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
/** The branch's commit on origin, undefined when it is not there. */
const remoteHead = (name: string): string | undefined =>
  git(origin, "for-each-ref", "--format=%(objectname)", `refs/heads/${name}`) || undefined;

describe("examples/gitops/scripts/fix-pr.sh", () => {
  let emulator: Emulator;
  let account: EmulatorAccount;
  let client: WebstatsClient;
  let sites: Record<string, Website>;
  let gh: GhStandIn;
  let runs = 0;

  /** A fresh checkout of main, as each workflow run gets, where npx finds the command. */
  const checkout = (): string => {
    const dir = join(root, `run-${++runs}`);
    git(root, "clone", "--quiet", origin, dir);
    makeProjectFolder(dir);
    return dir;
  };
  const run = async (extra: string[] = [], dir = checkout()) => ({
    dir,
    ...(await runScript("fix-pr.sh", ["--cwd", ".", "--state", stateFile, ...extra], dir, gh, {
      ...gitEnv,
      GITHUB_RUN_ID: "77",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "example/fleet",
    })),
  });
  const fleetOn = (ref: string): string => git(origin, "show", `${ref}:websites.yaml`);

  beforeAll(async () => {
    ensureCliBuilt();
    emulator = await startEmulator({ requestsPerMinute: 0 });
    account = emulator.createAccount({ name: "Gitops" });
    client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    // The websites as examples/gitops/websites.yaml declares them, after the first `pulumi up`.
    const main = await client.websites.create({ domain: "example.dev", email: true });
    sites = {
      main: await client.websites.update(main.id, { favorite: true }),
      docs: await client.websites.create({ domain: "docs.example.dev" }),
      status: await client.websites.create({ domain: "status.example.dev", privacy: "private" }),
    };
    writeStackExport(stateFile, {
      project: "webstats-gitops",
      url: emulator.url,
      apiKey: account.apiKey,
      websites: Object.values(sites),
      fleet: { name: "sites", file: "websites.yaml" },
    });

    // The repository: the example as a user copies it, on main, pushed to a bare origin.
    git(root, "init", "--quiet", "--bare", "--initial-branch=main", origin);
    const seed = join(root, "seed");
    cpSync(join(repoRoot, "examples", "gitops"), seed, { recursive: true });
    git(seed, "init", "--quiet", "--initial-branch=main");
    git(seed, "add", ".");
    git(
      seed,
      "-c",
      "user.name=Fleet Owner",
      "-c",
      "user.email=owner@example.dev",
      "commit",
      "--quiet",
      "-m",
      "Fleet",
    );
    git(seed, "push", "--quiet", origin, "main");
    gh = installGhStandIn(join(root, "gh"));
  }, 180_000);

  afterAll(async () => {
    await emulator?.close();
    rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => gh.clearCalls());

  // The scenarios build on each other, as the weekly runs of one repository do.
  it("nothing drifted: only looks for its pull request, pushes nothing", async () => {
    const result = await run();
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("fix-pr: nothing to change.");
    expect(gh.calls()).toEqual([
      { args: ["pr", "list", "--head", branch, "--state", "open", "--json", "number", "--jq", ".[].number"] },
    ]);
    expect(remoteHead(branch)).toBeUndefined();
  });

  it("a setting changed in the web interface: written into websites.yaml, committed on the branch, one pull request", async () => {
    emulator.updateWebsite(sites.docs!.id, { privacy: 1 });
    const result = await run();
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`fix-pr: opened a pull request from ${branch}.`);
    expect(gh.calls().map((c) => c.args)).toEqual([
      ["pr", "list", "--head", branch, "--state", "open", "--json", "number", "--jq", ".[].number"],
      [
        "pr",
        "create",
        "--base",
        "main",
        "--head",
        branch,
        "--title",
        title,
        "--body-file",
        expect.any(String),
      ],
    ]);
    const body = gh.calls()[1]!.body!;
    expect(body).toContain("[run 77](https://github.com/example/fleet/actions/runs/77)");
    expect(body).toContain("## Drift fixed in code");
    expect(body).toMatch(/websites\.yaml: docs\.example\.dev: privacy: "public" → "private"/);
    expect(body).not.toContain("Some drift is left");
    expect(body).not.toContain(account.apiKey);

    // One commit on top of main, by the workflow's identity, changing websites.yaml alone, with
    // its comments kept; the checkout is back on main, clean.
    const head = remoteHead(branch)!;
    expect(git(origin, "rev-parse", `${head}~1`)).toBe(remoteHead("main"));
    expect(git(origin, "diff", "--name-only", "main", head)).toBe("websites.yaml");
    expect(git(origin, "log", "-1", "--format=%an <%ae>|%s", head)).toBe(
      `github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|${title}`,
    );
    const fixed = fleetOn(head);
    expect(fixed).toMatch(/ {2}- domain: docs\.example\.dev\n {4}privacy: private\n/);
    expect(fixed.startsWith(fleetOn("main").split("\n")[0]!)).toBe(true);
    expect(fixed).toContain("excludeParams: [utm_source, utm_medium, utm_campaign]");
    expect(git(result.dir, "rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
    expect(git(result.dir, "status", "--porcelain", "--untracked-files=no")).toBe("");
    expect(gh.state().pulls).toEqual([expect.objectContaining({ number: 1, state: "open", head: branch })]);
  });

  it("the same drift next week: the same pull request's description updated, the branch not pushed again", async () => {
    const before = remoteHead(branch);
    const result = await run();
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`fix-pr: the branch ${branch} already holds these changes.`);
    expect(gh.calls().map((c) => c.args.slice(0, 3))).toEqual([
      ["pr", "list", "--head"],
      ["pr", "edit", "1"],
    ]);
    expect(remoteHead(branch)).toBe(before);
    expect(gh.state().pulls).toHaveLength(1);
  });

  it("a website added in the web interface, without --adopt-unmanaged: the description says what is left", async () => {
    await client.websites.create({ domain: "blog.example.dev" });
    const before = remoteHead(branch);
    const result = await run();
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(gh.calls().map((c) => c.args.slice(0, 3))).toEqual([
      ["pr", "list", "--head"],
      ["pr", "edit", "1"],
    ]);
    const body = gh.calls()[1]!.body!;
    expect(body).toContain("Some drift is left that the fleet files cannot take");
    expect(body).toMatch(/unmanaged blog\.example\.dev/);
    expect(remoteHead(branch)).toBe(before);
  });

  it("with --adopt-unmanaged: the website appended, the branch pushed again, still one pull request", async () => {
    const before = remoteHead(branch)!;
    const result = await run(["--adopt-unmanaged"]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("fix-pr: updated pull request #1.");
    expect(gh.calls().map((c) => c.args.slice(0, 3))).toEqual([
      ["pr", "list", "--head"],
      ["pr", "edit", "1"],
    ]);
    const head = remoteHead(branch)!;
    expect(head).not.toBe(before);
    expect(git(origin, "rev-parse", `${head}~1`)).toBe(remoteHead("main"));
    const fixed = fleetOn(head);
    expect(fixed).toContain("privacy: private");
    expect(fixed).toMatch(/- domain: blog\.example\.dev\n/);
    expect(gh.state().pulls.map((p) => [p.number, p.state])).toEqual([[1, "open"]]);
  });

  it("the command fails, or the checkout has local changes: nothing pushed, no call, the job fails", async () => {
    const before = remoteHead(branch);
    const failed = await runScript(
      "fix-pr.sh",
      ["--cwd", ".", "--state", join(root, "missing.json")],
      checkout(),
      gh,
      gitEnv,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("fix-pr: drift --fix code failed (exit 1); nothing is pushed.");

    const dirty = checkout();
    writeFileSync(join(dirty, "index.ts"), `${readFileSync(join(dirty, "index.ts"), "utf8")}// edited\n`);
    const refused = await run([], dirty);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "fix-pr: the checkout has local changes; run this on a clean checkout of main.",
    );
    expect(gh.calls()).toEqual([]);
    expect(remoteHead(branch)).toBe(before);
  });

  it("back in sync (the websites put back with pulumi up): the pull request closed, the branch deleted", async () => {
    emulator.updateWebsite(sites.docs!.id, { privacy: 0 });
    const blog = emulator.listWebsites(account.id).find((w) => w.domain === "blog.example.dev")!;
    emulator.deleteWebsite(blog.id);
    const result = await run();
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("fix-pr: nothing to change; closed pull request #1.");
    expect(gh.calls().map((c) => c.args)).toEqual([
      ["pr", "list", "--head", branch, "--state", "open", "--json", "number", "--jq", ".[].number"],
      [
        "pr",
        "close",
        "1",
        "--comment",
        "Nothing to write any more ([run 77](https://github.com/example/fleet/actions/runs/77)): the fleet files on main match the websites.",
      ],
    ]);
    expect(remoteHead(branch)).toBeUndefined();
    expect(gh.state().pulls[0]!.state).toBe("closed");
  });
});
