// The proof of `pulumi-webstats drift --fix cloud`, through the real engine: a Pulumi YAML stack
// (the YAML language host and the provider plugin: the engine here has no Node.js language host,
// so a TypeScript project cannot be run by the user's own `pulumi up`) is up; one website is
// changed on the server by hand and another deleted; the command, with the user's `pulumi` (the
// pinned CLI on PATH), previews, shows the plan, and puts both back with pulumi up --refresh
// --target: the changed one updated to the declared values, the gone one created again, the
// website the program declares since the last up left uncreated (an up without --target would
// create it), and the next drift run is in sync. The refusals that need the engine: a program
// that no longer declares a changed website (the plan would delete it), and a stack locked by
// another update; each names the stack, and the server is left as it was. And the repository's
// Action with `fix: cloud`, run as a runner runs it (test/support/action-runner.ts), doing the
// same. The plan's rules over the engine's JSON are test/unit/drift/fix/cloud-plan.test.ts; the
// command line test/unit/cli/drift-fix-cloud-options.test.ts; the question at a terminal and the
// exact --target set, test/integration/drift/fix/fix-cloud-confirm.test.ts.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { expect, it } from "vitest";
import { runAction } from "../../support/action-runner";
import { describeEngine, e2e, uniqueDomain } from "../harness";
import type { TestStack } from "../harness";
import { useEngineFixture } from "../fixture";
import { driftJsonReport } from "../../support/drift-json-report";

