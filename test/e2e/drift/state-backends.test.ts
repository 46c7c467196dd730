// What drift reads straight from a self-managed backend is what `pulumi stack export
// --show-secrets` gives, over backends the real CLI made: a file backend with states stored
// plain, gzip and zstd (PULUMI_DIY_BACKEND_GZIP / _ZSTD), the same states moved into the legacy
// layout, and Pulumi's PostgreSQL backend (Debian's server, started on loopback). Each holds two
// projects, stacks of both hosts with passphrase secrets (keys, a password), a stack no update
// has written, and a stack with a pending operation. Stacks are made with `pulumi stack init` and
// `pulumi stack import` (no program runs). Both ways of reading run over the same backend:
// `--read-with pulumi` (the CLI lists and exports) against the direct reader.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../../../cli/run";
import { readStacks } from "../../../drift/read/read-stacks";
import type { ReadStack, StackReading } from "../../../drift/read/read-stacks";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import type { Website } from "../../../sdk";
import { importStack, retargetExport, writeProject } from "../../harness/import-stacks.mjs";
import { startPostgres } from "../../support/postgres-server";
import type { PostgresServer } from "../../support/postgres-server";
import { stackExportText } from "../../support/stack-exports";
import { backendEnv, describeEngine } from "../harness";
import { driftJsonReport } from "../../support/drift-json-report";

const root = mkdtempSync(join(tmpdir(), "drift-state-backends-"));
const passphrase = "state-backends";
let emulator: Emulator;
let postgres: PostgresServer;
let sites: Website[];
let apiKey: string;

/** The environment pulumi and drift run with; `backend` is the CLI's PULUMI_BACKEND_URL. */
const envFor = (backend: string, more: Record<string, string> = {}) =>
  backendEnv(root, passphrase, backend, more);

const projectDir = (backend: string, project: string) => join(root, encodeURIComponent(backend), project);

type ExportShape = Parameters<typeof stackExportText>[0];

/** The export of stack `stack` of `project` at the emulator, as `shape` says (moved from the builder's `prod`). */
function exportFor(
  project: string,
  stack: string,
  shape: Omit<ExportShape, "url" | "apiKey" | "project">,
): string {
  const text = stackExportText({ url: emulator.url, apiKey, project, ...shape });
  return retargetExport(text, { project, stack: "prod" }, { project, stack }) as string;
}

/** Two projects of stacks in the backend `url`, made by the CLI with `more` in its environment. */
async function fillBackend(url: string, more: Record<string, string> = {}): Promise<void> {
  const env = envFor(url, more);
  const shop = projectDir(url, "shop");
  const blog = projectDir(url, "blog");
  writeProject(shop, "shop");
  writeProject(blog, "blog");
  const [a, b, c, d] = sites as [Website, Website, Website, Website];
  await importStack({
    projectDir: shop,
    stack: "prod",
    exportText: exportFor("shop", "prod", { websites: [a, b], password: "s3cret-pw" }),
    env,
  });
  await importStack({
    projectDir: shop,
    stack: "dev",
    exportText: exportFor("shop", "dev", { websites: [c], host: "plugin", explicitProvider: "agency" }),
    env,
  });
  // A stack with a pending operation, as an interrupted update leaves it.
  const pending = JSON.parse(
    exportFor("blog", "prod", { websites: [d], fleet: { name: "f", file: "f.yaml" } }),
  ) as { deployment: { resources: { urn: string }[]; pending_operations?: unknown[] } };
  const last = pending.deployment.resources.at(-1)!;
  pending.deployment.pending_operations = [
    { resource: { ...last, urn: `${last.urn}-next` }, type: "creating" },
  ];
  await importStack({ projectDir: blog, stack: "prod", exportText: JSON.stringify(pending), env });
  // A stack no update has written.
  execFileSync("pulumi", ["stack", "init", "empty", "--non-interactive", "--no-select"], { cwd: blog, env });
}

/** The stacks of `reading`, both ways; what differs by nature (where, how) is set apart. */
async function bothWays(reading: Omit<StackReading, "parallel">, env: Record<string, string>) {
  const read = (readWith: "auto" | "pulumi") =>
    readStacks({ ...reading, parallel: 4, readWith }, env, () => {});
  const direct = await read("auto");
  const exported = await read("pulumi");
  const content = (stacks: ReadStack[]) =>
    stacks.map(({ name, websites }) => ({ name, websites })).sort((x, y) => x.name.localeCompare(y.name));
  return { direct, exported, content };
}

