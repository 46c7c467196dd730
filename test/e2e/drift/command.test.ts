// `pulumi-webstats drift` over real stacks: two stacks, one per host (the dynamic provider with
// its default provider and a `connection`; the plugin with its default provider and an explicit
// one), over two accounts of one installation, read with the user's own `pulumi stack export`.
// Out of band one website is changed, one deleted and two added (one per account), and one
// website is claimed by both stacks: every status in every format, the exit codes, the same
// report from export files, the bad inputs, `generate --only-unmanaged`, and only GETs reach
// the server. The comparison and the formats are proven in test/unit/drift-*.test.ts; what only
// real stacks show is here: the states both hosts really write, and pulumi's own export.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { WebstatsClient } from "../../../sdk";
import { describeEngine, e2e, uniqueDomain } from "../harness";
import type { TestStack } from "../harness";
import { useEngineFixture } from "../fixture";
import { pluginHome } from "../plugin-home";
import { program } from "../programs";
import { driftJsonReport } from "../../support/drift-json-report";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pulumi-webstats ARGS` as a user runs it (the packed package's bin), in `cwd` with `env`. */
function webstats(args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const bin = join(e2e.templateDir, "node_modules", ".bin", "pulumi-webstats");
  const clean = { ...process.env };
  delete clean.WEBSTATS_API_KEY;
  delete clean.WEBSTATS_BASE_URL;
  return new Promise((done) => {
    execFile(bin, args, { cwd, env: { ...clean, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

const domains = {
  keep: uniqueDomain("keep"),
  changed: uniqueDomain("changed"),
  gone: uniqueDomain("gone"),
  viaConnection: uniqueDomain("conn"),
  shared: uniqueDomain("shared"),
  pluginOwn: uniqueDomain("plugin"),
  addedFirst: uniqueDomain("added-one"),
  addedSecond: uniqueDomain("added-two"),
};

interface Entry {
  domain: string;
  id: number;
  status: string;
  stacks: string[];
  account: { url: string; id: number; email: string };
  changes?: { field: string; recorded: unknown; live: unknown }[];
}

describeEngine("pulumi-webstats drift", () => {
  const fixture = useEngineFixture([{}, {}]);
  let dynamicStack: TestStack;
  let pluginStack: TestStack;
  /** The environment of the user's shell: pulumi on PATH, the stacks' passphrase and home. */
  let shell: Record<string, string>;
  const folder = mkdtempSync(join(tmpdir(), "webstats-drift-"));

  const stackArgs = () => [
    "--cwd",
    dynamicStack.workDir,
    "--stack",
    "prod",
    "--cwd",
    pluginStack.workDir,
    "--stack",
    "prod",
  ];

  it("reports every website of both stacks in sync, and exits 0", async () => {
    const [first, second] = [fixture.account(0), fixture.account(1)];
    const url = fixture.emulator.url;
    dynamicStack = fixture.stack(
      program(`
      new webstats.Website("keep", { domain: "${domains.keep}" });
      new webstats.Website("changed", { domain: "${domains.changed}", excludeIps: ["10.0.0.1"] });
      new webstats.Website("gone", { domain: "${domains.gone}", privacy: "password", password: pulumi.secret("drift-password-1") });
      new webstats.Website("shared", { domain: "${domains.shared}" });
      new webstats.Website("conn", { domain: "${domains.viaConnection}", connection: { baseUrl: "${url}", apiKey: "${second.apiKey}" } });
      return {};`),
      first,
      { projectName: "team-a", stackName: "prod" },
    );
    pluginStack = fixture.stack(
      program(`
      new webstats.Website("own", { domain: "${domains.pluginOwn}" });
      return {};`),
      second,
      { projectName: "team-b", stackName: "prod", host: "plugin", pluginHome: pluginHome() },
    );
    await Promise.all([dynamicStack.up(), pluginStack.up()]);
    shell = dynamicStack.shellEnvironment();
    // One shell for both: the same passphrase; each project's Pulumi.yaml names its backend.
    expect(pluginStack.shellEnvironment().PULUMI_CONFIG_PASSPHRASE).toBe(shell.PULUMI_CONFIG_PASSPHRASE);

    const result = await webstats(["drift", ...stackArgs(), "--format", "json"], folder, shell);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    const report = driftJsonReport<{ websites: Entry[]; stacks: string[] }>(result.stdout);
    expect(report.stacks).toEqual(["team-a/prod", "team-b/prod"]);
    expect(report.websites.map((w) => [w.domain, w.status]).sort()).toEqual(
      [domains.keep, domains.changed, domains.gone, domains.shared, domains.viaConnection, domains.pluginOwn]
        .map((d) => [d, "in-sync"])
        .sort(),
    );
    const accountOf = (domain: string) => report.websites.find((w) => w.domain === domain)?.account;
    expect(accountOf(domains.keep)).toMatchObject({ url, email: first.email });
    expect(accountOf(domains.viaConnection)).toMatchObject({ url, email: second.email });
    expect(accountOf(domains.pluginOwn)).toEqual(accountOf(domains.viaConnection));
  }, 240_000);

  it("gives each drifted website its status in every format, with exit code 2, reading only", async () => {
    const [first, second] = [fixture.account(0), fixture.account(1)];
    const url = fixture.emulator.url;
    // The plugin stack claims the dynamic stack's website through an explicit provider.
    pluginStack.setProgram(
      program(`
      new webstats.Website("own", { domain: "${domains.pluginOwn}" });
      const first = new webstats.Provider("first-account", { baseUrl: "${url}", apiKey: pulumi.secret("${first.apiKey}") });
      new webstats.Website("claimed", { domain: "${domains.shared}", adoptExisting: true }, { provider: first });
      return {};`),
    );
    await pluginStack.up();
    const byDomain = (domain: string) => fixture.emulator.listWebsites().find((w) => w.domain === domain);
    fixture.emulator.updateWebsite(byDomain(domains.changed)!.id, {
      exclude_ips: "10.0.0.1\n10.0.0.2",
      email: 1,
    });
    fixture.emulator.deleteWebsite(byDomain(domains.gone)!.id);
    await new WebstatsClient({ baseUrl: url, apiKey: first.apiKey }).websites.create({
      domain: domains.addedFirst,
    });
    await new WebstatsClient({ baseUrl: url, apiKey: second.apiKey }).websites.create({
      domain: domains.addedSecond,
    });
    fixture.emulator.resetRequestCounts();

    const json = await webstats(["drift", ...stackArgs(), "--format", "json"], folder, shell);
    expect(json.code).toBe(2);
    const websites = driftJsonReport<{ websites: Entry[] }>(json.stdout).websites;
    const statusOf = Object.fromEntries(websites.map((w) => [w.domain, w.status]));
    expect(statusOf).toEqual({
      [domains.keep]: "in-sync",
      [domains.changed]: "changed",
      [domains.gone]: "gone",
      [domains.shared]: "duplicate",
      [domains.viaConnection]: "in-sync",
      [domains.pluginOwn]: "in-sync",
      [domains.addedFirst]: "unmanaged",
      [domains.addedSecond]: "unmanaged",
    });
    const entry = (domain: string) => websites.find((w) => w.domain === domain)!;
    expect(entry(domains.changed).changes).toEqual([
      { field: "email", recorded: false, live: true },
      { field: "excludeIps", recorded: ["10.0.0.1"], live: ["10.0.0.1", "10.0.0.2"] },
    ]);
    expect(entry(domains.shared).stacks).toEqual(["team-a/prod", "team-b/prod"]);
    expect(entry(domains.addedFirst).account.email).toBe(first.email);
    expect(entry(domains.addedSecond).account.email).toBe(second.email);
    expect(entry(domains.addedSecond).stacks).toEqual([]);

    const text = await webstats(["drift", ...stackArgs()], folder, shell);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("8 websites in 2 accounts of 2 stacks");
    expect(text.stdout).toContain("3 in-sync, 1 changed, 1 gone, 2 unmanaged, 1 duplicate");
    expect(text.stdout).toMatch(new RegExp(`gone\\s+${domains.gone.replace(/\./g, "\\.")}`));
    expect(text.stdout).toContain(
      `${domains.changed} (${entry(domains.changed).id}): email: false recorded, true live;`,
    );
    expect(text.stdout).toContain(`is recorded by team-a/prod:shared, team-b/prod:claimed`);

    const markdown = await webstats(["drift", ...stackArgs(), "--format", "markdown"], folder, shell);
    expect(markdown.code).toBe(2);
    expect(markdown.stdout).toMatch(/^## Website drift/);
    for (const [domain, status] of Object.entries(statusOf).filter(([, s]) => s !== "in-sync")) {
      expect(markdown.stdout).toContain(`| ${status} | ${domain} |`);
    }
    expect(markdown.stdout).not.toContain(`| in-sync | ${domains.keep}`);

    // --fail-on chooses what counts; none never fails.
    expect((await webstats(["drift", ...stackArgs(), "--fail-on", "gone"], folder, shell)).code).toBe(2);
    expect((await webstats(["drift", ...stackArgs(), "--fail-on", "none"], folder, shell)).code).toBe(0);

    // Nothing but reads, and per run one account GET per key, one listing per account and one
    // GET for the website the listing lacks.
    const counts = fixture.emulator.requestCounts();
    expect(Object.keys(counts).every((route) => route.startsWith("GET "))).toBe(true);
    const runs = 5;
    expect(counts["GET /api/v1/websites"]).toBe(2 * runs);
    expect(counts["GET /api/v1/websites/:id"]).toBe(runs);

    // No report and no message carries a key or a password.
    for (const output of [json, text, markdown].flatMap((r) => [r.stdout, r.stderr])) {
      for (const secret of [first.apiKey, second.apiKey, "drift-password-1"])
        expect(output).not.toContain(secret);
    }
  }, 240_000);

  it("reads the same from export files, and needs the environment's key where the export hides it", async () => {
    const exportTo = async (stack: TestStack, file: string, showSecrets: boolean) => {
      const args = [
        "stack",
        "export",
        "--stack",
        "prod",
        "--file",
        join(folder, file),
        ...(showSecrets ? ["--show-secrets"] : []),
      ];
      await promisify(execFile)("pulumi", args, { cwd: stack.workDir, env: { ...process.env, ...shell } });
    };
    await Promise.all([
      exportTo(dynamicStack, "a.json", true),
      exportTo(pluginStack, "b.json", true),
      exportTo(pluginStack, "b-encrypted.json", false),
    ]);

    const fromStacks = await webstats(["drift", ...stackArgs(), "--format", "json"], folder, shell);
    const fromFiles = await webstats(
      ["drift", "--state", "a.json", "--state", "b.json", "--format", "json"],
      folder,
      {},
    );
    expect(fromFiles.code).toBe(2);
    // The same report but for how the stacks were read: from their backend, or from the files.
    type Read = { read: { stack: string; via: string }[] };
    const { read: filesRead, ...files } = driftJsonReport<Read>(fromFiles.stdout);
    const { read: stacksRead, ...stacks } = driftJsonReport<Read>(fromStacks.stdout);
    expect(files).toEqual(stacks);
    expect(filesRead.map((r) => r.via)).toEqual(["state file", "state file"]);
    expect(stacksRead.map((r) => r.via)).toEqual(["file backend", "file backend"]);

    // Encrypted: the keys must come from the environment, for the installation it names.
    const hidden = await webstats(["drift", "--state", "b-encrypted.json"], folder, {});
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toContain("No API key for the account of website own of stack team-b/prod");
    expect(hidden.stderr).toContain("is encrypted in the export");
    expect(hidden.stderr).toContain(`set WEBSTATS_BASE_URL=${fixture.emulator.url} and WEBSTATS_API_KEY`);
    expect(readFileSync(join(folder, "b-encrypted.json"), "utf8")).not.toContain(fixture.account(1).apiKey);
  }, 240_000);

  it("says clearly what is wrong with a stack, a file, a key or the server, and exits 1", async () => {
    writeFileSync(join(folder, "not-json.json"), "{ this is not");
    writeFileSync(
      join(folder, "other.json"),
      JSON.stringify({
        version: 3,
        deployment: {
          resources: [
            { urn: "urn:pulumi:prod::other::pulumi:pulumi:Stack::other-prod", type: "pulumi:pulumi:Stack" },
            {
              urn: "urn:pulumi:prod::other::aws:s3/bucket:Bucket::logs",
              type: "aws:s3/bucket:Bucket",
              id: "logs",
            },
          ],
        },
      }),
    );
    const cases: [string[], string][] = [
      [["--cwd", dynamicStack.workDir, "--stack", "staging"], "stack staging (in "],
      [["--state", "not-json.json"], "state file not-json.json is not JSON"],
      [["--state", "missing.json"], "state file missing.json could not be read (ENOENT)"],
      [
        ["--state", "other.json"],
        "holds no website of pulumi-webstats (its resources are aws:s3/bucket:Bucket)",
      ],
      [
        ["--format", "yaml", "--state", "a.json"],
        "--format of drift is text, json, markdown, sarif, junit or html",
      ],
      [["--fail-on", "drifted", "--state", "a.json"], "--fail-on takes changed, gone, unmanaged, duplicate"],
      [[], "drift needs the stacks to compare"],
    ];
    for (const [args, message] of cases) {
      const result = await webstats(["drift", ...args], folder, shell);
      expect(result.stderr, args.join(" ")).toContain(message);
      expect(result.code, args.join(" ")).toBe(1);
    }

    fixture.emulator.injectFault({ route: "GET /api/v1/websites", kind: "login-redirect", count: 10 });
    const refused = await webstats(["drift", "--state", "a.json"], folder, {});
    fixture.emulator.clearFaults();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/pulumi-webstats: .*login/i);
    expect(refused.stdout).toBe("");
  }, 120_000);

  it("writes the code for just the unmanaged websites of an account", async () => {
    const first = fixture.account(0);
    const out = join(folder, "takeover");
    const result = await webstats(
      ["generate", "--only-unmanaged", "--out", out, "--format", "import", ...stackArgs()],
      folder,
      { ...shell, WEBSTATS_BASE_URL: fixture.emulator.url, WEBSTATS_API_KEY: first.apiKey },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 of them in none of the stacks given");
    const imported = JSON.parse(readFileSync(join(out, "import.json"), "utf8")) as {
      resources: { name: string }[];
    };
    expect(imported.resources.map((r) => r.name)).toEqual([domains.addedFirst]);
  }, 120_000);
});
