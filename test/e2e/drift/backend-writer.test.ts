// The bench writes most of section 9's stacks straight into a backend's layout
// (test/harness/state-writer.mjs) rather than with `pulumi stack import`: here the same stacks
// made both ways read the same. Two stacks of one project (the dynamic provider's with a
// website's password, a secret; the plugin's with an explicit provider) are imported by the CLI
// into one file backend, and written by the writer into another file backend and into Pulumi's
// PostgreSQL backend (Debian's server on loopback). drift's readStacks ("auto": straight from
// the backend, secrets decrypted in process) gives the same stacks and websites from all three,
// and `pulumi stack export --show-secrets` of the writer's stacks gives the resources the CLI's
// import recorded: the CLI itself accepts what the writer wrote, its encryption included.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readStacks } from "../../../drift/read/read-stacks";
import type { ReadStack } from "../../../drift/read/read-stacks";
import { readStackExport } from "../../../drift/read/stack-export";
import { startEmulator } from "../../../emulator";
import type { Emulator } from "../../../emulator";
import { WebstatsClient } from "../../../sdk";
import { importStack, retargetExport, writeProject } from "../../harness/import-stacks.mjs";
import {
  checkpointText,
  passphraseKey,
  writeFileBackend,
  writePostgresBackend,
} from "../../harness/state-writer.mjs";
import { startPostgres } from "../../support/postgres-server";
import type { PostgresServer } from "../../support/postgres-server";
import { stackExportText } from "../../support/stack-exports";
import { backendEnv, describeEngine } from "../harness";

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), "drift-backend-writer-"));
const passphrase = "backend-writer";
const project = "shop";
const projectDir = join(root, project);
const backends = {
  cli: `file://${join(root, "cli")}`,
  writer: `file://${join(root, "writer")}`,
  postgres: "",
};
let emulator: Emulator;
let postgres: PostgresServer;
/** Each stack's export as `pulumi stack import` takes it (secrets in plaintext). */
const exports = new Map<string, string>();

/** The environment pulumi and drift run with; `backend` is the CLI's PULUMI_BACKEND_URL. */
const envFor = (backend: string, more: Record<string, string> = {}) =>
  backendEnv(root, passphrase, backend, more);

/** Every stack of the backend as drift reads it straight from there, and how it was read. */
async function readAll(backend: string): Promise<ReadStack[]> {
  const stacks = await readStacks(
    {
      sources: [],
      all: { folders: [projectDir], backendWide: true, filters: [] },
      parallel: 4,
      readWith: "auto",
    },
    envFor(backend),
    () => {},
  );
  return stacks.sort((a, b) => a.name.localeCompare(b.name));
}

const content = (stacks: ReadStack[]) => stacks.map(({ name, websites }) => ({ name, websites }));

/** `pulumi stack export --show-secrets` of a stack of the backend, parsed. */
async function exported(backend: string, stack: string) {
  const { stdout } = await run(
    "pulumi",
    ["stack", "export", "--show-secrets", "--stack", `organization/${project}/${stack}`, "--non-interactive"],
    { cwd: root, env: envFor(backend), maxBuffer: 64 * 1024 * 1024 },
  );
  return {
    text: stdout,
    resources: (JSON.parse(stdout) as { deployment: { resources: unknown[] } }).deployment.resources,
  };
}

