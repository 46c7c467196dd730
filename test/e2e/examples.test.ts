// Every example under examples/ (quickstart runs in documented-examples.test.ts), run through
// the engine as written, with the files beside its index.ts: up, then a preview with no change.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import { WebstatsClient } from "../../sdk";
import { compileProgram } from "../harness/program-project.mjs";
import { describeEngine } from "./harness";
import type { ConfigValue } from "./harness";
import { useEngineFixture } from "./fixture";
import { credentialsConfig, plainOutputs } from "./programs";
import { installGhStandIn } from "../support/gh-stand-in";

const examplesDir = join(__dirname, "..", "..", "examples");

describeEngine("examples", () => {
  // The drift report covers a whole account: the gitops example has one of its own.
  const fixture = useEngineFixture(["Examples", "Acme", "Globex", "Gitops"].map((name) => ({ name })));

  /** A stack running examples/NAME/index.ts, with the example's YAML files beside it. */
  const exampleStack = (
    name: string,
    {
      config,
      ...options
    }: { config?: Record<string, ConfigValue>; stackName?: string; env?: Record<string, string> } = {},
  ) => {
    const dir = join(examplesDir, name);
    const stack = fixture.stack(compileProgram(readFileSync(join(dir, "index.ts"), "utf8")), undefined, {
      ...options,
      config: config ?? credentialsConfig(fixture.emulator.url, fixture.account().apiKey),
    });
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml") && f !== "Pulumi.yaml")) {
      stack.writeFile(file, readFileSync(join(dir, file), "utf8"));
    }
    return stack;
  };
  const stored = (domain: string) => fixture.emulator.listWebsites().find((w) => w.domain === domain);

  it("fleet: thirty websites from a YAML file; reordering and respelling it is no change", async () => {
    const stack = exampleStack("fleet");
    // Without the password's configuration key nothing is declared, and the message says where.
    const missing = await stack.preview({ allowFailure: true });
    expect(missing.ok).toBe(false);
    expect(missing.output).toMatch(
      /websites\.yaml:\d+: website shop\.example\.com, passwordConfig: the stack configuration has no shopStatsPassword: set it with pulumi config set --secret shopStatsPassword PASSWORD\./,
    );
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(0);

    stack.setConfig("webstats-e2e:shopStatsPassword", { value: "partners-only-2024", secret: true });
    const outputs = plainOutputs((await stack.up()).outputs);
    expect(outputs.websiteCount).toBe(30);
    expect(Object.keys(outputs.websiteIds as object)).toHaveLength(30);
    expect(fixture.emulator.listWebsites(fixture.account().id)).toHaveLength(30);

    // Defaults apply; entries override them.
    expect(stored("de.example.com")).toMatchObject({
      exclude_bots: 1,
      exclude_params: "utm_source\nutm_medium\nutm_campaign\nutm_term\nutm_content\nfbclid\ngclid",
      exclude_ips: "203.0.113.0/24\n2001:db8:100::/48",
    });
    expect(stored("example.net")).toMatchObject({ email: 1 });
    expect(stored("app.example.com")).toMatchObject({ exclude_params: "&" });
    expect(stored("api.example.com")).toMatchObject({ privacy: 1, exclude_bots: 0 });
    expect(stored("support.example.com")?.exclude_ips?.split("\n")).toHaveLength(3);
    // The password comes from the stack configuration and stays out of the engine's output.
    expect(stored("shop.example.com")).toMatchObject({
      privacy: 2,
      password: "partners-only-2024",
      email: 1,
    });
    expect(stack.output).not.toContain("partners-only-2024");

    await stack.preview({ expectNoChanges: true });

    const reordered = parseDocument(readFileSync(join(examplesDir, "fleet", "websites.yaml"), "utf8"));
    const entries = (reordered.toJS() as { websites: { domain: string }[] }).websites.reverse();
    const de = entries.find((e) => e.domain === "de.example.com")!;
    de.domain = "https://www.DE.example.com";
    reordered.set("websites", entries);
    stack.writeFile("websites.yaml", reordered.toString());
    await stack.preview({ expectNoChanges: true });
  });

  it("adopt-existing: takes over websites made by hand, creating only the missing one", async () => {
    const client = new WebstatsClient({ baseUrl: fixture.emulator.url, apiKey: fixture.account().apiKey });
    const main = await client.websites.create({ domain: "example.info", email: false });
    const blog = await client.websites.create({ domain: "blog.example.info", excludeBots: false });
    const stack = exampleStack("adopt-existing");

    fixture.emulator.resetRequestCounts();
    const { ids } = plainOutputs((await stack.up()).outputs) as { ids: Record<string, number> };
    expect(ids.main).toBe(main.id);
    expect(ids.blog).toBe(blog.id);
    expect(fixture.emulator.requestCounts()["POST /api/v1/websites"]).toBe(1);
    // The declared settings now hold; the shop did not exist and was created.
    expect(fixture.emulator.getWebsite(main.id)).toMatchObject({ email: 1, favorite: true });
    expect(fixture.emulator.getWebsite(blog.id)).toMatchObject({ exclude_ips: "203.0.113.0/24" });
    expect(fixture.emulator.getWebsite(ids.shop!)?.domain).toBe("shop.example.info");

    await stack.preview({ expectNoChanges: true });
  });

  it("multi-account: each website lands in the account of its connection", async () => {
    const [own, acme, globex] = [fixture.account(0), fixture.account(1), fixture.account(2)];
    const stack = exampleStack("multi-account", {
      config: {
        ...credentialsConfig(fixture.emulator.url, own.apiKey),
        "webstats-e2e:acmeBaseUrl": { value: fixture.emulator.url },
        "webstats-e2e:acmeApiKey": { value: acme.apiKey, secret: true },
        "webstats-e2e:globexBaseUrl": { value: fixture.emulator.url },
        "webstats-e2e:globexApiKey": { value: globex.apiKey, secret: true },
      },
    });
    const outputs = plainOutputs((await stack.up()).outputs);
    expect(outputs.accounts).toEqual({ agency: "Examples", acme: "Acme", globex: "Globex" });
    const domainsOf = (accountId: number) =>
      fixture.emulator
        .listWebsites(accountId)
        .map((w) => w.domain)
        .sort();
    expect(domainsOf(own.id)).toContain("agency.example");
    expect(domainsOf(acme.id)).toEqual(["blog.acme.example", "shop.acme.example"]);
    expect(domainsOf(globex.id)).toEqual([
      "globex.example",
      "intranet.globex.example",
      "shop.globex.example",
    ]);
    expect(stored("intranet.globex.example")).toMatchObject({
      privacy: 1,
      email: 1,
      exclude_ips: "192.0.2.0/24",
    });
    for (const key of [acme.apiKey, globex.apiKey]) {
      expect(stack.output).not.toContain(key);
      expect((await stack.exportState()).raw).not.toContain(key);
    }

    await stack.preview({ expectNoChanges: true });
  });

  it("gitops: the workflow's script reads the stack, opens an issue on drift and keeps the job green", async () => {
    // The workflow runs scripts/drift-issue.sh on a schedule; its issue behaviour run by run is
    // test/integration/examples/gitops-drift-issue.test.ts. Here: the step as written, on a real stack.
    const workflow = parse(
      readFileSync(join(examplesDir, "gitops", ".github", "workflows", "drift-check.yml"), "utf8"),
    ) as {
      on: { schedule: { cron: string }[] };
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { uses?: string; run?: string; env?: Record<string, string> }[] }>;
    };
    expect(workflow.on.schedule[0]?.cron).toMatch(/^[\d*]+ [\d*]+ \* \* \*$/);
    expect(workflow.permissions).toEqual({
      contents: "read",
      issues: "write",
      "security-events": "write",
    });
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    expect(steps.some((s) => s.uses?.startsWith("pulumi/actions@"))).toBe(true);
    const report = steps.find((s) => s.run?.includes("scripts/drift-issue.sh"));
    // The SARIF the step writes goes to code scanning.
    const upload = steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif@"));
    expect((upload as { with?: Record<string, string> } | undefined)?.with).toEqual({
      sarif_file: "drift.sarif",
    });
    expect(report?.env).toMatchObject({
      GH_TOKEN: "${{ github.token }}",
      WEBSTATS_BASE_URL: "${{ vars.WEBSTATS_BASE_URL }}",
      WEBSTATS_API_KEY: "${{ secrets.WEBSTATS_API_KEY }}",
    });

    // As the README sets it up: the address in the stack's configuration, the key in the environment.
    const { url } = fixture.emulator;
    const gitops = fixture.account(3);
    const { apiKey } = gitops;
    const stack = exampleStack("gitops", {
      stackName: "prod",
      config: { "webstats:baseUrl": { value: url } },
      env: { WEBSTATS_API_KEY: apiKey },
    });
    const { websiteIds } = plainOutputs((await stack.up()).outputs) as { websiteIds: Record<string, number> };
    expect(Object.keys(websiteIds).sort()).toEqual(["docs.example.dev", "example.dev", "status.example.dev"]);
    mkdirSync(join(stack.workDir, "scripts"));
    copyFileSync(
      join(examplesDir, "gitops", "scripts", "drift-issue.sh"),
      join(stack.workDir, "scripts", "drift-issue.sh"),
    );
    // GitHub cannot be reached from here: a stand-in gh records the calls and keeps the issues.
    const gh = installGhStandIn(join(stack.dir, "gh"));

    // The step's own script, in the project folder, as the runner runs it.
    const summary = join(stack.dir, "step-summary.md");
    const runReport = async () => {
      const shell = stack.shellEnvironment();
      const env = {
        ...process.env,
        ...shell,
        ...gh.env,
        // The stand-in gh first, then the stack's own pulumi (the test runner's PATH may have none).
        PATH: `${gh.binDir}:${shell.PATH ?? process.env.PATH ?? ""}`,
        WEBSTATS_BASE_URL: url,
        WEBSTATS_API_KEY: apiKey,
      };
      const result = await promisify(execFile)("bash", ["-e", "-c", report!.run!], {
        cwd: stack.workDir,
        env: { ...env, GITHUB_STEP_SUMMARY: summary },
      }).then(
        ({ stderr }) => ({ code: 0, stderr }),
        (error: { code?: number; stderr?: string }) => ({
          code: error.code ?? -1,
          stderr: error.stderr ?? "",
        }),
      );
      return { ...result, summary: readFileSync(summary, "utf8") };
    };
    const clean = await runReport();
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.summary).toContain("3 websites in 1 account of 1 stack (webstats-e2e/prod): 3 in-sync");
    expect(clean.summary).toContain("Every website is in sync.");
    expect(gh.state().issues).toEqual([]);

    // Someone makes the docs statistics private and adds a website in the web interface.
    fixture.emulator.updateWebsite(websiteIds["docs.example.dev"]!, { privacy: 1 });
    const blog = await new WebstatsClient({ baseUrl: url, apiKey }).websites.create({
      domain: "blog.example.dev",
    });
    const drifted = await runReport();
    expect(drifted.code, drifted.stderr).toBe(0);
    const added = drifted.summary.slice(clean.summary.length);
    const row = `| changed | docs.example.dev | ${websiteIds["docs.example.dev"]} | ${gitops.email} (${gitops.id}) at ${url} | webstats-e2e/prod | privacy: "public" recorded, "private" live |`;
    expect(added).toContain(row);
    expect(added).toContain(`| unmanaged | blog.example.dev | ${blog.id} |`);
    expect(added).not.toContain(apiKey);
    const [issue, ...others] = gh.state().issues;
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ state: "open", labels: ["webstats-drift"] });
    expect(issue!.body).toContain(row);
    expect(issue!.body).not.toContain(apiKey);
    // The code-scanning upload's file: each finding at a line of websites.yaml, the unmanaged
    // website at the file --adopt-unmanaged would append it to.
    const sarif = JSON.parse(readFileSync(join(stack.workDir, "drift.sarif"), "utf8")) as {
      runs: {
        results: {
          ruleId: string;
          locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
        }[];
      }[];
    };
    expect(
      sarif.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri]),
    ).toEqual([
      ["unmanaged", "websites.yaml"],
      ["changed", "websites.yaml"],
    ]);
  });
});