describeEngine("drift reads states straight from file and PostgreSQL backends", () => {
  const fileUrl = (name: string) => `file://${join(root, "backends", name)}`;
  const backends: { name: string; url: () => string; via: string; env?: Record<string, string> }[] = [
    { name: "file, plain JSON", url: () => fileUrl("plain"), via: "file backend" },
    {
      name: "file, gzip",
      url: () => fileUrl("gzip"),
      via: "file backend",
      env: { PULUMI_DIY_BACKEND_GZIP: "true" },
    },
    {
      name: "file, zstd",
      url: () => fileUrl("zstd"),
      via: "file backend",
      env: { PULUMI_DIY_BACKEND_ZSTD: "true" },
    },
    { name: "PostgreSQL", url: () => `${postgres.url}&table=team_states`, via: "PostgreSQL backend" },
  ];

  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const account = emulator.createAccount();
    apiKey = account.apiKey;
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey });
    sites = [];
    for (const name of ["a", "b", "c", "d"])
      sites.push(await client.websites.create({ domain: `${name}.backends.example` }));
    await client.websites.update(sites[0]!.id, { privacy: "password", password: "s3cret-pw" });
    postgres = await startPostgres();
    for (const backend of backends) {
      if (backend.url().startsWith("file://"))
        mkdirSync(backend.url().slice("file://".length), { recursive: true });
      await fillBackend(backend.url(), backend.env);
    }
  });

  afterAll(async () => {
    await emulator?.close();
    await postgres?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(backends)(
    "$name: every stack of the backend reads as pulumi stack export gives it",
    async (backend) => {
      const url = backend.url();
      const env = envFor(url);
      const wide = await bothWays(
        { sources: [], all: { folders: [projectDir(url, "shop")], backendWide: true, filters: [] } },
        env,
      );
      expect(wide.content(wide.direct)).toEqual(wide.content(wide.exported));
      expect(wide.direct.map((s) => s.name).sort()).toEqual([
        "blog/prod",
        "organization/blog/empty",
        "shop/dev",
        "shop/prod",
      ]);
      expect(wide.direct.flatMap((s) => s.websites)).toHaveLength(4);
      expect(new Set(wide.direct.map((s) => s.via))).toEqual(new Set([backend.via]));
      expect(new Set(wide.exported.map((s) => s.via))).toEqual(new Set(["pulumi stack export"]));
      // A project's own stacks by their short names, and a stack named on the line.
      const project = await bothWays(
        { sources: [], all: { folders: [projectDir(url, "blog")], backendWide: false, filters: [] } },
        env,
      );
      expect(project.content(project.direct)).toEqual(project.content(project.exported));
      expect(project.direct.map((s) => s.source.kind === "stack" && s.source.name).sort()).toEqual([
        "empty",
        "prod",
      ]);
      const named = await bothWays(
        { sources: [{ kind: "stack", name: "organization/shop/dev", cwd: projectDir(url, "blog") }] },
        env,
      );
      expect(named.content(named.direct)).toEqual(named.content(named.exported));
    },
  );

  it("the legacy layout (.pulumi/stacks/STACK.json, no meta.yaml) reads the same states", async () => {
    // Pulumi 3.275 and later refuse legacy backends; 3.274 and earlier wrote them. The states are
    // those the CLI wrote, moved as `pulumi state upgrade` would have moved them, backwards.
    const plain = fileUrl("plain").slice("file://".length);
    const legacy = join(root, "backends", "legacy");
    mkdirSync(join(legacy, ".pulumi", "stacks"), { recursive: true });
    const fromV1 = (project: string) => join(plain, ".pulumi", "stacks", project);
    for (const [project, stack] of [
      ["shop", "prod"],
      ["blog", "prod"],
    ] as const) {
      const target = join(
        legacy,
        ".pulumi",
        "stacks",
        `${project === "shop" ? "shop-prod" : "blog-prod"}.json`,
      );
      writeFileSync(target, readFileSync(join(fromV1(project), `${stack}.json`)));
    }
    const env = envFor(`file://${legacy}`);
    const read = await readStacks(
      {
        sources: [],
        all: { folders: [projectDir(fileUrl("plain"), "shop")], backendWide: true, filters: [] },
        parallel: 2,
      },
      env,
      () => {},
    );
    const exported = await bothWays(
      {
        sources: [],
        all: { folders: [projectDir(fileUrl("plain"), "shop")], backendWide: true, filters: [] },
      },
      envFor(fileUrl("plain")),
    );
    const prodOf = (stacks: ReadStack[]) =>
      stacks.filter((s) => s.name.endsWith("/prod")).map(({ name, websites }) => ({ name, websites }));
    expect(read.map((s) => s.source.kind === "stack" && s.source.name).sort()).toEqual([
      "blog-prod",
      "shop-prod",
    ]);
    expect(prodOf(read).sort((x, y) => x.name.localeCompare(y.name))).toEqual(
      prodOf(exported.exported).sort((x, y) => x.name.localeCompare(y.name)),
    );
    expect(readdirSync(join(legacy, ".pulumi"))).toEqual(["stacks"]);
  });

  it("drift --all --backend-wide needs no pulumi executable, and reports as the CLI's reading does", async () => {
    const url = fileUrl("zstd");
    const run = async (more: Record<string, string>, ...argv: string[]) => {
      let out = "";
      let err = "";
      const code = await runCli(
        ["drift", "--all", "--backend-wide", "--cwd", projectDir(url, "shop"), "--format", "json", ...argv],
        { ...envFor(url), WEBSTATS_BASE_URL: emulator.url, ...more },
        { out: (t) => (out += t), err: (t) => (err += t) },
      );
      type Report = { stacks: string[]; websites: unknown[]; read: { stack: string; via: string }[] };
      return { code, err, report: driftJsonReport<Report>(out) };
    };
    const direct = await run({ PULUMI_COMMAND: join(root, "no-such-pulumi") });
    const viaCli = await run({}, "--read-with", "pulumi");
    expect(direct.code).toBe(viaCli.code);
    expect(direct.report.websites).toEqual(viaCli.report.websites);
    expect(direct.report.stacks.sort()).toEqual(viaCli.report.stacks.sort());
    expect(direct.err).toContain("Stacks read 4 from the file backend.");
    expect(direct.report.read.map((r) => r.via)).toEqual(Array(4).fill("file backend"));
    expect(viaCli.report.read.map((r) => r.via)).toEqual(Array(4).fill("pulumi stack export"));
    expect(viaCli.err).toContain("Stacks read 4 with pulumi stack export.");
  });
});
