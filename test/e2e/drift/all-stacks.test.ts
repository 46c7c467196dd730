// `pulumi-webstats drift --all` against real stacks the pulumi CLI made: three stacks in two
// projects of one file backend (made by `pulumi stack init` and `pulumi stack import`, no program
// run, so no engine operation), each project naming the backend in its Pulumi.yaml as a team's
// would. drift lists and reads them from the backend itself (test/e2e/drift/state-backends.test.ts
// holds that reading to pulumi's own over every form of backend). The command runs in-process
// (runCli) against the emulator. What only real stacks show: the names `pulumi stack ls` gives
// with and without --all, that --backend-wide reads other projects' stacks by their full names,
// the project's backend.url, and the refusals before any request.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { outputsFrom } from "../../../core/website-state";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { importStack, secret, writeProject } from "../../harness/import-stacks.mjs";
import { describeEngine, e2e } from "../harness";
import { driftJsonReport } from "../../support/drift-json-report";

const root = mkdtempSync(join(tmpdir(), "drift-all-stacks-"));
const backendUrl = `file://${join(root, "backend")}`;
const shop = join(root, "shop");
const blog = join(root, "blog");
const notAProject = join(root, "elsewhere");
let emulator: Emulator;
let env: Record<string, string>;

/** A dynamic-provider stack's export recording `websites` with the account's key. */
function exportOf(project: string, stack: string, apiKey: string, websites: Website[]): string {
  const prefix = `urn:pulumi:${stack}::${project}`;
  const provider = `${prefix}::pulumi:providers:pulumi-nodejs::default`;
  const resources = [
    {
      urn: `${prefix}::pulumi:pulumi:Stack::${project}-${stack}`,
      type: "pulumi:pulumi:Stack",
      custom: false,
    },
    {
      urn: provider,
      type: "pulumi:providers:pulumi-nodejs",
      custom: true,
      id: "provider-1",
      outputs: { "webstats:baseUrl": emulator.url, "webstats:apiKey": secret(apiKey) },
    },
    ...websites.map((website) => ({
      urn: `${prefix}::pulumi-nodejs:dynamic/webstats:Website::${website.domain}`,
      type: "pulumi-nodejs:dynamic/webstats:Website",
      custom: true,
      id: String(website.id),
      provider: `${provider}::provider-1`,
      outputs: { ...outputsFrom(website, { adoptExisting: false }), installation: emulator.url },
    })),
  ];
  return JSON.stringify({
    version: 3,
    deployment: { manifest: { time: new Date().toISOString() }, resources },
  });
}

async function drift(...argv: string[]) {
  let out = "";
  let err = "";
  emulator.resetRequestCounts();
  const code = await runCli(["drift", "--format", "json", ...argv], env, {
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  const requests = Object.values(emulator.requestCounts()).reduce((sum, n) => sum + n, 0);
  type Report = { stacks: string[]; summary: Record<string, number> };
  const report = code === 0 || code === 2 ? driftJsonReport<Report>(out) : undefined;
  return { code, err, requests, report: report! };
}

describeEngine("drift --all over stacks the pulumi CLI lists", () => {
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const account = emulator.createAccount();
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey: account.apiKey });
    const sites: Website[] = [];
    for (const name of ["prod", "dev", "beta", "by-hand"]) {
      sites.push(await client.websites.create({ domain: `${name}.all-stacks.example` }));
    }
    const [prod, dev, beta] = sites as [Website, Website, Website];
    // No PULUMI_BACKEND_URL and no login: each project's backend.url is what pulumi uses.
    env = {
      PATH: [e2e.binDir, process.env.PATH ?? ""].join(delimiter),
      HOME: root,
      PULUMI_HOME: join(root, "home"),
      PULUMI_CONFIG_PASSPHRASE: "all-stacks",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    mkdirSync(join(root, "backend"));
    mkdirSync(notAProject);
    writeProject(shop, "shop", backendUrl);
    writeProject(blog, "blog", backendUrl);
    for (const [dir, project, stack, websites] of [
      [shop, "shop", "acme-prod", [prod]],
      [shop, "shop", "acme-dev", [dev]],
      [blog, "blog", "beta", [beta]],
    ] as const) {
      await importStack({
        projectDir: dir,
        stack,
        exportText: exportOf(project, stack, account.apiKey, [...websites]),
        env,
      });
    }
  });

  afterAll(async () => {
    await emulator?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("--all reads every stack of the project in --cwd; the other project's website is unmanaged", async () => {
    const run = await drift("--all", "--cwd", shop);
    expect(run.code).toBe(2);
    expect(run.report.stacks.sort()).toEqual(["shop/acme-dev", "shop/acme-prod"]);
    expect(run.report.summary).toMatchObject({ "in-sync": 2, unmanaged: 2 });
    expect(run.err).toContain("Listing the stacks of 1 project folder...");
    expect(run.err).toContain("Stacks read 2 from the file backend.");
    expect(run.err).toContain("Reading 2 stacks, 2 at a time...");
    expect(run.err).toContain("Stacks: 2 of 2 read.");
  });

  it("--all --backend-wide reads every project's stacks by full name, from a folder's backend.url", async () => {
    const run = await drift("--all", "--backend-wide", "--cwd", blog, "--parallel", "1");
    expect(run.code).toBe(2);
    expect(run.report.stacks.sort()).toEqual(["blog/beta", "shop/acme-dev", "shop/acme-prod"]);
    expect(run.report.summary).toMatchObject({ "in-sync": 3, unmanaged: 1 });
    expect(run.err).toContain("Reading 3 stacks, 1 at a time...");
    expect(run.err.match(/^Stacks: \d of 3 read\.$/gm)).toEqual([
      "Stacks: 1 of 3 read.",
      "Stacks: 2 of 3 read.",
      "Stacks: 3 of 3 read.",
    ]);
  });

  it("--stack-filter keeps stacks by own name, or by org/project/stack with a slash", async () => {
    const byName = await drift("--all", "--backend-wide", "--cwd", shop, "--stack-filter", "acme-*");
    expect(byName.report.stacks.sort()).toEqual(["shop/acme-dev", "shop/acme-prod"]);
    expect(byName.err).toContain("--stack-filter keeps 2 stacks.");
    const byProject = await drift(
      "--all",
      "--backend-wide",
      "--cwd",
      shop,
      "--stack-filter",
      "organization/blog/*",
      "--stack-filter",
      "*-dev",
    );
    expect(byProject.report.stacks.sort()).toEqual(["blog/beta", "shop/acme-dev"]);
  });

  it("refuses, before any request, a filter that matches nothing and a folder with no project", async () => {
    const unmatched = await drift("--all", "--backend-wide", "--cwd", shop, "--stack-filter", "gamma-*");
    expect(unmatched.code).toBe(1);
    expect(unmatched.err).toContain('--stack-filter "gamma-*" matches no stack of the backend (it lists 3: ');
    expect(unmatched.err).toContain("organization/blog/beta");
    expect(unmatched.requests).toBe(0);

    const noProject = await drift("--all", "--cwd", notAProject);
    expect(noProject.code).toBe(1);
    expect(noProject.err).toContain(`there is no Pulumi.yaml there or above`);
    expect(noProject.err).toContain("--backend-wide");
    expect(noProject.requests).toBe(0);

    const missing = await drift("--all", "--cwd", shop, "--cwd", join(root, "missing"));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`--cwd ${join(root, "missing")} is not a folder`);
    expect(missing.requests).toBe(0);
  });
});