/** `pulumi-webstats ARGS` as a user runs it (the packed package's bin), standard input not a terminal. */
function webstats(args: string[], stack: TestStack) {
  const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
  const shell = stack.shellEnvironment();
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...shell,
    // The user's pulumi: the pinned CLI, with the YAML language host beside it.
    PATH: [shell.PATH, e2e.yamlHostDir].join(delimiter),
  };
  delete env.WEBSTATS_API_KEY;
  delete env.WEBSTATS_BASE_URL;
  const where = ["--cwd", stack.workDir, "--stack", "test"];
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(bin, ["drift", ...where, ...args], { cwd: stack.workDir, env }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const program = (shop: string, blog?: string, docs?: string) => `
resources:
  shop:
    type: webstats:index:Website
    properties:
      domain: ${shop}
      privacy: public
      excludeBots: true
${
  blog === undefined
    ? ""
    : `  blog:
    type: webstats:index:Website
    properties:
      domain: ${blog}
`
}${
  docs === undefined
    ? ""
    : `  docs:
    type: webstats:index:Website
    properties:
      domain: ${docs}
`
}`;

/** The stack's websites' ids, by resource name. */
async function websiteIds(stack: TestStack): Promise<Record<string, number>> {
  const websites = await stack.resourcesOfType("webstats:index:Website");
  return Object.fromEntries(
    websites.map((w): [string, number] => [w.urn.split("::").pop() ?? "", Number(w.id)]),
  );
}

describeEngine("pulumi-webstats drift --fix cloud", () => {
  // The Action's test has an account of its own: the other tests' websites would be unmanaged there.
  const fixture = useEngineFixture([{ name: "Fix" }, { name: "Action" }]);

  it("puts the declared values back: the changed website updated, the gone one created again; then in sync", async () => {
    const shop = uniqueDomain("shop");
    const blog = uniqueDomain("blog");
    const docs = uniqueDomain("docs");
    const stack = fixture.yamlStack(program(shop, blog));
    await stack.up();
    const ids = await websiteIds(stack);
    // Declared since, not yet created: outside the targets.
    stack.setYamlProgram(program(shop, blog, docs));
    // By hand, in the web interface: the shop made private, counting bots, with an address
    // excluded; the blog deleted.
    fixture.emulator.updateWebsite(ids.shop!, { privacy: 1, exclude_bots: 0, exclude_ips: "203.0.113.7" });
    fixture.emulator.deleteWebsite(ids.blog!);

    const fixed = await webstats(["--fix", "cloud", "--yes"], stack);
    expect(fixed.stderr).not.toMatch(/refused|failed/i);
    expect(fixed.code).toBe(0);
    // The plan is shown before the engine applies it.
    const plan = fixed.stderr.indexOf("The plan: 2 websites put back in 1 stack.");
    expect(plan).toBeGreaterThan(-1);
    expect(plan).toBeLessThan(fixed.stderr.indexOf("pulumi up --refresh --target"));
    expect(fixed.stderr).toContain('    privacy: "private" → "public"');
    expect(fixed.stderr).toContain("    excludeBots: false → true");
    expect(fixed.stderr).toContain(`  create blog (${blog}, id ${ids.blog}) again`);
    expect(fixed.stdout).toContain("Stack webstats-e2e/test: put back");
    expect(fixed.stdout).toContain("Exit code 0: every changed and gone website is as its program declares.");

    expect(fixture.emulator.getWebsite(ids.shop!)).toMatchObject({
      privacy: 0,
      exclude_bots: 1,
      exclude_ips: null,
    });
    const after = await websiteIds(stack);
    expect(after.shop).toBe(ids.shop);
    expect(after.blog).not.toBe(ids.blog);
    expect(fixture.emulator.getWebsite(after.blog!)?.domain).toBe(blog);
    // Only the targets were applied: the website outside them is not created.
    expect(fixture.emulator.listWebsites().map((w) => w.domain)).not.toContain(docs);

    const again = await webstats(["--format", "json"], stack);
    expect(again.code).toBe(0);
    const report = driftJsonReport<{ summary: Record<string, number> }>(again.stdout);
    expect(report.summary).toMatchObject({ "in-sync": 2, changed: 0, gone: 0 });
  });

  it("refuses, changing nothing, a program that no longer declares the changed website, and a locked stack", async () => {
    const shop = uniqueDomain("shop");
    const blog = uniqueDomain("blog");
    const stack = fixture.yamlStack(program(shop, blog));
    await stack.up();
    const ids = await websiteIds(stack);
    fixture.emulator.updateWebsite(ids.shop!, { privacy: 1 });
    const websitesBefore = fixture.emulator.listWebsites().length;

    stack.setYamlProgram(program(blog).replace("  shop:", "  other:"));
    const undeclared = await webstats(["--fix", "cloud", "--yes"], stack);
    expect(undeclared.code).toBe(1);
    expect(undeclared.stderr).toContain(
      `stack webstats-e2e/test: website shop (${shop}, id ${ids.shop}) is no longer declared in the stack's program: the up would delete it.`,
    );
    expect(undeclared.stderr).toContain("Nothing was changed.");
    expect(undeclared.stderr).not.toContain("pulumi up --refresh --target");

    // Another update holds the stack's lock (as the file backend records it).
    stack.setYamlProgram(program(shop, blog));
    const locks = join(stack.dir, "backend", ".pulumi", "locks", "organization", "webstats-e2e", "test");
    mkdirSync(locks, { recursive: true });
    writeFileSync(
      join(locks, "other-update.json"),
      JSON.stringify({ pid: 4242, username: "ci", hostname: "runner", timestamp: new Date().toISOString() }),
    );
    const locked = await webstats(["--fix", "cloud", "--yes"], stack);
    expect(locked.code).toBe(1);
    // Seen in the backend pulumi itself names, before any stack is previewed or changed.
    expect(locked.stderr).toContain(
      `stack webstats-e2e/test is locked by another update (lock file ${join(locks, "other-update.json")})`,
    );
    expect(locked.stderr).toContain("release the lock with pulumi cancel");
    expect(locked.stderr).toContain("Nothing was changed.");
    expect(locked.stderr).not.toContain("pulumi up --refresh --target");

    expect(fixture.emulator.getWebsite(ids.shop!)?.privacy).toBe(1);
    expect(fixture.emulator.listWebsites()).toHaveLength(websitesBefore);
  });

  it("the Action with fix: cloud puts a changed website back, and says so in the job summary", async () => {
    const shop = uniqueDomain("shop");
    const stack = fixture.yamlStack(program(shop), fixture.account(1));
    await stack.up();
    const ids = await websiteIds(stack);
    fixture.emulator.updateWebsite(ids.shop!, { privacy: 1 });

    const shell = stack.shellEnvironment();
    const env = { ...shell, PATH: [shell.PATH, e2e.yamlHostDir].join(delimiter), HOME: stack.dir };
    const run = await runAction(stack.workDir, { stacks: "test", fix: "cloud" }, env);
    expect(run.stderr).not.toMatch(/refused|failed/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("pulumi-webstats drift --cwd . --stack test");
    expect(run.outputs).toMatchObject({ "exit-code": "0", changed: "1" });
    expect(run.summary).toContain("## Drift put back on the server");
    expect(run.summary).toContain("**Stack webstats-e2e/test: put back**");
    expect(readFileSync(run.outputs["fix-summary"]!, "utf8")).toContain('privacy "private" → "public"');
    expect(fixture.emulator.getWebsite(ids.shop!)?.privacy).toBe(0);
  });
});