describeEngine("stacks written by the bench's writer read as the CLI's own", () => {
  beforeAll(async () => {
    emulator = await startEmulator({ requestsPerMinute: 0 });
    const { apiKey } = emulator.createAccount();
    const client = new WebstatsClient({ baseUrl: emulator.url, apiKey });
    const [a, b, c] = await Promise.all(
      ["a", "b", "c"].map((name) => client.websites.create({ domain: `${name}.writer.example` })),
    );
    await client.websites.update(a!.id, { privacy: "password", password: "s3cret-pw" });
    const base = { project, url: emulator.url, apiKey };
    exports.set(
      "prod",
      stackExportText({
        ...base,
        websites: [await client.websites.get(a!.id), b!],
        password: "s3cret-pw",
      }),
    );
    exports.set(
      "dev",
      retargetExport(
        stackExportText({ ...base, websites: [c!], host: "plugin", explicitProvider: "agency" }),
        { project, stack: "prod" },
        { project, stack: "dev" },
      ) as string,
    );
    writeProject(projectDir, project);
    mkdirSync(join(root, "cli"));
    const [started] = await Promise.all([
      startPostgres(),
      // The CLI's stacks: one after the other, in one project folder.
      (async () => {
        for (const [stack, exportText] of exports)
          await importStack({ projectDir, stack, exportText, env: envFor(backends.cli) });
      })(),
    ]);
    postgres = started;
    backends.postgres = `${postgres.url}&table=writer_states`;
    // The writer's: a salt of their own each, as `pulumi stack init` would have made them.
    const states = await Promise.all(
      [...exports].map(async ([stack, text]) => ({
        project,
        stack,
        text: checkpointText(text, { project, stack, secrets: await passphraseKey(passphrase) }),
      })),
    );
    writeFileBackend(join(root, "writer"), states);
    await writePostgresBackend(backends.postgres, states);
  });

  afterAll(async () => {
    await emulator?.close();
    await postgres?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("drift reads the writer's stacks, from a file and a PostgreSQL backend, as the CLI's", async () => {
    const [cli, writer, inPostgres] = await Promise.all([
      readAll(backends.cli),
      readAll(backends.writer),
      readAll(backends.postgres),
    ]);
    expect(cli.map((s) => s.name)).toEqual(["shop/dev", "shop/prod"]);
    expect(cli.flatMap((s) => s.websites)).toHaveLength(3);
    // The password, a secret in every state, was decrypted in each.
    const withPassword = cli.flatMap((s) => s.websites).find((w) => w.outputs.privacy === "password");
    expect(withPassword?.outputs.password).toBe("s3cret-pw");
    expect(content(writer)).toEqual(content(cli));
    expect(content(inPostgres)).toEqual(content(cli));
    expect(new Set(cli.map((s) => s.via))).toEqual(new Set(["file backend"]));
    expect(new Set(writer.map((s) => s.via))).toEqual(new Set(["file backend"]));
    expect(new Set(inPostgres.map((s) => s.via))).toEqual(new Set(["PostgreSQL backend"]));
  });

  it("the writer stores what the CLI's import stores: the same resources, encrypted in the same places", () => {
    for (const stack of exports.keys()) {
      const stored = (backend: "cli" | "writer") =>
        readFileSync(join(root, backend, ".pulumi", "stacks", project, `${stack}.json`), "utf8");
      const [fromCli, fromWriter] = [stored("cli"), stored("writer")];
      // No secret in the clear: the key and the password are ciphertexts of the passphrase manager.
      for (const text of [fromCli, fromWriter]) {
        expect(text).not.toContain("plaintext");
        expect(text).not.toContain("s3cret-pw");
        expect(text).not.toContain(emulator.listAccounts()[0]!.apiKey);
      }
      const shape = (text: string) => {
        const { version, checkpoint } = JSON.parse(
          text.replace(/"ciphertext":"v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+"/g, '"ciphertext":"v1:..."'),
        ) as { version: number; checkpoint: { stack: string; latest: Record<string, unknown> } };
        const { resources, secrets_providers: provider } = checkpoint.latest as {
          resources: unknown[];
          secrets_providers: { type: string; state: { salt: string } };
        };
        expect(provider.state.salt).toMatch(/^v1:[A-Za-z0-9+/]{11}=:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
        return { version, stack: checkpoint.stack, provider: provider.type, resources };
      };
      expect(shape(fromWriter)).toEqual(shape(fromCli));
      expect(fromWriter.match(/"ciphertext"/g)?.length).toBeGreaterThan(0);
    }
  });

  it("pulumi stack export --show-secrets of the writer's stacks gives what the CLI's import recorded", async () => {
    for (const stack of exports.keys()) {
      const [fromCli, fromWriter, fromPostgres] = await Promise.all([
        exported(backends.cli, stack),
        exported(backends.writer, stack),
        exported(backends.postgres, stack),
      ]);
      expect(fromWriter.resources).toEqual(fromCli.resources);
      expect(fromPostgres.resources).toEqual(fromCli.resources);
      const websites = (text: string) => readStackExport(text, stack, stack).websites;
      expect(websites(fromWriter.text)).toEqual(websites(fromCli.text));
      expect(websites(fromWriter.text).length).toBeGreaterThan(0);
    }
  });
});
