#!/usr/bin/env node
// `npm run demo`: runs the quickstart example end to end on this machine.
//
// It starts the embedded emulator (or uses WEBSTATS_BASE_URL / WEBSTATS_API_KEY when both
// are set), installs the packed package into a temporary Pulumi project, and runs the
// program through the real engine: up, a preview that must show no change, then destroy
// (skip the destroy with --keep). Everything it creates lives in a temporary folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePulumi } from "../tools/ensure-pulumi.mjs";
import {
  compileProgram,
  createProjectFromTemplate,
  offlineEnvironment,
  prepareProjectTemplate,
  runDriver,
} from "../tools/program-project.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");
const say = (line) => process.stdout.write(`\n== ${line}\n`);

async function backend() {
  if (process.env.WEBSTATS_BASE_URL && process.env.WEBSTATS_API_KEY) {
    return {
      baseUrl: process.env.WEBSTATS_BASE_URL,
      apiKey: process.env.WEBSTATS_API_KEY,
      close: async () => {},
    };
  }
  const { startEmulator } = await import("../dist/emulator/index.js");
  const emulator = await startEmulator({ requestsPerMinute: 0 });
  const account = emulator.createAccount({ name: "Demo account" });
  say(`emulator listening on ${emulator.url}`);
  return { baseUrl: emulator.url, apiKey: account.apiKey, close: () => emulator.close() };
}

async function main() {
  const pulumi = ensurePulumi({ quiet: true });
  const root = mkdtempSync(join(tmpdir(), "webstats-demo-"));
  const server = await backend();
  try {
    say("packing pulumi-webstats and installing it into a Pulumi project");
    const templateDir = prepareProjectTemplate(root);
    const workDir = join(root, "quickstart");
    createProjectFromTemplate(templateDir, workDir);
    // The example is TypeScript; compile it as `pulumi up` would.
    const source = readFileSync(join(repoRoot, "examples", "quickstart", "index.ts"), "utf8");
    writeFileSync(join(workDir, "index.cjs"), compileProgram(source));

    const pulumiHome = join(root, "home");
    mkdirSync(pulumiHome);
    mkdirSync(join(root, "state"));
    const env = { ...process.env, ...offlineEnvironment({ ...pulumi, pulumiHome }) };
    const base = {
      stackName: "demo",
      projectName: "webstats-quickstart",
      workDir,
      programFile: "index.cjs",
      binDir: pulumi.binDir,
      pulumiHome,
      backendUrl: `file://${join(root, "state")}`,
      config: {
        "webstats:baseUrl": { value: server.baseUrl },
        "webstats:apiKey": { value: server.apiKey, secret: true },
        "webstats-quickstart:shopStatsPassword": { value: "demo-password-123", secret: true },
      },
    };
    let step = 0;
    const run = async (op, extra = {}) => {
      say(`pulumi ${op}${extra.expectNoChanges ? " (expecting no changes)" : ""}`);
      step += 1;
      const result = await runDriver({
        workDir,
        env,
        timeoutMs: 600_000,
        requestFile: join(root, `${step}.request.json`),
        resultFile: join(root, `${step}.result.json`),
        request: { ...base, op, ...extra },
        onOutput: (text) => process.stdout.write(text),
      });
      if (!result.ok) throw new Error(`pulumi ${op} failed: ${result.error}`);
      return result;
    };
    await run("up");
    await run("preview", { expectNoChanges: true });
    await run("refresh", { expectNoChanges: true });
    if (!keep) await run("destroy");
    say(keep ? `done; the stack's state is in ${root}` : "done: created, checked and destroyed");
  } finally {
    await server.close();
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
